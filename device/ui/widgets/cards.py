"""Cards lying on the felt the same way on several screens: a spot lit for the hand
to play, and the stock face down (Draw Bridge's draw tricks, the pick-up)."""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_card


def glow(surface, layout, rect) -> None:
    """The spot of the hand to play (or a card to scan), lit."""
    radius = layout.px(10)
    lit = rect.inflate(layout.px(16), layout.px(16))
    overlay = pygame.Surface(lit.size, pygame.SRCALPHA)
    pygame.draw.rect(overlay, (*theme.ACCENT, 70), overlay.get_rect(), border_radius=radius * 2)
    surface.blit(overlay, lit)
    pygame.draw.rect(surface, theme.ACCENT, lit, layout.px(5), border_radius=radius * 2)


def stock_pile(surface, layout, rect, lit: bool) -> None:
    """The stock as a pile of three cards face down (the device never knows these
    cards), lit while its top card is to be turned up and scanned."""
    x, y, w, h = rect
    for i in range(3):
        draw_card(surface, layout, (x - 4 + i * 4, y - 4 + i * 4, w, h), "", face_down=True)
    if lit:
        glow(surface, layout, layout.rect(x, y, w, h))
