"""WAL on a small disk: whole robot rubbers stored through the simulated devices
(ptys, the real drivers, the real table loop and journal) on a real tmpfs of 2 MB,
with nothing else on it. SQLite's defaults let the WAL grow to some 4 MB before
copying it into the database: on 2 MB it filled the disk at about the 240th input
and the journal could never store again (the copy itself needs room). Now every
input must be stored the first time (no refusal), and the WAL's largest size seen
is printed beside its limit (journal.WAL_LIMIT).

Needs the right to mount a tmpfs; else skipped with the reason.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
import threading
from collections import Counter
from pathlib import Path

from device.robots import play_rubber
from device.store.journal import FILENAME, WAL_LIMIT

from .full_disk import Rig, TmpfsDisk, play

DISK = "2m"


class WalWatch:
    """The WAL's size, looked at every millisecond from beside the table."""

    def __init__(self, folder: Path):
        self.wal = folder / f"{FILENAME}-wal"
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.001):
            with contextlib.suppress(FileNotFoundError):  # none between two journals
                self.peak = max(self.peak, self.wal.stat().st_size)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)


def run(rubbers: int = 3, seed: int = 5) -> dict:
    rng = random.Random(seed)
    problems: list[str] = []
    totals: Counter = Counter(dict.fromkeys(("rubbers", "inputs", "refused unstored", "lost"), 0))
    with tempfile.TemporaryDirectory(prefix="faults-wal-") as name:
        root = Path(name)
        why = TmpfsDisk.why_not(root)
        if why:
            return {"skipped": f"tmpfs: {why}", "problems": [], **totals}
        disk = TmpfsDisk(root / "disk", DISK)
        disk.open()
        rig = watch = None
        try:
            rig = Rig(root / "links", disk)
            watch = WalWatch(disk.folder)
            for _ in range(rubbers):
                play(rig, play_rubber(rng.randrange(1 << 30)), rng, 0, problems)
                totals["rubbers"] += 1
                if problems:
                    break
            totals["table up"] = int(rig.up)
            problems += [f"refused: {r}" for r in rig.refused]
            problems += [f"the table stopped: {c}" for c in rig.crashed]
        finally:
            if watch is not None:
                watch.close()
                totals["wal peak"] = watch.peak
            if rig is not None:
                totals.update(rig.counts)
                rig.close()
            totals["database"] = _size(disk.folder / FILENAME)
            disk.close()
    if totals["refused unstored"]:
        problems.append(f"{totals['refused unstored']} inputs refused for want of room")
    if totals["wal peak"] > WAL_LIMIT:
        problems.append(f"the WAL grew to {totals['wal peak']} bytes, over {WAL_LIMIT}")
    return {"skipped": None, "problems": problems, **totals}


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def summary(result: dict) -> str:
    if result["skipped"]:
        return f"WAL on a small disk: skipped ({result['skipped']})"
    return (
        f"WAL on a small disk ({DISK[:-1]} MB free): {result.get('rubbers', 0)} rubbers, "
        f"{result.get('inputs', 0)} inputs stored, {result.get('refused unstored', 0)} refused "
        f"for want of room, {result.get('lost', 0)} lost; WAL peak "
        f"{result.get('wal peak', 0) / 1024:.0f} KB (limit {WAL_LIMIT // 1024} KB), database "
        f"{result.get('database', 0) / 1024:.0f} KB"
    )
