"""Dummies laid out in piles (semi-exposed dummies), in the left column of the table of
four: a row per dummy, its compass letter, then its places as small cards: six piles,
each a face-up card over a card back (the face-down card under it) while one is there,
then the card on its own. The piles' numbers stand once above the rows, as the table
says them ("Turn up the card under pile 3"). A face-up card not scanned is a "?"; a
place whose card was played is an empty outline, or the card back alone while the card
under it waits to be turned up. The place the table waits for is ringed: the next
card to scan while a dummy is laid out, the pile whose card is turned up.

Only the cards the table was shown (`PlayView.piles`); no pygame state kept.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_card, draw_text
from ..view import COMPASS

CARD_W, CARD_H = 30, 56  # a place's face-up card
UNDER = 12  # how far the card back under a pile shows below its face-up card
PITCH = 33  # from one place to the next
NUMBERS_H = 24  # the row of the piles' numbers
ROW_H = CARD_H + UNDER + 10  # a dummy's row
LETTER_W = 32  # the compass letter, left of a row


def draw_piles(surface, layout, view, ui, t, at) -> float:
    """Each dummy in piles, a row each under the piles' numbers, from `at` (x, y) at
    the left column's left; returns the y below."""
    x, y = at
    left = x + LETTER_W
    play = view.play
    for i in range(play.pile_count):
        centre = (left + i * PITCH + CARD_W / 2, y + NUMBERS_H / 2)
        draw_text(
            surface, layout, str(i + 1), centre, theme.TEXT, theme.INK_ON_FELT_SOFT, True, "center"
        )
    y += NUMBERS_H
    for hand, row in play.piles:
        letter = t.t(f"compass.short.{COMPASS[hand]}")
        centre = (x + LETTER_W / 2 - 2, y + (CARD_H + UNDER) / 2)
        draw_text(surface, layout, letter, centre, theme.TEXT, theme.INK_ON_FELT, True, "center")
        lit = waited_for(view, hand, row)
        for i, place in enumerate(row):
            draw_place(surface, layout, ui, (left + i * PITCH, y), place, view.phase == "dummy")
            if i == lit:
                ring(surface, layout, (left + i * PITCH, y))
        y += ROW_H
    return y


def waited_for(view, hand: int, row) -> int | None:
    """The place of `hand` the table waits for: the pile whose card is turned up, or
    the next card to scan while this dummy is laid out; else None."""
    play = view.play
    if view.phase == "turn-up" and hand == play.turn_up and play.turn_up_pile:
        return play.turn_up_pile - 1
    if view.phase == "dummy" and hand == play.dummy:
        return next((i for i, p in enumerate(row) if p.up and p.card is None), None)
    return None


def draw_place(surface, layout, ui, at, place, scanning: bool) -> None:
    """One place: the card back under a pile, then the face-up card on it (a "?" when
    not scanned; only an outline while the dummy phase has yet to scan it), or nothing
    where it was played."""
    x, y = at
    if place.under:
        draw_card(surface, layout, (x, y + UNDER, CARD_W, CARD_H), "", face_down=True)
    rect = (x, y, CARD_W, CARD_H)
    if not place.up:
        if not place.under:  # played from its place: an empty place
            outline(surface, layout, rect)
    elif place.card is not None:
        draw_card(surface, layout, rect, place.card, ui.four_colour)
    elif scanning:  # laid out, not scanned yet
        outline(surface, layout, rect, theme.CARD_WHITE)
    else:
        unknown(surface, layout, rect)


def unknown(surface, layout, rect) -> None:
    """A face-up card the table was not shown: white, with a "?"."""
    box = layout.rect(*rect)
    pygame.draw.rect(surface, theme.CARD_WHITE, box, border_radius=layout.px(4))
    pygame.draw.rect(surface, theme.CARD_EDGE, box, layout.px(1), border_radius=layout.px(4))
    x, y, w, h = rect
    draw_text(
        surface, layout, "?", (x + w / 2, y + h / 2), theme.TEXT, theme.INK_SOFT, True, "center"
    )


def outline(surface, layout, rect, colour=theme.INK_ON_FELT_SOFT) -> None:
    box = layout.rect(*rect)
    pygame.draw.rect(surface, colour, box, layout.px(2), border_radius=layout.px(4))


def ring(surface, layout, at) -> None:
    """The place the table waits for, ringed in the accent colour (its back included)."""
    x, y = at
    box = layout.rect(x, y, CARD_W, CARD_H + UNDER).inflate(layout.px(6), layout.px(6))
    pygame.draw.rect(surface, theme.ACCENT, box, layout.px(3), border_radius=layout.px(6))
