"""What the table remembers between starts: the last players, game form and
options (kept when a rubber starts), the language, the suit colours and the
rotation (kept when a setting changes).

A small JSON file in the data folder, written atomically (a temporary file
beside it, fsync, rename, fsync of the folder): a power cut leaves the old
file or the new one, never half of one. It never stops the table: a file that
is missing gives nothing remembered; a damaged one, or a value in it that is
no longer good, is left out with a log line; a file that cannot be written is
a log line and the table goes on. With no usable data folder nothing is
written at all.

Where a value comes from at start: the command line, else what is remembered,
else the config file, else the built-in default (see `over`).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import sys
import tempfile
from pathlib import Path

from device.config import ROTATIONS, NotSettingsFile, name_refusal, normal_name, read_settings_file
from device.engine.errors import RuleError
from device.forms import FORMS, find_form

FILENAME = "prefs.json"
MAX_BYTES = 64 * 1024  # a few hundred bytes at most: anything bigger is not ours


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


class Prefs:
    """The remembered values (only good ones), and where to keep them.

    `path` None, or `writable` False: nothing is written (memory-only mode)."""

    def __init__(self, path: Path | None, values: dict | None = None, writable=True, log=_stderr):
        self.path = path
        self.values = dict(values or {})
        self.on_disk = copy.deepcopy(self.values)  # what the file holds (its good part)
        self.writable = writable and path is not None
        self.log = log

    @classmethod
    def load(cls, folder: Path | None, writable: bool = True, log=_stderr) -> Prefs:
        """What `folder` remembers; whatever is wrong with the file is left out and logged."""
        path = Path(folder) / FILENAME if folder is not None else None
        values = _read(path, log) if path is not None else {}
        return cls(path, checked(values, lambda what: log(f"{path}: {what}")), writable, log)

    def get(self, key: str, default=None):
        return copy.deepcopy(self.values.get(key, default))

    def remember(self, **values) -> bool:
        """Keep these values (bad ones are left out and logged); True when all that
        is remembered is on disk. A write that failed is tried again next time."""
        self.values.update(checked(values, lambda what: self.log(f"not remembered: {what}")))
        if not self.writable:
            return False
        if self.values == self.on_disk:
            return True  # nothing new: no write (an SD card wears)
        try:
            write_atomically(self.path, json.dumps(self.values, ensure_ascii=False, indent=1))
        except OSError as error:
            self.log(f"{self.path}: cannot be written ({error.strerror or error}); not remembered")
            return False
        self.on_disk = copy.deepcopy(self.values)
        return True

    def over(self, config: dict) -> dict:
        """A copy of the config with the remembered values in their place."""
        config = copy.deepcopy(config)
        game, screen = config["game"], config["screen"]
        game["form"] = self.values.get("form", game["form"])
        players = self.values.get("players")
        if players is not None and len(players) == find_form(game["form"]).players:
            game["players"] = list(players)
        screen["language"] = self.values.get("lang", screen["language"])
        screen["rotation"] = self.values.get("rotation", screen["rotation"])
        return config


def _read(path: Path, log) -> dict:
    """The file's object; {} when there is none, or when it is damaged (logged)."""
    try:
        data = read_settings_file(path, MAX_BYTES)  # never a FIFO's wait, nor /dev/zero's end
    except FileNotFoundError:
        return {}
    except NotSettingsFile as error:
        log(f"{path}: {error}; nothing remembered is used")
        return {}
    except OSError as error:
        log(f"{path}: cannot be read ({error.strerror or error}); nothing remembered is used")
        return {}
    try:
        values = json.loads(data.decode("utf-8"))
        if not isinstance(values, dict):
            raise ValueError("not a JSON object")
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        log(f"{path}: damaged ({_short(error)}); nothing remembered is used")
        return {}
    return values


def _short(error: Exception) -> str:
    return str(error).splitlines()[0][:80] if str(error) else error.__class__.__name__


# -- the values ------------------------------------------------------------------------------
def checked(values: dict, log) -> dict:
    """The good values of `values`; each bad or unknown one logged and left out."""
    good = {}
    for key, value in values.items():
        check = CHECKS.get(key)
        if check is None:
            log(f"unknown key {str(key)[:40]!r}, left out")
            continue
        try:
            good[key] = check(value)
        except (ValueError, TypeError, RuleError) as bad:
            log(f"{key} {bad}, left out")
    return good


def _players(value) -> list[str]:
    if not isinstance(value, list) or not 2 <= len(value) <= 4:
        raise ValueError("must be a list of 2 to 4 names")
    names = []
    for name in value:
        if not isinstance(name, str):
            raise TypeError("must be names in quotes")
        refusal = name_refusal(name)
        if refusal is not None:
            raise ValueError(f"has a bad name: {refusal}")
        names.append(normal_name(name))
    if len({name.lower() for name in names}) < len(names):
        raise ValueError("has a name twice")
    return names


def _form(value) -> str:
    if not isinstance(value, str):
        raise TypeError("must be a form's name")
    return find_form(value).name


def _options(value) -> dict:
    """Options of any form (the start screen keeps them when the form changes)."""
    if not isinstance(value, dict):
        raise TypeError("must be an object")
    known = {option.name: option for form in FORMS for option in form.options}
    good = {}
    for name, chosen in value.items():
        if name not in known:
            raise ValueError(f"has an unknown option {str(name)[:40]!r}")
        good[name] = known[name].check(chosen)
    return good


def _lang(value) -> str:
    from device.ui.i18n import LANGUAGES  # json only: no pygame

    if value not in LANGUAGES:
        raise ValueError(f"must be one of {', '.join(LANGUAGES)}")
    return value


def _four_colour(value) -> bool:
    if not isinstance(value, bool):
        raise TypeError("must be true or false")
    return value


def _rotation(value) -> int:
    if isinstance(value, bool) or value not in ROTATIONS:
        raise ValueError("must be 0, 90, 180 or 270")
    return value


CHECKS = {
    "players": _players,
    "form": _form,
    "options": _options,
    "lang": _lang,
    "four_colour": _four_colour,
    "rotation": _rotation,
}


# -- writing -----------------------------------------------------------------------------------
def write_atomically(path: Path, text: str) -> None:
    """`text` as the whole of `path`, or (on any OSError) `path` as it was."""
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """The rename itself made durable; a folder that cannot be opened is no failure."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
