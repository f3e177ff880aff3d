"""Full disk: robot rubbers played through the simulated devices (ptys, the real
serial drivers, the real table loop and a real journal) while the disk fills up
and is freed again at random moments.

While the disk is full, an input that cannot be stored is refused without an
ACK: its device resends it every 200 ms, the driver hands each resend over
again, and the table stores it as soon as there is room; inputs pressed
meanwhile, on either device, wait unanswered and are taken in the order they
first came. Nothing is lost or doubled: after each rubber the game's and the
journal's inputs are exactly the record's, in order, and no input was refused
for any other reason.

Two disks: a real one, a small tmpfs mounted for the part and filled with a
file (SQLITE_FULL from the kernel's ENOSPC; needs the right to mount, else
skipped with the reason), and a portable one everywhere: the journal's own
PRAGMA max_page_count lowered to its size and its free room filled
(SQLITE_FULL from SQLite).
"""

from __future__ import annotations

import contextlib
import errno
import os
import queue
import random
import sqlite3
import subprocess
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
from device.sim.links import PtyLink
from device.sim.script import press, record_steps
from device.store.journal import FILENAME, Journal
from device.table import Table

TMPFS_SIZE = "8m"  # room for the journal and its WAL (at most 512 KB); the filler takes the rest
FULL_FOR_S = (0.3, 1.2)  # how long the disk stays full
DELIVERY_TIMEOUT_S = 30.0
PRESS_EVERY_S = 0.03
FILL_SIZES = (1 << 20, 1 << 16, 1 << 12, 512)  # the filler's writes, largest first


# -- the disks ---------------------------------------------------------------------------------


class PagesDisk:
    """Portable: SQLite's max_page_count held at the journal's size and every page's room
    taken (filler rows, inputs of a filler rubber among them, so that the page the next
    input would go to is full too), until they are deleted."""

    name = "pages"

    def __init__(self, folder: Path):
        self.folder = folder

    def open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)

    def close(self) -> None:
        pass

    def fill(self, journal: Journal) -> None:
        db = journal.db
        db.execute("CREATE TABLE IF NOT EXISTS filler (x BLOB)")
        self.rubber = db.execute(
            "INSERT INTO rubbers (setup, started) VALUES ('filler', 0)"
        ).lastrowid
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        for query, values in (
            ("INSERT INTO filler VALUES (zeroblob(16))", ()),
            ("INSERT INTO rubbers (setup, started) VALUES ('filler', 0)", ()),
            ("INSERT INTO events (rubber, event, at) VALUES (?, 'filler', 0)", (self.rubber,)),
        ):
            with contextlib.suppress(sqlite3.DatabaseError):
                while True:  # until SQLITE_FULL
                    db.execute(query, values)

    def free(self, journal: Journal) -> None:
        db = journal.db
        db.execute("PRAGMA max_page_count = 1073741823")
        db.execute("DELETE FROM filler")
        db.execute("DELETE FROM events WHERE rubber = ?", (self.rubber,))
        db.execute("DELETE FROM rubbers WHERE setup = 'filler'")


class TmpfsDisk:
    """A real full disk: a small tmpfs, filled up by a file that keeps taking any room
    given back (as a log would), until it is removed."""

    name = "tmpfs"

    def __init__(self, folder: Path, size: str = TMPFS_SIZE):
        self.folder = folder
        self.size = size
        self.filler = folder / "filler"
        self._full = threading.Event()
        self._thread: threading.Thread | None = None

    @staticmethod
    def why_not(folder: Path) -> str | None:
        """None when a tmpfs can be mounted here, else why not (for a skip)."""
        probe = folder / "probe"
        probe.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            return f"cannot mount a tmpfs ({done.stderr.strip() or done.returncode})"
        subprocess.run(["umount", str(probe)], check=True)
        probe.rmdir()
        return None

    def open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size}", "tmpfs", str(self.folder)],
            check=True,
        )

    def close(self) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], check=False)

    def fill(self, journal: Journal) -> None:
        # An emptied WAL: the next input needs new room on the disk.
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._fill()
        self._full.set()
        self._thread = threading.Thread(target=self._keep_full, daemon=True)
        self._thread.start()

    def _keep_full(self) -> None:
        while self._full.is_set():
            self._fill()
            time.sleep(0.005)

    def _fill(self) -> None:
        # Large writes first, then smaller ones down to 512 bytes, each size until ENOSPC:
        # every byte of room taken in a few hundred writes rather than 16,000 small ones.
        fd = os.open(self.filler, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            for size in FILL_SIZES:
                chunk = bytes(size)
                try:
                    while os.write(fd, chunk) == size:
                        pass
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
        finally:
            os.close(fd)

    def free(self, journal: Journal) -> None:
        self._full.clear()
        if self._thread is not None:
            self._thread.join(2)
        self.filler.unlink(missing_ok=True)


# -- the rig -----------------------------------------------------------------------------------


class Rig:
    """Sims on ptys, the real drivers, and a thread that owns the table loop and the
    journal on `disk` (an SQLite connection stays in its thread): the rest asks it."""

    def __init__(self, links: Path, disk):
        self.inputs: queue.Queue = queue.Queue()
        self.sims = {
            kind: SimDevice(kind, f"SIM-{kind.upper()}", PtyLink(links / kind)).start()
            for kind in ("scanner", "bidbox")
        }
        drivers = {
            kind: SerialDevice(sim.link.url, self.inputs, kind).start()
            for kind, sim in self.sims.items()
        }
        self.disk = disk
        self.journal: Journal | None = None
        self.loop = TableLoop(None, self.inputs, drivers)
        self.counts: Counter = Counter()
        self.refused: list[str] = []
        self.crashed: list[str] = []
        self._asks: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self.ask(lambda: setattr(self, "journal", Journal(disk.folder / FILENAME)))

    def ask(self, job):
        """Run `job` in the loop's thread, between two steps; its result."""
        answer: queue.Queue = queue.Queue()
        self._asks.put((job, answer))
        ok, value = answer.get(timeout=DELIVERY_TIMEOUT_S)
        if not ok:
            raise value
        return value

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._answer()
                for item, outcome in self.loop.step(0.01):
                    if outcome.unstored:
                        self.counts["refused unstored"] += 1
                    elif not outcome.accepted and item.kind in ("card", "call", "key", "error"):
                        self.refused.append(f"{item}: {outcome.message}")
            self._answer()
        except Exception as error:  # the table stopped: reported, not lost in a thread
            self.crashed.append(repr(error))

    def _answer(self) -> None:
        while not self._asks.empty():
            job, answer = self._asks.get()
            try:
                answer.put((True, job()))
            except Exception as error:  # handed to the asker
                answer.put((False, error))

    @property
    def up(self) -> bool:
        return self._thread.is_alive() and not self.crashed

    def fill(self) -> None:
        self.ask(lambda: self.disk.fill(self.journal))

    def free(self) -> None:
        self.ask(lambda: self.disk.free(self.journal))

    def close(self) -> None:
        if self.journal is not None and self._thread.is_alive():
            self.ask(self.journal.close)
        self._stop.set()
        self._thread.join(2)
        for device in list(self.loop.devices.values()) + list(self.sims.values()):
            device.stop()


# -- a rubber ------------------------------------------------------------------------------------


def play(
    rig: Rig, played: Game, rng: random.Random, fulls: int, problems: list, full_for=FULL_FOR_S
) -> None:
    """The robot rubber's inputs pressed one by one; `fulls` times, the disk fills up
    before an input, a few inputs are pressed while it is full, then it is freed."""
    record = to_record(played)
    table = rig.ask(lambda: Table(Game(played.setup), journal=rig.journal))
    rig.loop.table = table
    steps = record_steps(record)
    starts = sorted(rng.sample(range(len(steps)), min(fulls, len(steps))))
    i = 0
    while i < len(steps):
        if starts and i >= starts[0]:
            while starts and starts[0] <= i:
                starts.pop(0)
            i = _while_full(rig, steps, i, rng, problems, full_for)
            continue
        device, what = steps[i]
        press(rig.sims, device, what)
        if not rig.sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
            problems.append(f"input {i + 1} ({what}) was never acknowledged")
            return
        i += 1
    _compare(rig, table, played, problems)


def _while_full(rig: Rig, steps, i: int, rng: random.Random, problems: list, full_for) -> int:
    """Fill the disk; press inputs until one is refused for want of room (room left in a
    page still takes a few), and one to three more (their devices queue them); hold;
    free the disk after `full_for` seconds (a range). Everything pressed must then be
    stored, once and in order."""
    rig.fill()
    rig.counts["fulls"] += 1
    before, start = rig.counts["refused unstored"], i
    while i < len(steps) and rig.counts["refused unstored"] == before and i - start < 60:
        device, what = steps[i]
        press(rig.sims, device, what)
        i += 1
        # Its answer: the ACK, or a refusal for want of room (no ACK: it is resent).
        end = time.monotonic() + 0.5
        while (
            rig.sims[device].waiting
            and rig.counts["refused unstored"] == before
            and time.monotonic() < end
        ):
            time.sleep(0.005)
    more = steps[i : i + rng.randint(1, 3)]
    for device, what in more:  # a brisk player, on either device: taken in this order
        time.sleep(PRESS_EVERY_S)
        press(rig.sims, device, what)
    i += len(more)
    time.sleep(rng.uniform(*full_for))
    if rig.counts["refused unstored"] > before:
        rig.counts["fulls that refused"] += 1
    rig.counts["inputs pressed while full"] += i - start
    rig.free()
    for device in {d for d, _ in steps[start:i]}:
        if not rig.sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
            problems.append(f"inputs {start + 1}-{i} (pressed while the disk was full) were lost")
    return i


def _compare(rig: Rig, table: Table, played, problems: list) -> None:
    want = [e.to_dict() for e in played.events]
    got = [e.to_dict() for e in table.game.events]
    stored = [e.to_dict() for e in rig.ask(lambda: rig.journal.rubber(table.rubber)).events]
    rig.counts["inputs"] += len(want)
    for name, events in (("game", got), ("journal", stored)):
        if events != want:
            lost = max(0, len(want) - len(events))
            rig.counts["lost"] += lost
            rig.counts["doubled"] += max(0, len(events) - len(want))
            problems.append(
                f"the {name}'s inputs are not the record's ({len(events)} of {len(want)})"
            )


# -- the part --------------------------------------------------------------------------------------


def run(
    rubbers: int = 6,
    fulls: int = 12,
    seed: int = 1,
    disks: tuple = ("pages", "tmpfs"),
    full_for: tuple = FULL_FOR_S,
) -> dict:
    """`rubbers` robot rubbers on each disk, each with `fulls` full-disk periods of
    `full_for` seconds (a range)."""
    rng = random.Random(seed)
    problems: list[str] = []
    totals: Counter = Counter()
    skipped = []
    with tempfile.TemporaryDirectory(prefix="faults-full-") as name:
        root = Path(name)
        for kind in disks:
            why = TmpfsDisk.why_not(root) if kind == "tmpfs" else None
            if why:
                skipped.append(f"tmpfs: {why}")
                continue
            _one_disk(kind, root, rubbers, (fulls, full_for), rng, totals, problems)
    counts = ("fulls", "fulls that refused", "inputs pressed while full", "refused unstored")
    counts += ("inputs", "lost", "doubled")
    return {**dict.fromkeys(counts, 0), **totals, "skipped": skipped, "problems": problems}


def _one_disk(kind, root: Path, rubbers: int, fulls: tuple, rng, totals: Counter, problems) -> None:
    """`fulls`: how many full-disk periods a rubber, and how long each (a range)."""
    count, full_for = fulls
    disk = (TmpfsDisk if kind == "tmpfs" else PagesDisk)(root / kind)
    disk.open()
    rig = None
    try:
        rig = Rig(root / f"links-{kind}", disk)
        for _ in range(rubbers):
            play(rig, play_rubber(rng.randrange(1 << 30)), rng, count, problems, full_for)
            totals[f"rubbers on {kind}"] += 1
            if problems:
                break
        totals["table up"] += rig.up
        totals["disks"] += 1
        problems += [f"{kind}: refused: {r}" for r in rig.refused]
        problems += [f"{kind}: the table stopped: {c}" for c in rig.crashed]
    finally:
        if rig is not None:
            totals.update(rig.counts)
            rig.close()
        disk.close()


def summary(result: dict) -> str:
    disks = ", ".join(
        f"{result.get(f'rubbers on {k}', 0)} rubbers on {k}"
        for k in ("pages", "tmpfs")
        if result.get(f"rubbers on {k}")
    )
    skipped = f" (skipped: {'; '.join(result['skipped'])})" if result["skipped"] else ""
    return (
        f"full disk: {result['fulls']} times full ({result['fulls that refused']} refused an "
        f"input), {disks}{skipped}, table up on {result.get('table up', 0)} of "
        f"{result.get('disks', 0)} disks, {result['inputs pressed while full']} inputs pressed "
        f"while full, {result['refused unstored']} refusals for want of room (not acknowledged, "
        f"resent), {result['inputs']} inputs, {result['lost']} lost, {result['doubled']} doubled"
    )
