"""Where the camera process gets its pictures: a V4L2 webcam, the Pi's camera module, or a folder.

The scanner string (config `devices.scanner`, `--scanner`) names the source:

- `camera`: the first camera (V4L2 index 0, through OpenCV's VideoCapture);
- `camera:/dev/video0` (any device path, or `camera:2` for index 2): a V4L2 webcam;
- `camera:picamera`: the Pi's camera module through picamera2 (Debian's python3-picamera2,
  seen through the venv's system site packages, as lgpio is); imported only here, when asked;
- `camera:dir:PATH`: a folder camera: the picture is the newest image file in PATH, the
  greatest name in sorted order among .png/.jpg/.jpeg/.bmp. A program "lays a card" by adding
  a file with a greater name. Used by tests and `--simulate`.

A source's `grab()` gives the next frame (BGR), None when there is no picture (yet), and
raises CameraGone when the camera cannot give any: not there, unplugged, a folder removed.
`parse_source` refuses a string that names none.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from ..hal.camera_url import Source, SourceError, is_camera, parse_source

__all__ = ["CameraGone", "Source", "SourceError", "is_camera", "open_source", "parse_source"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
FRAME_SIZE = (640, 480)  # asked of a webcam; what the reader is made for


class CameraGone(Exception):
    """No picture can be had from the camera: the message says why, in one line."""


def open_source(source: Source):
    """The frame source for `source`; CameraGone when it cannot be opened now."""
    if source.kind == "dir":
        return FolderCamera(Path(source.where))
    if source.kind == "picamera":
        return PiCamera()
    return Webcam(int(source.where) if source.where.isdigit() else source.where)


class FolderCamera:
    """The newest image file in a folder, as a camera that keeps looking at one scene: the
    same picture (the very same array) at every grab until a newer file comes; None
    while the folder holds no picture that can be read."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._name: str | None = None
        self._frame = None
        if not folder.is_dir():
            raise CameraGone(f"no folder {folder}")

    def grab(self):
        newest = self._newest()
        if newest is not None and newest != self._name:
            frame = self._read(self.folder / newest)
            if frame is not None:  # else still being written: read again at the next grab
                self._name, self._frame = newest, frame
        return self._frame

    def _newest(self) -> str | None:
        try:
            names = [
                entry.name
                for entry in os.scandir(self.folder)
                if entry.name.lower().endswith(IMAGE_SUFFIXES) and not entry.name.startswith(".")
            ]
        except OSError as error:
            raise CameraGone(f"the folder {self.folder}: {error.strerror or error}") from None
        return max(names) if names else None

    @staticmethod
    def _read(path: Path):
        import cv2
        import numpy as np

        try:
            data = path.read_bytes()
        except OSError:
            return None
        if not data:
            return None
        return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)

    def close(self) -> None:
        pass


class Webcam:
    """A V4L2 camera through OpenCV. A camera that stops giving frames is gone."""

    MISSES = 15  # reads in a row that give nothing: a second at 15 frames a second

    def __init__(self, device: int | str):
        import cv2

        self.device = device
        # Looked for first: OpenCV would try (and warn in the log) every second meanwhile.
        path = device if isinstance(device, str) else f"/dev/video{device}"
        if not os.path.exists(path):
            raise CameraGone(f"no camera at {path}")
        capture = cv2.VideoCapture(device, cv2.CAP_V4L2)
        if not capture.isOpened():
            capture.release()
            raise CameraGone(f"the camera {device} cannot be opened")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, FRAME_SIZE[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, FRAME_SIZE[1])
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not an old one queued
        self._capture = capture
        self._misses = 0

    def grab(self):
        ok, frame = self._capture.read()
        if ok and frame is not None:
            self._misses = 0
            return frame
        self._misses += 1
        if self._misses >= self.MISSES:
            raise CameraGone(f"the camera {self.device} gives no pictures (unplugged?)")
        time.sleep(0.05)
        return None

    def close(self) -> None:
        self._capture.release()


class PiCamera:
    """The Pi's camera module through picamera2, imported only when this camera is asked for."""

    def __init__(self):
        try:
            from picamera2 import Picamera2  # Debian's python3-picamera2
        except ImportError as error:
            raise CameraGone(f"picamera2 is not installed ({error})") from None
        try:
            camera = Picamera2()
            config = camera.create_video_configuration(
                main={"size": FRAME_SIZE, "format": "RGB888"}  # RGB888 is BGR in memory
            )
            camera.configure(config)
            camera.start()
        except Exception as error:  # picamera2 raises RuntimeError, IndexError, OSError, ...
            raise CameraGone(f"the Pi camera cannot be opened: {error}") from None
        self._camera = camera

    def grab(self):
        try:
            return self._camera.capture_array("main")
        except Exception as error:  # the ribbon pulled, libcamera gone
            raise CameraGone(f"the Pi camera gives no pictures: {error}") from None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._camera.stop()
            self._camera.close()
