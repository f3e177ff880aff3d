"""Screen geometry: everything is laid out on an 800x480 logical screen (the
official 7" display) and drawn at the real size with one uniform scale, so
text stays sharp at 1024x600 and 1920x1080. Rotation turns the finished
picture; touches are turned back the same way.
"""

from __future__ import annotations

import sys
from functools import lru_cache

import pygame

from . import theme
from .font import Font

BASE_W, BASE_H = 800, 480
MIN_TARGET = 48  # logical pixels: the smallest touch target on 800x480


class Layout:
    def __init__(self, size: tuple[int, int]):
        self.size = size
        # Texts asked below theme.MIN_TEXT (drawn at the minimum instead) and texts too
        # wide for their room even at the minimum, each with the screen line that asked:
        # both stay empty on every screen (tests/ui/test_readable.py).
        self.too_small: set[tuple[float, str]] = set()
        self.overflow: set[tuple[str, str]] = set()
        width, height = size
        self.scale = min(width / BASE_W, height / BASE_H)
        self.offset = (
            round((width - BASE_W * self.scale) / 2),
            round((height - BASE_H * self.scale) / 2),
        )

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A logical rectangle in real pixels."""
        left = self.offset[0] + round(x * self.scale)
        top = self.offset[1] + round(y * self.scale)
        right = self.offset[0] + round((x + w) * self.scale)
        bottom = self.offset[1] + round((y + h) * self.scale)
        return pygame.Rect(left, top, right - left, bottom - top)

    def point(self, x: float, y: float) -> tuple[int, int]:
        return (self.offset[0] + round(x * self.scale), self.offset[1] + round(y * self.scale))

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The font for a logical `size`; never below theme.MIN_TEXT (a smaller one is noted)."""
        if size < theme.MIN_TEXT:
            self.too_small.add((size, _caller()))
            size = theme.MIN_TEXT
        if not pygame.font.get_init():  # after a pygame.quit() the cached fonts are dead
            pygame.font.init()
            _font.cache_clear()
        return _font(self.px(size), bold)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The logical width of `text` at `size`."""
        return self.font(size, bold).size(text)[0] / self.scale

    def fit_size(self, text: str, size: float, max_width: float, bold: bool = False) -> float:
        """The largest size up to `size`, and not below theme.MIN_TEXT, at which `text`
        is at most `max_width` logical px wide; a text too wide even then is noted."""
        size = max(size, theme.MIN_TEXT)
        while size > theme.MIN_TEXT and self.width(text, size, bold) > max_width:
            size -= 1
        if self.width(text, size, bold) > max_width + 0.5:
            self.note_overflow(text)
        return size

    def note_overflow(self, text: str) -> None:
        self.overflow.add((text, _caller()))

    def fit_text(self, text: str, size: float, max_width: float, bold: bool = False):
        """(text, size) that fit `max_width`: shrunk down to the minimum size, then cut
        short with an ellipsis (a long name in a narrow column); never noted as too wide."""
        size = max(size, theme.MIN_TEXT)
        while size > theme.MIN_TEXT and self.width(text, size, bold) > max_width:
            size -= 1
        if self.width(text, size, bold) <= max_width:
            return text, size
        while len(text) > 1 and self.width(text.rstrip() + "…", size, bold) > max_width:
            text = text[:-1]
        return text.rstrip() + "…", size


def _caller() -> str:
    """Where the text was asked for: up to three screen lines, innermost first."""
    frame, where = sys._getframe(2), []
    while frame is not None and len(where) < 3:
        name = frame.f_code.co_filename.rsplit("/", 1)[-1]
        if name not in ("layout.py", "draw.py"):
            where.append(f"{name}:{frame.f_lineno}")
        frame = frame.f_back
    return " < ".join(where)


@lru_cache(maxsize=64)
def _font(pixels: int, bold: bool) -> pygame.font.Font:
    font = Font(None, pixels)  # pygame's own font: always there, even on a Pi
    font.set_bold(bold)
    return font


def rotated_size(size: tuple[int, int], rotation: int) -> tuple[int, int]:
    """The display's size for a picture of `size` turned by `rotation` degrees."""
    return (size[1], size[0]) if rotation in (90, 270) else size


def unrotate(pos: tuple[float, float], size: tuple[int, int], rotation: int):
    """A point on the (turned) display back on the picture of `size` (width, height).

    pygame.transform.rotate turns counter-clockwise.
    """
    x, y = pos
    width, height = size
    if rotation == 90:
        return (width - 1 - y, x)
    if rotation == 180:
        return (width - 1 - x, height - 1 - y)
    if rotation == 270:
        return (y, height - 1 - x)
    return (x, y)
