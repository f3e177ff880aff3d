"""Drawing for the deal, before a rubber: each player draws a card from the real
deck and puts it on the scanner (or taps it here, or types it); the higher
card deals. "Let the table draw" leaves it to chance instead.
"""

from __future__ import annotations

from device.engine.forms import find_form

from .. import theme
from ..draw import draw_card, draw_text
from . import chrome, menu
from .base import Target

CARD_W, CARD_H = 80, 112
GRID_X, GRID_Y, CELL_W, CELL_H = 22, 214, 58, 52  # the tap-a-card grid: 54x50 targets


def draw(surface, layout, view, ui, t):
    start = ui.start
    menu.page(surface, layout, t.t("cut.title"))
    _cards(surface, layout, start, ui, t)
    targets = []
    dealer = start.first_dealer
    if dealer is not None:
        text = t.t("cut.deals", name=start.players[dealer])
        draw_text(surface, layout, text, (400, 250), 34, theme.ACCENT, True, "center")
    elif not ui.scanner:
        targets += _grid(surface, layout, start, ui)
    targets += _bottom(surface, layout, start, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def _cards(surface, layout, start, ui, t) -> None:
    """Each player's drawn card (a card back until drawn), and whose turn it is to draw."""
    for seat, name in enumerate(start.players):
        x = 200 + seat * 300
        centre = x + CARD_W / 2
        draw_text(surface, layout, name, (centre, 62), 26, theme.INK_ON_FELT, True, "center")
        card = start.drawn[seat]
        draw_card(surface, layout, (x, 80, CARD_W, CARD_H), card or "", face_down=card is None)
    waiting = next((i for i, c in enumerate(start.drawn) if c is None), None)
    if waiting is not None:  # under the cards, where a long Dutch prompt fits too
        key = "cut.your_card" if ui.scanner else "cut.your_card_tap"
        text = t.t(key, name=start.players[waiting])
        y, size = (203, 22) if not ui.scanner else (260, 30)  # no grid: room for bigger text
        draw_text(surface, layout, text, (400, y), size, theme.ACCENT, True, "center")


def _grid(surface, layout, start, ui) -> list[Target]:
    """All the cards of the deck, small, for a table without a scanner."""
    deck = find_form(start.form).deck
    targets = []
    for row, suit in enumerate(deck.suits):
        cards = sorted((c for c in deck.cards if c.suit is suit), key=lambda c: -c.rank)
        for column, card in enumerate(cards):
            rect = (GRID_X + column * CELL_W, GRID_Y + row * CELL_H, CELL_W - 4, CELL_H - 2)
            draw_card(surface, layout, rect, str(card), ui.four_colour)
            targets.append(Target(rect, ("card", str(card))))
    return targets


def _bottom(surface, layout, start, t) -> list[Target]:
    menu.bottom_band(surface, layout)
    y, h = menu.BUTTON_Y, menu.BUTTON_H
    targets = [menu.button(surface, layout, (8, y, 150, h), t.t("cut.back"), ("draw-cancel",))]
    if start.first_dealer is None:
        rect = (300, y, 250, h)
        targets.append(menu.button(surface, layout, rect, t.t("cut.random"), ("draw-random",)))
    else:
        rect = (560, y, 232, h)
        label = t.t("start.start")
        targets.append(menu.button(surface, layout, rect, label, ("start",), "accent", size=30))
    return targets
