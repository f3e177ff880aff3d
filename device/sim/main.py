"""`honeymoon sim-devices`: a simulated scanner and bidding box, driven by the
keyboard or by a game record, speaking protocol v1 over ptys or TCP."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from pathlib import Path

from .. import stopping
from ..stopping import die_with_parent, stop_on_signals
from .devices import Faults, SimDevice
from .keyboard import SCANNER, parse_tokens
from .links import PtyLink, TcpLink
from .script import Played, play_steps, press

DEFAULT_DIR = "/tmp/honeymoon-sim"


class SimError(Exception):
    """The simulated devices cannot start (a port in use, a folder that cannot hold the
    links); the message says which and why, in one line."""


def make_sims(args, seed=None) -> dict[str, SimDevice]:
    faults = Faults.parse(args.fault or [])
    if args.tcp is not None:
        links = {"scanner": TcpLink("127.0.0.1", args.tcp), "bidbox": TcpLink("127.0.0.1", 0)}
        if args.tcp:
            links["bidbox"] = TcpLink("127.0.0.1", args.tcp + 1)
    else:
        folder = links_folder(args.dir)
        links = {"scanner": PtyLink(folder / "scanner"), "bidbox": PtyLink(folder / "bidbox")}
    return {
        name: SimDevice(name, f"SIM-{name.upper()}", link, faults, seed)
        for name, link in links.items()
    }


def links_folder(name: str) -> Path:
    """The folder for the pty links: made if its parent exists, refused otherwise."""
    folder = Path(name)
    if folder.exists() and not folder.is_dir():
        raise SimError(f"--dir {folder}: not a folder")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as error:
        raise SimError(f"--dir {folder}: {error.strerror or error}") from None
    return folder


def start_all(sims: dict[str, SimDevice]) -> None:
    """Open every link, or none: a device that cannot start, or a stop meanwhile
    (KeyboardInterrupt: main defers it to after the start), stops those already started
    (their links removed)."""
    started = []
    try:
        for name, sim in sims.items():
            try:
                sim.start()
            except (OSError, OverflowError) as error:
                reason = getattr(error, "strerror", None) or error
                raise SimError(f"the {name} cannot open {sim.link.url}: {reason}") from None
            started.append(sim)
    except BaseException:
        for done in started:
            done.stop()
        raise


def unplugger(sims: dict, every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        sims[SCANNER].unplug(1.0)


def main(args, steps: list[tuple[str, str]] | None = None) -> int:
    """Keyboard-driven, or with `steps` (from a record) played one by one: then the
    exit status is 0 only when every step was accepted by the table.

    However it ends (the keyboard's end, the record's, Ctrl-C, SIGTERM, SIGHUP, the
    parent gone while a record plays), the devices stop and their links go."""
    if steps is not None:
        die_with_parent()  # a record is played for whoever started it: not beyond it
    made = None if args.tcp is not None or Path(args.dir).exists() else Path(args.dir)
    # The handlers before the first link: a stop at any moment after it (the parent
    # killed as soon as the links appear) removes them, never the default action's
    # death with the links left behind.
    with stop_on_signals():
        try:
            sims = make_sims(args)
            # Every device started, or none (and no link left). A stop meanwhile is taken
            # once they have: raised inside a device's start it could hold its lock for
            # good (a `with` entered, not left), and its stop would wait on it forever,
            # the links left (a parent killed as the last link appeared).
            with stopping.deferred():
                start_all(sims)
            try:
                stopping.check()
                played = run_sims(args, sims, steps)
            finally:  # run_sims stops them; a stop signal just before it must too
                for sim in sims.values():
                    sim.stop()
        finally:
            if made is not None:
                with contextlib.suppress(OSError):
                    made.rmdir()  # made for the links, and empty again
    if played is None:
        return 0
    print(played.line(), flush=True)
    return 0 if played.accepted == played.total else 1


def run_sims(args, sims: dict, steps) -> Played | None:
    """The keyboard, or the steps, until they end or a signal stops them; the devices
    stopped (their links removed) whatever happens."""
    stop = threading.Event()
    played = Played(len(steps)) if steps is not None else None
    try:
        for name, sim in sims.items():
            print(f"{name}: {sim.link.url}", flush=True)
        if args.unplug_every:
            threading.Thread(
                target=unplugger, args=(sims, args.unplug_every, stop), daemon=True
            ).start()
        if steps is not None:
            played = _play_in_a_thread(sims, steps, args, played)
        else:
            keyboard(sims, args.uids)
    except KeyboardInterrupt as why:
        if played is not None and played.stopped is None:
            played.stopped = f"stopped by {why or 'Ctrl-C'}"
            print(f"stopping: {played.stopped}", flush=True)
    finally:
        stop.set()
        for sim in sims.values():
            sim.stop()
    return played


def _play_in_a_thread(sims: dict, steps, args, played: Played) -> Played:
    """play_steps in a thread of its own while the main thread waits in short slices: a
    stop signal is taken between them (stopping.deferred), never inside a lock's wait,
    where Python can lose the KeyboardInterrupt a handler raises ("Signal 15 ignored
    due to race condition") and the program would go on waiting for its table."""
    failed: list[BaseException] = []

    def play() -> None:
        try:
            play_steps(sims, steps, args.speed, args.uids, played=played)
        except BaseException as error:  # handed to the main thread, raised there
            failed.append(error)

    worker = threading.Thread(target=play, name="record", daemon=True)
    with stopping.deferred():
        worker.start()
        while worker.is_alive():
            worker.join(0.05)
            stopping.check()
    if failed:
        raise failed[0]
    return played


def keyboard(sims: dict, uids: bool) -> None:
    print("type cards (SA), calls (1S, p, x, xx) and keys (ok, undo, menu); Ctrl-D ends")
    for line in sys.stdin:
        try:
            tokens = parse_tokens(line)
        except ValueError as error:
            print(f"! {error}", flush=True)
            continue
        for device, what, _ in tokens:
            press(sims, device, what, uids)
    time.sleep(0.5)  # let the last inputs be delivered
