"""Restart on a full disk: the real app headless (`honeymoon run`), the simulated
devices feeding a robot rubber into it over ptys, on a real 4 MB tmpfs. Partway
through the rubber the app is stopped (kill -9, its WAL and -shm left; or SIGTERM),
the disk is made unwritable (filled to the last byte, or remounted read-only) and
the app started again on it.

It must resume the rubber in progress (not the start screen, not "Nothing is
kept"): `status` reads it unchanged; the next input pressed is not acknowledged
while the disk cannot take it (its device resends it); once the disk has room (or
is writable) again, the same app stores it without a restart, and the rest of the
rubber is played to its end. The journal then holds the record's inputs exactly,
in order.

Needs the right to mount a tmpfs; else skipped with the reason.
"""

from __future__ import annotations

import random
import signal
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from device.engine.record import play_record, to_record
from device.robots import play_rubber
from device.sim.links import PtyLink
from device.sim.script import press, record_steps
from device.store.journal import FILENAME, Journal

from .full_disk import TmpfsDisk
from .power_cut import KINDS, App, Sim

DISK = "4m"
UNSTORED_S = 1.0  # how long an input pressed on the unwritable disk must stay unacknowledged
DELIVERY_TIMEOUT_S = 20.0
CASES = (("full", "kill"), ("full", "stop"), ("readonly", "kill"), ("readonly", "stop"))


class RestartedApp(App):
    """power_cut's app on the data folder `data`, told --new only at its first start
    (the journal is not opened here to find out: on the full disk that is what is tried)."""

    started = False

    def __init__(self, side: Path, data: Path, sims: dict, first_dealer: str):
        super().__init__(side, sims, first_dealer)  # its log and notify socket: not on the disk
        self.data = data

    def data_dir(self) -> Path:
        return self.data  # on the small disk; the log and socket beside it

    def starts_rubber(self) -> bool:
        """Only the first start: the journal may be unreadable to `stored` later."""
        first, self.started = not self.started, True
        return first

    def stop(self) -> None:
        """SIGTERM, as systemd stops it."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()


def stored_events(folder: Path) -> list[dict]:
    """The last rubber's inputs, read without writing (the disk may be full)."""
    journal = Journal.read_only(folder / FILENAME)
    try:
        rubbers = journal.rubbers()
        return [e.to_dict() for e in journal.rubber(rubbers[-1][0]).events] if rubbers else []
    finally:
        journal.close()


def one_case(root: Path, how: str, restart: str, seed: int, rng, totals, problems) -> None:
    record = to_record(play_rubber(seed))
    steps = record_steps(record)
    expected = [e.to_dict() for e in play_record(record).events]
    disk = TmpfsDisk(root / f"data-{how}-{restart}", DISK)
    disk.open()
    side = root / f"side-{how}-{restart}"
    side.mkdir(parents=True)
    sims = {k: Sim(k, f"SIM-{k.upper()}", PtyLink(side / "links" / k)).start() for k in KINDS}
    app = RestartedApp(side, disk.folder, sims, record["first_dealer"])
    where = f"{how} disk, {restart}"
    try:
        app.spawn()
        app.wait_ready()
        cut = rng.randrange(20, len(steps) - 20)
        for device, what in steps[:cut]:
            press(sims, device, what)
            if not sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
                raise AssertionError(f"{where}: input {what} was never acknowledged")
        app.kill() if restart == "kill" else app.stop()
        _unwritable(disk, how)
        before = stored_events(disk.folder)
        app.spawn()
        app.wait_ready()
        totals["restarts"] += 1
        if stored_events(disk.folder) != before or before != expected[:cut]:
            problems.append(f"{where}: the journal is not the rubber's first {cut} inputs")
        device, what = steps[cut]
        resends = sims[device].outbox.resends
        press(sims, device, what)
        if sims[device].wait_delivered(UNSTORED_S):  # acknowledged: it must be stored
            if stored_events(disk.folder) != expected[: cut + 1]:
                problems.append(f"{where}: an input was acknowledged that was not stored")
            totals["stored in the room the WAL kept"] += 1
        else:
            totals["refused while unwritable"] += 1
        totals["resent while unwritable"] += sims[device].outbox.resends - resends
        _writable(disk, how)
        if not sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
            problems.append(f"{where}: the input was not stored once the disk could take it")
            return
        for device, what in steps[cut + 1 :]:
            press(sims, device, what)
            if not sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
                problems.append(f"{where}: input {what} was never acknowledged")
                return
        app.stop()
        got = stored_events(disk.folder)
        totals["inputs"] += len(got)
        totals["lost"] += max(0, len(expected) - len(got))
        totals["doubled"] += max(0, len(got) - len(expected))
        if got != expected:
            problems.append(f"{where}: the journal's inputs are not the record's")
        totals["resumed"] += 1
    finally:
        log = app.close()
        for sim in sims.values():
            sim.stop()
        _writable(disk, how)
        disk.close()
    if "Traceback" in log:
        problems.append(f"{where}: the app crashed:\n{log[-2000:]}")
    if "nothing will be kept" in log:
        problems.append(f"{where}: the app kept nothing instead of resuming")
    if how == "readonly" and "the journal cannot be written now" not in log:
        problems.append(f"{where}: the log does not say the journal cannot be written")


def _unwritable(disk: TmpfsDisk, how: str) -> None:
    if how == "full":
        disk._fill()
    else:
        subprocess.run(["mount", "-o", "remount,ro", str(disk.folder)], check=True)


def _writable(disk: TmpfsDisk, how: str) -> None:
    if how == "full":
        disk.filler.unlink(missing_ok=True)
    else:
        subprocess.run(["mount", "-o", "remount,rw", str(disk.folder)], check=False)


def run(rounds: int = 1, seed: int = 9, cases: tuple = CASES) -> dict:
    rng = random.Random(seed)
    problems: list[str] = []
    totals: Counter = Counter()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="faults-restart-") as name:
        root = Path(name)
        why = TmpfsDisk.why_not(root)
        if why:
            return {"skipped": f"tmpfs: {why}", "problems": []}
        for n in range(rounds):
            for how, restart in cases:
                one_case(root / str(n), how, restart, rng.randrange(1 << 30), rng, totals, problems)
    return {"skipped": None, "problems": problems, "seconds": time.monotonic() - started, **totals}


def summary(result: dict) -> str:
    if result["skipped"]:
        return f"restart on a full disk: skipped ({result['skipped']})"
    return (
        f"restart on a full disk: {result.get('restarts', 0)} restarts (full and read-only, "
        f"after kill -9 and SIGTERM), rubber resumed {result.get('resumed', 0)} times; the "
        f"next input not acknowledged {result.get('refused while unwritable', 0)} times "
        f"(resent {result.get('resent while unwritable', 0)} times, stored without a restart "
        f"once the disk could take it), stored at once in the room its WAL kept "
        f"{result.get('stored in the room the WAL kept', 0)} times; "
        f"{result.get('inputs', 0)} inputs, {result.get('lost', 0)} lost, "
        f"{result.get('doubled', 0)} doubled"
    )
