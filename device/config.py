"""The table's config file (TOML): device URLs, the GPIO pin map, screen and
game defaults.

Looked for at --config, else $HONEYMOON_CONFIG, else
/etc/honeymoon-table/config.toml (the Pi), else the user's config folder.
A bad file never stops the table: `load_config` keeps every good value, puts
the default in place of each bad one, and returns one Problem per value it
ignored, with the file's line (a file that is not TOML at all gives the
defaults for everything). Only a --config that names a file that is not there
is refused, since that is a typing mistake on the command line.
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .engine.errors import RuleError
from .engine.game import normal_name as engine_normal_name
from .engine.message import Message, msg
from .forms import DEFAULT as DEFAULT_FORM

DEFAULTS: dict = {
    "devices": {"scanner": "none", "bidbox": "none"},
    "gpio": {},  # key or LED name -> BCM pin; empty means the built-in map
    "screen": {"language": "en", "width": 800, "height": 480, "rotation": 0},
    "game": {"form": DEFAULT_FORM, "players": ["Anna", "Ben"]},
}
SYSTEM_CONFIG = Path("/etc/honeymoon-table/config.toml")

NAME_MAX = 16  # letters in a player's name: it must fit the header and the sheet
SCREEN_SIDES = (240, 3840)  # pixels, as `run --size` takes: a small TFT to a 4K screen
SIZE_LIMITS = {"width": SCREEN_SIDES, "height": SCREEN_SIDES}
ROTATIONS = (0, 90, 180, 270)
MAX_BCM = 27  # the 40-pin header carries BCM 0..27


class ConfigError(RuleError):
    """A config file named on the command line that cannot be used at all."""


# -- settings files: a config, the remembered prefs, a deck profile ----------------------
FILE_MAX = 1024 * 1024  # bytes: a settings file is a few kB; anything bigger is not one
_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a disk",
    stat.S_IFDIR: "a folder",
    stat.S_IFSOCK: "a socket",
}


class NotSettingsFile(ValueError):
    """A path that is no settings file by its type or size: never read to its end."""


def read_settings_file(path: Path, limit: int = FILE_MAX) -> bytes:
    """The bytes of a small regular file; a FIFO (whose open would wait for a writer),
    a device such as /dev/zero (which never ends), a folder or a file over `limit`
    bytes is refused by its type or size without being read. /dev/null reads as
    empty: it is how a command line says "no config". FileNotFoundError and other
    OSErrors come through as they are."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)  # a FIFO opens at once
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            if _is_devnull(info):
                return b""
            kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a file")
            raise NotSettingsFile(f"not a regular file: {kind}")
        if info.st_size > limit:
            raise NotSettingsFile(f"{info.st_size} bytes, over the {limit} a settings file has")
        data = b""
        while len(data) <= limit:  # a file that grows while read stops at the limit too
            chunk = os.read(fd, limit + 1 - len(data))
            if not chunk:
                return data
            data += chunk
        raise NotSettingsFile(f"over the {limit} bytes a settings file has")
    finally:
        os.close(fd)


def _is_devnull(info: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return (info.st_dev, info.st_ino, info.st_rdev) == (null.st_dev, null.st_ino, null.st_rdev)


@dataclass(frozen=True)
class Problem:
    """A value the config file gave that the table ignored, and why."""

    line: int | None
    what: Message  # one line (English as text), ends with what is used instead

    def log(self, path: Path) -> str:
        return f"{path} line {self.line}: {self.what}" if self.line else f"{path}: {self.what}"

    @property
    def screen(self) -> Message:
        """The same for the screen (the catalogues translate it)."""
        if self.line:
            return msg("config line {line}: {problem}", line=self.line, problem=self.what)
        return msg("config: {problem}", problem=self.what)


@dataclass(frozen=True)
class SettingsNotice:
    """What the settings ignored, for the screen's sticky notice: the first
    message and how many more (the log has them all), in the screen's language
    at the time it is drawn."""

    messages: tuple[str, ...]  # Problem.screen texts and deck notices, in English

    def text(self, t) -> str:
        more = len(self.messages) - 1
        return t.error(self.messages[0]) + (t.t("notice.more", n=more) if more else "")


def config_path(given: str | None = None) -> Path:
    if given:
        return Path(given)
    if os.environ.get("HONEYMOON_CONFIG"):
        return Path(os.environ["HONEYMOON_CONFIG"])
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
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


# -- loading ---------------------------------------------------------------------------
def load_config(path: Path, must_exist: bool = False) -> tuple[dict, list[Problem]]:
    """The config at `path` over the defaults, and what was ignored in it.

    A missing file gives the defaults; with `must_exist` (a --config typed on
    the command line, other than the Pi's own path, which the service names
    even before the file is written) it is a ConfigError instead."""
    config = defaults()
    try:
        text = read_settings_file(path).decode("utf-8")
    except FileNotFoundError:
        if must_exist and path != SYSTEM_CONFIG:
            raise ConfigError(f"there is no config file {path}") from None
        return config, []
    except NotSettingsFile as error:  # typed on the command line: refused, else ignored
        if must_exist:
            raise ConfigError(f"the config file {path} is {error}") from None
        return config, [Problem(None, _unreadable(error))]
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return config, [Problem(None, _unreadable(reason))]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return config, [_syntax_problem(text, str(error))]
    except RecursionError:  # arrays nested thousands deep
        return config, [Problem(None, _not_toml("nested too deep"))]
    problems: list[Problem] = []
    for section, values in data.items():
        line = _section_line(text, section)
        if section not in DEFAULTS:
            said = msg("unknown section [{section}], ignored", section=_shown_key(section))
            problems.append(Problem(line, said))
        elif not isinstance(values, dict):
            said = msg("[{section}] must be a table; using its defaults", section=section)
            problems.append(Problem(line, said))
        else:
            CHECKS[section](Section(text, section, values, problems), config[section])
    problems.sort(key=lambda problem: problem.line or 0)  # in the file's order
    return config, problems


def _syntax_problem(text: str, message: str) -> Problem:
    """tomllib says "Invalid value (at line 3, column 5)": the line goes in front."""
    found = re.search(r" \(at line (\d+), column \d+\)$", message)
    if found:
        line, reason = int(found.group(1)), message[: found.start()]
    else:
        line, reason = text.count("\n") + 1, re.sub(r" \(at end of document\)$", "", message)
    return Problem(line, _not_toml(reason))


def _unreadable(reason) -> Message:
    return msg(
        "cannot read it ({reason}); starting with the defaults for everything", reason=reason
    )


def _not_toml(reason: str) -> Message:
    return msg(
        "not valid TOML ({reason}); starting with the defaults for everything", reason=reason
    )


@dataclass
class Section:
    """One [section] of the file as read, and where to note what is ignored."""

    text: str
    name: str
    values: dict
    problems: list[Problem]

    def line(self, key: str) -> int:
        return _key_line(self.text, self.name, key)

    def ignore(self, key: str, what: Message) -> None:
        self.problems.append(Problem(self.line(key), what))

    def unknown(self, key: str) -> None:
        said = msg(
            "unknown setting {key} in [{section}], ignored", key=_shown_key(key), section=self.name
        )
        self.ignore(key, said)


class _Bad(ValueError):
    """A value refused: the message says why, without the default used instead."""


def _using(bad: _Bad | Message, default) -> Message:
    """A refusal and the default used instead."""
    problem = bad.args[0] if isinstance(bad, _Bad) else bad
    return msg("{problem}; using {default}", problem=problem, default=default)


def _plain_settings(section: Section, into: dict, checks: dict) -> None:
    """Each key through its check; a bad or unknown one leaves the default."""
    for key, value in section.values.items():
        check = checks.get(key)
        if check is None:
            section.unknown(key)
            continue
        try:
            into[key] = check(key, value)
        except _Bad as bad:
            section.ignore(key, _using(bad, _shown(into[key])))


def _text(key: str, value) -> str:
    if not isinstance(value, str):
        raise _Bad(msg("{key} must be text in quotes, not {value}", key=key, value=_shown(value)))
    return value


def _device(key: str, value) -> str:
    value = _text(key, value).strip()
    if not value:
        raise _Bad(msg("{key} must not be empty", key=key))
    if any(unicodedata.category(c)[0] == "C" for c in value):
        raise _Bad(msg("{key} has a control character", key=key))
    refusal = scanner_refusal(value) if key == "scanner" else None
    if refusal is not None:
        raise _Bad(msg("scanner {reason}", reason=refusal))
    if key == "bidbox" and value.split(":", 1)[0] == "camera":
        raise _Bad(msg("bidbox cannot be a camera: a camera is a scanner"))
    return value


def scanner_refusal(value: str) -> str | None:
    """Why a scanner string that starts with `camera` names no camera (None when it does,
    or when it is a serial URL): camera, camera:/dev/video0, camera:picamera,
    camera:dir:PATH (device/hal/camera_url.py)."""
    from .hal.camera_url import SourceError, is_camera, parse_source

    if not is_camera(value):
        return None
    try:
        parse_source(value)
    except SourceError as error:
        return str(error)
    return None


def _whole(key: str, value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Bad(msg("{key} must be a whole number, not {value}", key=key, value=_shown(value)))
    return value


def _size(key: str, value) -> int:
    low, high = SIZE_LIMITS[key]
    if not low <= _whole(key, value) <= high:
        raise _Bad(
            msg(
                "{key} must be from {low} to {high}, not {value}",
                key=key,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


def _rotation(key: str, value) -> int:
    if _whole(key, value) not in ROTATIONS:
        raise _Bad(msg("rotation must be 0, 90, 180 or 270, not {value}", value=value))
    return value


def _language(key: str, value) -> str:
    from .ui.i18n import LANGUAGES

    if _text(key, value) not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise _Bad(
            msg("unknown language {value} (known: {known})", value=_shown(value), known=known)
        )
    return value


def _form(key: str, value) -> str:
    from .forms import FORMS, find_form

    try:
        return find_form(_text(key, value)).name
    except RuleError:
        known = ", ".join(f.name for f in FORMS)
        raise _Bad(
            msg("unknown game {value} (known: {known})", value=_shown(value), known=known)
        ) from None


def _devices(section: Section, into: dict) -> None:
    _plain_settings(section, into, {"scanner": _device, "bidbox": _device})


def _screen(section: Section, into: dict) -> None:
    checks = {"language": _language, "width": _size, "height": _size, "rotation": _rotation}
    _plain_settings(section, into, checks)


def _game(section: Section, into: dict) -> None:
    """The form first: it says how many players there are."""
    values = dict(section.values)
    players = values.pop("players", None)
    _plain_settings(Section(section.text, "game", values, section.problems), into, {"form": _form})
    if players is not None:
        into["players"] = _players(section, players, into["form"])


def _players(section: Section, value, form_name: str) -> list[str]:
    """Each good name is kept; a bad one gives way to a default name not in use."""
    from .forms import find_form

    default = DEFAULTS["game"]["players"]
    count = find_form(form_name).players
    if not isinstance(value, list) or len(value) != count:
        bad = msg("players must be a list of {n} names, not {value}", n=count, value=_shown(value))
        using = msg("{problem}; using {names}", problem=bad, names=", ".join(default))
        section.ignore("players", using)
        return list(default)
    names: list[str | None] = [None] * count
    for seat, name in enumerate(value):
        try:
            names[seat] = _player(seat, name, names)
        except _Bad as bad:
            names[seat] = _free_name(seat, names, value)
            section.ignore("players", _using(bad, names[seat]))
    return names


def _player(seat: int, name, earlier: list) -> str:
    if not isinstance(name, str):
        raise _Bad(
            msg(
                "name {n} of players is not text in quotes ({value})",
                n=seat + 1,
                value=_shown(name),
            )
        )
    fault = name_fault(name)
    if fault is not None:
        raise _Bad(NAME_FAULTS[fault[0]](n=seat + 1, **fault[1]))
    name = normal_name(name)
    for other, known in enumerate(earlier[:seat]):
        if known is not None and known.lower() == name.lower():
            raise _Bad(msg("name {n} of players is also name {other}", n=seat + 1, other=other + 1))
    return name


def _free_name(seat: int, names: list, given: list) -> str:
    """The seat's default name, or the other default if a kept name already has it."""
    default = DEFAULTS["game"]["players"]
    taken = {n.lower() for n in names if n is not None}
    taken |= {normal_name(n).lower() for n in given if isinstance(n, str)}
    order = [default[seat % len(default)]] + list(default)
    return next((n for n in order if n.lower() not in taken), default[seat % len(default)])


def _gpio(section: Section, into: dict) -> None:
    """Known names with BCM numbers; a pin used twice keeps the built-in map's."""
    from .hal.pins import DEFAULT_PINS

    chosen: dict[str, int] = {}
    for key, pin in section.values.items():
        if key not in DEFAULT_PINS:
            section.ignore(
                key, msg("unknown pin name {key} in [gpio], ignored", key=_shown_key(key))
            )
        elif isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= MAX_BCM:
            bad = msg(
                "gpio pin {key} must be a BCM number 0 to {max}, not {value}",
                key=key,
                max=MAX_BCM,
                value=_shown(pin),
            )
            section.ignore(key, _using(bad, DEFAULT_PINS[key]))
        else:
            chosen[key] = pin
    for key, pin, owner in _drop_shared_pins(chosen, DEFAULT_PINS):
        bad = msg("gpio pin {key} = {pin} is already {owner}'s", key=key, pin=pin, owner=owner)
        section.ignore(key, _using(bad, DEFAULT_PINS[key]))
    into.update(chosen)


def _drop_shared_pins(chosen: dict[str, int], builtin: dict[str, int]) -> list:
    """Take out of `chosen` each pin that another name also has: (name, pin, owner).

    A pin shared with a name that keeps its built-in pin goes; of two chosen
    names sharing a pin, the first in the file keeps it. A name that goes back
    to its built-in pin can clash again, so this repeats until every pin has
    one name (the built-in map alone has none twice)."""
    dropped = []
    while True:
        merged = {**builtin, **chosen}
        owners: dict[int, str] = {}
        clash = None
        for name in builtin:
            if merged[name] in owners:
                clash = (owners[merged[name]], name)
                break
            owners[merged[name]] = name
        if clash is None:
            return dropped
        keep, drop = clash if clash[1] in chosen else clash[::-1]
        if keep in chosen and list(chosen).index(keep) > list(chosen).index(drop):
            keep, drop = drop, keep  # both chosen: the earlier line wins
        dropped.append((drop, chosen.pop(drop), keep))


CHECKS = {"devices": _devices, "gpio": _gpio, "screen": _screen, "game": _game}


# -- names the screen can draw -------------------------------------------------------------
NAME_FAULTS = {  # name {n} of players in the config file
    "empty": lambda n: msg("name {n} of players is empty", n=n),
    "long": lambda n, max: msg("name {n} of players is longer than {max} letters", n=n, max=max),
    "glyph": lambda n, char: msg(
        "name {n} of players has {char}, which the screen cannot draw", n=n, char=char
    ),
}
NAME_REFUSALS = {  # the same where a name is typed or given on the command line
    "empty": lambda: msg("a name cannot be empty"),
    "long": lambda max: msg("a name has at most {max} letters", max=max),
    "glyph": lambda char: msg("the screen cannot draw {char} in a name", char=char),
}


def normal_name(name: str) -> str:
    """A name as the table keeps it: composed accents (e + ¨ = ë), no outer spaces (the
    engine's own rule, so that every entry agrees)."""
    return engine_normal_name(name)


def name_fault(name: str) -> tuple[str, dict] | None:
    """Why the screen cannot show `name` as a player's name, or None if it can."""
    name = normal_name(name)
    if not name:
        return "empty", {}
    if len(name) > NAME_MAX:
        return "long", {"max": NAME_MAX}
    char = undrawable(name)
    if char is not None:
        return "glyph", {"char": f"U+{ord(char):04X}"}
    return None


def name_refusal(name: str) -> Message | None:
    """The one-line refusal for a name typed or given, or None if it is fine."""
    fault = name_fault(name)
    return None if fault is None else NAME_REFUSALS[fault[0]](**fault[1])


def typing_refusal(name: str) -> Message | None:
    """For a name as it is being typed (spaces count, and empty is fine until
    Start): the one-line refusal of its last keystroke, or None."""
    if len(name) > NAME_MAX:
        return NAME_REFUSALS["long"](max=NAME_MAX)
    char = undrawable(name)
    return None if char is None else NAME_REFUSALS["glyph"](char=f"U+{ord(char):04X}")


def undrawable(text: str) -> str | None:
    """The first character of `text` that the screen's font has no glyph for.

    The UI draws with pygame's own font (freesansbold.ttf: Latin, Greek,
    Cyrillic); its character map, read from the file (device/ui/glyphs.py, no
    pygame loaded), says which characters it has. Control and format characters
    never count as drawable."""
    from .ui.glyphs import has_glyph

    for char in text:
        if unicodedata.category(char)[0] == "C":
            return char
    return next((char for char in text if not has_glyph(char)), None)


# -- messages -----------------------------------------------------------------------------
def _shown(value, limit: int = 24) -> str:
    """A value as the file wrote it, short, on one line, and drawable on the screen."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "a table"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except ValueError:  # nested too deep or circular: never from TOML, but say something
            text = type(value).__name__
    text = "".join(_safe_char(c) for c in text[: limit + 1])
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shown_key(key: str) -> str:
    return _shown(key, 32).strip('"')


def _safe_char(char: str) -> str:
    if unicodedata.category(char)[0] == "C" or undrawable(char) is not None:
        return f"U+{ord(char):04X}"
    return char


# -- line numbers -------------------------------------------------------------------------
_HEADER = re.compile(r"""^[ \t]*\[\[?[ \t]*(?P<name>[^\]]*?)[ \t]*\]""")


def _bare(name: str) -> str:
    return name.strip().strip("\"'")


def _section_line(text: str, section: str) -> int:
    """Where [section] (or a dotted `section.key`) is written; 1 when it cannot be found."""
    dotted = re.compile(rf"""^[ \t]*["']?{re.escape(section)}["']?[ \t]*(\.|=)""")
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header and _bare(header.group("name").split(".")[0]) == section:
            return number
        if dotted.match(line):
            return number
    return 1


def _key_line(text: str, section: str, key: str) -> int:
    """Where `key` is written inside [section]; else the section's own line."""
    assign = re.compile(rf"""^[ \t]*["']?{re.escape(key)}["']?[ \t]*=""")
    dotted = re.compile(
        rf"""^[ \t]*["']?{re.escape(section)}["']?[ \t]*\.[ \t]*["']?{re.escape(key)}["']?[ \t]*="""
    )
    current = None  # before any [header], `screen.width = 800` is dotted
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            current = _bare(header.group("name"))
            continue
        pattern = assign if current == section else dotted if current is None else None
        if pattern is not None and pattern.match(line):
            return number
    return _section_line(text, section)
