"""What the play's tables share, for two, three (table3.py) and four hands (table4.py):
the column of buttons, whose turn it is, what each side needs, and Close (the claim
waiting for an answer is claim.py's). Apart from play.py, which picks the table for
the hands in play, so that the tables for three and four use these without importing
it back."""

from __future__ import annotations

from ..actions import Overlay
from ..draw import draw_button
from ..widgets.play_buttons import play_buttons
from .base import Target

# Right: a column of buttons.
BUTTON_X, BUTTON_W, BUTTON_H = 644, 148, 56
BUTTON_Y = (92, 156, 220)


def turn_seat(view) -> int | None:
    return next((i for i, seat in enumerate(view.seats) if seat.turn), None)


def seat_index(view, name: str) -> int:
    return next((i for i, seat in enumerate(view.seats) if seat.name == name), 0)


def tricks_target(view, seat: int, t) -> str:
    """What this seat's side needs: the declarer to make the contract, the other side to beat it."""
    needed = int(view.play.contract[0]) + view.tricks - 7  # the level above the book
    declarer_side = view.seats[seat_index(view, view.play.declarer)].side
    if view.seats[seat].side == declarer_side:
        return t.t("play.needs", n=needed)
    return t.t("play.to_beat", n=view.tricks + 1 - needed)


def table_buttons(surface, layout, view, ui, t) -> list[Target]:
    return play_buttons(surface, layout, view, ui, t, BUTTON_X, BUTTON_Y, BUTTON_W, BUTTON_H)


def close_button(surface, layout, rect, t) -> Target:
    draw_button(surface, layout, rect, t.t("play.close"), True, "accent")
    return Target(rect, Overlay(None))
