"""Where a screen's texts land: a surface that notes the inked rectangle of every text
blitted on it (from the fonts of a recording layout), for the tests that no text
overlaps another text, a button it is not the label of, or the bottom bar."""

from __future__ import annotations

import sys

import pygame

from device.ui.layout import Layout
from device.ui.screens import chrome


class SpyLayout(Layout):
    """A layout whose fonts remember each image they render and its text."""

    def __init__(self, size):
        super().__init__(size)
        self.rendered: dict[int, tuple[pygame.Surface, str]] = {}

    def font(self, size, bold=False):
        return _SpyFont(super().font(size, bold), self.rendered)


class _SpyFont:
    def __init__(self, font, rendered):
        self._font, self._rendered = font, rendered

    def render(self, text, *args):
        image = self._font.render(text, *args)
        self._rendered[id(image)] = (image, text)
        return image

    def __getattr__(self, name):
        return getattr(self._font, name)


class SpySurface(pygame.Surface):
    """A surface that notes each text blitted on it (leaving out a card's own rank:
    cards overlap in a fanned row by design): its inked rectangle in logical px, and
    each earlier text still in view that it is drawn over. A text that something
    else covered first (a panel, the notice) is out of view: no clash."""

    def __init__(self, size, layout: SpyLayout):
        super().__init__(size)
        self.layout = layout
        self.texts: list[Text] = []
        self.over: list[str] = []  # "a" overlaps "b", in the order drawn

    def blit(self, source, dest, area=None, special_flags=0):
        noted = self.layout.rendered.get(id(source))
        if noted is None or noted[0] is not source or _in_card():
            return super().blit(source, dest, area, special_flags)
        ink = source.get_bounding_rect().move(_topleft(dest)).clip(self.get_rect())
        for earlier in self.texts:
            if earlier.real.colliderect(ink) and earlier.in_view(self):
                self.over.append(f"{earlier.text!r} overlaps {noted[1]!r}")
        drawn = super().blit(source, dest, area, special_flags)
        if ink.w and ink.h:
            self.texts.append(Text(noted[1], self._logical(ink), ink, _pixels(self, ink)))
        return drawn

    def _logical(self, rect: pygame.Rect) -> tuple[float, float, float, float]:
        left, top = self.layout.to_logical(rect.topleft)
        right, bottom = self.layout.to_logical(rect.bottomright)
        return (left, top, right - left, bottom - top)


class Text:
    """A text as drawn: where (logical and real px) and the pixels it left there."""

    def __init__(self, text: str, rect, real: pygame.Rect, pixels: bytes):
        self.text, self.rect, self.real, self.pixels = text, rect, real, pixels

    def in_view(self, surface) -> bool:
        """Nothing was drawn over it since."""
        return _pixels(surface, self.real) == self.pixels


def _pixels(surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(pygame.Surface.subsurface(surface, rect), "RGB")


def _topleft(dest) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    return (int(dest[0]), int(dest[1]))


def _in_card() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "draw_card":
            return True
        frame = frame.f_back
    return False


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(inner, outer) -> bool:
    ix, iy, iw, ih = inner
    ox, oy, ow, oh = outer
    return ox <= ix and oy <= iy and ix + iw <= ox + ow and iy + ih <= oy + oh


def clashes(surface: SpySurface, targets) -> list[str]:
    """What overlaps on a screen as drawn: two texts, a text in view and a button it
    is not inside (its label), a text of the screen's own area reaching into the
    bottom bar."""
    found = list(surface.over)
    for text in surface.texts:
        if not text.in_view(surface):
            continue
        for target in targets:
            if overlaps(text.rect, target.rect) and not inside(text.rect, target.rect):
                found.append(f"{text.text!r} runs into the button of {target.action}")
        top, bottom = text.rect[1], text.rect[1] + text.rect[3]
        if top < chrome.FOOTER_Y < bottom:
            found.append(f"{text.text!r} runs into the bottom bar")
    return found


def drawn(view, ui, lang="en", size=(800, 480)) -> tuple[SpySurface, list]:
    """(surface, targets) of one screen, drawn as the gallery draws it."""
    from tests.ui.gallery import draw_on

    layout = SpyLayout(size)
    surface = SpySurface(size, layout)
    targets = draw_on(surface, view, ui, lang, layout)
    return surface, targets
