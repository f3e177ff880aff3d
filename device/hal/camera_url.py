"""The scanner strings that name a camera, read without OpenCV (the table reads them).

`camera` (the first camera, V4L2 index 0), `camera:/dev/video0` (a V4L2 device; `camera:2`
an index), `camera:picamera` (the Pi's camera module), `camera:dir:PATH` (a folder camera).
What opens them is the camera's own process: device/camera/sources.py. The table process
imports this module and never the device.camera package (OpenCV and numpy live there).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

PREFIX = "camera"


class SourceError(ValueError):
    """A scanner string that names no camera."""


@dataclass(frozen=True)
class Source:
    kind: str  # "v4l2", "picamera" or "dir"
    where: str  # the V4L2 device path or index, or the folder; "" for the Pi camera

    @property
    def ident(self) -> str:
        """The camera's id in its HELLO, stable for the source and short (the table shows
        24 characters of an id): camera-picamera, camera-video0 (camera-0 for an index),
        camera-dir-<6 hex digits of the folder's path>."""
        if self.kind == "picamera":
            return "camera-picamera"
        if self.kind == "dir":
            import hashlib

            return "camera-dir-" + hashlib.sha1(self.where.encode()).hexdigest()[:6]
        return "camera-" + os.path.basename(self.where)[:16]


def is_camera(url: str) -> bool:
    """Whether a scanner string names a camera (rather than a serial line)."""
    return url == PREFIX or url.startswith(PREFIX + ":")


def parse_source(url: str) -> Source:
    """The Source named by `url`; SourceError (one line) when it names none."""
    if not is_camera(url):
        raise SourceError(f"{url!r} is not a camera (camera, camera:/dev/video0, ...)")
    rest = url[len(PREFIX) + 1 :] if url != PREFIX else "0"
    if rest == "picamera":
        return Source("picamera", "")
    if rest.startswith("dir:"):
        if not rest[4:]:
            raise SourceError("camera:dir: needs a folder (camera:dir:/path/to/frames)")
        return Source("dir", rest[4:])
    if rest.isdigit() or rest.startswith("/"):
        return Source("v4l2", rest)
    raise SourceError(
        f"{url!r} names no camera: camera, camera:/dev/video0, camera:picamera or camera:dir:PATH"
    )
