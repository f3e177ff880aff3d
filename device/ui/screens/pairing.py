"""Pairing a deck: the scanner learns which tag sits in which card, one card at
a time, in a fixed order. The screen names the card to put on the scanner,
draws it big so it is found at a glance in the spread deck, and counts the
cards done. Cancel stops pairing; cards already paired stay paired.

`ui.pairing` is (next card, done, total).
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_card, draw_text
from . import chrome, menu

CARD = (300, 100, 200, 280)
BAR = (540, 250, 240, 20)


def draw(surface, layout, view, ui, t):
    card, done, total = ui.pairing
    menu.page(surface, layout, t.t("pairing.title"))
    put = t.t("pairing.put", card=card)
    menu.fitted_text(surface, layout, put, (400, 74), 34, 760, bold=True, anchor="center")
    draw_card(surface, layout, CARD, card, ui.four_colour)
    _progress(surface, layout, done, total, t)
    menu.wrapped_text(surface, layout, t.t("pairing.hint"), (24, 150), 24, 250)
    menu.bottom_band(surface, layout)
    rect = (8, menu.BUTTON_Y, 200, menu.BUTTON_H)
    targets = [
        menu.button(surface, layout, rect, t.t("pairing.cancel"), ("cancel-pairing",), "danger")
    ]
    chrome.finish(surface, layout, ui, t)
    return targets


def _progress(surface, layout, done: int, total: int, t) -> None:
    """ "12 of 52" over a bar that fills as the deck is paired."""
    text = t.t("pairing.progress", done=done, total=total)
    x, y, w, h = BAR
    draw_text(surface, layout, text, (x + w / 2, y - 12), 40, theme.INK_ON_FELT, True, "midbottom")
    radius = layout.px(h / 2)
    pygame.draw.rect(surface, theme.FELT_DARK, layout.rect(*BAR), border_radius=radius)
    share = done / total if total else 0
    if share:
        filled = layout.rect(x, y, max(h, w * share), h)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=radius)
