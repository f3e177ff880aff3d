"""Three players each alone (three-player Honeymoon): the play with three card spots
in a row, one per player in seat order, each with the player's name, tricks and
what they need; the last trick at the same spots; and the talon phase, where the
declarer takes the four cards of the talon and lays four face down before OK.

Seats keep their places for the whole rubber, as on the screens for two and four.
A claim is answered by both opponents, one after the other: the question names
the one to answer now.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_card, draw_text
from ..widgets.cards import glow
from ..widgets.text import wrapped_text
from . import chrome, play_common
from .auction import fitting_size, tag
from .base import Target
from .claim import claim_panel
from .contract import contract_card

CARD_W, CARD_H = 84, 116
COLUMN_X, COLUMN_W = (16, 222, 428), 200  # each player's column, seat 0 to 2 left to right
SPOT_Y = 150
NAME_Y = SPOT_Y + CARD_H + 18
CONTRACT = (16, 58, 290, 84)  # the contract card; the trick number and a revoke beside it
TOP_X, TOP_W = 324, 304


def spot(hand: int) -> tuple[float, float, float, float]:
    return (COLUMN_X[hand] + (COLUMN_W - CARD_W) / 2, SPOT_Y, CARD_W, CARD_H)


def draw_table(surface, layout, view, ui, t) -> list[Target]:
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    table = view.play
    turn = play_common.turn_seat(view)
    contract_card(surface, layout, table, ui, t, CONTRACT, 44, 28, 62)
    trick_number(surface, layout, view, t)
    between = not table.trick and bool(table.last_trick)
    for seat in range(3):
        draw_spot(surface, layout, seat, seat == turn and table.claim is None)
    for hand, card in table.last_trick if between else table.trick:
        draw_card(surface, layout, spot(hand), card, ui.four_colour, dim=between)
    for seat in range(3):
        seat_panel(surface, layout, view, seat, seat == turn, t)
        seat_note(surface, layout, view, seat, between, t)
    if table.claim is not None:
        targets += claim_question(surface, layout, view, t)
    else:
        targets += play_common.table_buttons(surface, layout, view, ui, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def trick_number(surface, layout, view, t) -> None:
    """The trick number beside the contract, and under it the latest revoke proved."""
    text = t.t("play.trick", n=view.play.trick_number, of=view.tricks)
    text, size = layout.fit_text(text, theme.TEXT, TOP_W, True)
    draw_text(surface, layout, text, (TOP_X, 80), size, theme.INK_ON_FELT, True, "midleft")
    if view.play.revokes:
        name, trick, _ = view.play.revokes[-1].split(":")
        text, size = layout.fit_text(
            t.t("play.revoke_short", name=name, n=trick), theme.TEXT, TOP_W
        )
        draw_text(surface, layout, text, (TOP_X, 120), size, theme.DANGER, True, "midleft")


def draw_spot(surface, layout, seat: int, turn: bool) -> None:
    rect = layout.rect(*spot(seat))
    if turn:
        glow(surface, layout, rect)
    else:
        pygame.draw.rect(
            surface, theme.INK_ON_FELT_SOFT, rect, layout.px(2), border_radius=layout.px(10)
        )


def seat_panel(surface, layout, view, seat: int, turn: bool, t) -> None:
    """Under the spot: the name (accent when it is this player's turn), tricks won and
    what the player needs (the declarer to make it, an opponent to beat it)."""
    x = COLUMN_X[seat] + COLUMN_W / 2
    colour = theme.ACCENT if turn else theme.INK_ON_FELT
    name, size = layout.fit_text(view.seats[seat].name, theme.TEXT_LARGE, COLUMN_W - 4, True)
    draw_text(surface, layout, name, (x, NAME_Y), size, colour, True, "center")
    won = view.play.won[view.seats[seat].side]
    text = f"{won} {t.n('play.tricks', won)}"
    size = fitting_size(layout, text, theme.TEXT, COLUMN_W - 4)
    draw_text(surface, layout, text, (x, NAME_Y + 32), size, colour, anchor="center")
    need = tricks_target(view, seat, t)
    size = fitting_size(layout, need, theme.TEXT, COLUMN_W - 4)
    draw_text(
        surface, layout, need, (x, NAME_Y + 62), size, theme.INK_ON_FELT_SOFT, anchor="center"
    )


def tricks_target(view, seat: int, t) -> str:
    """The declarer's need, or what the two opponents must take together to beat it:
    each plays alone, but their tricks add up against the contract."""
    if seat == play_common.seat_index(view, view.play.declarer):
        return play_common.tricks_target(view, seat, t)
    needed = int(view.play.contract[0]) + view.tricks - 7  # the level above the book
    return t.t("three.to_beat", n=view.tricks + 1 - needed)


def seat_note(surface, layout, view, seat: int, between: bool, t) -> None:
    """Who led this trick, or who took the one lying dimmed: a tag over the spot's top."""
    table = view.play
    if between and table.last_winner == seat:
        text, back, ink = (
            t.t("play.took", n=table.trick_number - 1),
            theme.ACCENT,
            theme.ACCENT_TEXT,
        )
    elif table.trick and table.trick[0][0] == seat:
        text, back, ink = t.t("play.lead"), theme.CARD_WHITE, theme.INK
    else:
        return
    width = layout.width(text, theme.TEXT, True) + 16
    left = COLUMN_X[seat] + COLUMN_W / 2 - width / 2
    tag(surface, layout, text, (left, NAME_Y + 96), back, ink)


def claim_question(surface, layout, view, t) -> list[Target]:
    """The declarer's claim over the dimmed table; the opponent to answer now names it
    (both must accept)."""
    answer = t.t("three.claim_answer", name=view.turn or "")
    return claim_panel(surface, layout, view, answer, t)


def draw_last_trick(surface, layout, view, ui, t) -> list[Target]:
    """The previous trick at the three spots, the winner's card outlined, and Close."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    table = view.play
    title = t.t("play.last_trick")
    draw_text(surface, layout, title, (20, 80), 36, theme.INK_ON_FELT, True, "midleft")
    if not table.last_trick:
        note, ink = t.t("last.none"), theme.INK_ON_FELT_SOFT
    else:
        note, ink = t.t("play.trick_n", n=table.trick_number - 1), theme.INK_ON_FELT_SOFT
    draw_text(surface, layout, note, (TOP_X, 80), theme.TEXT, ink, anchor="midleft")
    for seat in range(3):
        draw_spot(surface, layout, seat, False)
    for hand, card in table.last_trick:
        draw_card(surface, layout, spot(hand), card, ui.four_colour)
    for seat in range(3):
        won = table.last_trick and table.last_winner == seat
        x = COLUMN_X[seat] + COLUMN_W / 2
        name, size = layout.fit_text(view.seats[seat].name, theme.TEXT_LARGE, COLUMN_W - 4, True)
        colour = theme.ACCENT if won else theme.INK_ON_FELT
        draw_text(surface, layout, name, (x, NAME_Y), size, colour, True, "center")
        if won:
            rect = layout.rect(*spot(seat)).inflate(layout.px(12), layout.px(12))
            pygame.draw.rect(surface, theme.ACCENT, rect, layout.px(5), border_radius=layout.px(14))
            text = t.t("last.won")
            width = layout.width(text, theme.TEXT, True) + 16
            tag(
                surface, layout, text, (x - width / 2, NAME_Y + 40), theme.ACCENT, theme.ACCENT_TEXT
            )
    close = (
        play_common.BUTTON_X,
        play_common.BUTTON_Y[0],
        play_common.BUTTON_W,
        play_common.BUTTON_H,
    )
    targets.append(play_common.close_button(surface, layout, close, t))
    chrome.finish(surface, layout, ui, t)
    return targets


# --- the talon ---------------------------------------------------------------------------


class _Contract:
    """What the contract card shows, before the play has started."""

    def __init__(self, talon: dict):
        self.contract, self.declarer = talon["contract"], talon["declarer"]


def draw(surface, layout, view, ui, t) -> list[Target]:
    """The talon phase: the contract, and what the declarer does before OK."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=True)
    talon = view.extra["talon"]
    contract_card(surface, layout, _Contract(talon), ui, t, CONTRACT, 44, 28, 62)
    x, width = TOP_X, 460
    title = t.t("three.talon_title", name=talon["declarer"])
    y = wrapped_text(
        surface, layout, title, (x, 70), theme.TEXT_LARGE, width, theme.ACCENT, bold=True
    )
    for key in ("three.talon_take", "three.talon_ok"):
        text = t.t(key, name=talon["declarer"], ok=t.t("button.ok"), leader=talon["leader"])
        y = wrapped_text(surface, layout, text, (x, y + 14), theme.TEXT, width, theme.INK_ON_FELT)
    for i in range(4):  # the talon: four cards face down
        rect = layout.rect(40 + i * 52, 230, 72, 100)
        pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=layout.px(8))
        pygame.draw.rect(surface, theme.CARD_WHITE, rect, layout.px(3), border_radius=layout.px(8))
    chrome.finish(surface, layout, ui, t)
    return targets
