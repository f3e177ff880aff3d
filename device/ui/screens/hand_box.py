"""A hand laid out face up, as a box under its title: a row per suit (or aBRIDGEd
colour) with the ranks, played ones greyed. The table of four draws its dummies so,
and the auction the dummy laid face up before it (Single, Exposed Dummy): apart from
table4.py so that the auction draws it without importing the play's table."""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_suit, draw_text, suit_colour

LEFT_X, LEFT_W = 12, 260  # the left column of the play's table, where a dummy lies
SUITS = ("S", "H", "D", "C")
COLOURS = ("R", "Y", "B", "G")  # the aBRIDGEd deck's rows


def rows_of(cards) -> tuple[str, ...]:
    """The rows a hand laid out is drawn in: its deck's suits (or colours)."""
    return COLOURS if any(card[0] in COLOURS for card, _ in cards) else SUITS


def rank_text(card: str, t) -> str:
    """A card's rank as the language prints it: A K Q J 10 (Dutch A H V B 10)."""
    rank = card[1:]
    numbers = {"A": 14, "K": 13, "Q": 12, "J": 11}
    if rank in numbers:
        return t.t(f"card.rank.{numbers[rank]}")
    return "10" if rank == "T" else rank


def draw_hand_box(surface, layout, ui, t, y: float, title: str, cards) -> float:
    """A hand laid out face up: its title, then a row per suit with the ranks of
    `cards` ((card, played) pairs), played ones greyed; returns the y below."""
    title, size = layout.fit_text(title, theme.TEXT, LEFT_W, True)
    draw_text(
        surface,
        layout,
        title,
        (LEFT_X + 2, y + 14),
        size,
        theme.INK_ON_FELT_SOFT,
        True,
        "midleft",
    )
    y += 32
    box = (LEFT_X, y, LEFT_W, 4 * 30 + 8)
    pygame.draw.rect(surface, theme.CARD_WHITE, layout.rect(*box), border_radius=layout.px(8))
    for row, suit in enumerate(rows_of(cards)):
        cy = y + 4 + 30 * row + 15
        suit_row(surface, layout, ui, t, cards, suit, (LEFT_X + 18, cy), 20, LEFT_W - 44)
    return y + box[3] + 8


def suit_row(surface, layout, ui, t, cards, suit, at, suit_px, width) -> None:
    """One suit of a hand laid out face up: its symbol at `at`, then its ranks from the
    highest, 16 px after the symbol and spread over `width`, played ones greyed."""
    x0, cy = at
    colour = suit_colour(suit, ui.four_colour)
    if suit in COLOURS:  # an aBRIDGEd colour: a dot of it
        pygame.draw.circle(surface, colour, layout.point(x0, cy), layout.px(suit_px / 2))
    else:
        draw_suit(surface, suit, layout.point(x0, cy), layout.px(suit_px), colour)
    in_suit = [(c, played) for c, played in cards if c[0] == suit]
    in_suit.sort(key=lambda pair: _rank_order(pair[0]), reverse=True)
    for (card, played), x in zip(in_suit, rank_xs(in_suit, width), strict=True):
        ink = theme.CARD_EDGE if played else theme.INK
        pos = (x0 + 16 + x, cy)
        draw_text(surface, layout, rank_text(card, t), pos, theme.TEXT, ink, not played, "midleft")


def rank_xs(cards, width: float) -> list[float]:
    """Where each rank of a suit starts: a 10 takes more room than a letter or a digit;
    closer together when the suit is long."""
    units = [1.6 if card[1:] == "T" or len(card) > 2 else 1.0 for card, _ in cards]
    step = min(24, width / max(1.0, sum(units)))
    xs, x = [], 0.0
    for unit in units:
        xs.append(x)
        x += unit * step
    return xs


def _rank_order(card: str) -> int:
    rank = card[1:]
    return {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}.get(rank) or int(rank)


def draw_face_up_box(surface, layout, view, ui, t, y: float) -> float:
    """The dummy face up so far, under its title."""
    cards = [(card, False) for card in view.face_up]
    return draw_hand_box(surface, layout, ui, t, y, t.t("faceup.title"), cards)
