"""Benchmarks of the camera scanner process (device/camera/scanner.py), beside the issue's targets.

- A card laid on the spot reaches the table as a CARD within 300 ms at 15 frames a
  second: the time from a photo of the card becoming the folder camera's newest file
  to the CARD input on the table's queue (CameraScanner, the real process and line),
  over LAID cards, each a different card from the one before (read at once).
- The table process stays under 80 MB resident with a camera scanner: `honeymoon run
  --headless --simulate --scanner camera:dir:PATH` plays the first deal of a robot
  rubber; its peak resident memory (VmHWM), and the camera process's own.
"""

from __future__ import annotations

import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

Row = tuple[str, str, str, bool]
LAID = 24
CARD_S = 0.3  # the target: laid to CARD at the table
TABLE_MB = 80


def latency(laid: int = LAID) -> list[float]:
    """Seconds from laying each card to its CARD at the table."""
    import cv2

    from device.camera.profile import save
    from device.camera.reader import Reader, learn
    from device.hal.camera_line import CameraScanner
    from device.sim import card_faces as synthetic
    from device.sim.photographer import Table
    from firmware_bridge import protocol as p

    faces = synthetic.deck_faces(6)
    table = Table(46)
    cards = list(faces)[:12]
    pairing = {card: table.pairing_shot(faces[card], i) for i, card in enumerate(cards)}
    with tempfile.TemporaryDirectory(prefix="bench-camera-") as work:
        work = Path(work)
        (work / "decks").mkdir()
        (work / "spot").mkdir()
        profile = learn(pairing, "standard", table.empty(999))
        save(profile, work / "decks" / "camera-standard.npz")
        # Photos the profile reads: the reader's accuracy is tests/bench/camera.py's figure.
        reader = Reader(profile)
        photos = []
        for i, card in enumerate(cards):
            shots = (table.pairing_shot(faces[card], 300 + i + 100 * k) for k in range(10))
            photos.append((card, next(s for s in shots if reader.read(s).card == card)))
        for i, (_, photo) in enumerate(photos):
            cv2.imwrite(str(work / f"{i:02d}.png"), photo)
        inputs: queue.Queue = queue.Queue()
        scanner = CameraScanner(f"camera:dir:{work / 'spot'}", inputs, work / "decks").start()
        try:
            _until(inputs, "connected", 60.0)
            time.sleep(2.0)  # the process has loaded OpenCV and its profile
            seconds = []
            for n in range(laid):
                card, _ = photos[n % len(photos)]
                target = work / "spot" / f"{n:04d}.png"
                os.link(work / f"{n % len(photos):02d}.png", work / "spot" / f".{n:04d}")
                laid_at = time.monotonic()
                os.replace(work / "spot" / f".{n:04d}", target)
                got = _until(inputs, "card", 10.0)
                seconds.append(time.monotonic() - laid_at)
                assert got.value == card, f"read {got.value} for {card}"
                scanner.acknowledge(got)
                scanner.beep(p.BEEP_OK)
                time.sleep(0.2)
        finally:
            scanner.stop()
    return seconds


def _until(inputs: queue.Queue, kind: str, timeout: float):
    end = time.monotonic() + timeout
    while True:
        item = inputs.get(timeout=max(0.01, end - time.monotonic()))
        if item.kind == kind:
            return item
        if item.kind in ("error", "lost"):
            raise AssertionError(f"the camera said {item.kind} {item.value}")


def memory() -> tuple[float, float]:
    """The peak resident MB of the table process and of its camera process, playing the
    first deal of a robot rubber through the simulated camera."""
    from tests.at_the_table import Lines, end_group, robot_record, seats, started

    record = robot_record("draw-and-discard", {})
    record = {**record, "deals": record["deals"][:1]}
    with tempfile.TemporaryDirectory(prefix="bench-table-") as work:
        work = Path(work)
        (work / "record.json").write_text(json.dumps(record))
        command = [sys.executable, "-m", "device.cli", "run", "--headless", "--simulate"]
        command += ["--scanner", f"camera:dir:{work / 'spot'}", "--config", os.devnull]
        command += ["--record", str(work / "record.json"), "--speed", "0"]
        command += ["--data-dir", str(work / "data"), "--new", record["game"], *seats(record)]
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", TMPDIR=str(work))
        with started(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
        ) as app:
            out = Lines(app.stdout)
            played = out.wait_for("played ", 600.0)
            assert played is not None and "0 refused" in played, out.text(1.0)
            camera = _child(app.pid, "device.camera.scanner")
            figures = _peak_mb(app.pid), _peak_mb(camera) if camera else float("nan")
            end_group(app)
    return figures


def _child(parent: int, name: str) -> int | None:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and name in line:
            return int(entry.name)
    return None


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def rows() -> list[Row]:
    seconds = latency()
    median, worst = statistics.median(seconds), max(seconds)
    table, camera = memory()
    return [
        (f"camera: laid to CARD at the table, median of {len(seconds)}", f"{median * 1000:.0f} ms",
         f"<= {CARD_S * 1000:.0f} ms", median <= CARD_S),
        ("camera: laid to CARD at the table, slowest", f"{worst * 1000:.0f} ms",
         f"<= {CARD_S * 1000:.0f} ms", worst <= CARD_S),
        ("camera: table process peak resident", f"{table:.1f} MB", f"< {TABLE_MB} MB",
         table < TABLE_MB),
        ("camera: camera process peak resident", f"{camera:.1f} MB", "measured", camera > 0),
    ]  # fmt: skip


if __name__ == "__main__":
    for row in rows():
        print(row)
