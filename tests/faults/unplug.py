"""Unplug and replug: the simulated scanner's pty closed and reopened (a new pty
behind the same link path, as a USB replug gives) mid-deal, while cards are
being scanned, through the real drivers and the real table loop.

The scanner is back (the driver's CONNECTED) within 2 s of every replug, and
no card is lost or doubled: the game ends with exactly the record's events
and not one input refused.
"""

from __future__ import annotations

import queue
import random
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from device.engine.game import Game
from device.engine.record import play_record, to_record
from device.hal.events import CONNECTED, LOST
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.robots import play_rubber
from device.sim.devices import SimDevice
from device.sim.links import PtyLink
from device.sim.script import SCANNER, press, record_steps
from device.table import Table

BACK_WITHIN_S = 2.0
CARD_EVERY_S = 0.03  # a brisk player
QUEUED_CARDS = 8  # scanned but not yet acknowledged, at most (the device holds 32)


class TimedLink(PtyLink):
    """A pty link that notes when it was last plugged in."""

    opened_at = 0.0

    def open(self) -> None:
        super().open()
        self.opened_at = time.monotonic()


class Rig:
    """Sims on ptys, the real drivers, and a thread running the table loop."""

    def __init__(self, folder: Path):
        self.inputs: queue.Queue = queue.Queue()
        self.sims = {
            kind: SimDevice(kind, f"SIM-{kind.upper()}", TimedLink(folder / kind)).start()
            for kind in ("scanner", "bidbox")
        }
        drivers = {
            kind: SerialDevice(sim.link.url, self.inputs, kind).start()
            for kind, sim in self.sims.items()
        }
        self.loop = TableLoop(None, self.inputs, drivers)
        self.connected: dict[str, list[float]] = {kind: [] for kind in self.sims}
        self.events: Counter = Counter()
        self.refused: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            for item, outcome in self.loop.step(0.05):
                now = time.monotonic()
                if item.kind == CONNECTED:
                    self.connected[item.source].append(now)
                if item.kind in (CONNECTED, LOST):
                    self.events[f"{item.source} {item.kind}"] += 1
                elif not outcome.accepted:
                    self.refused.append(f"{item}: {outcome.message}")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        for device in list(self.loop.devices.values()) + list(self.sims.values()):
            device.stop()


def feed(rig: Rig, steps, enough: threading.Event, fed: list, failed: list) -> None:
    """Play the steps: cards at a player's pace, the rest once every card is in; stop
    at the end of a deal once `enough` is set."""
    sims = rig.sims
    try:
        for device, what in steps:
            if enough.is_set() and what == "OK":  # OK starts the next deal
                break
            fed.append(what)
            if device == SCANNER:
                while sims[SCANNER].waiting >= QUEUED_CARDS:
                    time.sleep(0.005)
                press(sims, device, what)
                time.sleep(CARD_EVERY_S)
            else:
                if not sims[SCANNER].wait_delivered(30):
                    raise TimeoutError("scanned cards were never acknowledged")
                press(sims, device, what)
                if not sims[device].wait_delivered(30):
                    raise TimeoutError(f"{what} was never acknowledged")
        if not sims[SCANNER].wait_delivered(30):
            raise TimeoutError("the last cards were never acknowledged")
    except Exception as error:  # reported as a problem, not lost in a thread
        failed.append(error)


def run(unplugs: int = 50, seed: int = 1, longest_s: float = 1.0) -> dict:
    """Unplug the scanner `unplugs` times for 0.05 s to `longest_s`, over as many
    rubbers as it takes (the last one ends after the deal of the last unplug)."""
    rng = random.Random(seed)
    times: list[float] = []
    problems: list[str] = []
    counts: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="faults-unplug-") as folder:
        rig = Rig(Path(folder))
        try:
            while len(times) < unplugs and not problems:
                record = to_record(play_rubber(rng.randrange(1 << 30)))
                played = play_record(record)
                rig.loop.table = Table(Game(played.setup))
                enough, fed, failed = threading.Event(), [], []
                args = (rig, record_steps(record), enough, fed, failed)
                feeder = threading.Thread(target=feed, args=args, daemon=True)
                feeder.start()
                while feeder.is_alive() and len(times) < unplugs and not problems:
                    _unplug_mid_deal(rig, rng, longest_s, feeder, times, counts, problems)
                enough.set()
                feeder.join(120)
                if failed or feeder.is_alive():
                    problems.append(f"rubber {counts['rubbers'] + 1} stalled: {failed}")
                _compare(rig.loop.table.game.events, played.events[: len(fed)], counts, problems)
                counts["rubbers"] += 1
            problems += [f"refused: {r}" for r in rig.refused]
            events = dict(rig.events)
        finally:
            rig.close()
    if events.get("bidbox connected") != 1 or events.get("bidbox lost"):
        problems.append(f"the bidding box was disturbed: {events}")
    slow = [t for t in times if t >= BACK_WITHIN_S]
    if slow:
        problems.append(f"{len(slow)} replugs took {BACK_WITHIN_S} s or more: {slow}")
    return {
        "unplugs": len(times),
        "max_s": max(times, default=0.0),
        "mean_s": sum(times) / len(times) if times else 0.0,
        **counts,
        "events": events,
        "problems": problems,
    }


def _compare(got, expected, counts: Counter, problems: list) -> None:
    """The game's events against the record's: cards lost, doubled, in order."""
    cards = [str(e.card) for e in got if e.kind == "card"]
    want = [str(e.card) for e in expected if e.kind == "card"]
    counts["cards"] += len(want)
    counts["lost"] += sum((Counter(want) - Counter(cards)).values())
    counts["doubled"] += sum((Counter(cards) - Counter(want)).values())
    if [e.to_dict() for e in got] != [e.to_dict() for e in expected]:
        problems.append(f"rubber {counts['rubbers'] + 1}: the game's events are not the record's")


def _unplug_mid_deal(rig: Rig, rng, longest_s: float, feeder, times, counts, problems) -> None:
    """Wait for the play of a deal, pull the scanner's cable, time its return."""
    while feeder.is_alive() and rig.loop.table.game.phase != "play":
        time.sleep(0.005)
    time.sleep(rng.uniform(0, 0.3))
    if rig.loop.table.game.phase != "play":
        return
    scanner = rig.sims[SCANNER]
    before = len(rig.connected[SCANNER])
    scanner.unplug(rng.uniform(0.05, longest_s))
    replugged = scanner.link.opened_at
    counts["cards waiting at replug"] += scanner.waiting
    end = time.monotonic() + 5
    while len(rig.connected[SCANNER]) == before and time.monotonic() < end:
        time.sleep(0.002)
    if len(rig.connected[SCANNER]) == before:
        problems.append("the scanner did not come back within 5 s")
        return
    times.append(rig.connected[SCANNER][before] - replugged)


def summary(result: dict) -> str:
    return (
        f"unplug: {result['unplugs']} unplugs mid-deal, back in max {result['max_s']:.2f} s "
        f"(mean {result['mean_s']:.2f} s, limit {BACK_WITHIN_S:.0f} s), {result.get('cards', 0)} "
        f"cards in {result.get('rubbers', 0)} rubbers, {result.get('lost', 0)} lost, "
        f"{result.get('doubled', 0)} doubled ({result.get('cards waiting at replug', 0)} were "
        "waiting in the scanner at the replugs)"
    )
