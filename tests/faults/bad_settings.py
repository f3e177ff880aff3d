"""Bad settings: the real `honeymoon run --headless` started on generated config
files and deck profiles, each value good, bad or left out at random.

Every case must bring the table up (READY=1, its first screen saved, a clean
stop on SIGINT, no traceback), log each bad value once with its line and no
good one, and keep the good values: the language (the screenshot's name), the
size and rotation (the screenshot's size), the players and form (the rubber
`--new` started, read back with `honeymoon export`), the scanner (its
simulated device is opened). A config that is not TOML, or not UTF-8, gives the
defaults for everything and one line. A damaged deck profile logs each tag it
left out (or one line when nothing of it can be read); `--pair-deck` starts
pairing over it. A few cases are command lines that must be refused in one
line with exit status 2: a --config that is not there, a --players name the
screen cannot draw.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from device.config import DEFAULTS, NAME_MAX
from device.hal.bidbox_gpio import DEFAULT_PINS
from device.sim.devices import SimDevice
from device.sim.links import PtyLink
from firmware_bridge import protocol as p

from . import REPO

READY_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0
SEEN_TIMEOUT_S = 10.0
NAMES = ("Zoë", "Ødegård", "Ben", "Anna", "Ωmega", "Jan-Piet", "Lena Ü", "Ян")
BAD_NAMES = ("Be\u0007n", "中文", "Zoë😀", "A\u200bB", "", "   ", "x" * (NAME_MAX + 1))
FREE_PINS = sorted(set(range(28)) - set(DEFAULT_PINS.values()))


@dataclass
class Case:
    """One start of the table: the files it finds and what it must make of them."""

    number: int
    lines: list[str] = field(default_factory=list)  # the config file, None for no --config
    raw: bytes | None = None  # a config file that is not text at all
    bad_lines: list[int | None] = field(default_factory=list)  # where each bad value is
    expect: dict = field(default_factory=lambda: json.loads(json.dumps(DEFAULTS)))
    good: int = 0  # good values written
    sim_scanner: bool = False  # the scanner is a simulated device's pty
    new: bool = False  # start a rubber from the config's players and form
    deck: str | None = None  # decks/deck.json
    deck_lines: int = 0  # lines the deck profile must log
    pair: bool = False  # --pair-deck deck
    argv_refusal: str | None = None  # a bad command line: the one line it must give
    damaged_at: int | None = None  # the line that makes the file no TOML

    def add(self, line: str, bad: bool = False) -> None:
        self.lines.append(line)
        if bad:
            self.bad_lines.append(len(self.lines))


# -- generating cases ----------------------------------------------------------------------
def _toml(value) -> str:
    return (
        json.dumps(value, ensure_ascii=False) if not isinstance(value, bool) else str(value).lower()
    )


BAD_TEXT = ("", "   ", 5, True, [1], 2.5, "a\u0007b")
BAD_WHOLE = ('"800"', "800.5", "true", "-5", "[800]", "{ a = 1 }")
BAD_FORMS = ('"poker"', '""', "3", "[]")


def _devices(case: Case, rng: random.Random, sim_url: str) -> None:
    case.add("[devices]")
    for key in ("scanner", "bidbox"):
        choice = rng.random()
        if choice < 0.35:
            continue
        if choice < 0.7:
            value = sim_url if key == "scanner" else rng.choice(["none", "gpio"])
            case.add(f"{key} = {_toml(value)}")
            case.expect["devices"][key] = value
            case.sim_scanner |= key == "scanner"
            case.good += 1
        else:
            case.add(f"{key} = {_toml(rng.choice(BAD_TEXT))}", bad=True)
    if rng.random() < 0.2:
        case.add('colour = "red"', bad=True)


def _gpio(case: Case, rng: random.Random) -> None:
    """Good moves go to free pins (never a clash); bad ones are out of range, of the
    wrong type, unknown, or a pin that a name left alone keeps."""
    case.add("[gpio]")
    names = rng.sample(sorted(DEFAULT_PINS), rng.randint(0, 6))
    free = list(FREE_PINS)
    moved = set(names)
    for name in names:
        quoted = f'"{name}"' if not name.isidentifier() else name
        kind = rng.random()
        if kind < 0.4 and free:
            pin = free.pop(rng.randrange(len(free)))
            free.append(DEFAULT_PINS[name])
            case.add(f"{quoted} = {pin}")
            case.expect["gpio"][name] = pin
            case.good += 1
        elif kind < 0.6:
            value = rng.choice(["28", "-1", "99", '"20"', "2.5", "true", "[4]"])
            case.add(f"{quoted} = {value}", bad=True)
        else:
            others = [n for n in DEFAULT_PINS if n not in moved]
            case.add(f"{quoted} = {DEFAULT_PINS[rng.choice(others)]}", bad=True)
    if rng.random() < 0.2:
        case.add(f"{rng.choice(['ok', 'LED', 'seat9', 'UNDO2'])} = 3", bad=True)


def _screen(case: Case, rng: random.Random) -> None:
    case.add("[screen]")
    goods = {
        "language": ["en", "nl"],
        "width": [640, 800, 1024],
        "height": [400, 480, 600],
        "rotation": [0, 90, 180, 270],
    }
    bads = {
        "language": ['"fr"', '"EN"', '""', "1"],
        "width": ["0", "239", "3841", "10000000000", *BAD_WHOLE],
        "height": ["0", "239", "3841", *BAD_WHOLE],
        "rotation": ["45", "-90", "360", '"90"', "true"],
    }
    for key, values in goods.items():
        choice = rng.random()
        if choice < 0.3:
            continue
        if choice < 0.65:
            value = rng.choice(values)
            case.add(f"{key} = {_toml(value)}")
            case.expect["screen"][key] = value
            case.good += 1
        else:
            case.add(f"{key} = {rng.choice(bads[key])}", bad=True)


def _game(case: Case, rng: random.Random) -> None:
    case.add("[game]")
    choice = rng.random()
    if choice < 0.35:
        form = rng.choice([("draw-and-discard", "draw-and-discard"), ("PLAIN", "plain")])
        case.add(f"form = {_toml(form[0])}")
        case.expect["game"]["form"] = form[1]
        case.good += 1
    elif choice < 0.6:
        case.add(f"form = {rng.choice(BAD_FORMS)}", bad=True)
    choice = rng.random()
    if choice < 0.3:
        return
    names = rng.sample(NAMES, 2)
    if choice < 0.6:
        case.add(f"players = {_toml(names)}")
        case.expect["game"]["players"] = names
        case.good += 1
    elif choice < 0.75:
        wrong = rng.choice([names[:1], names + ["Kees"], [], "Anna, Ben", {"a": 1}, 5])
        value = _toml(wrong) if not isinstance(wrong, dict) else "{ a = 1 }"
        case.add(f"players = {value}", bad=True)
    else:
        _one_bad_name(case, rng, names)


def _one_bad_name(case: Case, rng: random.Random, names: list[str]) -> None:
    """One seat bad, the other kept; the bad one gets a default name not in use."""
    seat, given = rng.randrange(2), list(names)
    bad = rng.choice([*BAD_NAMES, 7, "duplicate"])
    if bad == "duplicate":  # the second name is the first in other capitals
        seat, given[1] = 1, names[0].swapcase()
    else:
        given[seat] = bad
    case.add(f"players = {_toml(given)}", bad=True)
    default = DEFAULTS["game"]["players"]
    kept = given[1 - seat]
    taken = {kept.lower(), *(n.lower() for n in given if isinstance(n, str))}
    order = [default[seat], *default]
    expected = [None, None]
    expected[1 - seat] = kept
    expected[seat] = next(n for n in order if n.lower() not in taken)
    case.expect["game"]["players"] = expected
    case.good += 1


def _damage(case: Case, rng: random.Random) -> None:
    """Make the file unreadable as TOML, at a known line: the defaults for everything."""
    at = rng.randint(0, len(case.lines))
    broken = rng.choice(["width = ", "[screen", 'language = "nl', "= 3", "players = [1, 2"])
    case.lines.insert(at, broken)
    case.expect = json.loads(json.dumps(DEFAULTS))
    case.sim_scanner, case.good = False, 0
    # An unclosed string or array is reported where tomllib gives up: that line or later.
    case.bad_lines = [at + 1] if broken in ("width = ", "[screen", "= 3") else ["at or after"]
    case.damaged_at = at + 1


def _deck(case: Case, rng: random.Random) -> None:
    kind = rng.random()
    if kind < 0.2:
        case.deck = rng.choice(["{not json", "", "[1, 2]", '{"deck": "tarot", "tags": {}}'])
        case.deck_lines = 1
        return
    cards = [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(cards)
    good = {f"{i + 1:08x}": card for i, card in enumerate(cards[: rng.randint(0, 52)])}
    pairs = [json.dumps(uid) + ": " + json.dumps(card) for uid, card in good.items()]
    if kind < 0.6 and good:
        bads = rng.randint(1, 5)
        for n in range(bads):
            uid, card = rng.choice(list(good.items()))
            pairs.append(
                rng.choice(
                    [
                        f'"zz{n}": "SA"',  # not hex
                        f'"{uid.upper()}": "HK"',  # the same tag again
                        f'"ff{n:06x}": "{card}"',  # the card again
                        f'"ee{n:06x}": "X9"',  # not a card
                        f'"dd{n:06x}": 7',  # not text
                    ]
                )
            )
        case.deck_lines = bads
    case.deck = '{"name": "deck", "tags": {' + ", ".join(pairs) + "}}"


def make_case(number: int, rng: random.Random, sim_url: str) -> Case:
    case = Case(number)
    kind = rng.random()
    if kind < 0.04:
        case.argv_refusal = "config"
        return case
    if kind < 0.08:
        case.argv_refusal = "players"
        return case
    if kind < 0.11:
        case.raw = b'[screen]\nlanguage = "\xff\xfe"\n'
        case.bad_lines = [None]
    else:
        sections = [
            lambda: _devices(case, rng, sim_url),
            lambda: _gpio(case, rng),
            lambda: _screen(case, rng),
            lambda: _game(case, rng),
        ]
        rng.shuffle(sections)
        for section in sections:
            section()
        if rng.random() < 0.15:
            case.add("[sound]", bad=True)
            case.add("volume = 3")
        if rng.random() < 0.1:
            _damage(case, rng)
    case.new = rng.random() < 0.5
    if rng.random() < 0.4:
        _deck(case, rng)
        case.pair = case.new and rng.random() < 0.3
    return case


# -- running a case ------------------------------------------------------------------------
class Scanner(SimDevice):
    """A simulated scanner that notes when the app opens it and asks who it is."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.identified = threading.Event()

    def _command(self, frame: p.Frame) -> None:
        if frame.type == p.IDENTIFY:
            self.identified.set()
        super()._command(frame)


def _png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def _command(case: Case, folder: Path, config: Path) -> list[str]:
    command = [sys.executable, "-m", "device.cli", "run", "--headless"]
    command += ["--data-dir", str(folder), "--screenshot-dir", str(folder / "shots")]
    if case.argv_refusal == "config":
        return command + ["--config", str(folder / "missing.toml")]
    command += ["--config", str(config)]
    if case.argv_refusal == "players":
        return command + ["--new", "plain", "--players", "Anna", "Be\u0007n"]
    if case.new:
        command += ["--new", case.expect["game"]["form"]]
    if case.pair:
        command += ["--pair-deck", "deck"]
    return command


def run_case(case: Case, folder: Path, scanner: Scanner) -> dict:
    """Start the app on the case's files; what it showed, logged and kept."""
    config = folder / "config.toml"
    if case.raw is not None:
        config.write_bytes(case.raw)
    else:
        config.write_text("\n".join(case.lines) + "\n", encoding="utf-8")
    if case.deck is not None:
        (folder / "decks").mkdir(exist_ok=True)
        (folder / "decks" / "deck.json").write_text(case.deck, encoding="utf-8")
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(folder / "notify"))
    notify.settimeout(READY_TIMEOUT_S)
    env = dict(os.environ, PYTHONPATH=str(REPO), NOTIFY_SOCKET=str(folder / "notify"))
    env.pop("HONEYMOON_CONFIG", None)
    log = folder / "app.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen(
            _command(case, folder, config),
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        seen: dict = {"ready": False}
        try:
            if case.argv_refusal:
                seen["status"] = proc.wait(READY_TIMEOUT_S)
            else:
                seen["ready"] = _wait_ready(notify, proc)
                if seen["ready"] and case.sim_scanner:
                    seen["scanner"] = scanner.identified.wait(SEEN_TIMEOUT_S)
                proc.send_signal(signal.SIGINT)
                seen["status"] = proc.wait(STOP_TIMEOUT_S)
        except (subprocess.TimeoutExpired, OSError) as error:
            seen["status"] = f"hung ({error.__class__.__name__})"
            proc.kill()
            proc.wait()
        finally:
            notify.close()
    seen["log"] = log.read_text(encoding="utf-8", errors="replace")
    shots = sorted((folder / "shots").glob("*.png")) if (folder / "shots").exists() else []
    seen["shot"] = shots[0] if shots else None
    if case.new and seen.get("status") == 0:
        seen["record"] = _exported(folder)
    return seen


def _wait_ready(notify: socket.socket, proc: subprocess.Popen) -> bool:
    end = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < end and proc.poll() is None:
        notify.settimeout(max(0.05, min(1.0, end - time.monotonic())))
        try:
            if notify.recv(64) == b"READY=1":
                return True
        except TimeoutError:
            continue
    return False


def _exported(folder: Path) -> dict | None:
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "export", "--data-dir", str(folder)]
        + ["--format", "json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    return json.loads(done.stdout) if done.returncode == 0 else None


# -- checking a case -----------------------------------------------------------------------
def check(case: Case, seen: dict, config: Path, counts: Counter, problems: list[str]) -> None:
    name = f"case {case.number}"
    log = seen["log"]
    if "Traceback" in log:
        problems.append(f"{name}: a traceback: {log[-400:]}")
        return
    if case.argv_refusal:
        lines = log.splitlines()
        if seen.get("status") != 2 or len(lines) != 1:
            problems.append(f"{name}: {case.argv_refusal} not refused in one line: {seen}")
        else:
            counts["refused in one line"] += 1
        return
    if not seen["ready"] or seen.get("status") != 0 or seen["shot"] is None:
        problems.append(f"{name}: the table is not up: {seen.get('status')}, log {log[-300:]}")
        return
    counts["up"] += 1
    _check_log(case, log, config, name, counts, problems)
    _check_kept(case, seen, name, counts, problems)


def _check_log(case, log: str, config: Path, name: str, counts: Counter, problems) -> None:
    prefix = re.escape(str(config))
    found = [int(n) for n in re.findall(rf"^{prefix} line (\d+): ", log, re.M)]
    found += [None] * len(re.findall(rf"^{prefix}: ", log, re.M))
    expected = case.bad_lines
    if expected == ["at or after"]:  # an unclosed string or array
        ok = len(found) == 1 and found[0] is not None and found[0] >= case.damaged_at
    else:
        ok = sorted(found, key=lambda n: n or 0) == sorted(expected, key=lambda n: n or 0)
    if not ok:
        problems.append(f"{name}: logged lines {found}, expected {expected}")
    counts["bad values ignored"] += len(found)
    deck = len(re.findall(r"^deck profile .*deck\.json: ", log, re.M))
    if deck != case.deck_lines:
        problems.append(f"{name}: the deck logged {deck} lines, expected {case.deck_lines}")
    counts["deck lines"] += deck


def _check_kept(case: Case, seen: dict, name: str, counts: Counter, problems) -> None:
    screen = case.expect["screen"]
    shot: Path = seen["shot"]
    if not shot.name.endswith(f"-{screen['language']}.png"):
        problems.append(f"{name}: screenshot {shot.name}, language {screen['language']}")
    width, height = screen["width"], screen["height"]
    size = (height, width) if screen["rotation"] in (90, 270) else (width, height)
    if _png_size(shot) != size:
        problems.append(f"{name}: a screen of {_png_size(shot)}, expected {size}")
    counts["seen on the screen"] += 3
    if case.sim_scanner:
        if not seen.get("scanner"):
            problems.append(f"{name}: the configured scanner was never opened")
        counts["seen on a device"] += 1
    if case.new:  # --new names the form: the config gives the players
        players = (seen.get("record") or {}).get("players")
        if players != case.expect["game"]["players"]:
            problems.append(f"{name}: the rubber's players are {players}")
        counts["seen in the journal"] += 1


# -- the part ------------------------------------------------------------------------------
def run(cases: int = 200, seed: int = 1, workers: int = 2) -> dict:
    rng = random.Random(seed)
    counts: Counter = Counter()
    problems: list[str] = []
    lock = threading.Lock()

    def one(number: int, case_seed: int) -> None:
        with tempfile.TemporaryDirectory(prefix="faults-settings-") as tmp:
            folder = Path(tmp)
            scanner = Scanner("scanner", "SIM-SCANNER", PtyLink(folder / "scanner")).start()
            try:
                case = make_case(number, random.Random(case_seed), scanner.link.url)
                seen = run_case(case, folder, scanner)
            finally:
                scanner.stop()
            mine: list[str] = []
            counted: Counter = Counter()
            check(case, seen, folder / "config.toml", counted, mine)
            with lock:
                counts.update(counted)
                counts["cases"] += 1
                counts["config files"] += case.argv_refusal is None
                counts["deck files"] += case.deck is not None
                counts["good values"] += case.good
                counts["not TOML"] += case.damaged_at is not None or case.raw is not None
                problems.extend(mine)

    seeds = [rng.randrange(1 << 30) for _ in range(cases)]
    with ThreadPoolExecutor(workers) as pool:
        for future in [pool.submit(one, n + 1, s) for n, s in enumerate(seeds)]:
            future.result()
    return {**counts, "problems": problems}


def summary(result: dict) -> str:
    files = result.get("config files", 0)
    return (
        f"bad settings: {result.get('cases', 0)} cases ({files} config files, "
        f"{result.get('not TOML', 0)} of them not TOML; {result.get('deck files', 0)} deck "
        f"profiles): table up in {result.get('up', 0)} of {files}, "
        f"{result.get('bad values ignored', 0)} bad values ignored and logged with their line, "
        f"{result.get('deck lines', 0)} deck lines; {result.get('good values', 0)} good values "
        f"kept ({result.get('seen on the screen', 0)} seen on the screen, "
        f"{result.get('seen in the journal', 0)} in the rubber, "
        f"{result.get('seen on a device', 0)} on a device); "
        f"{result.get('refused in one line', 0)} bad command lines refused in one line"
    )
