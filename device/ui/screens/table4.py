"""The play at a table of four: a card spot per compass seat, the dummy's cards
once they were shown, whose turn it is and from which hand, and the tricks
won by each side. The dummy phase (the dummy's cards scanned as they are laid
out) is the same table with its prompt.

North is at the top of the screen, South at the bottom, West left and East
right, as the four sit round the table. Only cards of `view.play` are drawn:
the trick, the trick before it, and the hands laid out face up (`play.shown`,
played cards greyed); a hand nobody has seen is never drawn.

    12..272    the contract, whose turn and from which hand, the trick, the dummy
    284..636   the four spots
    644..792   Last trick, Claim, Cards; the tricks per side; a revoke
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import Overlay, TapCall, TapKey
from ..draw import draw_button, draw_card, draw_text, text_with_suits
from ..view import COMPASS
from ..widgets.cards import glow
from ..widgets.piles import draw_piles
from ..widgets.play_buttons import play_buttons
from ..widgets.text import line_step, wrap, wrapped_text
from . import chrome
from .auction import call_text, fitting_size
from .base import Target
from .claim import claim_question
from .contract import contract_card
from .hand_box import (  # noqa: F401 (also imported from here)
    COLOURS,
    LEFT_W,
    LEFT_X,
    SUITS,
    _rank_order,
    draw_face_up_box,
    draw_hand_box,
    rank_text,
    rank_xs,
    rows_of,
    suit_row,
)
from .play_common import close_button

CARD_W, CARD_H = 72, 100
# Each seat's spot (x, y) and where its name goes: N top, E right, S bottom, W left.
SPOTS = {0: (424, 56), 1: (548, 176), 2: (424, 306), 3: (300, 176)}
NAMES = {  # (x, y, anchor, width) of the seat's name, beside its spot
    0: (504, 80, "midleft", 132),
    1: (584, 300, "center", 110),
    2: (504, 382, "midleft", 132),
    3: (336, 300, "center", 110),
}
CONTRACT = (LEFT_X, 56, LEFT_W, 78)
BUTTON_X, BUTTON_W, BUTTON_H = 644, 148, 52
BUTTON_Y = (56, 114, 172)
TRICKS_Y = 238  # the tricks per side, under the buttons
COMPACT_CONTRACT_H = 44  # with two dummies laid out: the contract on one line
COMPACT_ROW_H = 27  # and a dummy's suit rows closer together
CHOICE_X, CHOICE_W, CHOICE_H = 300, 492, 120  # the declarer's two choices of a dummy


def at_spots(view) -> bool:
    """The play is drawn at compass spots: four players, or two with dummies (a hand
    per spot, more hands than players)."""
    return len(view.seats) == len(COMPASS) or len(view.play.hands) > len(view.seats)


def hands(view) -> range:
    """The hands at the table, one spot each (three or four)."""
    return range(len(view.play.hands) or len(view.seats))


def own_dummies(view) -> bool:
    """Two players with dummies: each plays their own hand and a dummy."""
    return len(view.play.hands) > len(view.seats)


def is_dummy(view, hand: int) -> bool:
    """The hand is a dummy: the declarer's partner's, or one of more hands than players."""
    play = view.play
    return hand == play.dummy or hand in play.dummies or hand >= len(view.seats)


def hand_label(view, hand: int, t) -> str:
    """A hand's name with its compass letter: "Anna (S)"."""
    letter = t.t(f"compass.short.{COMPASS[hand]}")
    return f"{view.play.hands[hand]} ({letter})"


def spot(hand: int) -> tuple[float, float, float, float]:
    x, y = SPOTS[hand % 4]
    return (x, y, CARD_W, CARD_H)


def draw_table(surface, layout, view, ui, t) -> list[Target]:
    """The table of four, in the play and in the dummy phase."""
    dummy_phase = view.phase in ("dummy", "turn-up")  # cards laid out: OK skips them
    targets = chrome.frame(surface, layout, view, ui, t, ok=dummy_phase)
    play = view.play
    # Two dummies laid out, or in piles: no room for the trick's number
    compact = len(play.shown) > 1 or bool(play.piles)
    y = draw_contract(surface, layout, play, ui, t, compact)
    y = draw_turn(surface, layout, view, t, y + 8)
    if play.piles:
        draw_piles(surface, layout, view, ui, t, (LEFT_X, y + 4))
    elif compact:
        draw_shown_compact(surface, layout, view, ui, t, y + 4)
    else:
        draw_trick_and_shown(surface, layout, view, ui, t, y)
    between = not play.trick and bool(play.last_trick)
    for hand in hands(view):
        draw_spot(surface, layout, hand, hand == play.to_play and not dummy_phase)
    for hand, card in play.last_trick if between else play.trick:
        draw_card(surface, layout, spot(hand), card, ui.four_colour, dim=between)
    for hand in hands(view):
        draw_name(surface, layout, view, hand, between, t)
    draw_tricks(surface, layout, view, t)
    if play.revokes:
        draw_revoke(surface, layout, play.revokes[-1], t)
    if play.claim is not None:
        targets += claim_question(surface, layout, view, t)
    elif view.phase == "turn-up":
        targets += turn_up_prompt(surface, layout, view, ui, t)
    elif dummy_phase:
        head = dummy_of(view, play.dummy, t) if len(play.dummies) > 1 else None
        targets += dummy_prompt(surface, layout, view, ui, t, head=head)
    else:
        targets += buttons(surface, layout, view, ui, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_trick_and_shown(surface, layout, view, ui, t, y: float) -> None:
    """The trick's number, then the hand laid out face up (the dummy) under it."""
    play = view.play
    trick = t.t("play.trick", n=play.trick_number, of=view.tricks)
    draw_text(
        surface,
        layout,
        trick,
        (LEFT_X + 2, y + 16),
        theme.TEXT,
        theme.INK_ON_FELT,
        True,
        "midleft",
    )
    draw_shown(surface, layout, view, ui, t, y + 40)


def draw_contract(surface, layout, play, ui, t, compact=False) -> float:
    """The contract on a white card, the declarer under it; returns the y below. Compact:
    one line, the contract and the declarer beside it."""
    x, y, w, h = CONTRACT
    if compact:
        h = COMPACT_CONTRACT_H
        box = layout.rect(x, y, w, h)
        pygame.draw.rect(surface, theme.CARD_WHITE, box, border_radius=layout.px(10))
        contract = call_text(play.contract, t)
        edge = text_with_suits(
            surface,
            layout,
            contract,
            (x + 12, y + h / 2),
            theme.TEXT_LARGE,
            theme.INK,
            ui.four_colour,
            "midleft",
            bold=True,
        )
        left = layout.to_logical(edge.topright)[0] + 10
        by, size = layout.fit_text(play.declarer, theme.TEXT, x + w - 12 - left)
        draw_text(surface, layout, by, (left, y + h / 2), size, theme.INK_SOFT, anchor="midleft")
        return y + h
    contract_card(surface, layout, play, ui, t, CONTRACT, 44, 26, 60)
    return y + h


def turn_text(view, t) -> str | None:
    """Whose turn and from which hand: "Anna to play", "Anna: from the dummy (Carla)"."""
    play = view.play
    if view.turn is None or play.to_play is None or play.claim is not None:
        return None
    if view.phase == "turn-up":  # a dummy's face-down card the trick uncovered
        name = hand_label(view, play.turn_up, t)
        return t.t("turnup.whose", name=name, pile=play.turn_up_pile)
    if view.phase == "dummy":
        if own_dummies(view):  # two players: whose dummy, and where it lies
            return t.t("dummy.whose", name=hand_label(view, play.dummy, t))
        return t.t("dummy.whose", name=view.seats[play.dummy].name)
    hand = play.to_play
    if own_dummies(view):  # each player plays their own hand and a dummy
        key = "play.from_your_dummy" if is_dummy(view, hand) else "play.from_your_hand"
        return t.t(key, name=view.turn)
    if play.controllers and play.controllers[hand] != hand:
        return t.t("play.from_dummy", name=view.turn, hand=play.hands[hand])
    return t.t("play.own_hand", name=view.turn)


def from_dummy(view) -> bool:
    """The card due is the dummy's, played by the declarer."""
    play = view.play
    hand = play.to_play
    return hand is not None and bool(play.controllers) and play.controllers[hand] != hand


def draw_turn(surface, layout, view, t, y: float) -> float:
    text = turn_text(view, t)
    return y if text is None else draw_lines(surface, layout, text, y)


def draw_shown(surface, layout, view, ui, t, y: float) -> None:
    """Each hand laid out face up (the dummy): its name, then a row per suit with the
    ranks, played ones greyed. Only the cards the table was shown."""
    for hand, cards in view.play.shown:
        title = t.t("play.dummy", name=view.play.hands[hand])
        y = draw_hand_box(surface, layout, ui, t, y, title, cards)


def draw_shown_compact(surface, layout, view, ui, t, y: float) -> None:
    """Several hands laid out face up (two dummies): a box each, its compass letter at
    the left, a row per suit with the ranks, played ones greyed."""
    row_h = COMPACT_ROW_H
    for hand, cards in view.play.shown:
        box = (LEFT_X, y, LEFT_W, 4 * row_h + 6)
        pygame.draw.rect(surface, theme.CARD_WHITE, layout.rect(*box), border_radius=layout.px(8))
        letter = t.t(f"compass.short.{COMPASS[hand]}")
        draw_text(
            surface,
            layout,
            letter,
            (LEFT_X + 16, y + box[3] / 2),
            theme.TEXT,
            theme.INK_SOFT,
            True,
            "center",
        )
        for row, suit in enumerate(rows_of(cards)):
            cy = y + 3 + row_h * row + row_h / 2
            suit_row(surface, layout, ui, t, cards, suit, (LEFT_X + 46, cy), 18, LEFT_W - 70)
        y += box[3] + 6


def draw_spot(surface, layout, hand: int, turn: bool) -> None:
    rect = layout.rect(*spot(hand))
    if turn:
        glow(surface, layout, rect)
    else:
        radius = layout.px(8)
        pygame.draw.rect(surface, theme.INK_ON_FELT_SOFT, rect, layout.px(2), border_radius=radius)


def draw_name(surface, layout, view, hand: int, between: bool, t) -> None:
    """The seat's name with its compass letter; the accent colour for the hand to play
    and for the one that took the trick lying dimmed."""
    play = view.play
    x, y, anchor, width = NAMES[hand]
    letter = t.t(f"compass.short.{COMPASS[hand]}")
    name = f"{letter} {play.hands[hand] if play.hands else view.seats[hand].name}"
    lit = hand == play.to_play and view.phase == "play" and play.claim is None
    won = between and play.last_winner == hand
    colour = theme.ACCENT if lit or won else theme.INK_ON_FELT
    name, size = layout.fit_text(name, theme.TEXT, width, True)
    draw_text(surface, layout, name, (x, y), size, colour, True, anchor)
    note = None
    if won:
        note = t.t("play.took", n=play.trick_number - 1)
    elif is_dummy(view, hand):
        note = t.t("play.dummy_short")
    if note:
        note, size = layout.fit_text(note, theme.TEXT, width)
        draw_text(surface, layout, note, (x, y + 30), size, theme.INK_ON_FELT_SOFT, False, anchor)


def draw_tricks(surface, layout, view, t) -> None:
    """The tricks won by each side: N-S and E-W, under the buttons."""
    y = TRICKS_Y
    title, size = layout.fit_text(t.t("play.tricks_won"), theme.TEXT, BUTTON_W)
    draw_text(surface, layout, title, (BUTTON_X, y), size, theme.INK_ON_FELT_SOFT, False, "midleft")
    for side in (0, 1):
        cy = y + 36 + side * 38
        label = t.t(f"side.short.{side}")
        if own_dummies(view):  # two players: the sides are the players
            label = view.side_names[side]
        label, size = layout.fit_text(label, theme.TEXT, BUTTON_W - 40, True)
        draw_text(surface, layout, label, (BUTTON_X, cy), size, theme.INK_ON_FELT, True, "midleft")
        won = str(view.play.won[side])
        draw_text(
            surface, layout, won, (BUTTON_X + BUTTON_W, cy), 40, theme.INK_ON_FELT, True, "midright"
        )


def draw_revoke(surface, layout, revoke: str, t) -> None:
    """The latest revoke, in red, under the tricks."""
    name, trick, suit = revoke.split(":")
    text = t.t("play.revoke_short", name=name, n=trick)
    lines = wrap(layout, text, theme.TEXT, BUTTON_W - 12)[:2]
    step = line_step(theme.TEXT)
    box = layout.rect(BUTTON_X, 322, BUTTON_W, step * len(lines) + 10)
    pygame.draw.rect(surface, theme.BANNER_ERROR, box, border_radius=layout.px(10))
    for i, line in enumerate(lines):
        line, size = layout.fit_text(line, theme.TEXT, BUTTON_W - 12)
        draw_text(
            surface,
            layout,
            line,
            (BUTTON_X + 6, 327 + step * (i + 0.5)),
            size,
            theme.WHITE,
            False,
            "midleft",
        )


def buttons(surface, layout, view, ui, t) -> list[Target]:
    return play_buttons(surface, layout, view, ui, t, BUTTON_X, BUTTON_Y, BUTTON_W, BUTTON_H)


def dummy_of(view, hand: int, t) -> str:
    """A dummy by its compass seat, where there are two: "West's dummy"."""
    return t.t("dummy.of", dummy=t.t(f"compass.{COMPASS[hand]}"))


def turn_up_prompt(surface, layout, view, ui, t) -> list[Target]:
    """The turn-up phase: which dummy, which pile, and what to do with the card under
    it (scan it; OK when it is not scanned)."""
    play = view.play
    dummy = t.t(f"compass.{COMPASS[play.turn_up]}")
    pile = play.turn_up_pile
    text = t.t("turnup.prompt", pile=pile, dummy=dummy, ok=t.t("button.ok"))
    count = t.t("turnup.pile", n=pile)
    head = dummy_of(view, play.turn_up, t)
    return dummy_prompt(surface, layout, view, ui, t, text=text, count=count, head=head)


def dummy_prompt(
    surface, layout, view, ui, t, shown=None, text=None, count=None, head=None
) -> list[Target]:
    """The dummy phase: lay out the dummy and scan its cards (n of 13, or of the cards
    it lays face up), under `head` (which dummy, where there are two); OK skips. The
    picker takes the cards tapped instead of scanned."""
    x, width = BUTTON_X - 4, BUTTON_W + 8
    panel = layout.rect(x - 4, 52, width + 8, 288)
    pygame.draw.rect(surface, theme.FELT_DARK, panel, border_radius=layout.px(10))
    pygame.draw.rect(surface, theme.ACCENT, panel, layout.px(3), border_radius=layout.px(10))
    top = 60
    if head is not None:
        top = wrapped_text(
            surface, layout, head, (x + width / 2, top), theme.TEXT, width - 8, theme.WHITE, "mid"
        )
        top += 4
    shown = view.dummy_shown if shown is None else shown
    if count is None:
        count = t.t("dummy.count", n=shown, of=view.laid_out)
    size = fitting_size(layout, count, theme.TEXT_LARGE, width - 8, True)
    draw_text(surface, layout, count, (x + width / 2, top + 16), size, theme.ACCENT, True, "center")
    if text is None:
        text = t.t("dummy.prompt", ok=t.t("button.ok"))
        play = view.play
        if play.dummy in play.dummies[:-1]:  # another dummy is laid out after this one
            text = t.t("dummy.prompt_next", ok=t.t("button.ok"))
    wrapped_text(
        surface,
        layout,
        text,
        (x + width / 2, top + 40),
        theme.TEXT,
        width - 8,
        theme.INK_ON_FELT,
        "mid",
    )
    rect = (BUTTON_X, 346, BUTTON_W, 52)
    draw_button(
        surface, layout, rect, t.t("play.cards"), True, "accent" if ui.touch_cards() else "normal"
    )
    return [Target(rect, Overlay("picker"))]


# --- before the play: a dummy laid face up, the declarer's choice -------------------------


def draw(surface, layout, view, ui, t) -> list[Target]:
    """The phases before the play with a dummy face up (Single and Exposed Dummy): the
    dummy laid out before the auction, and the declarer's choice of a dummy after it."""
    if view.phase == "choose":
        return draw_choose(surface, layout, view, ui, t)
    return draw_face_up(surface, layout, view, ui, t)


def draw_face_up(surface, layout, view, ui, t) -> list[Target]:
    """The dealer lays a dummy face up before the auction, scanning its cards (n of
    13); OK skips the rest (scanned after the opening lead)."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=True)
    y = draw_lines(surface, layout, t.t("faceup.whose", name=view.turn), 60)
    draw_face_up_box(surface, layout, view, ui, t, y + 8)
    text = t.t("faceup.prompt", ok=t.t("button.ok"))
    targets += dummy_prompt(surface, layout, view, ui, t, len(view.face_up), text)
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_choose(surface, layout, view, ui, t) -> list[Target]:
    """The declarer chooses a dummy: OK the face-up one, P the face-down one (on the
    screen, the bidding box or the keys)."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=True)
    y = draw_lines(surface, layout, t.t("choose.whose", name=view.turn), 60)
    draw_face_up_box(surface, layout, view, ui, t, y + 8)
    x, width = CHOICE_X, CHOICE_W
    choices = (
        (t.t("choose.face_up", ok=t.t("button.ok")), TapKey("OK"), "accent", 96),
        (t.t("choose.face_down"), TapCall("P"), "normal", 250),
    )
    for label, action, style, top in choices:
        rect = (x, top, width, CHOICE_H)
        draw_button(surface, layout, rect, label, True, style)
        targets.append(Target(rect, action))
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_lines(surface, layout, text: str, y: float) -> float:
    """Whose turn and what to do, in the accent colour, on up to two lines of the left
    column; returns the y below."""
    lines = wrap(layout, text, theme.TEXT, LEFT_W, True)[:2]
    step = line_step(theme.TEXT)
    for i, line in enumerate(lines):
        line, size = layout.fit_text(line, theme.TEXT, LEFT_W, True)
        pos = (LEFT_X + 2, y + step * i)
        draw_text(surface, layout, line, pos, size, theme.ACCENT, True, "topleft")
    return y + step * len(lines)


def draw_last_trick(surface, layout, view, ui, t) -> list[Target]:
    """The previous trick at the four spots, the winner's card ringed, and Close."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    play = view.play
    title = t.t("play.last_trick")
    draw_text(surface, layout, title, (LEFT_X + 2, 76), 36, theme.INK_ON_FELT, True, "midleft")
    if not play.last_trick:
        draw_text(
            surface,
            layout,
            t.t("last.none"),
            (LEFT_X + 2, 116),
            theme.TEXT,
            theme.INK_ON_FELT_SOFT,
            anchor="midleft",
        )
    else:
        number = t.t("play.trick_n", n=play.trick_number - 1)
        draw_text(
            surface,
            layout,
            number,
            (LEFT_X + 2, 116),
            theme.TEXT,
            theme.INK_ON_FELT_SOFT,
            anchor="midleft",
        )
        for hand in hands(view):
            draw_spot(surface, layout, hand, False)
        for hand, card in play.last_trick:
            draw_card(surface, layout, spot(hand), card, ui.four_colour)
        for hand in hands(view):
            draw_name(surface, layout, view, hand, True, t)
        if play.last_winner is not None:
            ring = layout.rect(*spot(play.last_winner)).inflate(layout.px(12), layout.px(12))
            pygame.draw.rect(surface, theme.ACCENT, ring, layout.px(5), border_radius=layout.px(12))
    rect = (BUTTON_X, BUTTON_Y[0], BUTTON_W, BUTTON_H)
    targets.append(close_button(surface, layout, rect, t))
    chrome.finish(surface, layout, ui, t)
    return targets
