"""The play: the contract, the trick in progress by seat, tricks won and
whose turn; and two overlays of the same module, chosen by `ui.overlay`:
the last trick, and the card picker for tables without a scanner.

Seats keep their places for the whole rubber: seat 0 at the bottom, seat 1
at the top, as the two players sit at the two ends of the screen. Between
tricks (the trick in progress still empty) the trick just won stays on the
table, dimmed, so the second card of a trick is seen before the next lead.

Only cards of `view.play` are drawn; the picker draws the whole deck, which
tells nothing about anyone's hand. A claim waiting for an answer lies over
the table with Accept and Dispute, as play cannot go on before it is answered.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import colour_of, draw_card, draw_suit, draw_text, suit_colour, text_with_suits
from ..widgets.cards import glow
from ..widgets.picker import CLOSE, PICK_X, STRIP_Y, card_grid, picker_title, refused_cards
from ..widgets.text import line_step, wrap
from . import chrome, table3, table4
from .auction import fitting_size, tag
from .base import Target
from .claim import claim_panel, claim_question  # noqa: F401 (also imported from here)
from .contract import contract_card
from .play_common import (  # noqa: F401 (also imported from here)
    BUTTON_H,
    BUTTON_W,
    BUTTON_X,
    BUTTON_Y,
    close_button,
    seat_index,
    table_buttons,
    tricks_target,
    turn_seat,
)

TRICKS = 13

# The trick: a card spot per seat, one above the other.
CARD_W, CARD_H = 108, 150
CARD_X = 296
SPOT_Y = (266, 90)  # seat 0 at the bottom, seat 1 at the top
PANEL_X, PANEL_W = 436, 196  # each seat's name and tricks, beside its spot

# Left: the contract on a white card, the trick number, revokes.
CONTRACT = (16, 92, 260, 104)

# The picker (widgets/picker.py): the deck in 4 rows of 13; under it the trick so far
# and Close. In the phases that lay a dummy out (or turn its card up) OK stays lit.
DUMMY_PHASES = ("face-up", "dummy", "turn-up")


def draw(surface, layout, view, ui, t):
    if ui.overlay == "last-trick":
        return draw_last_trick(surface, layout, view, ui, t)
    if ui.overlay == "picker" and (view.play is None or view.play.claim is None):
        # a claim is answered first; before the play, the face-up dummy's cards
        return draw_picker(surface, layout, view, ui, t)
    return draw_table(surface, layout, view, ui, t)


# --- the table -------------------------------------------------------------------


def draw_table(surface, layout, view, ui, t) -> list[Target]:
    if table4.at_spots(view):  # four hands: a spot per compass seat
        return table4.draw_table(surface, layout, view, ui, t)
    if view.players == 3:  # three players each alone: three spots in a row
        return table3.draw_table(surface, layout, view, ui, t)
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    play = view.play
    turn = turn_seat(view)
    draw_contract(surface, layout, play, ui, t)
    draw_trick_number(surface, layout, play, t)
    draw_revokes(surface, layout, play.revokes, t)
    between_tricks = not play.trick and bool(play.last_trick)
    for seat in range(len(view.seats)):
        draw_spot(surface, layout, seat, seat == turn)
    shown = play.last_trick if between_tricks else play.trick
    for hand, card in shown:
        draw_card(surface, layout, spot(hand), card, ui.four_colour, dim=between_tricks)
    for seat in range(len(view.seats)):
        draw_seat_panel(surface, layout, view, seat, seat == turn, t)
        draw_seat_note(surface, layout, view, seat, between_tricks, t)
    if play.claim is not None:
        targets += claim_question(surface, layout, view, t)
    else:
        targets += table_buttons(surface, layout, view, ui, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def spot(hand: int) -> tuple[float, float, float, float]:
    return (CARD_X, SPOT_Y[hand % 2], CARD_W, CARD_H)


def spot_centre_y(hand: int) -> float:
    return SPOT_Y[hand % 2] + CARD_H / 2


def draw_contract(surface, layout, play, ui, t) -> None:
    """The contract big on a white card (suits keep their real colours), the declarer under it."""
    contract_card(surface, layout, play, ui, t, CONTRACT, 64, 40, 82)


def draw_trick_number(surface, layout, play, t) -> None:
    text = t.t("play.trick", n=play.trick_number, of=TRICKS)
    draw_text(
        surface,
        layout,
        text,
        (CONTRACT[0] + 4, 224),
        theme.TEXT,
        theme.INK_ON_FELT,
        True,
        "midleft",
    )


def draw_revokes(surface, layout, revokes, t) -> None:
    """Proved revokes ("Ben:4:H") as red lines: who, in which trick, the suit as a symbol."""
    y = 248
    for revoke in revokes[-2:]:  # the latest two: each takes two lines at the smallest text
        y = draw_revoke(surface, layout, revoke, y, t) + 8


SUIT_MARK = "\ue000"  # where the suit symbol goes in a revoke's text, while it is wrapped


def draw_revoke(surface, layout, revoke: str, y: float, t) -> float:
    """A revoke in a red box from `y`, wrapped into lines; returns the box's bottom."""
    name, trick, suit = revoke.split(":")
    # The suit is a drawn symbol, so the text is cut where the catalogue puts it.
    text = t.t("play.revoke", name=name, n=trick, suit=SUIT_MARK)
    x, width = CONTRACT[0], CONTRACT[2]
    lines = wrap(layout, text, theme.TEXT, width - 20)
    step = line_step(theme.TEXT)
    rect = layout.rect(x, y, width, step * len(lines) + 10)
    pygame.draw.rect(surface, theme.BANNER_ERROR, rect, border_radius=layout.px(14))
    for i, line in enumerate(lines):
        _revoke_line(surface, layout, line, suit, (x + 10, y + 5 + step * (i + 0.5)))
    return y + step * len(lines) + 10


def _revoke_line(surface, layout, line: str, suit: str, pos) -> None:
    """One line of a revoke: text, and the suit symbol where the text has SUIT_MARK."""
    before, mark, after = line.partition(SUIT_MARK)
    left = draw_text(surface, layout, before, pos, theme.TEXT, theme.WHITE, anchor="midleft")
    if not mark:
        return
    symbol = layout.px(theme.TEXT * 0.6)
    centre = (left.right + symbol // 2 + layout.px(2), left.centery)
    suit_symbol(surface, suit, centre, symbol)
    if after:
        end = layout.to_logical((centre[0] + symbol // 2 + layout.px(2), centre[1]))
        draw_text(surface, layout, after, end, theme.TEXT, theme.WHITE, anchor="midleft")


def suit_symbol(surface, suit: str, centre, pixels: int) -> None:
    """A suit on the red revoke line: white for standard suits, a disc for a coloured deck's."""
    if colour_of(suit) is not None:
        pygame.draw.circle(surface, theme.WHITE, centre, pixels // 2 + 1)
        pygame.draw.circle(surface, suit_colour(suit), centre, pixels // 2 - 1)
    else:
        draw_suit(surface, suit, centre, pixels, theme.WHITE)


def draw_spot(surface, layout, seat: int, turn: bool) -> None:
    """Where a seat's card lands: a faint outline, or a glow for the seat to play."""
    rect = layout.rect(*spot(seat))
    radius = layout.px(10)
    if not turn:
        pygame.draw.rect(surface, theme.INK_ON_FELT_SOFT, rect, layout.px(2), border_radius=radius)
        return
    glow(surface, layout, rect)


def draw_seat_panel(surface, layout, view, seat: int, turn: bool, t) -> None:
    """Name (in the accent colour with a pointer when it is this seat's turn) and tricks won."""
    cy = spot_centre_y(seat)
    name = view.seats[seat].name
    colour = theme.ACCENT if turn else theme.INK_ON_FELT
    if turn:  # a pointer from the name to the glowing spot
        tip = CARD_X + CARD_W + 12
        points = [(tip, cy - 44), (tip + 14, cy - 56), (tip + 14, cy - 32)]
        pygame.draw.polygon(surface, theme.ACCENT, [layout.point(*p) for p in points])
    name, size = layout.fit_text(name, 36, PANEL_W, True)
    draw_text(surface, layout, name, (PANEL_X, cy - 44), size, colour, True, "midleft")
    won = view.play.won[view.seats[seat].side]
    number = draw_text(surface, layout, str(won), (PANEL_X, cy + 8), 60, colour, True, "midleft")
    x = layout.to_logical(number.topright)[0] + 10
    label_width = PANEL_X + PANEL_W - x
    for dy, text, ink in (
        (-5, t.n("play.tricks", won), theme.INK_ON_FELT),
        (21, tricks_target(view, seat, t), theme.INK_ON_FELT_SOFT),
    ):
        size = fitting_size(layout, text, theme.TEXT, label_width)
        draw_text(surface, layout, text, (x, cy + dy), size, ink, anchor="midleft")


def draw_seat_note(surface, layout, view, seat: int, between_tricks: bool, t) -> None:
    """Under the tricks: who led this trick, or who won the one lying dimmed."""
    play, cy = view.play, spot_centre_y(seat)
    if between_tricks and play.last_winner == seat:
        text = t.t("play.took", n=play.trick_number - 1)
        tag(surface, layout, text, (PANEL_X, cy + 56), theme.ACCENT, theme.ACCENT_TEXT)
    elif play.trick and play.trick[0][0] == seat:
        tag(surface, layout, t.t("play.lead"), (PANEL_X, cy + 56), theme.CARD_WHITE, theme.INK)


# --- the last trick ----------------------------------------------------------------


def draw_last_trick(surface, layout, view, ui, t) -> list[Target]:
    """The previous trick at the seats' spots, the winner's card outlined, and Close."""
    if table4.at_spots(view):
        return table4.draw_last_trick(surface, layout, view, ui, t)
    if view.players == 3:
        return table3.draw_last_trick(surface, layout, view, ui, t)
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    play = view.play
    draw_text(
        surface, layout, t.t("play.last_trick"), (20, 112), 36, theme.INK_ON_FELT, True, "midleft"
    )
    if not play.last_trick:
        draw_text(
            surface,
            layout,
            t.t("last.none"),
            (20, 156),
            theme.TEXT,
            theme.INK_ON_FELT_SOFT,
            anchor="midleft",
        )
    else:
        number = t.t("play.trick_n", n=play.trick_number - 1)
        draw_text(
            surface, layout, number, (20, 156), theme.TEXT, theme.INK_ON_FELT_SOFT, anchor="midleft"
        )
        for seat in range(len(view.seats)):
            draw_spot(surface, layout, seat, False)
        for hand, card in play.last_trick:
            draw_card(surface, layout, spot(hand), card, ui.four_colour)
        for seat in range(len(view.seats)):
            draw_last_seat(surface, layout, view, seat, t)
    targets.append(close_button(surface, layout, (BUTTON_X, BUTTON_Y[0], BUTTON_W, BUTTON_H), t))
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_last_seat(surface, layout, view, seat: int, t) -> None:
    play, cy = view.play, spot_centre_y(seat)
    won = play.last_winner == seat
    colour = theme.ACCENT if won else theme.INK_ON_FELT
    name = view.seats[seat].name
    name, size = layout.fit_text(name, 36, PANEL_W, True)
    draw_text(surface, layout, name, (PANEL_X, cy - 24), size, colour, True, "midleft")
    if play.last_trick[0][0] == seat:
        tag(surface, layout, t.t("play.lead"), (PANEL_X, cy + 16), theme.CARD_WHITE, theme.INK)
    if won:
        rect = layout.rect(*spot(seat)).inflate(layout.px(12), layout.px(12))
        pygame.draw.rect(surface, theme.ACCENT, rect, layout.px(5), border_radius=layout.px(14))
        tag(
            surface,
            layout,
            t.t("last.won"),
            (PANEL_X, cy + 56),
            theme.ACCENT,
            theme.ACCENT_TEXT,
        )


# --- the card picker -----------------------------------------------------------------


def picker_refused(view) -> frozenset[str]:
    """Cards the phase refuses now, as the engine would (its legal inputs, in the view's
    `pickable`): played, of another hand lying face up, not in a hand all known, not
    following suit, not face up on a dummy's piles; laid out already. A hidden hand the
    table knows stays hidden."""
    return refused_cards(view)


def draw_picker(surface, layout, view, ui, t) -> list[Target]:
    """Every card of the deck as a target: one tap plays the card. Cards that cannot be
    played are greyed and take no tap; the picker stays open for the next card. While a
    dummy is laid out or its card turned up, OK says it is down (or not scanned)."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=view.phase in DUMMY_PHASES)
    if view.turn:
        title = t.t("picker.title", name=view.turn)
        if view.play is None:  # a dummy laid face up before the auction
            title = t.t("picker.face_up")
        elif view.phase == "turn-up":  # a dummy's card the trick uncovered
            name = table4.hand_label(view, view.play.turn_up, t)
            title = t.t("picker.turn_up", name=name, pile=view.play.turn_up_pile)
        elif view.phase == "dummy":  # the dummy's cards, as they are laid out
            title = t.t("picker.dummy", name=view.play.hands[view.play.dummy])
        elif table4.from_dummy(view) or table4.at_spots(view) and table4.own_dummies(view):
            # the declarer plays the dummy's card; with dummies of their own, which hand
            title = table4.turn_text(view, t)
        picker_title(surface, layout, title)
    targets += card_grid(surface, layout, view.deck, picker_refused(view), ui.four_colour)
    if view.play is not None:
        draw_trick_strip(surface, layout, view, ui, t)
    targets.append(close_button(surface, layout, CLOSE, t))
    chrome.finish(surface, layout, ui, t)
    return targets


def winner_name(view) -> str:
    """Who took the last trick: the hand's player (a dummy's is the one who plays it)."""
    play = view.play
    return play.hands[play.last_winner] if play.hands else view.seats[play.last_winner].name


def draw_trick_strip(surface, layout, view, ui, t) -> None:
    """Under the picker: the trick so far, small, so a tapped card shows up at once;
    between tricks the one just taken, dimmed, and who took it; the tricks won."""
    play = view.play
    between = not play.trick and bool(play.last_trick)
    y = STRIP_Y + 22
    number = play.trick_number - 1 if between else play.trick_number
    # The cards as text with suit symbols ("K♣ 4♣"): readable at the smallest text size.
    cards = " ".join(card for _, card in (play.last_trick if between else play.trick))
    label = f"{t.t('play.trick', n=number, of=view.tricks)}: {cards}".rstrip(": ")
    ink = theme.INK_ON_FELT_SOFT if between else theme.INK_ON_FELT
    edge = text_with_suits(
        surface, layout, label, (PICK_X + 2, y), theme.TEXT, ink, ui.four_colour, "midleft", True
    )
    x = layout.to_logical(edge.topright)[0] + 14
    if between and play.last_winner is not None:
        took = t.t("picker.took", name=winner_name(view))
        x = tag(surface, layout, took, (x, y), theme.ACCENT, theme.ACCENT_TEXT) + 12
    if view.seats[0].compass:  # at four: the tricks of each side
        won = " · ".join(f"{t.t(f'side.short.{side}')} {play.won[side]}" for side in (0, 1))
    else:
        won = " · ".join(f"{seat.name} {play.won[seat.side]}" for seat in view.seats)
    won, size = layout.fit_text(won, theme.TEXT, CLOSE[0] - 12 - x)
    draw_text(surface, layout, won, (x, y), size, theme.INK_ON_FELT_SOFT, anchor="midleft")
