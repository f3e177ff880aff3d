"""Draw / Pick-Up's phase `pick-up`: the stock turned up card by card.

The card face up (or the stock, lit while its top card is to be turned up and
scanned), whose turn it is and what to do, the two keys on buttons that say
their mapping (Take = OK, Reject = P on the bidding box), the cards each player
took face up so far (seat 1 at the top, seat 0 at the bottom, as in the play),
the cards both rejected; the card picker for tables without a scanner
(`ui.overlay == "picker"`: a tap turns the card up; while it is face up the
table shows, with its buttons, and the picker is back for the next card) and the menu's stop, asked
once more (`ui.overlay == "end-pick-up"`). Undo is the footer's.
"""

from __future__ import annotations

from device.ui import theme
from device.ui.actions import Overlay, TapCall, TapKey
from device.ui.draw import draw_button, draw_card, draw_text
from device.ui.screens import chrome, confirm
from device.ui.screens.base import Target
from device.ui.screens.phase_picker import phase_picker
from device.ui.widgets.cards import stock_pile
from device.ui.widgets.text import wrapped_text

LEFT_X, LEFT_W = 16, 420  # the seats' taken cards and the prompt
SEAT_Y = {1: 56, 0: 282}  # each seat's name line; its cards under it
NUMBER_Y, PROMPT_Y = 176, 210  # between the seats: the stock card's number, the prompt
SMALL_W, SMALL_H, SMALL_STEP = 44, 60, 30  # a taken card, overlapping the one before
ROW, ROW_STEP, TWO_ROWS_H = 13, 34, 46  # over 13 taken: two rows of lower cards
CARD = (452, 60, 108, 150)  # the card face up, or the stock
BUTTON_X, BUTTON_W = 576, 216
TAKE = (BUTTON_X, 60, BUTTON_W, 64)
REJECT = (BUTTON_X, 134, BUTTON_W, 64)
CARDS_BUTTON = (BUTTON_X, 208, BUTTON_W, 56)
NOTE_X, NOTE_W = 452, 340  # the keys' meaning and the cards out of play, under
NOTE_Y = {True: 222, False: 280}  # the card face up (no Cards then), or under Cards


def draw(surface, layout, view, ui, t):
    if ui.overlay == "picker" and view.own.turned is None:
        return draw_picker(surface, layout, view, ui, t)
    if ui.overlay == "end-pick-up":
        return confirm_stop(surface, layout, view, ui, t)
    return draw_table(surface, layout, view, ui, t)


# --- the table -------------------------------------------------------------------


def draw_table(surface, layout, view, ui, t) -> list[Target]:
    pick = view.own
    face_up = pick.turned is not None
    targets = chrome.frame(surface, layout, view, ui, t, ok=face_up)
    for seat in (1, 0):
        draw_seat(surface, layout, view, seat, ui, t)
    number = t.t("pickup.number", n=pick.number, of=pick.of)
    draw_text(surface, layout, number, (LEFT_X, NUMBER_Y), theme.TEXT, theme.INK_ON_FELT)
    prompt = prompt_text(view, t)
    wrapped_text(
        surface,
        layout,
        prompt,
        (LEFT_X, PROMPT_Y),
        theme.TEXT,
        LEFT_W,
        theme.ACCENT,
        bold=True,
        suits=True,
    )
    draw_stock(surface, layout, pick, ui, t)
    for rect, key, action in (
        (TAKE, "pickup.take", TapKey("OK")),
        (REJECT, "pickup.reject", TapCall("P")),
    ):
        draw_button(surface, layout, rect, t.t(key), face_up, "accent" if face_up else "normal")
        targets.append(Target(rect, action, face_up))
    if not face_up:  # the picker turns a card up
        style = "accent" if ui.touch_cards() else "normal"
        draw_button(surface, layout, CARDS_BUTTON, t.t("play.cards"), True, style)
        targets.append(Target(CARDS_BUTTON, Overlay("picker")))
    note = t.t("pickup.keys") if face_up else t.t("pickup.scan_note", cards=t.t("play.cards"))
    at = (NOTE_X, NOTE_Y[face_up])  # "Out of play" stays clear of the bottom bar
    y = wrapped_text(surface, layout, note, at, theme.TEXT, NOTE_W, theme.INK_ON_FELT)
    dead = t.n("pickup.dead", len(pick.dead))
    wrapped_text(surface, layout, dead, (NOTE_X, y + 6), theme.TEXT, NOTE_W, theme.INK_ON_FELT_SOFT)
    chrome.finish(surface, layout, ui, t)
    return targets


def prompt_text(view, t) -> str:
    """What the table waits for: the top card turned up, or the card taken or rejected
    (by the other player once its turner rejected it)."""
    pick = view.own
    name = view.seats[pick.to_act].name
    if pick.turned is None:
        return t.t("pickup.turn_up", name=name)
    if pick.rejected_by is not None:
        other = view.seats[pick.rejected_by].name
        return t.t("pickup.offered", name=name, other=other, card=pick.turned)
    return t.t("pickup.decide", name=name, card=pick.turned)


def draw_seat(surface, layout, view, seat: int, ui, t) -> None:
    """The name (lit when it is this seat's turn) and the cards taken face up."""
    pick, y = view.own, SEAT_Y[seat]
    taken = pick.taken[seat]
    colour = theme.ACCENT if seat == pick.to_act else theme.INK_ON_FELT
    name = view.seats[seat].name
    label = t.n("pickup.took", len(taken), name=name) if taken else t.t("pickup.none", name=name)
    text, size = layout.fit_text(label, theme.TEXT, LEFT_W, True)
    draw_text(surface, layout, text, (LEFT_X, y), size, colour, True)
    for rect, card in taken_rects(taken, y):
        draw_card(surface, layout, rect, card, ui.four_colour)


def taken_rects(taken, y: float) -> list[tuple[tuple, object]]:
    """Where each taken card lies: one row of up to 13; more (one player may take up to
    26) in two rows, the earlier cards behind with their corners showing, so every
    card's rank and suit can be read."""
    if len(taken) <= ROW:
        rows, top, height = [taken], y + 40, SMALL_H
    else:
        rows, top, height = [taken[:-ROW], taken[-ROW:]], y + 34, TWO_ROWS_H
    placed = []
    for r, row in enumerate(rows):
        step = min(SMALL_STEP, (LEFT_W - SMALL_W) / max(1, len(row) - 1))
        for i, card in enumerate(row):
            placed.append(((LEFT_X + i * step, top + r * ROW_STEP, SMALL_W, height), card))
    return placed


def draw_stock(surface, layout, pick, ui, t) -> None:
    """The card face up, or the stock face down, lit while its top card is to be turned
    up."""
    if pick.turned is not None:
        draw_card(surface, layout, CARD, pick.turned, ui.four_colour)
    elif pick.stock:
        stock_pile(surface, layout, CARD, lit=True)


# --- the picker --------------------------------------------------------------------


def draw_picker(surface, layout, view, ui, t) -> list[Target]:
    """Every card as a target: a tap turns it up, as a scan does; the cards turned up
    already are greyed (as every card the engine would refuse)."""
    pick = view.own
    title = t.t("pickup.picker", name=view.seats[pick.to_act].name)
    label = t.t("pickup.number", n=pick.number, of=pick.of)
    ok = pick.turned is not None
    return phase_picker(surface, layout, view, ui, t, title, label, ok)


# --- stop following the pick-up ------------------------------------------------------


def confirm_stop(surface, layout, view, ui, t) -> list[Target]:
    """ "Stop following the pick-up?" (the menu's item): Yes sends ("end-draw",), the
    engine's DrawPhaseEnded; No, the safe choice, goes back."""
    title = t.t("pickup.title")
    if view is None or view.own is None:  # the stock was emptied meanwhile
        return confirm.stop_over(surface, layout, ui, t, title, t.t("pickup.stop_over"))
    pick = view.own
    note = t.t("pickup.stop_note", n=pick.number, of=pick.of)
    question, yes = t.t("pickup.stop_question"), t.t("pickup.stop_yes")
    return confirm.ask_stop(surface, layout, ui, t, title, question, note, yes)
