"""Reconnect-ACK: robot rubbers through the simulated devices (ptys, the real
serial drivers, the real table loop and a real journal) while the table stores
slowly and the device whose input it is storing drops its link, once or a few
times in a row, meanwhile.

The table's answer then falls while the link is down, while the port is open
again but the device has not said HELLO yet (these devices take up to 0.4 s
to answer IDENTIFY), or after the HELLO. Whichever: the device's resend after
it is back must be acknowledged, and the input applied once. Refused inputs
too: a call pressed during the play, which the table refuses slowly while the
bidding box reconnects, is answered once and refused once.

Targets: every input stored exactly once (the game's and the journal's inputs
are the record's, in order), every input and every refusal acknowledged at its
device, no device left resending forever.
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
from device.engine.record import to_record
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.robots import play_rubber
from device.sim.devices import SimDevice
from device.sim.keyboard import BIDBOX
from device.sim.links import PtyLink
from device.sim.script import press, record_steps
from device.store.journal import FILENAME, Journal
from device.table import Table
from firmware_bridge import protocol as p

FOREVER_S = 20.0  # an input not acknowledged by then: its device resends forever
SLOW_SHARE = 0.35  # of the table's stores (and refusals) that are slow ...
SLOW_S = (0.05, 0.8)  # ... and how slow
DOWN_S = (0.02, 0.3)  # how long a link stays down
DROPS = (1, 4)  # links dropped in a row during one slow store
ANSWER_S = (0.0, 0.4)  # how long a device takes to answer IDENTIFY
STRAY_SHARE = 0.06  # of the play's steps before which a call is pressed (refused)
STRAY_CALL = "7NT"


class SlowDevice(SimDevice):
    """A simulated device that takes a while to answer IDENTIFY (busy with its reader),
    and counts its reconnects."""

    def __init__(self, *args, seed: int, **kwargs):
        super().__init__(*args, seed=seed, **kwargs)
        self.answer_rng = random.Random(seed + 1)
        self.reconnects = 0

    def _command(self, frame: p.Frame) -> None:
        if frame.type == p.IDENTIFY:
            self._stop.wait(self.answer_rng.uniform(*ANSWER_S))
        super()._command(frame)

    def unplug(self, seconds: float = 1.0) -> None:
        super().unplug(seconds)
        self.reconnects += 1


class CountingDriver(SerialDevice):
    """The real driver; it counts when the table's answers found no line."""

    counts: Counter

    def acknowledge(self, done) -> None:
        if self._port is None:
            self.counts["answers while down"] += 1
        elif done.session != self.session:
            self.counts["answers before HELLO"] += 1
        else:
            self.counts["answers on the line"] += 1
        super().acknowledge(done)


class Rig:
    """The sims, the drivers, a thread that owns the table loop and the journal (an
    SQLite connection stays in its thread), and one that drops the links."""

    def __init__(self, folder: Path, rng: random.Random):
        self.rng = rng  # the loop thread's: which answers are slow, and how slow
        self._drop_rng = random.Random(rng.randrange(1 << 30))  # the dropping thread's
        self.counts: Counter = Counter()
        self.inputs: queue.Queue = queue.Queue()
        self.sims = {
            kind: SlowDevice(
                kind, f"SIM-{kind.upper()}", PtyLink(folder / kind), seed=rng.randrange(1 << 30)
            ).start()
            for kind in ("scanner", "bidbox")
        }
        drivers = {}
        for kind, sim in self.sims.items():
            driver = CountingDriver(sim.link.url, self.inputs, kind)
            driver.counts = self.counts
            drivers[kind] = driver.start()
        self.loop = TableLoop(None, self.inputs, drivers)
        self.journal: Journal | None = None
        self.refused: list[str] = []
        self.crashed: list[str] = []
        self._drops: queue.Queue = queue.Queue()  # a slow store: the port to disturb
        self._asks: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._run, daemon=True),
            threading.Thread(target=self._drop_links, daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        self.ask(lambda: setattr(self, "journal", SlowJournal(folder / FILENAME, self)))

    def ask(self, job):
        """Run `job` in the loop's thread, between two steps; its result."""
        answer: queue.Queue = queue.Queue()
        self._asks.put((job, answer))
        ok, value = answer.get(timeout=FOREVER_S * 2)
        if not ok:
            raise value
        return value

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                while not self._asks.empty():
                    job, answer = self._asks.get()
                    try:
                        answer.put((True, job()))
                    except Exception as error:  # handed to the asker
                        answer.put((False, error))
                for item, outcome in self.loop.step(0.01):
                    if item.kind not in ("card", "call", "key", "error"):
                        continue
                    if item.kind == "call" and item.value == STRAY_CALL and not outcome.accepted:
                        self.counts["refusals"] += 1
                    elif not outcome.accepted:
                        self.refused.append(f"{item}: {outcome.message}")
        except Exception as error:  # the table stopped: reported, not lost in a thread
            self.crashed.append(repr(error))

    def slow(self, port: str) -> None:
        """Called by the table, in the loop's thread, as it stores or refuses an input of
        `port`: now and then it takes its time, while that device's link drops."""
        if self.rng.random() >= SLOW_SHARE:
            return
        self.counts["slow answers"] += 1
        self._drops.put(port)
        time.sleep(self.rng.uniform(*SLOW_S))

    def _drop_links(self) -> None:
        rng = self._drop_rng
        while not self._stop.is_set():
            try:
                port = self._drops.get(timeout=0.05)
            except queue.Empty:
                continue
            for _ in range(rng.randint(*DROPS)):
                self.sims[port].unplug(rng.uniform(*DOWN_S))
                self.counts["reconnects"] += 1
                self._stop.wait(rng.uniform(0, 0.15))

    @property
    def up(self) -> bool:
        return self._threads[0].is_alive() and not self.crashed

    def close(self) -> None:
        if self.journal is not None and self._threads[0].is_alive():
            self.ask(self.journal.close)
        self._stop.set()
        for thread in self._threads:
            thread.join(3)
        for device in list(self.loop.devices.values()) + list(self.sims.values()):
            device.stop()


class SlowJournal(Journal):
    """The real journal, whose store is now and then slow (a busy SD card)."""

    def __init__(self, path: Path, rig: Rig):
        super().__init__(path)
        self.rig = rig

    def append(self, rubber, event, session=None, seq=None, result=...):
        if session is not None:
            self.rig.slow(session[0].partition("/")[0])
        super().append(rubber, event, session, seq, result)


class SlowTable(Table):
    """The real table, now and then slow to refuse an input too."""

    rig: Rig | None = None

    def handle(self, item):
        self._source = item.source
        return super().handle(item)

    def refused(self, reason: str):
        if self.rig is not None and getattr(self, "_source", None) in self.rig.sims:
            self.rig.slow(self._source)
        return super().refused(reason)


def play(rig: Rig, played: Game, rng: random.Random, enough, max_steps, problems) -> None:
    """The robot rubber's inputs pressed one at a time, each acknowledged before the
    next; before a few of the play's steps, a call that the table refuses. It stops
    early once `enough()` holds (or after `max_steps`)."""

    def made():
        table = SlowTable(Game(played.setup), journal=rig.journal)
        table.rig = rig
        return table

    table = rig.ask(made)
    rig.loop.table = table
    steps = record_steps(to_record(played))[:max_steps]
    for i, (device, what) in enumerate(steps):
        if enough():
            steps = steps[:i]
            break
        if table.game.phase == "play" and rng.random() < STRAY_SHARE:
            if not _delivered(rig, BIDBOX, STRAY_CALL, problems, f"the call before input {i + 1}"):
                return
            rig.counts["strays"] += 1
        if not _delivered(rig, device, what, problems, f"input {i + 1} ({what})"):
            return
    _compare(rig, table, played.events[: len(steps)], problems)


def _delivered(rig: Rig, device: str, what: str, problems: list, name: str) -> bool:
    """Press `what`; True once its device has its ACK. An input whose device was left
    resending forever is a problem (and the rubber stops there)."""
    sim = rig.sims[device]
    resends, reconnects = sim.outbox.resends, sim.reconnects
    press(rig.sims, device, what)
    rig.counts["pressed"] += 1
    if not sim.wait_delivered(FOREVER_S):
        rig.counts["resending forever"] += 1
        problems.append(f"{device}: {name} was never acknowledged: resending forever")
        return False
    rig.counts["acknowledged"] += 1
    if sim.outbox.resends > resends:
        rig.counts["resend loops ended"] += 1
    if sim.reconnects > reconnects:
        rig.counts["acknowledged across a reconnect"] += 1
    return True


def _compare(rig: Rig, table: Table, expected, problems: list) -> None:
    """The game's and the journal's inputs against the record's: each stored once."""
    want = [e.to_dict() for e in expected]
    got = [e.to_dict() for e in table.game.events]
    stored = [e.to_dict() for e in rig.ask(lambda: rig.journal.rubber(table.rubber)).events]
    rig.counts["inputs"] += len(want)
    if got == want and stored == want:
        rig.counts["stored once"] += len(want)
        return
    keyed = [repr(sorted(e.items())) for e in stored]
    wanted = [repr(sorted(e.items())) for e in want]
    rig.counts["lost"] += sum((Counter(wanted) - Counter(keyed)).values())
    rig.counts["doubled"] += sum((Counter(keyed) - Counter(wanted)).values())
    problems.append(
        f"rubber {rig.counts['rubbers'] + 1}: the game's ({len(got)}) or the journal's "
        f"({len(stored)}) inputs are not the record's {len(want)}"
    )


def run(
    reconnects: int = 300, seed: int = 1, max_steps: int | None = None, rubbers: int = 0
) -> dict:
    """Robot rubbers until the links have dropped `reconnects` times (the rubber under
    way stops there); for the short test, `rubbers` of `max_steps` inputs instead."""
    rng = random.Random(seed)  # the rubbers and the stray calls: the same for a seed
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="faults-reconnect-") as name:
        rig = Rig(Path(name), random.Random(seed + 1))
        try:

            def enough() -> bool:
                return not rubbers and rig.counts["reconnects"] >= reconnects

            while not enough() and not problems and rig.counts["rubbers"] < (rubbers or 1e9):
                rubber = play_rubber(rng.randrange(1 << 30))
                play(rig, rubber, rng, enough, max_steps, problems)
                rig.counts["rubbers"] += 1
            rig.counts["table up"] = int(rig.up)
            problems += [f"refused: {r}" for r in rig.refused]
            problems += [f"the table stopped: {c}" for c in rig.crashed]
            duplicates = sum(d.stats["duplicates"] for d in rig.loop.devices.values())
        finally:
            rig.close()
        counts = rig.counts
    counts["resends dropped"] = duplicates
    if counts["refusals"] != counts["strays"]:
        problems.append(f"{counts['strays']} stray calls, refused {counts['refusals']} times")
    keys = ("rubbers", "pressed", "inputs", "stored once", "lost", "doubled", "strays", "refusals")
    keys += ("acknowledged", "resending forever", "resend loops ended", "reconnects")
    keys += ("slow answers", "answers while down", "answers before HELLO", "answers on the line")
    keys += ("acknowledged across a reconnect", "table up")
    return {**dict.fromkeys(keys, 0), **counts, "problems": problems}


def summary(result: dict) -> str:
    r = result
    return (
        f"reconnect-ACK: {r['reconnects']} links dropped during {r['slow answers']} slow "
        f"stores or refusals, {r['rubbers']} rubbers; inputs stored once: {r['stored once']} "
        f"of {r['inputs']} (target: all), {r['lost']} lost, {r['doubled']} doubled; "
        f"{r['strays']} stray calls refused {r['refusals']} times (target: once each); "
        f"ACKs received: {r['acknowledged']} of {r['pressed']} inputs pressed (target: all), "
        f"{r['acknowledged across a reconnect']} across a reconnect; the table's answer "
        f"with no line {r['answers while down']} times (link down) and "
        f"{r['answers before HELLO']} (before the HELLO), kept for the resend; resend loops "
        f"ended: {r['resend loops ended']}, devices resending forever: "
        f"{r['resending forever']} (target: 0)"
    )
