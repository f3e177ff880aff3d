"""Screen geometry: everything is laid out on an 800x480 logical screen (the
official 7" display) and drawn at the real size with one uniform scale, so
text stays sharp at 1024x600 and 1920x1080. Rotation turns the finished
picture; touches are turned back the same way.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

BASE_W, BASE_H = 800, 480
MIN_TARGET = 48  # logical pixels: the smallest touch target on 800x480


class Layout:
    def __init__(self, size: tuple[int, int]):
        self.size = size
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

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        if not pygame.font.get_init():  # after a pygame.quit() the cached fonts are dead
            pygame.font.init()
            _font.cache_clear()
        return _font(self.px(size), bold)


@lru_cache(maxsize=64)
def _font(pixels: int, bold: bool) -> pygame.font.Font:
    font = pygame.font.Font(None, pixels)  # pygame's own font: always there, even on a Pi
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
