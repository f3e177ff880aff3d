"""Benchmarks of the touchscreen app, headless (SDL's dummy driver).

- scan-to-screen: a CARD frame written to the scanner's pty, to the display
  flip that shows the card, the journal's commit included (p50, p99 over
  1,000 cards);
- idle CPU over 30 s on the auction, play and score-sheet screens;
- resident memory after a full scripted rubber;
- start to first frame of `honeymoon run --headless` (READY=1 on a fake
  NOTIFY_SOCKET).
"""

from __future__ import annotations

import os
import queue
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.events import NextDeal, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.serial_device import SerialDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.sim.links import PtyLink  # noqa: E402
from device.store.journal import FILENAME, Journal  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from firmware_bridge import protocol as p  # noqa: E402


class PtyDevice:
    """The bench plays the device itself, so it knows when each frame is written."""

    def __init__(self, link: PtyLink):
        self.link = link
        self.seq = 0
        self.acked = threading.Event()
        self.decoder = p.Decoder()
        self.stop = threading.Event()
        self.pending = None

    def send(self, ftype: int, payload: bytes) -> float:
        self.seq = (self.seq + 1) & 0xFF
        self.pending = self.seq
        self.acked.clear()
        wire = p.encode_frame(ftype, self.seq, payload)
        started = time.perf_counter()
        self.link.write(wire)
        return started

    def reader(self) -> None:
        hello = p.hello_payload("combo", "bench", "BENCH", 1)
        while not self.stop.is_set():
            for frame in self.decoder.feed(self.link.read(0.01)):
                if frame.type == p.IDENTIFY:
                    self.link.write(p.encode_frame(p.HELLO, 0, hello))
                elif frame.type == p.ACK and frame.payload[0] == self.pending:
                    self.acked.set()


def _app(loop: TableLoop, size=(800, 480)) -> App:
    ui = UiState(scanner=True)
    return App(loop, ui, size)


def scan_to_screen(cards: int = 1000) -> list[float]:
    """Latencies (s) from writing a CARD frame to the flip that shows it."""
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    link = PtyLink(folder / "scanner")
    link.open()
    device = PtyDevice(link)
    threading.Thread(target=device.reader, daemon=True).start()
    inputs: queue.Queue = queue.Queue()
    driver = SerialDevice(str(folder / "scanner"), inputs, "scanner").start()
    rng = random.Random(1)
    journal = Journal(folder / FILENAME)  # as at the table: each card is stored (fsync) first
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    app = _app(TableLoop(table, inputs, {"scanner": driver}))
    while not driver.connected:
        app.step(0.01)
    latencies: list[float] = []
    try:
        while len(latencies) < cards:
            game = app.table.game
            if game.phase == "finished":
                app.loop.table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
                continue
            for event in deal_inputs(game, rng):
                latencies += _deliver(app, device, event)
            if app.table.game.phase != "finished":
                latencies += _deliver(app, device, NextDeal())
    finally:
        device.stop.set()
        driver.stop()
        link.close()
        journal.close()
        shutil.rmtree(folder, ignore_errors=True)  # the bench's journal and pty link go
    return latencies[:cards]


def _deliver(app: App, device: PtyDevice, event) -> list[float]:
    """Send one robot input through the pty; for a card, time it to the flip."""
    kind = event.kind
    if kind == "card":
        started = device.send(p.CARD, p.card_code_payload(str(event.card)))
    elif kind == "call":
        started = device.send(p.CALL, str(event.call).encode())
    else:
        name = "MENU" if kind == "draw-end" else "OK"
        started = device.send(p.KEY, name.encode())
    frames = app.frames
    end = time.monotonic() + 5
    while (app.frames == frames or not device.acked.is_set()) and time.monotonic() < end:
        app.step(0.002)
    return [app.flipped_at - started] if kind == "card" else []


def idle_cpu(seconds: float = 30.0) -> dict[str, float]:
    """Percent of one core used while nobody plays, per screen."""
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = _app(TableLoop(table, queue.Queue(), {}))
    results = {}
    for screen in ("auction", "play", "sheet"):
        if screen == "play":
            table.game.apply(_call("1NT"))
            table.game.apply(_call("P"))
            app.ui.overlay = None
        if screen == "sheet":
            app.ui.overlay = "sheet"
        app.dirty = True
        app.step(0)
        cpu, wall = time.process_time(), time.monotonic()
        end = wall + seconds
        while time.monotonic() < end:
            app.step(0.05)  # exactly what App.run does
        results[screen] = 100 * (time.process_time() - cpu) / (time.monotonic() - wall)
    return results


def _call(text):
    from device.engine.calls import Call
    from device.engine.events import CallMade

    return CallMade(Call.parse(text))


def rss_after_rubber() -> float:
    """Resident memory (MB) after a scripted rubber through the app."""
    rng = random.Random(3)
    table = Table(Game(Setup("draw-and-discard", ("Anna", "Ben"), 0)))
    app = _app(TableLoop(table, queue.Queue(), {}))
    game = table.game
    while game.phase != "finished":
        for event in deal_inputs(game, rng):
            app.engine(event)
            app.draw()
        if game.phase != "finished":
            app.engine(NextDeal())
    app.ui.overlay = "sheet"
    app.draw()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_in_a_fresh_process() -> float:
    """rss_after_rubber in its own process, so the other benchmarks do not count."""
    code = "from tests.bench.ui import rss_after_rubber; print(rss_after_rubber())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def start_to_first_frame(runs: int = 3) -> float:
    """Seconds from starting `honeymoon run --headless` to READY=1 (best of `runs`)."""
    best = float("inf")
    for _ in range(runs):
        folder = Path(tempfile.mkdtemp(prefix="notify-"))
        address = str(folder / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(address)
            sock.settimeout(20)
            env = dict(os.environ, NOTIFY_SOCKET=address)
            started = time.perf_counter()
            command = [sys.executable, "-m", "device.cli", "run", "--headless"]
            command += ["--new", "draw-and-discard", "--players", "Anna", "Ben"]
            command += ["--config", os.devnull, "--data-dir", str(folder)]
            proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL)
            try:
                while sock.recv(256) != b"READY=1":
                    pass
                best = min(best, time.perf_counter() - started)
            finally:
                proc.terminate()
                proc.wait(10)
    return best


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def rows(idle_seconds: float = 30.0, cards: int = 1000):
    latencies = scan_to_screen(cards)
    p50, p99 = percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000
    out = [
        (f"scan-to-screen p50 ({len(latencies)} cards)", f"{p50:.1f} ms", "-", True),
        (f"scan-to-screen p99 ({len(latencies)} cards)", f"{p99:.1f} ms", "< 16.7 ms", p99 < 16.7),
    ]
    for screen, percent in idle_cpu(idle_seconds).items():
        out.append(
            (f"idle CPU, {screen} ({idle_seconds:.0f} s)", f"{percent:.2f} %", "< 1 %", percent < 1)
        )
    rss = rss_in_a_fresh_process()
    out.append(("resident memory after a rubber", f"{rss:.0f} MB", "< 80 MB", rss < 80))
    first = start_to_first_frame()
    out.append(("start to first frame", f"{first:.2f} s", "< 1.5 s", first < 1.5))
    return out
