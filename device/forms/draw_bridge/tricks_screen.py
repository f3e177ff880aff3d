"""Draw Bridge's draw tricks (phases `draw-top` and `draw-tricks`): the draw trick
in progress at the seats' spots, whose turn (to lead, to follow), after each
trick who won it and so draws first, the top stock card when the option shows
it (and the prompt to scan it), the trick count and the dead cards; and the
card picker for these phases (`ui.overlay == "picker"`), for tables without a
scanner. Undo is the footer's, as in every phase.

Seats keep the play screen's places: seat 0 at the bottom, seat 1 at the top.
Only cards the table has seen are drawn (`view.own`): those played to
the draw tricks and the top cards turned up.
"""

from __future__ import annotations

from device.ui import theme
from device.ui.actions import Overlay
from device.ui.draw import draw_button, draw_card, draw_text, text_with_suits
from device.ui.screens import chrome, confirm
from device.ui.screens.auction import tag
from device.ui.screens.base import Target
from device.ui.screens.phase_picker import phase_picker
from device.ui.screens.play import PANEL_W, PANEL_X, draw_spot, spot, spot_centre_y
from device.ui.widgets.cards import stock_pile
from device.ui.widgets.picker import refused_cards
from device.ui.widgets.text import wrapped_text

LEFT_X, LEFT_W = 16, 264  # the trick count, the rules, the dead cards
RIGHT_X, RIGHT_W = 644, 148  # the top card (or the stock) and the Cards button
TOP_CARD = (676, 100, 84, 118)
CARDS_BUTTON = (RIGHT_X, 336, RIGHT_W, 56)


def draw(surface, layout, view, ui, t):
    if ui.overlay == "picker":
        return draw_picker(surface, layout, view, ui, t)
    if ui.overlay == "end-draw-tricks":
        return confirm_stop(surface, layout, view, ui, t)
    return draw_table(surface, layout, view, ui, t)


# --- the table -------------------------------------------------------------------


def draw_table(surface, layout, view, ui, t) -> list[Target]:
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    tricks = view.own
    between = not tricks.trick and bool(tricks.last_trick)
    scanning_top = view.phase == "draw-top"
    draw_left(surface, layout, tricks, scanning_top, t)
    for seat in range(len(view.seats)):
        draw_spot(surface, layout, seat, seat == tricks.to_play and not scanning_top)
    shown = tricks.last_trick if between else tricks.trick
    for hand, card in shown:
        draw_card(surface, layout, spot(hand), card, ui.four_colour, dim=between)
    for seat in range(len(view.seats)):
        draw_seat(surface, layout, view, seat, between, t, ui)
    draw_stock(surface, layout, tricks, scanning_top, ui, t)
    style = "accent" if ui.touch_cards() else "normal"
    draw_button(surface, layout, CARDS_BUTTON, t.t("play.cards"), True, style)
    targets.append(Target(CARDS_BUTTON, Overlay("picker")))
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_left(surface, layout, tricks, scanning_top: bool, t) -> None:
    """The trick count; the rules of the draw tricks, or the top card to scan; the dead
    cards so far."""
    count = t.t("drawtricks.number", n=tricks.number, of=tricks.of)
    y = wrapped_text(
        surface, layout, count, (LEFT_X, 64), theme.TEXT_LARGE, LEFT_W, theme.INK_ON_FELT, bold=True
    )
    if scanning_top:
        note, ink, bold = t.t("drawtricks.scan_top"), theme.ACCENT, True
    else:
        follow = "drawtricks.follow" if tricks.must_follow else "drawtricks.no_follow"
        note, ink, bold = f"{t.t('drawtricks.rule')} {t.t(follow)}", theme.INK_ON_FELT_SOFT, False
    y = wrapped_text(surface, layout, note, (LEFT_X, y + 10), theme.TEXT, LEFT_W, ink, bold=bold)
    dead = t.n("drawtricks.dead", tricks.dead)
    wrapped_text(surface, layout, dead, (LEFT_X, y + 10), theme.TEXT, LEFT_W, theme.INK_ON_FELT)


def draw_seat(surface, layout, view, seat: int, between: bool, t, ui) -> None:
    """Name (lit when it is this seat's turn), then its part in the trick: to lead or to
    follow, led; between tricks who won the last one and draws first, and who next."""
    tricks, cy = view.own, spot_centre_y(seat)
    turn = seat == tricks.to_play
    colour = theme.ACCENT if turn else theme.INK_ON_FELT
    name, size = layout.fit_text(view.seats[seat].name, 36, PANEL_W, True)
    draw_text(surface, layout, name, (PANEL_X, cy - 44), size, colour, True, "midleft")
    if between:
        if seat == tricks.last_winner:
            won = t.t("drawtricks.won", n=tricks.number - 1)
            tag(surface, layout, won, (PANEL_X, cy), theme.ACCENT, theme.ACCENT_TEXT)
            card = tricks.last_top
            draws = t.t("drawtricks.draws_card", card=card) if card else t.t("drawtricks.first")
        else:
            draws = t.t("drawtricks.next")
        text_with_suits(
            surface, layout, draws, (PANEL_X, cy + 44), theme.TEXT, theme.INK_ON_FELT,
            ui.four_colour, "midleft",
        )  # fmt: skip
        return
    if tricks.trick and tricks.trick[0][0] == seat:
        tag(surface, layout, t.t("play.lead"), (PANEL_X, cy), theme.CARD_WHITE, theme.INK)
    elif turn and view.phase == "draw-tricks":
        key = "drawtricks.to_follow" if tricks.trick else "drawtricks.to_lead"
        text, size = layout.fit_text(t.t(key), theme.TEXT, PANEL_W, True)
        draw_text(surface, layout, text, (PANEL_X, cy), size, theme.ACCENT, True, "midleft")


def draw_stock(surface, layout, tricks, scanning_top: bool, ui, t) -> None:
    """The top card turned up for this trick (lit while it is to be scanned), or the
    stock face down with the cards left in it."""
    _, y, _, h = TOP_CARD
    centre = RIGHT_X + RIGHT_W / 2
    if tricks.top is not None:
        draw_card(surface, layout, TOP_CARD, tricks.top, ui.four_colour)
        label = t.t("drawtricks.top")
    else:
        stock_pile(surface, layout, TOP_CARD, lit=scanning_top)  # lit: to scan it now
        label = t.t("drawtricks.stock", n=tricks.stock)
    label, size = layout.fit_text(label, theme.TEXT, RIGHT_W)
    draw_text(
        surface, layout, label, (centre, y + h + 24), size, theme.INK_ON_FELT, anchor="center"
    )


# --- the picker --------------------------------------------------------------------


def refused(view) -> frozenset[str]:
    """Cards that cannot be tapped now, as the engine would refuse them from what the
    table has seen: the dead cards; for the top card, every card seen before; in a
    trick, the top card not yet drawn and a top card the other player drew."""
    return refused_cards(view)


def draw_picker(surface, layout, view, ui, t) -> list[Target]:
    """Every card as a target: a tap scans it (the top card, or a card of the trick).
    Cards that cannot be tapped are greyed; the picker stays open for the next card."""
    tricks = view.own
    if view.phase == "draw-top":
        title = t.t("drawtricks.picker_top")
    else:
        title = t.t("picker.title", name=view.turn)
    cards = " ".join(card for _, card in tricks.trick)
    label = f"{t.t('drawtricks.number', n=tricks.number, of=tricks.of)}: {cards}".rstrip(": ")
    return phase_picker(surface, layout, view, ui, t, title, label)


# --- stop following the draw tricks -------------------------------------------------


def confirm_stop(surface, layout, view, ui, t) -> list[Target]:
    """ "Stop following the draw tricks?" (the menu's item): Yes sends ("end-draw",), the
    engine's DrawPhaseEnded; No, the safe choice, goes back."""
    title = t.t("drawtricks.title")
    if view is None or view.own is None:  # the last draw trick ended meanwhile
        return confirm.stop_over(surface, layout, ui, t, title, t.t("drawtricks.stop_over"))
    tricks = view.own
    note = t.t("drawtricks.stop_note", n=tricks.number, of=tricks.of)
    question, yes = t.t("drawtricks.stop_question"), t.t("drawtricks.stop_yes")
    return confirm.ask_stop(surface, layout, ui, t, title, question, note, yes)
