"""The `honeymoon` command line.

Bad arguments and illegal records end with exit status 2 and one line on
standard error that names the place and the reason; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import math
import os
import sys
import tempfile
from pathlib import Path

from .decks import DECKS, STANDARD
from .engine.errors import RuleError
from .error_line import one_line

EXIT_BAD_INPUT = 2
EXIT_NO_OUTPUT = 1
# A record takes a few hundred bytes a deal: 64 MB is far beyond any rubber's.
RECORD_MAX = 64 * 2**20
MAX_DEPTH = 32  # a record is 4 levels deep; deeper is not a record (and not a stack to spend)
SCREEN_SIDES = (240, 3840)  # pixels: a small TFT to a 4K screen (either way round)


class UsageError(Exception):
    """Bad command-line arguments: one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line instead of usage plus error."""

    def error(self, message: str):
        raise UsageError(f"{self.prog}: {message}")


def _whole(low: int, high: int, what: str):
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}, not {value}")
        return value

    return parse


def _number(low: float, high: float, what: str, low_open: bool = False):
    """An argparse type: a finite number from `low` (excluded when `low_open`) to `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}") from None
        above = value > low if low_open else value >= low
        if not (math.isfinite(value) and above and value <= high):
            raise argparse.ArgumentTypeError(f"{what}, not {text}")
        return value

    return parse


SCORE_HELP = "Score one deal taken alone and print it as JSON."
SCORE_EPILOG = (
    "With '-' for CONTRACT it reads 'CONTRACT TRICKS [options]' lines from standard input "
    "and prints one JSON line for each. In Chicago the schedule fixes the vulnerability of "
    "deal 1 (none: --vulnerable is refused) and deal 4 (both: vulnerable without "
    "--vulnerable); on deals 2 and 3 pass --vulnerable when the declarer is vulnerable."
)


def _add_score_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("contract", metavar="CONTRACT", help="like 4S, 3NTX or 6HXX, or -")
    parser.add_argument("tricks", metavar="TRICKS", nargs="?", help="tricks won by declarer, 0-13")
    parser.add_argument(
        "--vulnerable",
        action="store_true",
        help="the declarer is vulnerable (Chicago: deals 2 and 3 only; fixed on 1 and 4)",
    )
    parser.add_argument("--scoring", choices=_AloneScorings(), default="rubber")
    parser.add_argument("--deal", type=int, default=1, help="Chicago deal number 1-4 (default 1)")
    return parser


class _AloneScorings:
    """`--scoring`'s choices, read from the forms only when a score is asked or
    the help shown: building the parser loads no form."""

    def __contains__(self, name: object) -> bool:
        from .forms import alone_scorings

        return name in alone_scorings()

    def __iter__(self):
        from .forms import alone_scorings

        return iter(alone_scorings())


def build_parser() -> _Parser:
    parser = _Parser(
        prog="honeymoon",
        description="Honeymoon Table: a bridge referee and score keeper for a real deck.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    _add_score_arguments(
        commands.add_parser(
            "score",
            help="score one deal taken alone (JSON)",
            description=SCORE_HELP,
            epilog=SCORE_EPILOG,
        )
    )
    replay = commands.add_parser(
        "replay",
        help="play a game record through the engine and print the score sheet (JSON)",
        description="Play a game record (docs/game-record.md) and print the score sheet as JSON.",
    )
    replay.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    forms = commands.add_parser(
        "forms",
        help="the game forms this table plays, in the start screen's order",
        description="List the registered game forms: name, aliases, number of players and "
        "the package (device/forms/<name>) that holds each.",
    )
    forms.add_argument("--json", action="store_true", help="print one JSON array")
    demo = commands.add_parser(
        "demo",
        help="play a seeded random rubber and print its score sheet",
        description="Robots play a seeded random rubber through the engine; no window.",
    )
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument("--game", help="game form (default: the first of `honeymoon forms`)")
    demo.add_argument(
        "--players",
        nargs="+",
        metavar="NAME",
        help="as many names as the form has players, clockwise from North "
        "(default Anna Ben, and Carla Dirk for four)",
    )
    demo.add_argument("--json", action="store_true", help="print the replay JSON instead")
    _add_run_parser(commands)
    _add_sim_parser(commands)
    _add_journal_parsers(commands)
    _add_analyze_parser(commands)
    _add_camera_parsers(commands)
    return parser


def _add_camera_parsers(commands) -> None:
    pair = commands.add_parser(
        "camera-pair",
        help="learn a deck for the camera from one frame per card",
        description="Learn a deck from DIR: one camera frame per card, named by the card "
        "(SA.png, HK.png, D10.png or DT.png, C2.jpg; aBRIDGEd R14.png), and an optional "
        "empty.png of the spot with no card. Needs the [camera] extra (OpenCV).",
    )
    pair.add_argument("--profile", metavar="FILE", required=True, help="the profile to write")
    pair.add_argument("--deck", choices=tuple(DECKS), default=STANDARD.name)
    pair.add_argument("dir", metavar="DIR", help="the folder of frames")
    read = commands.add_parser(
        "camera-read",
        help="read the card on the spot in camera frames (JSON lines)",
        description="Print one JSON line per IMAGE, in order: the card and its score, card "
        "null when no card lies on the spot or the reader is not sure, or an error for an "
        "image that cannot be read.",
    )
    read.add_argument("--profile", metavar="FILE", required=True, help="from camera-pair")
    read.add_argument("images", metavar="IMAGE", nargs="+")


def _add_analyze_parser(commands) -> None:
    analyze = commands.add_parser(
        "analyze",
        help="double-dummy review of each deal: tricks per strain and leader, par, costly cards",
        description="Review the deals of a game record (as honeymoon replay reads) or of a "
        "stored rubber (--data-dir): per deal the double-dummy table, the par contract and the "
        "cards that cost a trick. Four hands need endplay (pip install '.[analysis]').",
    )
    analyze.add_argument("file", metavar="FILE", nargs="?", help="the record, or - for stdin")
    analyze.add_argument("--data-dir", metavar="DIR", help="where the journal lives")
    analyze.add_argument(
        "--rubber",
        type=_whole(1, 2**63 - 1, "a rubber number from 1"),
        metavar="N",
        help="which stored rubber (default: latest)",
    )
    analyze.add_argument(
        "--deal", type=_whole(1, 2**63 - 1, "a deal number from 1"), metavar="N", help="one deal"
    )
    analyze.add_argument("--json", action="store_true", help="print JSON")


def _add_journal_parsers(commands) -> None:
    status = commands.add_parser(
        "status",
        help="the current table, from the journal",
        description="Print the table as the journal has it: game, phase, deal, dealer, turn, "
        "calls, contract, declarer, tricks and totals.",
    )
    status.add_argument("--data-dir", metavar="DIR", help="where the journal lives")
    status.add_argument("--json", action="store_true", help="print JSON (the default)")
    history = commands.add_parser(
        "history",
        help="the history in figures, from the journal",
        description="Per couple (or three players) and per partnership at four, in each form: "
        "rubbers played and won, the running balance after each rubber, who is ahead and since "
        "when, and the contracts made and failed by level (docs/cli.md).",
    )
    history.add_argument("--data-dir", metavar="DIR", help="where the journal lives")
    history.add_argument("--json", action="store_true", help="print JSON (else a line a group)")
    export = commands.add_parser(
        "export",
        help="a stored rubber as PBN, or as a game record (JSON)",
        description="Write a stored rubber (by default the latest) as PBN 2.1, or as the "
        "game record that honeymoon replay reads (--format json).",
    )
    export.add_argument("--data-dir", metavar="DIR", help="where the journal lives")
    export.add_argument("--format", choices=("pbn", "json"), default="pbn")
    export.add_argument(
        "--rubber",
        type=_whole(1, 2**63 - 1, "a rubber number from 1"),
        metavar="N",
        help="which rubber (default: latest)",
    )


def _add_run_parser(commands) -> None:
    run = commands.add_parser(
        "run",
        help="the table: devices, rules and score sheet on the touchscreen",
        description="Run the table: the touchscreen app with its scanner and bidding box "
        "(real or simulated). In simulation, type SA to scan a card, 1S to bid, Enter for "
        "OK, Backspace for Undo, Escape for Menu. --text runs it in the terminal instead.",
    )
    run.add_argument(
        "--scanner",
        metavar="URL|camera|none",
        help="the scanner's serial URL, or a camera: camera, camera:/dev/video0, "
        "camera:picamera, camera:dir:PATH",
    )
    run.add_argument("--bidbox", metavar="URL|gpio|none", help="the bidding box")
    run.add_argument("--simulate", action="store_true", help="start simulated devices and use them")
    run.add_argument("--uids", action="store_true", help="simulated scanner sends tag UIDs")
    run.add_argument(
        "--record",
        metavar="FILE",
        help="with --simulate: play a game record through the simulated devices",
    )
    run.add_argument(
        "--speed",
        type=_number(0, math.inf, "inputs per second, 0 (no wait) or more"),
        default=5.0,
        help="--record inputs per second (0: no wait)",
    )
    run.add_argument("--new", metavar="GAME", help="start a new rubber of GAME straight away")
    run.add_argument(
        "--players",
        nargs="+",
        metavar="NAME",
        help="the players clockwise (four: North East South West), as many as the form has",
    )
    run.add_argument("--first-dealer", metavar="NAME")
    run.add_argument("--deck", metavar="NAME", help="the paired deck profile to use")
    run.add_argument("--pair-deck", metavar="NAME", help="pair a deck's tags first")
    run.add_argument("--data-dir", metavar="DIR", help="where decks and the journal live")
    run.add_argument("--config", metavar="PATH", help="the config file")
    run.add_argument("--headless", action="store_true", help="no window (SDL dummy driver)")
    run.add_argument("--screenshot-dir", metavar="DIR", help="a PNG of each new screen")
    run.add_argument("--lang", choices=("en", "nl"), help="language of the screen")
    low, high = SCREEN_SIDES
    run.add_argument(
        "--size",
        type=_whole(low, high, f"a width and height from {low} to {high} pixels"),
        nargs=2,
        metavar=("W", "H"),
        help="screen size",
    )
    run.add_argument("--rotation", type=int, choices=(0, 90, 180, 270))
    run.add_argument("--text", action="store_true", help="run in the terminal, no screen")


def _add_sim_parser(commands) -> None:
    sim = commands.add_parser(
        "sim-devices",
        help="simulated scanner and bidding box speaking protocol v1",
        description="A simulated scanner and bidding box on ptys (or TCP), speaking protocol "
        "v1 as the firmware does. Type cards (SA), calls (1S presses 1 then S, p, x, xx) and "
        "keys (ok, undo, menu), or play a game record through them. Point the table at the "
        "printed paths: honeymoon run --scanner PATH --bidbox PATH.",
    )
    sim.add_argument("--dir", default="/tmp/honeymoon-sim", help="folder for the pty links")
    sim.add_argument(
        "--tcp",
        type=_whole(0, 65534, "a TCP port from 0 (any free one) to 65534 (it uses PORT+1 too)"),
        metavar="PORT",
        help="listen on PORT and PORT+1",
    )
    sim.add_argument("--uids", action="store_true", help="scan tag UIDs instead of card codes")
    sim.add_argument("--record", metavar="FILE", help="play a game record (or -) instead")
    sim.add_argument(
        "--speed",
        type=_number(0, math.inf, "inputs per second, 0 (no wait) or more"),
        default=5.0,
        help="record inputs per second (0: no wait)",
    )
    sim.add_argument(
        "--fault",
        action="append",
        metavar="NAME=CHANCE",
        help="inject faults per frame: garbage, bad-crc, duplicate (e.g. bad-crc=0.1)",
    )
    sim.add_argument(
        "--unplug-every",
        type=_number(0, 86400, "seconds above 0 and at most 86400", low_open=True),
        metavar="S",
        help="unplug the scanner every S seconds",
    )


# -- score --------------------------------------------------------------------------
def _score_one(args: argparse.Namespace) -> dict:
    from .engine.calls import Contract
    from .engine.scoring import score_alone
    from .forms import alone_scorings

    contract = Contract.parse(args.contract)
    try:
        tricks = int(args.tricks)
    except (TypeError, ValueError):
        raise RuleError(f"TRICKS must be a number from 0 to 13, not {args.tricks!r}") from None
    if not 0 <= tricks <= 13:
        raise RuleError(f"TRICKS must be 0 to 13, not {tricks}")
    form = alone_scorings()[args.scoring]
    if form is None:
        return score_alone(contract, tricks, args.vulnerable)
    if form.alone_deals and not 1 <= args.deal <= form.alone_deals:
        raise RuleError(f"--deal must be 1 to {form.alone_deals} in {form.title}, not {args.deal}")
    try:  # the form's schedule fixes the vulnerability, or refuses a contradiction
        vulnerable = form.alone_vulnerable(args.deal, args.vulnerable)
    except RuleError as error:
        raise UsageError(f"honeymoon score: --vulnerable: {error}") from None
    deal = args.deal
    return score_alone(
        contract, tricks, vulnerable, lambda points, v: form.alone_bonus(points, v, deal)
    )


def cmd_score(args: argparse.Namespace) -> int:
    if args.contract != "-":
        if args.tricks is None:
            raise UsageError("honeymoon score: TRICKS is missing")
        print(json.dumps(_score_one(args)))
        return 0
    if args.tricks not in (None, "-"):
        raise UsageError("honeymoon score: with '-' the deals come from standard input")
    status = 0
    parser = _add_score_arguments(_Parser(prog="honeymoon score"))
    for number, line in enumerate(sys.stdin, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        try:
            result = _score_one(parser.parse_args(words))
        except (UsageError, RuleError) as error:
            message = f"line {number}: {str(error).removeprefix('honeymoon score: ')}"
            print(message, file=sys.stderr)
            result, status = {"error": message}, EXIT_BAD_INPUT
        print(json.dumps(result), flush=True)
    return status


# -- replay --------------------------------------------------------------------------
def read_record(path: str) -> object:
    """A record file (or - for standard input) parsed as JSON; UsageError names the file."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(RECORD_MAX + 1)
        else:
            with open(path, "rb") as file:  # a pipe is fine: `replay <(zcat rec.json.gz)`
                data = file.read(RECORD_MAX + 1)
        text = data.decode("utf-8")
    except OSError as error:
        raise UsageError(f"{name}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not UTF-8 text") from None
    if len(data) > RECORD_MAX:  # /dev/zero, a stream without end: never read to its end
        raise UsageError(f"{name}: over {RECORD_MAX // 2**20} MB: not a game record")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(f"{name}: line {error.lineno} column {error.colno}: {error.msg}") from None
    except RecursionError:
        raise UsageError(f"{name}: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:  # a number of more than 4,300 digits
        raise UsageError(f"{name}: {error}") from None
    if _depth(record) > MAX_DEPTH:
        raise UsageError(f"{name}: nested more than {MAX_DEPTH} levels deep")
    return record


def _depth(value: object) -> int:
    """How deeply lists and objects nest in `value`; without recursion, so any depth is safe."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            if depth <= MAX_DEPTH:
                todo += [(child, depth + 1) for child in children]
    return deepest


def cmd_replay(args: argparse.Namespace) -> int:
    from .engine.record import play_record, sheet_report

    game = play_record(read_record(args.file))
    print(json.dumps(sheet_report(game), indent=2))
    return 0


# -- demo ----------------------------------------------------------------------------
def cmd_forms(args: argparse.Namespace) -> int:
    from .forms import FORMS, package

    listed = [
        {"name": f.name, "aliases": list(f.aliases), "players": f.players, "package": package(f)}
        for f in FORMS
    ]
    if args.json:
        print(json.dumps(listed))
        return 0
    rows = [("form", "players", "aliases", "package")]
    rows += [
        (f["name"], str(f["players"]), ", ".join(f["aliases"]) or "-", f["package"]) for f in listed
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
            + "  "
            + row[3]
        )
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from .engine.record import sheet_report
    from .forms import DEFAULT, find_form
    from .robots import play_rubber
    from .sheet_text import render_sheet

    form = find_form(DEFAULT if args.game is None else args.game)
    if args.players is not None:
        check_player_count(form, args.players, "honeymoon demo")
    game = play_rubber(args.seed, form.name, None if args.players is None else tuple(args.players))
    if args.json:
        print(json.dumps(sheet_report(game), indent=2))
    else:
        print(render_sheet(game))
    return 0


def check_player_count(form, players, command: str) -> None:
    """A --players list of the wrong length for the form: one line (exit 2)."""
    if len(players) != form.players:
        raise UsageError(
            f"{command}: --players: {form.name} is played by {form.players} players, "
            f"not {len(players)}: give {form.players} names"
        )


def cmd_sim_devices(args: argparse.Namespace) -> int:
    from .engine.record import play_record
    from .sim.devices import Faults
    from .sim.main import SimError
    from .sim.main import main as sim_main
    from .sim.script import record_steps

    try:
        Faults.parse(args.fault or [])
    except ValueError as error:
        raise UsageError(f"honeymoon sim-devices: {error}") from None
    steps = None
    if args.record:
        record = read_record(args.record)
        play_record(record)  # a record the engine refuses is refused here, with its place
        steps = record_steps(record)
    try:
        return sim_main(args, steps)
    except SimError as error:
        raise UsageError(f"honeymoon sim-devices: {error}") from None


def cmd_run(args: argparse.Namespace) -> int:
    """Bad --size and --screenshot-dir are refused before anything starts."""
    from .run import main as run_main

    if args.screenshot_dir is not None:
        _check_screenshot_dir(Path(args.screenshot_dir))
    if args.players is not None:
        from .forms import FORMS, find_form

        if args.new is not None:
            check_player_count(find_form(args.new), args.players, "honeymoon run")
        counts = sorted({form.players for form in FORMS})
        if len(args.players) not in counts:  # the form is chosen later: any form's count
            *most, last = [str(n) for n in counts]  # "2, 3 or 4"
            allowed = f"{', '.join(most)} or {last}" if most else last
            raise UsageError(
                f"honeymoon run: --players: give {allowed} names, not {len(args.players)}"
            )
    args.steps = _run_steps(args)
    return run_main(args)


def _run_steps(args: argparse.Namespace) -> list | None:
    """--record's steps for the simulated devices; a scanner string that names no camera
    it can simulate, or a record without --simulate, refused before anything starts."""
    if args.scanner is not None:
        from .config import scanner_refusal

        refusal = scanner_refusal(args.scanner)
        if refusal is not None:
            raise UsageError(f"honeymoon run: --scanner: {refusal}")
        camera = args.scanner == "camera" or args.scanner.startswith("camera:")
        if args.simulate and camera and not args.scanner.startswith("camera:dir:"):
            raise UsageError(
                "honeymoon run: --simulate lays cards in a folder camera: --scanner camera:dir:PATH"
            )
        if args.simulate and camera and args.uids:
            raise UsageError("honeymoon run: --uids: a camera reads the cards, not tags")
    if args.record is None:
        return None
    if not args.simulate:
        raise UsageError("honeymoon run: --record plays through the simulated devices: --simulate")
    from .engine.record import play_record
    from .sim.script import record_steps

    record = read_record(args.record)
    play_record(record)  # a record the engine refuses is refused here, with its place
    return record_steps(record)


def _check_screenshot_dir(folder: Path) -> None:
    """The folder exists (made if need be) and takes a file; UsageError says why not."""
    where = f"honeymoon run: --screenshot-dir {folder}"
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{where}: not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageError(f"{where}: cannot write there ({error.strerror or error})") from None


def _stored_game(args, rubber: int | None = None):
    """A rubber rebuilt from the journal in --data-dir; UsageError when none can be read.
    From a damaged journal: as far as it can be read, with one line of warning."""
    from .config import data_dir
    from .store.journal import FILENAME, JournalError
    from .store.status import stored_game

    try:
        game, note = stored_game(data_dir(args.data_dir) / FILENAME, rubber)
    except JournalError as error:
        raise UsageError(str(error)) from None
    if note:
        print(f"warning: {note}", file=sys.stderr)
    return game


def cmd_status(args: argparse.Namespace) -> int:
    from .store.status import status

    print(json.dumps(status(_stored_game(args))))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from .config import data_dir
    from .store.journal import FILENAME, JournalError
    from .store.status import stored_history
    from .store.trends import trends

    try:
        results, damaged = stored_history(data_dir(args.data_dir) / FILENAME)
    except JournalError as error:
        raise UsageError(str(error)) from None
    if damaged:
        print(f"warning: {damaged} finished rubber(s) cannot be read: left out", file=sys.stderr)
    figures = trends(results)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print("\n".join(_history_lines(figures)) or "no finished rubber yet")
    return 0


def _history_lines(figures: dict) -> list[str]:
    """A line a group: "draw-and-discard, Anna & Ben: 3 played; Anna 2, Ben 1 won;
    Anna ahead by 420 since rubber 2"."""
    lines = []
    for group in figures["couples"]:
        won = ", ".join(f"{name} {n}" for name, n in group["won"].items())
        ahead = group["ahead"]
        lead = "even" if ahead is None else f"{ahead['name']} ahead by {ahead['by']}"
        since = "" if ahead is None else f" since rubber {ahead['since']}"
        names = " & ".join(group["players"])
        lines.append(
            f"{group['form']}, {names}: {group['played']} played; {won} won; {lead}{since}"
        )
    for group in figures["partnerships"]:
        ahead = group["ahead"]
        if ahead is None:
            lead = "even"
        else:
            word = "ahead" if ahead["by"] > 0 else "behind"
            lead = f"{word} by {abs(ahead['by'])} since rubber {ahead['since']}"
        names = " & ".join(group["players"])
        lines.append(
            f"{group['form']}, {names}: {group['played']} played, {group['won']} won; {lead}"
        )
    return lines


def cmd_export(args: argparse.Namespace) -> int:
    from .store.pbn import export_pbn
    from .store.status import export_json

    game = _stored_game(args, args.rubber)
    if args.format == "pbn":
        print(export_pbn(game), end="")
    else:
        print(json.dumps(export_json(game), indent=1))
    return 0


def _camera_commands():
    """device.camera, imported only here: the table process never loads OpenCV."""
    try:
        from .camera import commands
    except ImportError as error:
        raise UsageError(
            f"the camera needs OpenCV and numpy ({error.name} is missing): pip install '.[camera]'"
        ) from None
    return commands


def cmd_camera_pair(args: argparse.Namespace) -> int:
    return _camera_commands().cmd_camera_pair(args)


def cmd_camera_read(args: argparse.Namespace) -> int:
    return _camera_commands().cmd_camera_read(args)


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analysis.report import as_json, as_text, reviews

    if (args.file is None) == (args.data_dir is None):
        raise UsageError("honeymoon analyze: give either FILE or --data-dir, not both or neither")
    if args.file is not None and args.rubber is not None:
        raise UsageError("honeymoon analyze: --rubber goes with --data-dir, not with FILE")
    if args.file is not None:
        from .engine.record import play_record

        game = play_record(read_record(args.file))
    else:
        game = _stored_game(args, args.rubber)
    done = [d.number for d in game.deals if d.outcome is not None]
    if args.deal is not None and args.deal not in done:
        last = f"1 to {max(done)}" if done else "none"
        word = game.form.deal_word  # aBRIDGEd: hand
        raise UsageError(f"honeymoon analyze: --deal: no finished {word} {args.deal} ({last})")
    items = reviews(game, args.deal)
    if args.json:
        print(json.dumps(as_json(items), indent=1))
    else:
        print(as_text(items, game.form.deal_word), end="")
    return 0


COMMANDS = {
    "analyze": cmd_analyze,
    "score": cmd_score,
    "replay": cmd_replay,
    "demo": cmd_demo,
    "forms": cmd_forms,
    "run": cmd_run,
    "sim-devices": cmd_sim_devices,
    "status": cmd_status,
    "export": cmd_export,
    "history": cmd_history,
    "camera-pair": cmd_camera_pair,
    "camera-read": cmd_camera_read,
}


def main(argv: list[str] | None = None) -> int:
    command = None
    try:
        args = build_parser().parse_args(argv)
        command = args.command
        status = COMMANDS[command](args)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return status
    except (UsageError, RuleError) as error:
        return _refuse(str(error))
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        if command == "run" or error.errno not in OUTPUT_ERRNOS:
            raise
        return _output_failed(command, error)
    except (Exception, RecursionError) as error:
        if command in (None, "run"):
            raise  # the table itself: a crash is for the log and systemd's restart
        # Whatever a command is given, it ends in one line: say what went wrong.
        return _refuse(f"honeymoon {command}: cannot go on: {type(error).__name__}: {error}")


# What writing to standard output can fail with: a closed pipe, a full or broken disk.
OUTPUT_ERRNOS = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT}


def _refuse(message: str) -> int:
    print(one_line(message), file=sys.stderr)
    return EXIT_BAD_INPUT


def _output_failed(command: str, error: OSError) -> int:
    """Standard output cannot be written: stop writing to it and say so on standard error."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the exit's own flush must not fail again
    if error.errno != errno.EPIPE:  # a closed pipe is the reader's choice: nothing to say
        print(f"honeymoon {command}: cannot write the output: {error.strerror}", file=sys.stderr)
    return EXIT_NO_OUTPUT


if __name__ == "__main__":
    sys.exit(main())
