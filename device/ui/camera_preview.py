"""What the camera sees, for Settings' camera page.

While the page is open the table asks the camera process for a preview
(scanner.preview(True)); about 5 times a second it writes, atomically, into its
preview folder `frame.jpg` (the camera's picture) and `seen.json`:
{"n": counter, "size": [w, h], "card": "SA" | null, "score": 0.97, "why": "read",
"outline": [[x, y] x4] | null} (and, where the camera process knows it, "spot": the
spot's corners; without it the whole frame is the spot).

The picture is read again only when seen.json's "n" changes. A file missing, half
written or not a picture never stops the screen: the last good picture and reading
stay (the camera page says so when there has been none yet).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

SEEN_MAX = 64 * 1024  # seen.json is a few hundred bytes: a bigger file is not one


@dataclass(frozen=True)
class Seen:
    """One reading of the camera: the picture's size, the spot, the card found."""

    size: tuple[int, int]
    card: str | None = None
    score: float = 0.0
    why: str = "empty"
    outline: tuple[tuple[float, float], ...] | None = None
    spot: tuple[tuple[float, float], ...] | None = None  # None: the whole frame

    @property
    def spot_corners(self) -> tuple[tuple[float, float], ...]:
        w, h = self.size
        return self.spot or ((0, 0), (w, 0), (w, h), (0, h))


@dataclass(frozen=True)
class CameraShown:
    """What the camera page draws: the last good picture (a pygame Surface) and what the
    camera read in it; both None before the first one came."""

    picture: object | None = None
    seen: Seen | None = None


class CameraFeed:
    """Reads the preview folder; `poll` says when there is something new to draw."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.shown = CameraShown()
        self._n = None  # the counter of the picture shown

    def poll(self) -> bool:
        """Read seen.json; on a new counter, the picture with it. True when what is
        shown changed."""
        import pygame

        data = _json(self.folder / "seen.json")
        if data is None or data.get("n") == self._n:
            return False
        seen = parse_seen(data)
        if seen is None:
            return False
        try:
            picture = pygame.image.load(str(self.folder / "frame.jpg"))
        except (pygame.error, OSError, ValueError):
            return False  # being written, or gone: the last good one stays, tried again
        self._n = data.get("n")
        self.shown = CameraShown(picture, seen)
        return True


def _json(path: Path) -> dict | None:
    try:
        with open(path, "rb") as file:
            text = file.read(SEEN_MAX + 1)
    except OSError:
        return None
    if len(text) > SEEN_MAX:
        return None
    try:
        data = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def parse_seen(data: dict) -> Seen | None:
    """A Seen from seen.json's fields; None when its size is not a picture's. A bad
    card, score, outline or spot is dropped (shown as not found), never a crash."""
    size = _pair(data.get("size"))
    if size is None or size[0] < 1 or size[1] < 1:
        return None
    card = data.get("card")
    score = data.get("score")
    why = data.get("why")
    return Seen(
        size=(int(size[0]), int(size[1])),
        card=card if isinstance(card, str) and 0 < len(card) <= 4 else None,
        score=float(score) if _number(score) else 0.0,
        why=why if isinstance(why, str) else "empty",
        outline=_corners(data.get("outline")),
        spot=_corners(data.get("spot")),
    )


def _number(value) -> bool:
    """A finite number (JSON also has NaN and Infinity, which no pixel is)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _pair(value) -> tuple[float, float] | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(map(_number, value)):
        return float(value[0]), float(value[1])
    return None


def _corners(value) -> tuple[tuple[float, float], ...] | None:
    """Four corners in frame pixels, or None."""
    if not isinstance(value, list | tuple) or len(value) != 4:
        return None
    corners = tuple(_pair(corner) for corner in value)
    return None if None in corners else corners
