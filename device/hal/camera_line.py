"""The table's side of a camera scanner: the camera runs in a process of its own.

A scanner string that names a camera (`camera`, `camera:/dev/video0`, `camera:picamera`,
`camera:dir:PATH`: device/hal/camera_url.py) is opened here, the way pyserial's
serial_for_url picks a protocol_<scheme> module for a URL: `open_line` starts the camera
process (`python -m device.camera.scanner`) and gives a port object over its pipes
that reads and writes as a serial port does; any other string goes to
serial.serial_for_url as before. So SerialDevice (device/hal/serial_device.py) speaks
protocol v1 to the camera exactly as to a Pico scanner, and its reconnect loop restarts
the process when it ends (a crash, the camera unplugged): LOST on the screen, tried again.

OpenCV and numpy load only into the camera process, never here. A camera process that
ends soon after its start (OpenCV missing and the extra not installed, a crash at start)
is started again later and later (BACKOFF_S), not every half second.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import serial

from device.decks import DECKS as EVERY_DECK

from .camera_url import SourceError, is_camera, parse_source
from .events import CARD
from .serial_device import SerialDevice

log = logging.getLogger(__name__)

MODULE = "device.camera.scanner"
DECKS = tuple(EVERY_DECK)  # the deck names the camera process learns and reads
QUICK_S = 5.0  # a process that ended sooner than this after its start ended at its start
BACKOFF_S = (0.0, 1.0, 2.0, 5.0, 10.0, 30.0)  # before each start after quick ends in a row
STOP_S = 1.0  # SIGTERM to SIGKILL, when the line is closed


def camera_profile(decks: Path, deck: str) -> Path:
    """The camera profile of `deck` in the data folder's decks/ (its sidecar: .json)."""
    return decks / f"camera-{deck}.npz"


def camera_command(url: str, decks: Path | None, preview: Path | None) -> list[str]:
    """The camera process for the scanner string `url`."""
    command = [sys.executable, "-m", MODULE, "--source", url]
    for deck in DECKS if decks is not None else ():
        command += ["--profile", f"{deck}={camera_profile(decks, deck)}"]
    if preview is not None:
        command += ["--preview", str(preview)]
    return command


class CameraPort:
    """The camera process's standard input and output as a pyserial-like port: read
    (with the port's timeout), in_waiting, write, close. Its end is a SerialException."""

    def __init__(self, command: list[str], timeout: float = 0.05):
        self.timeout = timeout
        self.started = time.monotonic()
        # Its standard error is the table's (the log); same process group as the table,
        # so whoever ends the table's group ends it too.
        self._process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, close_fds=True
        )
        self._out = self._process.stdout.fileno()
        self.is_open = True

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def in_waiting(self) -> int:
        if not self.is_open:
            return 0
        try:
            raw = fcntl.ioctl(self._out, termios.FIONREAD, b"\0\0\0\0")
        except OSError:
            return 0
        return struct.unpack("i", raw)[0]

    def read(self, size: int = 1) -> bytes:
        if not self.is_open:
            raise serial.SerialException("the camera line is closed")
        try:
            ready, _, _ = select.select([self._out], [], [], self.timeout)
            data = os.read(self._out, size) if ready else None
        except OSError as error:
            raise serial.SerialException(f"the camera process: {error}") from None
        if data == b"":
            raise serial.SerialException(f"the camera process ended ({self._status()})")
        return data or b""

    def write(self, data: bytes) -> int:
        if not self.is_open:
            raise serial.SerialException("the camera line is closed")
        view = memoryview(data)
        try:
            while view:
                view = view[self._process.stdin.write(view) :]
        except (BrokenPipeError, ValueError, OSError) as error:
            raise serial.SerialException(f"the camera process does not listen: {error}") from None
        return len(data)

    def _status(self) -> str:
        try:
            status = self._process.wait(0.5)
        except subprocess.TimeoutExpired:
            return "its output closed"
        return f"status {status}"

    def close(self) -> None:
        """The process is told to stop (its input closed, SIGTERM), killed if it lingers."""
        if not self.is_open:
            return
        self.is_open = False
        with contextlib.suppress(OSError, ValueError):
            self._process.stdin.close()
        with contextlib.suppress(OSError):
            self._process.terminate()
        try:
            self._process.wait(STOP_S)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                self._process.kill()
            self._process.wait()
        with contextlib.suppress(OSError, ValueError):
            self._process.stdout.close()


class Opener:
    """SerialDevice's opener: a camera string starts the camera process, any other goes to
    pyserial. Remembers how soon each camera process ended, to wait before the next."""

    def __init__(self, decks: Path | None = None, preview: Path | None = None):
        self.decks = decks
        self.preview = preview
        self._quick = 0  # camera processes in a row that ended at their start
        self._port: CameraPort | None = None
        self._not_before = 0.0

    def __call__(self, url: str, **kwargs):
        if not is_camera(url):
            return serial.serial_for_url(url, **kwargs)
        try:
            parse_source(url)
        except SourceError as error:
            raise ValueError(str(error)) from None  # a bad URL, said as pyserial's are
        self._count_last()
        if time.monotonic() < self._not_before:
            raise serial.SerialException(
                "the camera process ended at its start; starting it again in a while"
            )
        command = camera_command(url, self.decks, self.preview)
        try:
            self._port = CameraPort(command, kwargs.get("timeout", 0.05))
        except OSError as error:
            raise serial.SerialException(f"the camera process cannot start: {error}") from None
        return self._port

    def _count_last(self) -> None:
        """Before a start: the last process ended soon after its start, or lived."""
        last, self._port = self._port, None
        if last is None:
            return
        if time.monotonic() - last.started < QUICK_S:
            self._quick = min(self._quick + 1, len(BACKOFF_S) - 1)
        else:
            self._quick = 0
        self._not_before = time.monotonic() + BACKOFF_S[self._quick]


class CameraScanner(SerialDevice):
    """The scanner when it is a camera: a SerialDevice on the camera process's line (its
    learn() and preview() are what a camera obeys), with the folder it writes its
    preview into."""

    def __init__(self, url: str, inputs, decks: Path | None, applied=None, **kwargs):
        self.preview_dir: Path | None = Path(tempfile.mkdtemp(prefix="honeymoon-camera-"))
        self.decks = decks
        opener = Opener(decks, self.preview_dir)
        self._listeners: list = []
        super().__init__(url, inputs, "scanner", applied, opener=opener, **kwargs)

    def listen(self, callback) -> None:
        """`callback("ack", input)` when the table has answered a card, `callback("beep",
        pattern)` at each beep: how the simulated player (device/sim/camera.py) hears the
        table's answer, as a person at the table hears it."""
        self._listeners.append(callback)

    def acknowledge(self, done) -> None:
        super().acknowledge(done)
        if done.kind == CARD and done.seq is not None:
            for callback in self._listeners:
                callback("ack", done)

    def beep(self, pattern: int) -> None:
        super().beep(pattern)
        for callback in self._listeners:
            callback("beep", pattern)

    def stop(self) -> None:
        super().stop()
        if self.preview_dir is not None:
            shutil.rmtree(self.preview_dir, ignore_errors=True)


def open_scanner(url: str, inputs, decks: Path | None, applied=None) -> SerialDevice:
    """The scanner device for the scanner string `url`: a camera or a serial line."""
    if is_camera(url):
        return CameraScanner(url, inputs, decks, applied)
    return SerialDevice(url, inputs, "scanner", applied)
