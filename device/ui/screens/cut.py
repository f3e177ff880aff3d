"""Drawing for the deal, before a rubber: each player draws a card from the real
deck and puts it on the scanner (or taps it here, or types it); the higher
card deals. "Let the table draw" leaves it to chance instead.
"""

from __future__ import annotations

from device.forms import find_form

from .. import theme
from ..actions import DrawCancel, DrawRandom, Start, TapCard
from ..draw import draw_card, draw_text
from ..theme import TEXT, TEXT_LARGE
from ..widgets.text import wrapped_text
from . import chrome, menu
from .base import Target
from .start import COMPASS

CARD_W, CARD_H = 64, 90
CARD_Y = 76
# The tap-a-card grid: 58x54 targets (cards 54x52), clear of the bottom band at 420.
GRID_X, GRID_Y, CELL_W, CELL_H = 22, 200, 58, 54


def draw(surface, layout, view, ui, t):
    start = ui.start
    title = {4: "cut.title_four", 3: "cut.title_three"}.get(len(start.players), "cut.title")
    menu.page(surface, layout, t.t(title))
    _cards(surface, layout, start, ui, t)
    targets = []
    dealer = start.first_dealer
    if dealer is not None:
        text = t.t("cut.deals", name=start.players[dealer])
        text, size = layout.fit_text(text, TEXT_LARGE, 760, True)
        draw_text(surface, layout, text, (400, 250), size, theme.ACCENT, True, "center")
        _by_suit(surface, layout, start, t)
        if start.unseated is not None:
            _partners(surface, layout, start, t)
    elif not ui.scanner:
        targets += _grid(surface, layout, start, ui)
    targets += _bottom(surface, layout, start, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def card_x(seat: int, count: int) -> float:
    """The left edge of a player's card: two far apart, four in a row."""
    pitch = 640 / count
    return 400 - pitch * count / 2 + pitch * (seat + 0.5) - CARD_W / 2


def _cards(surface, layout, start, ui, t) -> None:
    """Each player's drawn card (a card back until drawn), and whose turn it is to draw;
    once the draw has seated a table of four, each name with its seat."""
    count = len(start.players)
    for seat, name in enumerate(start.players):
        x = card_x(seat, count)
        centre = x + CARD_W / 2
        if start.unseated is not None:
            name = _seated(layout, seat, name, 640 / count - 8, t)
        name, size = layout.fit_text(name, TEXT, 640 / count - 8, True)
        draw_text(surface, layout, name, (centre, 60), size, theme.INK_ON_FELT, True, "center")
        card = start.drawn[seat]
        rect = (x, CARD_Y, CARD_W, CARD_H)
        draw_card(surface, layout, rect, card or "", ui.four_colour, face_down=card is None)
    waiting = next((i for i, c in enumerate(start.drawn) if c is None), None)
    if waiting is not None:  # under the cards, where a long Dutch prompt fits too
        key = "cut.your_card" if ui.scanner else "cut.your_card_tap"
        text = t.t(key, name=start.players[waiting])
        y, size = (184, TEXT) if not ui.scanner else (260, TEXT_LARGE)  # no grid: bigger
        text, size = layout.fit_text(text, size, 780, True)
        draw_text(surface, layout, text, (400, y), size, theme.ACCENT, True, "center")


def _seated(layout, seat: int, name: str, room: float, t) -> str:
    """ "South: Carla", or where that would cut the name short, "S Carla" as the table
    screens say it: the name whole before the seat's word."""
    whole = t.t("cut.seat", seat=t.t(f"compass.{COMPASS[seat]}"), name=name)
    if layout.width(whole, TEXT, True) <= room:
        return whole
    return f"{t.t(f'compass.short.{COMPASS[seat]}')} {name}"


def _by_suit(surface, layout, start, t) -> None:
    """Under the cards, when two drawn cards have one rank: the suit settled it."""
    deck = find_form(start.form).deck
    ranks = [deck.parse(card).rank for card in start.drawn if card]
    if len(set(ranks)) == len(ranks):
        return
    suits = ", ".join(t.t(f"suit.{suit.name}") for suit in deck.suits)  # highest first
    text, size = layout.fit_text(t.t("cut.by_suit", suits=suits), TEXT, 780)
    draw_text(surface, layout, text, (400, 205), size, theme.INK_ON_FELT, False, "center")


def _partners(surface, layout, start, t) -> None:
    """Who plays with whom, as the draw seated them: partners sit opposite."""
    p = start.players
    text = t.t("cut.partners", ns=f"{p[0]} & {p[2]}", ew=f"{p[1]} & {p[3]}")
    wrapped_text(surface, layout, text, (400, 290), TEXT, 760, theme.INK_ON_FELT, "mid", False)
    note = t.t("cut.seats_note")
    wrapped_text(surface, layout, note, (400, 350), TEXT, 760, theme.INK_ON_FELT_SOFT, "mid", False)


def _grid(surface, layout, start, ui) -> list[Target]:
    """All the cards of the deck, small, for a table without a scanner."""
    deck = find_form(start.form).deck
    targets = []
    for row, suit in enumerate(deck.suits):
        cards = sorted((c for c in deck.cards if c.suit is suit), key=lambda c: -c.rank)
        for column, card in enumerate(cards):
            rect = (GRID_X + column * CELL_W, GRID_Y + row * CELL_H, CELL_W - 4, CELL_H - 2)
            draw_card(surface, layout, rect, str(card), ui.four_colour)
            targets.append(Target(rect, TapCard(str(card))))
    return targets


def _bottom(surface, layout, start, t) -> list[Target]:
    menu.bottom_band(surface, layout)
    y, h = menu.BUTTON_Y, menu.BUTTON_H
    targets = [menu.button(surface, layout, (8, y, 110, h), t.t("cut.back"), DrawCancel())]
    if start.first_dealer is None:
        rect = (346, y, 250, h)
        targets.append(menu.button(surface, layout, rect, t.t("cut.random"), DrawRandom()))
    else:
        rect = (560, y, 232, h)
        label = t.t("start.start")
        targets.append(menu.button(surface, layout, rect, label, Start(), "accent", size=30))
    return targets
