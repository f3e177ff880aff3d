"""The camera scanner: a process that looks at the spot and speaks protocol v1 as a scanner.

    python -m device.camera.scanner --source camera:dir:PATH \\
        --profile standard=decks/camera-standard.npz --profile abridged=decks/camera-abridged.npz \\
        --preview FOLDER

The table starts it (device/hal/camera_line.py) and talks to it over its standard input
and output, byte for byte what a Pico scanner sends on its USB serial line: HELLO (kind
scanner, id camera-<source>), a HEARTBEAT every second, each CARD (CARD_CODE) resent every
200 ms until its ACK, one input at a time (firmware_bridge/protocol.py's Outbox), and ERROR
reasons (PROTOCOL.md, "A camera scanner"). The host's LEARN asks for a card to be learnt
(pairing), PREVIEW for what the camera sees to be written into the preview folder.

It reads about 15 frames a second. device/camera/spot.py decides when a card lying still is
sent. It ends when its standard input closes (the table gone) or on SIGTERM; when a camera
that was giving pictures stops (unplugged) it says ERROR no-camera and ends with status 3,
and the table starts it again. A camera that is not there at its start is looked for again
every second meanwhile (ERROR no-camera after every HELLO until it is there).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import select
import sys
import threading
import time
from pathlib import Path

from firmware_bridge import protocol as p

from ..decks import DECKS
from ..engine.errors import NotationError
from .sources import CameraGone, SourceError, open_source, parse_source
from .spot import LAY_AGAIN, LEARN, READ, LearnSpot, Look, ReadSpot

FPS = 15.0
FIRMWARE = "camera-1"
CAMERA_RETRY_S = 1.0
PROFILE_CHECK_S = 1.0  # how often a profile file is looked at for a change (camera-pair ran)
PREVIEW_EVERY_S = 0.2
PREVIEW_SIZE = (640, 480)
EXIT_CAMERA_GONE = 3
# A frame that differs from the frame read last by less than this (mean grey level of
# 255, at THUMB size: a webcam's noise averaged away) shows the same scene.
SAME_SCENE = 1.5
THUMB = (80, 60)
COVERED = 35.0  # grey levels: the 95th percentile of an empty spot's difference from the mat


# -- the line to the table ----------------------------------------------------------------
class Link:
    """Protocol v1 on two file descriptors (the process's standard input and output), on a
    thread of its own: HELLO at the start and on IDENTIFY, inputs resent until acknowledged,
    heartbeats. LEARN and PREVIEW go to `commands` for the camera's thread."""

    def __init__(self, ident: str, read_fd: int, write_fd: int, boot: int | None = None):
        self.ident = ident
        self.boot = boot if boot is not None else _boot_number()
        self._in, self._out = read_fd, write_fd
        self._outbox = p.Outbox()
        self._lock = threading.Lock()
        self.commands: queue.Queue = queue.Queue()
        self.closed = threading.Event()  # the table closed the line
        self.standing: dict[str, str] = {}  # problems said after every HELLO: key -> reason

    def start(self) -> Link:
        self.hello()
        threading.Thread(target=self._run, name="camera-link", daemon=True).start()
        return self

    def card(self, code: str) -> bool:
        with self._lock:
            return self._outbox.put(p.CARD, p.card_code_payload(code))

    def error(self, reason: str) -> None:
        payload = reason.encode("utf-8", "replace")[: p.MAX_PAYLOAD]
        with self._lock:
            wire = self._outbox.frame(p.ERROR, payload)
        self._write(wire)

    def hello(self) -> None:
        payload = p.hello_payload("scanner", FIRMWARE, self.ident, self.boot)
        with self._lock:
            wire = self._outbox.frame(p.HELLO, payload)
        self._write(wire)
        for reason in list(self.standing.values()):  # as the firmware says RC522 not found
            self.error(reason)

    @property
    def waiting(self) -> int:
        with self._lock:
            return self._outbox.waiting

    def _run(self) -> None:
        decoder = p.Decoder()
        while not self.closed.is_set():
            try:
                ready, _, _ = select.select([self._in], [], [], 0.01)
                data = os.read(self._in, 4096) if ready else None
            except OSError:
                data = b""
            if data == b"":  # end of file: the table is gone
                self.closed.set()
                return
            for frame in decoder.feed(data or b""):
                self._command(frame)
            with self._lock:
                due = self._outbox.poll(int(time.monotonic() * 1000))
            for wire in due:
                self._write(wire)

    def _command(self, frame: p.Frame) -> None:
        if frame.type == p.ACK and len(frame.payload) == 1:
            with self._lock:
                self._outbox.ack(frame.payload[0])
        elif frame.type == p.IDENTIFY:
            self.hello()
        elif frame.type in (p.LEARN, p.PREVIEW):
            self.commands.put(frame)
        # LEDS and BEEP: a camera has neither (the table's screen and its other devices
        # say it); device-to-host types: ignored (an echoing line)

    def _write(self, wire: bytes) -> None:
        view = memoryview(wire)
        try:
            while view:
                view = view[os.write(self._out, view) :]
        except OSError:  # the table closed its end
            self.closed.set()


def _boot_number() -> int:
    """A boot number never the same twice (PROTOCOL.md, Boot numbers): the firmware's
    random fallback, 2^30 .. 2^31 - 1. A process keeps no count of its starts."""
    return (1 << 30) + int.from_bytes(os.urandom(4), "big") % (1 << 30)


# -- the profiles -----------------------------------------------------------------------------
class Profiles:
    """The camera profiles named on the command line (DECK=PATH): read, read again when
    their file changes, saved with their sidecar (PATH with .json: the deck and the cards
    learnt, for the table, which never opens the .npz)."""

    def __init__(self, paths: dict[str, Path], say=None):
        self.paths = paths
        self.say = say or (lambda text: print(text, file=sys.stderr, flush=True))
        self.loaded: dict = {}  # deck -> Profile
        self.readers: dict = {}  # deck -> Reader (profiles with a card learnt)
        self.damaged: dict[str, str] = {}  # deck -> why
        self._stamps: dict[str, tuple | None] = {}
        self._checked = 0.0
        self.generation = 0  # counts the changes of `readers`: a frame read before is read again

    def refresh(self, now: float | None = None) -> bool:
        """Read a profile file that changed since; True when any did."""
        now = time.monotonic() if now is None else now
        if now - self._checked < PROFILE_CHECK_S and self._stamps:
            return False
        self._checked = now
        changed = False
        for deck, path in self.paths.items():
            stamp = _stamp(path)
            if deck in self._stamps and stamp == self._stamps[deck]:
                continue
            self._stamps[deck] = stamp
            self._load(deck, path, stamp)
            changed = True
        return changed

    def _load(self, deck: str, path: Path, stamp) -> None:
        from .profile import ProfileError, load

        self.loaded.pop(deck, None)
        self.readers.pop(deck, None)
        self.damaged.pop(deck, None)
        self.generation += 1
        if stamp is None:
            return
        try:
            profile = load(path)
        except ProfileError as error:
            self.damaged[deck] = str(error)
            self.say(f"camera: {error}")
            return
        if profile.deck != deck:
            self.damaged[deck] = f"camera profile {path}: of the {profile.deck} deck, not {deck}"
            self.say(f"camera: {self.damaged[deck]}")
            return
        self._use(deck, profile)
        self._sidecar(path, profile)  # a profile from camera-pair comes without one

    def _sidecar(self, path: Path, profile) -> None:
        """The sidecar says what the profile holds; written when it does not."""
        sidecar = path.with_suffix(".json")
        data = {"deck": profile.deck, "cards": list(profile.cards)}
        try:
            if json.loads(sidecar.read_text()) == data:
                return
        except (OSError, ValueError):
            pass
        try:
            _write_atomic(sidecar, json.dumps(data).encode())
        except OSError as error:
            self.say(f"camera: cannot write {sidecar}: {error.strerror or error}")

    def _use(self, deck: str, profile) -> None:
        from .reader import Reader

        self.generation += 1
        self.loaded[deck] = profile
        if profile.cards:
            self.readers[deck] = Reader(profile)
        else:
            self.readers.pop(deck, None)

    def save(self, deck: str, profile) -> None:
        """Write the profile (atomic) and its sidecar; OSError when it cannot be written."""
        from .profile import save

        path = self.paths[deck]
        path.parent.mkdir(parents=True, exist_ok=True)
        save(profile, path)
        data = {"deck": profile.deck, "cards": list(profile.cards)}
        _write_atomic(path.with_suffix(".json"), json.dumps(data).encode())
        self._stamps[deck] = _stamp(path)
        self.damaged.pop(deck, None)
        self._use(deck, profile)

    def deck_of(self, code: str) -> tuple[str, str] | None:
        """The deck (of those with a profile path) that has the card `code`, and its name."""
        for deck in self.paths:
            try:
                return deck, DECKS[deck].parse(code).text
            except (NotationError, KeyError):
                continue
        return None


def _stamp(path: Path) -> tuple | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size, stat.st_ino)


def _write_atomic(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


# -- looking at the spot ------------------------------------------------------------------------
def look_at(frame, readers: dict):
    """The Look of `frame` through every profile's reader, and the reading shown in the
    preview. A card is read only when the profiles that are sure agree on it."""
    readings = [reader.read(frame) for reader in readers.values()]
    sure = {r.card for r in readings if r.card is not None}
    width = frame.shape[1]
    shown = next((r for r in readings if r.card is not None), None)
    if shown is None:
        shown = next((r for r in readings if r.corners is not None), readings[0])
    outline = _outline(shown.corners, width)
    if shown.why == "empty" and covered(frame, readers):
        return Look(None, "not a card"), shown  # a hand over the card, not the card taken away
    if len(sure) == 1:
        return Look(outline, "read", sure.pop()), shown
    if len(sure) > 1:
        return Look(outline, "not sure"), shown
    return Look(outline, shown.why), shown


def covered(frame, readers: dict) -> bool:
    """Whether a spot the reader finds no card on is not the bare mat the pairing saw:
    something lies over it (a hand over the card hides the paper, and the reader says
    empty). The card lying there must not count as taken away, and be sent again.

    The frame is compared with each profile's empty spot (light level aside): where a
    twentieth of it differs by more than COVERED (of 255), something is there. A
    profile without an empty spot leaves it to the reader."""
    import numpy as np

    from .reader import small_grey

    grey = None
    for reader in readers.values():
        empty = reader.profile.empty
        if empty is None:
            continue
        if grey is None:
            grey = small_grey(frame).astype(np.float32)
        then = empty.astype(np.float32)
        gain = float(np.median(grey)) / max(float(np.median(then)), 1.0)
        if float(np.percentile(np.abs(grey - gain * then), 95)) <= COVERED:
            return False
    return grey is not None


def _thumbnail(frame):
    """The frame small and grey (80 x 60, float): what tells a still scene from a change."""
    import cv2
    import numpy as np

    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    return cv2.resize(grey, THUMB, interpolation=cv2.INTER_AREA).astype(np.float32)


def locate_look(frame):
    """The Look of `frame` with no profile (pairing): the card's outline only."""
    from .locate import Found, locate
    from .reader import Reading

    found = locate(frame)
    if isinstance(found, Found):
        reading = Reading(None, 0.0, "not sure", found.corners)
    else:
        reading = Reading(None, 0.0, found.reason)
    return Look(_outline(reading.corners, frame.shape[1]), reading.why), reading


def _outline(corners, width: int):
    if corners is None:
        return None
    return tuple((float(x) / width, float(y) / width) for x, y in corners)


class Camera:
    """The camera's thread: frames in, decisions out, LEARN and PREVIEW obeyed."""

    def __init__(self, link: Link, source, profiles: Profiles, preview: Path | None, fps=FPS):
        self.link = link
        self.source = source
        self.profiles = profiles
        self.preview_dir = preview
        self.period = 1.0 / fps
        self.spot = ReadSpot()
        self.learning: tuple[str, str] | None = None  # (deck, card) asked by LEARN
        self.learn_spot: LearnSpot | None = None
        self._empty_learnt = False  # the empty spot learnt in this pairing
        self.previewing = False
        self._preview_at = 0.0
        self._preview_n = 0
        self._last_key: tuple = (None, None)  # the frame last read, and what it was read by
        self._thumb = None  # that frame, small and grey
        self._last_look = None

    def run(self, stop: threading.Event) -> int:
        """Until the line closes (0) or a camera that gave pictures is gone (3)."""
        camera, gave = None, False
        next_at = time.monotonic()
        while not (stop.is_set() or self.link.closed.is_set()):
            self._commands()
            self._standing_profiles()
            if camera is None:
                camera = self._open()
                if camera is None:
                    stop.wait(CAMERA_RETRY_S)
                    continue
            try:
                frame = camera.grab()
            except CameraGone as error:
                camera.close()
                self._say_no_camera(str(error))
                if gave:
                    self._flush()
                    return EXIT_CAMERA_GONE
                camera = None
                continue
            if frame is not None:
                gave = True
                self.frame(frame)
            next_at += self.period
            delay = next_at - time.monotonic()
            if delay < -self.period:  # fell behind (a slow frame): no rush to catch up
                next_at = time.monotonic()
            stop.wait(max(delay, 0.0))
        if camera is not None:
            camera.close()
        return 0

    def _open(self):
        try:
            camera = open_source(self.source)
        except CameraGone as error:
            self._say_no_camera(str(error))
            return None
        if self.link.standing.pop("camera", None) is not None:
            print("camera: the camera is there again", file=sys.stderr, flush=True)
        return camera

    def _say_no_camera(self, why: str) -> None:
        if "camera" not in self.link.standing:  # once per outage, then after every HELLO
            print(f"camera: {why}", file=sys.stderr, flush=True)
            self.link.standing["camera"] = p.NO_CAMERA
            self.link.error(p.NO_CAMERA)

    def _flush(self, within: float = 0.5) -> None:
        """Let the ERROR (and a CARD waiting for its ACK) reach the table before ending."""
        end = time.monotonic() + within
        while self.link.waiting and time.monotonic() < end and not self.link.closed.is_set():
            time.sleep(0.01)

    def _standing_profiles(self) -> None:
        """no-profile while no deck is paired by camera, profile-damaged while one cannot
        be read: said at once, then after every HELLO."""
        self.profiles.refresh()
        standing = self.link.standing
        for key, reason, holds in (
            ("damaged", p.PROFILE_DAMAGED, bool(self.profiles.damaged)),
            ("profile", p.NO_PROFILE, not self.profiles.readers and not self.profiles.damaged),
        ):
            if holds and key not in standing:
                standing[key] = reason
                self.link.error(reason)
            elif not holds:
                standing.pop(key, None)

    # -- one frame ----------------------------------------------------------------------------
    def frame(self, frame) -> None:
        look, reading = self._look(frame)
        if self.learning is not None:
            self._learn(frame, look)
        elif self.profiles.readers:
            self._decide(self.spot.see(look))
        if self.previewing:
            self._preview(frame, reading)

    def _look(self, frame):
        """The frame's Look and reading: those of the frame read last when nothing moved
        on the spot since (the folder camera's same picture, a webcam looking at a card
        lying there), so that a still spot costs little; else read now."""
        key = (self.profiles.generation, self.learning is None)
        last_frame, last_key = self._last_key
        known = self._last_look is not None and key == last_key
        if known and (frame is last_frame or self._same_scene(frame)):
            return self._last_look
        if self.learning is not None or not self.profiles.readers:
            seen = locate_look(frame)
        else:
            seen = look_at(frame, self.profiles.readers)
        self._thumb = _thumbnail(frame)  # what the next frames are held against
        self._last_key, self._last_look = (frame, key), seen
        return seen

    def _same_scene(self, frame) -> bool:
        if self._thumb is None:
            return False
        import numpy as np

        small = _thumbnail(frame)
        if small.shape != self._thumb.shape:
            return False
        return float(np.abs(small - self._thumb).mean()) < SAME_SCENE

    def _decide(self, decision) -> None:
        if decision is None:
            return
        if decision.what == READ:
            if not self.link.card(decision.card):
                self.link.error(f"queue full, dropped CARD {decision.card}")
        elif decision.what == LAY_AGAIN:
            self.link.error(p.LAY_AGAIN)

    # -- pairing --------------------------------------------------------------------------------
    def _commands(self) -> None:
        while True:
            try:
                frame = self.link.commands.get_nowait()
            except queue.Empty:
                return
            if frame.type == p.PREVIEW:
                self.previewing = frame.payload[:1] == b"\x01"
                self._preview_at = 0.0
            else:
                self._learn_asked(frame.payload)

    def _learn_asked(self, payload: bytes) -> None:
        if not payload:  # learning ends: the card learnt last, still lying there, is not read
            if self.learning is not None:
                self.learning, self.learn_spot = None, None
            return
        try:
            code = payload.decode("ascii")
        except UnicodeError:
            code = None
        found = self.profiles.deck_of(code) if code else None
        if found is None:
            self.link.error(p.NOT_IN_DECK)
            return
        if self.learning is None:
            self.learn_spot = LearnSpot()  # the spot must be seen empty before the first card
            self._empty_learnt = False
        self.learning = found

    def _learn(self, frame, look: Look) -> None:
        deck, card = self.learning
        decision = self.learn_spot.see(look)
        if self.learn_spot.empty_seen and not self._empty_learnt:
            self._learn_empty(deck, frame)
        if decision is None or decision.what != LEARN:
            return
        from .reader import PairingError, learn_card

        try:
            profile = learn_card(self.profiles.loaded.get(deck), deck, card, frame)
        except PairingError as error:
            print(f"camera: {card} not learnt: {error.reason}", file=sys.stderr, flush=True)
            self.link.error(p.LAY_AGAIN)
            return
        if not self._saved(deck, profile):
            return
        self.learn_spot.learnt()
        self.spot.sent = card  # back to reading, the card lying there is not sent
        self.link.card(card)

    def _learn_empty(self, deck: str, frame) -> None:
        from .reader import PairingError, learn_empty

        try:
            profile = learn_empty(self.profiles.loaded.get(deck), frame, deck)
        except PairingError:
            return
        self._empty_learnt = self._saved(deck, profile)

    def _saved(self, deck: str, profile) -> bool:
        try:
            self.profiles.save(deck, profile)
        except OSError as error:
            why = error.strerror or str(error)
            print(f"camera: cannot save {self.profiles.paths[deck]}: {why}", file=sys.stderr)
            self.link.error(f"{p.SAVE_FAILED}{why}")
            return False
        return True

    # -- the preview ------------------------------------------------------------------------------
    def _preview(self, frame, reading) -> None:
        now = time.monotonic()
        if self.preview_dir is None or now - self._preview_at < PREVIEW_EVERY_S:
            return
        self._preview_at = now
        try:
            write_preview(self.preview_dir, frame, reading, self._preview_n + 1)
        except OSError as error:
            print(f"camera: cannot write the preview: {error}", file=sys.stderr, flush=True)
            return
        self._preview_n += 1


def write_preview(folder: Path, frame, reading, n: int) -> None:
    """frame.jpg (at most 640x480) and seen.json, each replaced whole."""
    import cv2

    h, w = frame.shape[:2]
    scale = min(1.0, PREVIEW_SIZE[0] / w, PREVIEW_SIZE[1] / h)
    if scale < 1.0:
        frame = cv2.resize(frame, (round(w * scale), round(h * scale)), cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
    if not ok:
        return
    folder.mkdir(parents=True, exist_ok=True)
    _write_atomic(folder / "frame.jpg", jpeg.tobytes())
    outline, corners = None, reading.corners
    if corners is not None:
        outline = [[round(float(x) * scale, 1), round(float(y) * scale, 1)] for x, y in corners]
    seen = {
        "n": n,
        "size": [frame.shape[1], frame.shape[0]],
        "card": reading.card,
        "score": round(float(reading.score), 3),
        "why": reading.why,
        "outline": outline,
    }
    _write_atomic(folder / "seen.json", json.dumps(seen).encode())


# -- the process ----------------------------------------------------------------------------------
def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m device.camera.scanner",
        description="The camera scanner: protocol v1 on standard input and output.",
    )
    parser.add_argument("--source", required=True, help="camera, camera:/dev/video0, ...")
    parser.add_argument(
        "--profile",
        action="append",
        default=[],
        metavar="DECK=PATH",
        help="a camera profile (read, and written by pairing), e.g. standard=camera-standard.npz",
    )
    parser.add_argument("--preview", type=Path, help="the folder the preview is written into")
    parser.add_argument("--fps", type=float, default=FPS, help="frames a second (15)")
    return parser.parse_args(argv)


def profile_paths(specs: list[str]) -> dict[str, Path]:
    paths = {}
    for spec in specs:
        deck, sep, path = spec.partition("=")
        if not sep or deck not in DECKS or not path:
            raise SystemExit(f"--profile {spec}: DECK=PATH with DECK one of {', '.join(DECKS)}")
        paths[deck] = Path(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    from ..stopping import die_with_parent

    args = parse_args(argv)
    try:
        source = parse_source(args.source)
    except SourceError as error:
        print(f"camera: {error}", file=sys.stderr)
        return 2
    paths = profile_paths(args.profile)
    die_with_parent()  # the table's camera: never beyond it
    stop = threading.Event()
    _stop_on_sigterm(stop)
    # The line is the process's standard output: anything else a library prints there
    # (OpenCV, libcamera) would break its frames, so from here on it goes to stderr.
    line = os.dup(sys.stdout.fileno())
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    link = Link(source.ident, sys.stdin.fileno(), line).start()
    try:
        import cv2  # noqa: F401  (the camera's own process: the table never imports it)
        import numpy  # noqa: F401
    except ImportError as error:  # the [camera] extra not installed: said, not a crash loop
        print(f"camera: {error}: install the [camera] extra", file=sys.stderr, flush=True)
        link.standing["opencv"] = p.NO_OPENCV
        link.error(p.NO_OPENCV)
        while not (stop.is_set() or link.closed.is_set()):
            stop.wait(0.5)
        return 0
    camera = Camera(link, source, Profiles(paths), args.preview, args.fps)
    return camera.run(stop)


def _stop_on_sigterm(stop: threading.Event) -> None:
    import signal

    def handler(signum, frame):
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


if __name__ == "__main__":
    sys.exit(main())
