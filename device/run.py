"""`honeymoon run`: the table with its devices (real or simulated), its journal,
and the touchscreen app (or, with --text, the terminal)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import queue
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

from .config import (
    SettingsNotice,
    config_path,
    data_dir,
    load_config,
    name_refusal,
    normal_name,
)
from .console import Console
from .engine.errors import SetupError
from .engine.events import Setup
from .engine.game import Game
from .engine.message import msg
from .hal.camera_line import open_scanner
from .hal.deck import BESIDE, DEFAULT_DECK, DeckProfile, deck_notice
from .hal.serial_device import SerialDevice
from .loop import TableLoop
from .stopping import stop_on_signals
from .store.journal.opening import open_journal
from .store.lock import FolderBusy, FolderLock
from .store.prefs import Prefs
from .table import Table

STOP_S = 1.5  # the devices stopped within this: the table ends within 2 s of a SIGTERM


def open_devices(
    scanner, bidbox, config: dict, inputs: queue.Queue, applied=None, decks: Path | None = None
) -> dict:
    """The devices named; `applied` (from the journal) keeps resends from counting twice.
    A camera scanner runs in a process of its own, with its profiles in `decks`."""
    devices = {}
    if scanner != "none":
        devices["scanner"] = open_scanner(scanner, inputs, decks, applied).start()
    if bidbox == "gpio":
        gpio = open_gpio_bidbox(config["gpio"], inputs)
        if gpio is not None:
            devices["bidbox"] = gpio
    elif bidbox != "none":
        devices["bidbox"] = SerialDevice(bidbox, inputs, "bidbox", applied).start()
    return devices


NO_GPIO = (
    "GPIO bidding box: this machine has no GPIO pins (use the serial bidding box or the screen)"
)


def open_gpio_bidbox(pins: dict, inputs: queue.Queue):
    """The GPIO bidding box with the config's pins over the built-in map; on a
    machine without GPIO (or with a bad map) the table goes on without it."""
    from gpiozero.exc import BadPinFactory, GPIOZeroError

    from .hal.bidbox_gpio import DEFAULT_PINS, GpioBidBox
    from .hal.events import LOST, Input

    try:
        with warnings.catch_warnings():  # one clear message below, not gpiozero's fallbacks
            warnings.simplefilter("ignore")
            return GpioBidBox({**DEFAULT_PINS, **pins}, inputs)
    except BadPinFactory:  # no GPIO here at all (a laptop): said in the screen's words
        inputs.put(Input(LOST, msg(NO_GPIO), "bidbox"))
        return None
    except (GPIOZeroError, ValueError, OSError) as error:
        inputs.put(
            Input(LOST, msg("GPIO bidding box: {reason}", reason=error), "bidbox")
        )  # never opened
        return None


def new_game(args: argparse.Namespace, config: dict, options: dict | None = None) -> Game:
    """A rubber started from the command line; `options` (remembered, maybe of
    another form) are those of its form."""
    from .forms import find_form

    form = args.new or config["game"]["form"]
    players = tuple(normal_name(p) for p in args.players or config["game"]["players"])
    count = find_form(form).players
    if len(players) != count:
        how = "--players" if args.players else "the remembered players"
        raise SetupError(
            f"{how}: {find_form(form).name} is played by {count} players, "
            f"not {len(players)}: give --players with {count} names"
        )
    first = normal_name(args.first_dealer) if args.first_dealer else players[0]
    if first not in players:
        raise SetupError(f"--first-dealer {first!r} is not one of the players")
    known = {option.name for option in find_form(form).options}
    options = {k: v for k, v in (options or {}).items() if k in known}
    return Game(Setup(form, players, players.index(first), options))


def main(args: argparse.Namespace) -> int:
    """The table until it is quit, or stopped by Ctrl-C, SIGTERM or SIGHUP: either way
    its devices, the review worker and the folder lock are let go."""
    with stop_on_signals(), refusals_logged(not args.text):
        return run_table(args)


def run_table(args: argparse.Namespace) -> int:
    config, notices = load_settings(args)
    folder = data_dir(args.data_dir)
    try:
        lock = FolderLock(folder).acquire()  # held until this process ends
    except FolderBusy as error:
        raise SetupError(str(error)) from None
    inputs: queue.Queue = queue.Queue()
    scanner = args.scanner or config["devices"]["scanner"]
    bidbox = args.bidbox or config["devices"]["bidbox"]
    sims = start_simulated_devices(args.scanner) if args.simulate else {}
    if sims:
        scanner, bidbox = simulated_urls(sims, scanner)
    decks = folder / "decks"
    profile = table_deck(decks, args.deck, notices)
    opened = open_journal(folder)  # a damaged journal is salvaged; never a stop
    journal, game, rubber = opened.journal, opened.game, opened.rubber
    for line in opened.log_lines():
        print(line, file=sys.stderr)
    # Remembered values come over the config; the command line over both. With no
    # usable data folder (the journal keeps nothing), nothing is written either.
    prefs = Prefs.load(folder, writable=opened.memory_only is None)
    config = prefs.over(config)
    if args.new or (args.text and game is None):
        fresh = new_game(args, config, prefs.get("options"))  # a bad one stops nothing below
        if game is not None:  # --new while a rubber is in progress: it stops early
            Table(game, journal=journal, rubber=rubber).stop_early()
        game, rubber = fresh, None
        prefs.remember(players=list(game.players), form=game.form.name, options=game.options)
    table = Table(game, profile, journal, rubber) if game is not None else None
    if table is not None and opened.waiting is not None:  # the storage mark from the start
        table.storage_error = opened.waiting
    applied = journal.applied() if journal else {}
    devices = open_simulated(sims, scanner, bidbox, config, inputs, applied, decks)
    loop = TableLoop(table, inputs, devices)
    if getattr(args, "steps", None) is not None:
        play_in_background(sims, args.steps, args.speed)
    if args.pair_deck and table is not None:
        table.start_pairing(
            pairing_profile(decks, args.pair_deck, notices), decks / f"{args.pair_deck}.json"
        )
    status = 0
    try:
        if args.text:
            lang = args.lang or config["screen"]["language"]  # as the screen would speak
            console = Console(loop, sims, uids=args.uids, lang=lang)
            console.read_stdin()
            status = console.run()  # 1: the console failed on something, said and logged
        else:
            status = run_app(
                args, config, loop, sims, scanner, profile, decks, journal, opened, notices, prefs
            )
    except KeyboardInterrupt:
        pass
    finally:
        stop_all([d.close for d in devices.values()] + [s.stop for s in sims.values()])
        remove_links_folder(sims)
        lock.close()
    return status  # 1: the console failed; a Quit on the appliance: its unit restarts on it


def open_simulated(sims: dict, scanner, bidbox, config, inputs, applied, decks: Path) -> dict:
    """The table's devices, once the simulated ones (if any) are ready for them: a
    simulated camera photographs its deck and makes its profile first (in its own
    decks folder), then listens to the table's answers as a player at the table would."""
    sim = sims.get("scanner")
    if sim is not None and sim.decks is not None:
        decks = sim.decks
        print("photographing the simulated camera's deck ...", file=sys.stderr, flush=True)
    if sim is not None:
        sim.wait_ready()
    devices = open_devices(scanner, bidbox, config, inputs, applied, decks)
    if sim is not None and "scanner" in devices:
        sim.attach(devices["scanner"])  # the player hears the table's answers
    return devices


def stop_all(stops: list, within: float = STOP_S) -> None:
    """Every device stopped at once (`stops`: a Device's close, a simulated one's stop),
    each on its own thread, waiting `within` s at most in all: one stuck in a write or a
    reopen does not hold the table's exit."""
    threads = [threading.Thread(target=stop, daemon=True) for stop in stops]
    for thread in threads:
        thread.start()
    end = time.monotonic() + within
    for thread in threads:
        thread.join(max(0.0, end - time.monotonic()))


def remove_links_folder(sims: dict) -> None:
    """The folder `--simulate` made for its pty links: empty once they stopped."""
    for sim in sims.values():
        with contextlib.suppress(OSError, AttributeError):
            sim.link.path.parent.rmdir()


@contextlib.contextmanager
def refusals_logged(on: bool):
    """The app's log (standard error; journalctl on the Pi) says why each refused input
    beeped. The terminal table (--text) says it itself, in the chosen language."""
    if not on:
        yield
        return
    logger = logging.getLogger("device.loop")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(message)s"))
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def load_settings(args: argparse.Namespace) -> tuple[dict, list[str]]:
    """The config over the defaults, each ignored value logged; the screen's notices.

    A --config file that is not there and a --players name that the screen
    cannot draw are refused in one line (exit 2): they were just typed."""
    path = config_path(args.config)
    config, problems = load_config(path, must_exist=args.config is not None)
    for problem in problems:
        print(problem.log(path), file=sys.stderr)
    for name in args.players or ():
        refusal = name_refusal(name)
        if refusal is not None:
            raise SetupError(f"--players: {refusal}")
    return config, [problem.screen for problem in problems]


def table_deck(decks: Path, name: str | None, notices: list | None = None) -> DeckProfile | None:
    """The paired deck to play with: --deck NAME, else the one paired in Settings.

    A damaged profile never stops the table: what is valid of it is used, and
    the log and the screen (`notices`) say what was left out."""
    path = decks / f"{name or DEFAULT_DECK}.json"
    if not path.exists():
        if name is not None:
            raise SetupError(f"there is no deck profile {path}")
        return beside_deck(decks, None, notices)
    return beside_deck(decks, salvaged_deck(path, notices), notices)


def beside_deck(decks: Path, profile: DeckProfile | None, notices) -> DeckProfile | None:
    """The deck a form brings (aBRIDGEd's, paired as decks/abridged.json), read beside the
    table's deck (its tags are found too), or alone when the table has no other."""
    if BESIDE is None:
        return profile
    path = decks / f"{BESIDE}.json"
    if not path.exists() or (profile is not None and profile.name == BESIDE):
        return profile
    other = salvaged_deck(path, notices)
    if profile is None:
        return other
    profile.beside = other
    return profile


def pairing_profile(decks: Path, name: str, notices: list | None = None) -> DeckProfile:
    """A new profile, or the saved one so that a half-paired deck goes on where it stopped."""
    saved = decks / f"{name}.json"
    profile = salvaged_deck(saved, notices) if saved.exists() else None
    return profile or DeckProfile(name)


def salvaged_deck(path: Path, notices: list | None) -> DeckProfile | None:
    """A profile read leniently; what it lacks is logged once (--pair-deck of the
    table's own deck reads it twice) and noted for the screen."""
    profile, problems = DeckProfile.salvage(path)
    notice = deck_notice(path.stem, profile, problems)
    if notice is not None and notices is not None:
        if notice in notices:
            return profile
        notices.append(notice)
    for problem in problems:
        print(problem, file=sys.stderr)
    return profile


def show_notices(ui, notices) -> None:
    """What the settings ignored, on the screen until tapped, after the journal's notice
    if it has one."""
    if notices:
        ui.notices.notify("settings", SettingsNotice(tuple(notices)))


def start_simulated_devices(scanner: str | None = None) -> dict:
    """A simulated scanner and bidding box on ptys; with `--scanner camera:dir:PATH` the
    scanner is the real camera process on that folder, and the simulated player lays
    each card as a photo in it (device/sim/camera.py)."""
    from .sim.devices import SimDevice
    from .sim.links import PtyLink

    camera = simulated_camera(scanner)
    folder = Path(tempfile.mkdtemp(prefix="honeymoon-sim-"))
    sims = {}
    for name in ("bidbox",) if camera is not None else ("scanner", "bidbox"):
        sims[name] = SimDevice(name, f"SIM-{name.upper()}", PtyLink(folder / name)).start()
    if camera is not None:
        from .sim.camera import SimCamera

        sims["scanner"] = SimCamera(Path(camera.where)).start()
    return sims


def simulated_camera(scanner: str | None):
    """The folder camera --simulate lays its cards in (None: a simulated serial scanner);
    SetupError for another camera, which has no simulated player."""
    from .hal.camera_url import is_camera, parse_source

    if scanner is None or not is_camera(scanner):
        return None
    source = parse_source(scanner)
    if source.kind != "dir":
        raise SetupError("--simulate lays cards in a folder camera: --scanner camera:dir:PATH")
    return source


def simulated_urls(sims: dict, scanner: str) -> tuple[str, str]:
    """The scanner and bidding box the table opens: the simulated devices' ptys (a
    simulated camera's scanner is the camera string itself)."""
    own = sims["scanner"].url
    return (scanner if own is None else own), sims["bidbox"].url


def play_in_background(sims: dict, steps: list, speed: float) -> threading.Thread:
    """--record: the steps played through the simulated devices while the table runs; the
    outcome said on standard output in one line (played N of M inputs: ...)."""
    from .sim.script import play_steps

    def play():
        played = play_steps(sims, steps, speed)
        print(played.line(), flush=True)

    thread = threading.Thread(target=play, name="sim-record", daemon=True)
    thread.start()
    return thread


NO_SCREEN = ("offscreen", "dummy")  # SDL's drivers that draw nowhere
NO_SCREEN_SAID = "no screen here (no display, no framebuffer): try --headless, or --text"


def run_app(
    args, config, loop, sims, scanner, profile, decks, journal, message, notices=(), prefs=None
) -> int:
    """The touchscreen app, in a window (or headless with SDL's dummy driver), to its
    exit status: 0, or device.appliance.EXIT_RESTART for a Quit on the appliance."""
    import os

    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .forms import FORMS
    from .ui.app import App, new_table_factory
    from .ui.screens.base import StartState, UiState

    screen = config["screen"]
    ui = UiState(
        lang=args.lang or screen["language"],
        rotation=args.rotation if args.rotation is not None else screen["rotation"],
        scanner=scanner != "none",
        forms=[(f.name, f.title) for f in FORMS],
    )
    ui.four_colour = prefs.get("four_colour", False) if prefs is not None else False
    if loop.table is None:
        players = list(args.players or config["game"]["players"])
        options = prefs.get("options", {}) if prefs is not None else {}
        ui.start = StartState(form=config["game"]["form"], players=players, options=options)
    if message is not None:  # the Opened journal: a salvage notice, or why nothing is kept
        ui.memory_only = message.memory_only
        if message.notice is not None:
            ui.notices.notify("journal", message.notice)
    show_notices(ui, notices)
    ui.history.rubbers = journal.finished_results() if journal is not None else []
    size = tuple(args.size) if args.size else (screen["width"], screen["height"])
    factory = new_table_factory(profile, journal)
    import pygame

    if not args.headless and "SDL_VIDEODRIVER" not in os.environ:
        pygame.display.init()  # SDL falls back to drawing nowhere where it finds no screen
        if pygame.display.get_driver() in NO_SCREEN:
            pygame.display.quit()
            raise SetupError(NO_SCREEN_SAID)
    try:
        app = App(loop, ui, size, args.screenshot_dir, sims, factory, decks, profile, prefs)
    except pygame.error as error:  # no screen here: say what to do instead
        raise SetupError(f"no screen ({error}): try --headless, or --text") from None
    if args.pair_deck and loop.table is None:  # no rubber: the app pairs it
        app.pairing.pair_deck(args.pair_deck)
    try:
        app.run()
    finally:  # a signal, or a crash: the review worker goes with the table
        app.reviews.close()
    return app.exit_code
