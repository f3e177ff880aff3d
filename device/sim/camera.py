"""The simulated player at a camera scanner: `honeymoon run --simulate --scanner camera:dir:PATH`.

The scanner is the real camera process (device/camera/scanner.py) looking at the folder
camera PATH, on the real protocol. What is simulated is the player: to scan a card it
"lays" it by writing a photo of that card into PATH (a file with a greater name). The
photos and the camera profile paired on them are made by a helper process
(device/sim/camera_frames.py: OpenCV stays out of the table), once per deck, the first
time a card of that deck is laid (the standard deck at once), and kept in the user's cache
for the next run (camera_cache.py); the table's camera reads
that profile from the simulation's own decks/ folder, never the data folder's.

After the table answered a card (an ACK, then the BEEP that says accepted or refused,
PROTOCOL.md), the player takes the card away: the empty spot is written. The same card
laid again waits until the camera has seen the empty spot a few frames.

The same calls as a SimDevice scanner (device/sim/devices.py): card(), answer(),
waiting, host_heard, stop(); so the console, the app's keyboard and a record played by
play_steps lay cards on the camera as they scan them on a simulated scanner.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from firmware_bridge import protocol as p

from ..decks import BROUGHT, DECKS
from ..engine.errors import NotationError
from . import camera_cache
from .devices import ACCEPTED, ANSWER_S, REFUSED, UNANSWERED

LIFT_S = 0.4  # the empty spot shown this long before the same card is laid again (6 frames)
RENDER_S = 300.0  # the helper drawing and photographing a deck (a busy machine)
PROFILE_WAIT_S = 1.5  # the camera looks for a changed profile every second
KEEP = 4  # pictures kept in the folder camera's folder (the newest is the one seen)


class SimCamera:
    """The player who lays cards under the camera. `attach()` it to the table's camera
    scanner (a CameraScanner), whose answers it listens to. It implements
    device.sim.interface.Simulated."""

    kind = "scanner"

    def __init__(self, spot: Path, seed: int | None = None):
        self.spot = Path(spot)
        self.seed = seed
        self.work = Path(tempfile.mkdtemp(prefix="honeymoon-simcam-"))
        self.decks = self.work / "decks"
        self.host_heard = threading.Event()  # the camera is up, its deck photographed
        self._cards: queue.Queue = queue.Queue()
        self._lock = threading.Condition()
        self._laying = 0  # cards asked and not yet answered
        self._acked = False  # the card laid was acknowledged: its BEEP is its answer
        self._answers: list[int] = []  # the latest answer's BEEP, until answer() takes it
        self._answered = threading.Event()
        # The card asked for lies on the spot (or cannot be laid): an answer is awaited from
        # then on, not while its deck is still being photographed (minutes on a busy machine).
        self._laid = threading.Event()
        self._device = None
        self._helpers: dict[str, subprocess.Popen] = {}
        self._kept: set[str] = set()  # decks copied from the cache of an earlier run
        self._written = 0
        self._files: list[Path] = []
        self._last: str | None = None
        self._lifted_at = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- what the table's side calls --------------------------------------------------------
    @property
    def url(self) -> None:
        """No port of its own: the table opens the camera string it was given, and the
        real camera process reads the photos laid in `spot`."""
        return None

    def start(self) -> SimCamera:
        self.spot.mkdir(parents=True, exist_ok=True)
        for deck in DECKS:  # kept ones now, before the camera starts
            if camera_cache.fetch(deck, self.seed, self.work):
                self._kept.add(deck)
        self._render("standard")
        self._thread = threading.Thread(target=self._run, name="sim-camera", daemon=True)
        self._thread.start()
        return self

    def wait_ready(self, timeout: float = RENDER_S) -> bool:
        """Block until the standard deck's photos and profile are made (the camera process
        then starts with its profile, not saying it has none); False if they cannot be."""
        return self._ready("standard", timeout)

    def attach(self, device) -> None:
        """Listen to the table's answers to the camera: its ACKs and BEEPs."""
        self._device = device
        device.listen(self._heard)

    def card(self, code: str | None = None, uid: bytes | None = None) -> bool:
        """Lay the card `code` on the spot (a camera reads no tags: `uid` is not laid)."""
        if code is None:
            return False
        with self._lock:
            self._laying += 1
        self._laid.clear()
        self._cards.put(code)
        return True

    @property
    def waiting(self) -> int:
        with self._lock:
            return self._laying

    def answer(self, timeout: float = 10.0) -> str | None:
        """How the table answered the card laid: ACCEPTED or REFUSED (the BEEP after its
        ACK), UNANSWERED (an ACK but no BEEP), None when no ACK came within `timeout` of
        the card lying on the spot."""
        self._laid.wait(RENDER_S)
        end = time.monotonic() + timeout
        with self._lock:
            while not self._answers:
                if self._acked:  # acknowledged: its BEEP follows at once, or was lost
                    if not self._lock.wait_for(lambda: self._answers, ANSWER_S):
                        self._acked = False
                        return UNANSWERED
                    break
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self._lock.wait(left)
            pattern = self._answers.pop()
        return REFUSED if pattern == p.BEEP_ERROR else ACCEPTED

    def stop(self) -> None:
        self._stop.set()
        self._cards.put(None)
        if self._thread is not None:
            self._thread.join(timeout=2)
        for helper in self._helpers.values():
            if helper.poll() is None:
                helper.kill()
            helper.wait()
        for path in self._files:
            with contextlib.suppress(OSError):
                path.unlink()
        shutil.rmtree(self.work, ignore_errors=True)

    # -- the table's answers ------------------------------------------------------------------
    def _heard(self, what: str, value) -> None:
        """From the camera scanner: ("ack", input) when a card was stored or refused,
        ("beep", pattern) for every beep; the first beep after the ACK is the answer
        (kept, the latest only, for answer(): the console never asks)."""
        with self._lock:
            if what == "ack" and self._laying:
                self._acked = True
                self._lock.notify_all()
            elif what == "beep" and self._acked:
                self._acked = False
                self._laying = max(0, self._laying - 1)
                self._answers[:] = [value]
                self._answered.set()
                self._lock.notify_all()

    # -- the player ------------------------------------------------------------------------------
    def _run(self) -> None:
        if not self._ready("standard"):
            return
        self._lay_file(self._frames("standard") / "empty.png")
        for deck in BROUGHT:  # in the background: ready when one of its cards is laid
            self._render(deck.name)
        while not self._stop.is_set():
            if self._device is not None and self._device.connected:
                self.host_heard.set()
            try:
                code = self._cards.get(timeout=0.05)
            except queue.Empty:
                continue
            if code is None:
                return
            self._lay(code)

    def _lay(self, code: str) -> None:
        deck, name = _deck_of(code)
        fresh = not (self._frames(deck) / "ready").exists() if deck else False
        if deck is None or not self._ready(deck):
            with self._lock:  # not a card this camera can be shown: nothing happens
                self._laying -= 1
                self._lock.notify_all()
            self._laid.set()
            return
        if fresh:  # a deck photographed just now: the camera reads its new profile first
            self._stop.wait(PROFILE_WAIT_S)
        if name == self._last:  # the same card again: the camera must see the spot empty
            self._stop.wait(max(0.0, self._lifted_at + LIFT_S - time.monotonic()))
        self._answered.clear()
        self._lay_file(self._frames(deck) / f"{name}.png")
        self._last = name
        self._laid.set()
        while not self._stop.is_set() and not self._answered.wait(0.05):
            if self.waiting == 0:  # given up by whoever laid it
                break
        self._lay_file(self._frames(deck) / "empty.png")  # the card taken away
        self._lifted_at = time.monotonic()

    def _lay_file(self, source: Path) -> None:
        """The picture `source` as the folder camera's newest (written whole, then named)."""
        self._written += 1
        target = self.spot / f"sim-{self._written:08d}{source.suffix}"
        temporary = self.spot / f".{target.name}.tmp"  # a dot file: the camera skips it
        try:
            shutil.copyfile(source, temporary)
            os.replace(temporary, target)
        except OSError as error:
            print(f"simulated camera: cannot lay {source.name}: {error}", file=sys.stderr)
            return
        self._files.append(target)
        while len(self._files) > KEEP:
            with contextlib.suppress(OSError):
                self._files.pop(0).unlink()

    # -- the deck's photos ----------------------------------------------------------------------
    def _frames(self, deck: str) -> Path:
        return self.work / "frames" / deck

    def _render(self, deck: str) -> None:
        if deck in self._helpers or deck in self._kept:
            return
        command = [sys.executable, "-m", "device.sim.camera_frames", "--deck", deck]
        command += ["--out", str(self.work), "--keep"]
        if self.seed is not None:
            command += ["--seed", str(self.seed)]
        self._helpers[deck] = subprocess.Popen(command, stdin=subprocess.DEVNULL)

    def _ready(self, deck: str, timeout: float = RENDER_S) -> bool:
        """The deck's photos are there (made now if they were not); False when they
        cannot be made (said), or the simulation stops meanwhile."""
        self._render(deck)
        helper = self._helpers.get(deck)
        end = time.monotonic() + timeout
        while not (self._frames(deck) / "ready").exists():
            if helper is None or self._stop.is_set() or time.monotonic() > end:
                return False
            if helper.poll() is not None and not (self._frames(deck) / "ready").exists():
                print(f"simulated camera: the {deck} deck's photos failed", file=sys.stderr)
                return False
            time.sleep(0.05)
        return True


def _deck_of(code: str) -> tuple[str | None, str | None]:
    for deck in DECKS:
        try:
            return deck, DECKS[deck].parse(code).text
        except NotationError:
            continue
    return None, None
