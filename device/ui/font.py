"""pygame's own font, with bold text that keeps its accents apart.

The screen's bold is SDL_ttf's synthetic emboldening of freesansbold.ttf: it widens
every stroke, so the two dots of a diaeresis run into one bar ("Zoë" reads "Zoē",
"Noël" "Noēl") and an acute leans into a blob. Text with such a letter is drawn
bold with the bare letters (e for ë, E for Ë), and each letter's accent, cut from
the plain (not emboldened) letter, is laid over it, struck twice a pixel apart so
it is as bold as the letter under it. Plain ASCII text is pygame's own, as before.
"""

from __future__ import annotations

import unicodedata

import pygame


class Font(pygame.font.Font):
    def render(self, text, antialias, color, bgcolor=None, *rest):
        if not self.bold or bgcolor is not None or text.isascii():
            return super().render(text, antialias, color, bgcolor, *rest)
        marked = [(i, ch) for i, ch in enumerate(text) if bare(ch) != ch]
        if not marked:
            return super().render(text, antialias, color, bgcolor, *rest)
        letters = "".join(bare(ch) for ch in text)
        image = super().render(letters, antialias, color)
        for i, ch in marked:
            x = self.size(letters[:i])[0]
            width = self.size(letters[i])[0]
            self._lay_accent(image, ch, x, width, antialias, color)
        return image

    def _lay_accent(self, image, ch: str, x: int, width: int, antialias, color) -> None:
        """The accent of `ch`, from its plain letter, centred over the bold bare letter
        at `x` (`width` wide)."""
        self.bold = False
        try:
            whole = super().render(ch, antialias, color)
            top = super().render(bare(ch), antialias, color).get_bounding_rect().top
        finally:
            self.bold = True
        if top <= 0:
            return
        accent = whole.subsurface((0, 0, whole.get_width(), top))
        left = x + (width - accent.get_width()) // 2
        for dx in (0, 1):
            image.blit(accent, (left + dx, 0))


ABOVE = 230  # Unicode's combining class of a mark over its letter (a cedilla's is 202)


def bare(ch: str) -> str:
    """The letter under its accents when they all sit above it ("ë" -> "e"), or `ch`
    itself (a cedilla stays as bold draws it)."""
    parts = unicodedata.normalize("NFD", ch)
    above = all(unicodedata.combining(mark) == ABOVE for mark in parts[1:])
    return parts[0] if len(parts) > 1 and parts[0].isascii() and above else ch
