"""The table's config file (TOML): device URLs, the GPIO pin map, screen and
game defaults.

Looked for at --config, else $HONEYMOON_CONFIG, else
/etc/honeymoon-table/config.toml (the Pi), else the user's config folder.
A bad file never stops the table: it is refused with its line and the
reason, and the table starts with the defaults and says so.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from pathlib import Path

DEFAULTS: dict = {
    "devices": {"scanner": "none", "bidbox": "none"},
    "gpio": {},  # key or LED name -> BCM pin; empty means the built-in map
    "screen": {"language": "en", "width": 800, "height": 480, "rotation": 0},
    "game": {"form": "draw-and-discard", "players": ["Anna", "Ben"]},
}

_TYPES = {
    ("devices", "scanner"): str,
    ("devices", "bidbox"): str,
    ("screen", "language"): str,
    ("screen", "width"): int,
    ("screen", "height"): int,
    ("screen", "rotation"): int,
    ("game", "form"): str,
    ("game", "players"): list,
}


_TYPE_WORDS = {str: "text in quotes", int: "a whole number", list: "a list"}


class ConfigError(ValueError):
    """A config file that cannot be used: the message names the line."""


def config_path(given: str | None = None) -> Path:
    if given:
        return Path(given)
    if os.environ.get("HONEYMOON_CONFIG"):
        return Path(os.environ["HONEYMOON_CONFIG"])
    system = Path("/etc/honeymoon-table/config.toml")
    if system.exists():
        return system
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "honeymoon-table" / "config.toml"


def data_dir(given: str | None = None) -> Path:
    """--data-dir, else systemd's state folder (on the Pi), else the user's data folder."""
    if given:
        return Path(given)
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "honeymoon-table"


def defaults() -> dict:
    """A fresh copy of the built-in settings."""
    return copy.deepcopy(DEFAULTS)


def load_config(path: Path) -> dict:
    """The config at `path` over the defaults; ConfigError names the line and the reason."""
    config = defaults()
    if not path.exists():
        return config
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read it ({error})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: {error}") from None
    for section, values in data.items():
        if section not in config or not isinstance(values, dict):
            raise ConfigError(f"{path} line {_line_of(text, section)}: unknown section [{section}]")
        for key, value in values.items():
            _check(path, text, section, key, value)
            config[section][key] = value
    return config


def _check(path: Path, text: str, section: str, key: str, value) -> None:
    where = f"{path} line {_line_of(text, key)}"
    if section == "gpio":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 27:
            raise ConfigError(f"{where}: gpio pin {key} must be a BCM number 0..27")
        return
    expected = _TYPES.get((section, key))
    if expected is None:
        raise ConfigError(f"{where}: unknown setting {key} in [{section}]")
    if not isinstance(value, expected) or isinstance(value, bool):
        raise ConfigError(f"{where}: {key} must be {_TYPE_WORDS[expected]}")


def _line_of(text: str, name: str) -> int:
    """The line where a key or section is written (1 when it cannot be found)."""
    pattern = re.compile(rf'^[ \t]*(\[[ \t]*)?"?{re.escape(name)}"?[ \t]*(=|\])', re.M)
    found = pattern.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else 1
