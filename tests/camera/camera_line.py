"""A camera scanner as the table opens it, for tests: the real camera process on a folder
camera, the table's CameraScanner in the test's process, and pictures laid in the folder.

`CameraAt` owns what it starts: the camera process ends with the block (CameraScanner's
stop closes its line and ends it), and it checks that it did."""

from __future__ import annotations

import json
import os
import queue
import time
from contextlib import contextmanager
from pathlib import Path

import cv2

from device.hal.camera_line import CameraScanner
from device.hal.events import CARD, Input
from firmware_bridge import protocol as p

WAIT_S = 30.0  # an input that must come (a busy machine: the process importing OpenCV)


class CameraAt:
    def __init__(self, spot: Path, decks: Path, url: str | None = None):
        self.spot = spot
        self.inputs: queue.Queue = queue.Queue()
        self.device = CameraScanner(url or f"camera:dir:{spot}", self.inputs, decks)
        self.seen: list[Input] = []
        self._n = 0

    def lay(self, frame) -> Path:
        """`frame` as the folder camera's newest picture (written whole, then named)."""
        self._n += 1
        path = self.spot / f"{self._n:06d}.jpg"
        temporary = self.spot / f".{self._n:06d}.jpg"
        cv2.imwrite(str(temporary), frame)
        os.replace(temporary, path)
        return path

    def next(self, kinds=("card", "error", "lost"), timeout: float = WAIT_S) -> Input | None:
        """The next input of one of `kinds` (others noted in `seen`); a card is stored at
        once: acknowledged, and the click, as the table does."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                item = self.inputs.get(timeout=left)
            except queue.Empty:
                return None
            self.seen.append(item)
            if item.kind == CARD:
                self.device.acknowledge(item)
                self.device.beep(p.BEEP_OK)
            if item.kind in kinds:
                return item

    def quiet(self, seconds: float, kinds=("card",)) -> list[Input]:
        """What of `kinds` came within `seconds` (nothing, for a spot that must send nothing)."""
        found = []
        end = time.monotonic() + seconds
        while (item := self.next(kinds, max(0.0, end - time.monotonic()))) is not None:
            found.append(item)
        return found

    def looking(self, frame, why: str | None = None, timeout: float = WAIT_S) -> None:
        """Lay `frame` and wait until the camera has looked at it (its preview says so, and
        says `why` when given; then two previews more): a process just started may still be
        loading OpenCV, and a busy machine may be slow to take the next picture."""
        seen = self.device.preview_dir / "seen.json"
        seen.unlink(missing_ok=True)
        self.device.preview(True)
        self.lay(frame)
        end = time.monotonic() + timeout
        first = None
        while first is None or self._saw(seen, None) < first + 2:  # two previews more
            assert time.monotonic() < end, "the camera never looked at the spot"
            time.sleep(0.02)
            if first is None:
                first = self._saw(seen, why) or None
        self.device.preview(False)
        seen.unlink(missing_ok=True)

    @staticmethod
    def _saw(seen: Path, why: str | None) -> int:
        """The preview's count when it says `why` (any, when None), else 0."""
        try:
            said = json.loads(seen.read_text())
        except (OSError, ValueError):
            return 0
        return said["n"] if why is None or said["why"] == why else 0

    @property
    def pid(self) -> int | None:
        port = self.device._port
        return getattr(port, "pid", None)


@contextmanager
def camera_at(spot: Path, decks: Path, url: str | None = None):
    """The camera process on the folder camera `spot` (or the camera `url`)."""
    spot.mkdir(parents=True, exist_ok=True)
    at = CameraAt(spot, decks, url)
    at.device.start()
    pids = []
    try:
        assert at.next(("connected",)) is not None, "the camera process never said HELLO"
        pids.append(at.pid)
        yield at
    finally:
        pids.append(at.pid)
        at.device.stop()
    for pid in filter(None, pids):
        assert not _alive(pid), f"the camera process {pid} outlived the test"


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
