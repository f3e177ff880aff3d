"""The auction: the calls so far by seat, and an on-screen bidding box.

Left, one column per player in speaking order (the first speaker's column
first), each call drawn like a bidding card and the next cell of the seat to
speak marked. Right, the bidding box: seven levels of five strains, with
Pass, X and XX in a column of their own; calls the view does not list as
legal are greyed and their targets disabled, so a tap can only make a legal
call. OK is not used in the auction.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import TapCall
from ..draw import draw_call, draw_text
from . import chrome
from .base import Target
from .hand_box import draw_face_up_box

STRAINS = ("C", "D", "H", "S", "NT")  # ladder order, left to right
SPECIAL_CALLS = (("P", 3), ("X", 2), ("XX", 2))  # (call, height in bid rows)

# Bidding box: every target is a full 64x48 cell; the drawn button is inset
# by 2 px so neighbours stay apart without shrinking what a finger can hit.
BOX_X, BOX_Y = 364, 86
CELL_W, CELL_H = 64, 48
SPECIAL_X, SPECIAL_W = BOX_X + 5 * CELL_W + 4, 104
INSET = 2

# The calls so far: a column per player, a row per round.
GRID_X, GRID_W = 12, 340
HEAD_Y, HEAD_H = 88, 46
ROWS_Y, ROW_H = 140, 46
VISIBLE_ROWS = 6  # longer auctions scroll: the latest rounds stay in view
FACE_UP_ROWS = 2  # with a dummy face up under the calls (Single, Exposed Dummy)


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    auction = view.auction
    order = speaking_order(view)
    speaker = next((i for i, seat in enumerate(view.seats) if seat.turn), None)
    draw_to_speak(surface, layout, view, speaker, t)
    if view.seats[0].compass:  # a table of four: W N E S, the dealer's seat marked
        draw_compass_heads(surface, layout, view, order, speaker, t)
        offset = order.index(auction.first)
        draw_calls(surface, layout, auction.calls, order, speaker, ui, t, offset, FOUR_ROWS_Y)
    elif view.face_up:  # a dummy lies face up: the latest rounds over it
        draw_heads(surface, layout, view, order, speaker, t)
        rows = FACE_UP_ROWS
        draw_calls(surface, layout, auction.calls, order, speaker, ui, t, visible=rows)
        draw_face_up_box(surface, layout, view, ui, t, ROWS_Y + rows * ROW_H)
    else:
        draw_heads(surface, layout, view, order, speaker, t)
        draw_calls(surface, layout, auction.calls, order, speaker, ui, t)
    targets += bidding_box(surface, layout, auction.legal, ui, t)
    chrome.finish(surface, layout, ui, t)
    return targets


# --- shared with the play screens ---------------------------------------------


def call_text(call: str, t) -> str:
    """A call or contract as the table's language writes it: Pass, 3NT (Dutch 3SA), 4SX.

    Suit bids stay codes so text_with_suits draws their symbols.
    """
    if call == "P":
        return t.t("call.pass")
    word, _, trump = call.partition(" ")
    if trump:  # a form's declaration and its trump ("Play R"), in its locale's words
        return f"{t.said(word)} · {t.said(trump)}"
    return call.replace("NT", t.t("strain.nt"))


def fitting_size(layout, text: str, size: float, max_width: float, bold: bool = False) -> float:
    """The largest font size up to `size` at which text fits `max_width` logical px
    (never below theme.MIN_TEXT: a text too wide even then is noted on the layout)."""
    return layout.fit_size(text, size, max_width, bold)


def tag(surface, layout, text: str, pos, background, ink, size: float = theme.TEXT) -> float:
    """A rounded label from `pos` (its left middle); returns its logical right edge."""
    width = layout.width(text, size, True) + 16
    rect = layout.rect(pos[0], pos[1] - size * 0.55, width, size * 1.1)
    pygame.draw.rect(surface, background, rect, border_radius=layout.px(size * 0.55))
    draw_text(surface, layout, text, (pos[0] + 8, pos[1]), size, ink, True, "midleft")
    return pos[0] + width


# --- the calls so far -------------------------------------------------------------


def speaking_order(view) -> list[int]:
    """The columns of the auction grid: at a table of four West, North, East, South as on
    every bidding diagram (the first call in the dealer's column); at two, the seats
    from the first speaker on."""
    count = len(view.seats)
    if view.seats[0].compass:
        return sorted(range(count), key=lambda seat: COLUMNS.index(view.seats[seat].compass))
    return [(view.auction.first + i) % count for i in range(count)]


COLUMNS = ("W", "N", "E", "S")
FOUR_HEAD_H = 74  # the seat's letter over the name
FOUR_ROWS_Y = HEAD_Y + FOUR_HEAD_H + 6
FOUR_VISIBLE_ROWS = 5


def draw_compass_heads(surface, layout, view, order, speaker, t) -> None:
    """Each column's seat letter (the dealer's on the accent colour, as a board marks
    it) over the player's name (on red when vulnerable); the speaker outlined."""
    width = GRID_W / len(order)
    for column, seat_index in enumerate(order):
        seat = view.seats[seat_index]
        x = column_x(column, len(order))
        head_box(
            surface, layout, (x + 3, HEAD_Y, width - 6, FOUR_HEAD_H), seat, seat_index == speaker
        )
        letter = t.t(f"compass.short.{seat.compass}")
        mark = (x + width / 2 - 17, HEAD_Y + 5, 34, 32)
        if seat.dealer:
            box = layout.rect(*mark)
            pygame.draw.rect(surface, theme.ACCENT, box, border_radius=layout.px(8))
        ink = theme.ACCENT_TEXT if seat.dealer else theme.INK_ON_FELT
        centre = (x + width / 2, HEAD_Y + 21)
        draw_text(surface, layout, letter, centre, theme.TEXT, ink, True, "center")
        name, size = layout.fit_text(seat.name, theme.TEXT, width - 12)
        centre = (x + width / 2, HEAD_Y + 54)
        draw_text(surface, layout, name, centre, size, theme.INK_ON_FELT, False, "center")


def head_box(surface, layout, box, seat, speaking: bool) -> None:
    """A column head's box: on red when the seat is vulnerable, outlined for the speaker."""
    rect = layout.rect(*box)
    fill = theme.DANGER if seat.vulnerable else theme.FELT_DARK
    pygame.draw.rect(surface, fill, rect, border_radius=layout.px(8))
    if speaking:
        pygame.draw.rect(surface, theme.ACCENT, rect, layout.px(3), border_radius=layout.px(8))


def draw_to_speak(surface, layout, view, speaker, t) -> None:
    """A big line over the grid: who calls now (or who began, before anyone did)."""
    if speaker is None:
        return
    name = view.seats[speaker].name
    text = t.t("auction.to_bid", name=name)
    text, size = layout.fit_text(text, theme.TEXT_LARGE, GRID_W, True)
    draw_text(surface, layout, text, (GRID_X + 4, 67), size, theme.ACCENT, True, "midleft")


def column_x(column: int, count: int) -> float:
    return GRID_X + column * GRID_W / count


def draw_heads(surface, layout, view, order, speaker, t) -> None:
    """Each column's player: the name on red when vulnerable (as on a bridge board), the
    speaker outlined. The header says in words who deals and who is vulnerable."""
    width = GRID_W / len(order)
    for column, seat_index in enumerate(order):
        seat = view.seats[seat_index]
        x = column_x(column, len(order))
        head_box(surface, layout, (x + 4, HEAD_Y, width - 8, HEAD_H), seat, seat_index == speaker)
        name, size = layout.fit_text(seat.name, theme.TEXT, width - 28, True)
        centre = (x + 14, HEAD_Y + HEAD_H / 2)
        draw_text(surface, layout, name, centre, size, theme.INK_ON_FELT, True, "midleft")


def draw_calls(
    surface,
    layout,
    calls,
    order,
    speaker,
    ui,
    t,
    offset: int = 0,
    top: float = ROWS_Y,
    visible: int | None = None,
) -> None:
    """The calls, a round per row, the first in column `offset` (the dealer's); the cell
    the speaker fills next is outlined; the latest `visible` rounds."""
    count = len(order)
    cells = offset + len(calls) + (1 if speaker is not None else 0)
    rounds = -(-cells // count)
    if visible is None:
        visible = VISIBLE_ROWS if top == ROWS_Y else FOUR_VISIBLE_ROWS
    first_round = max(0, rounds - visible)  # scroll: keep the latest rounds
    width = GRID_W / count
    inset = 10 if count < 4 else 5
    for index in range(max(offset, first_round * count), cells):
        column, row = index % count, index // count - first_round
        rect = (column_x(column, count) + inset, top + row * ROW_H, width - 2 * inset, ROW_H - 4)
        if index - offset < len(calls):
            call = calls[index - offset][1]
            label = call_text(call, t) if call == "P" or "NT" in call else None
            draw_call(surface, layout, rect, call, label=label, four_colour=ui.four_colour)
        else:
            box = layout.rect(*rect)
            pygame.draw.rect(surface, theme.ACCENT, box, layout.px(3), border_radius=layout.px(6))
            draw_text(
                surface,
                layout,
                "?",
                (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2),
                theme.TEXT,
                theme.ACCENT,
                True,
                "center",
            )


# --- the bidding box -----------------------------------------------------------------


def bidding_box(surface, layout, legal, ui, t) -> list[Target]:
    """35 bids in a level-by-strain grid, then Pass, X and XX; illegal calls greyed."""
    targets = []
    for level in range(1, 8):
        for column, strain in enumerate(STRAINS):
            cell = (BOX_X + column * CELL_W, BOX_Y + (level - 1) * CELL_H, CELL_W, CELL_H)
            targets.append(call_button(surface, layout, cell, f"{level}{strain}", legal, ui, t))
    y = BOX_Y
    for call, rows in SPECIAL_CALLS:
        cell = (SPECIAL_X, y, SPECIAL_W, rows * CELL_H)
        targets.append(call_button(surface, layout, cell, call, legal, ui, t))
        y += rows * CELL_H
    return targets


def call_button(surface, layout, cell, call: str, legal, ui, t) -> Target:
    x, y, w, h = cell
    enabled = call in legal
    label = call_text(call, t) if call == "P" or "NT" in call else None
    drawn = (x + INSET, y + INSET, w - 2 * INSET, h - 2 * INSET)
    draw_call(surface, layout, drawn, call, enabled, label=label, four_colour=ui.four_colour)
    return Target(cell, TapCall(call), enabled)
