"""The card picker, for tables without a scanner: every card of the deck as a target
(a row a suit, 13 columns), greyed where the phase refuses it, under a title that
says what a tap does; a line under it and Close. The play's picker and the pickers
of the forms' own phases (screens/phase_picker.py) draw it alike."""

from __future__ import annotations

from functools import cache

from device.decks import DECKS

from .. import theme
from ..actions import Overlay, TapCard
from ..draw import draw_button, draw_card, draw_text
from ..target import Target

# 13 columns of 58 x 62 cells (every one a target), 4 rows; under it a line (the trick
# so far) and Close, clear of the device line (y 392..416) and the footer.
PICK_X, PICK_Y, PICK_W, PICK_H = 23, 88, 58, 62
STRIP_Y = 342  # the line under the cards
CLOSE = (656, 340, 136, 48)


@cache
def picker_cards(deck: str) -> tuple[tuple[str, ...], ...]:
    """Rows of the picker: a row a suit in the deck's order, high to low (S H D C with
    A..2; a coloured deck's R Y B G with 14..2)."""
    high_first = sorted(DECKS[deck].cards, key=lambda card: -card.rank)
    return tuple(
        tuple(card.text for card in high_first if card.suit is suit) for suit in DECKS[deck].suits
    )


def refused_cards(view) -> frozenset[str]:
    """The cards the picker greys: every card of the deck but those a tap gives now that
    the game takes (`view.pickable`, the engine's legal inputs)."""
    every = frozenset(card for row in picker_cards(view.deck) for card in row)
    return every - view.pickable


def picker_title(surface, layout, title: str) -> None:
    title, size = layout.fit_text(title, theme.TEXT, 760, True)
    draw_text(surface, layout, title, (400, 68), size, theme.ACCENT, True, "center")


def card_grid(surface, layout, deck: str, refused, four_colour: bool) -> list[Target]:
    """Every card of the deck as a target; a refused card is greyed and takes no tap."""
    targets = []
    for row, cards in enumerate(picker_cards(deck)):
        for column, card in enumerate(cards):
            cell = (PICK_X + column * PICK_W, PICK_Y + row * PICK_H, PICK_W, PICK_H)
            drawn = (cell[0] + 2, cell[1] + 1, PICK_W - 4, PICK_H - 2)
            draw_card(surface, layout, drawn, card, four_colour, dim=card in refused)
            targets.append(Target(cell, TapCard(card), card not in refused))
    return targets


def close_button(surface, layout, t) -> Target:
    draw_button(surface, layout, CLOSE, t.t("play.close"), True, "accent")
    return Target(CLOSE, Overlay(None))
