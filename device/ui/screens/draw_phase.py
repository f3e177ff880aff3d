"""The draw phase of Draw and Discard: turn n of 13, whose turn, the rule in one line.

The device cannot see these cards: it only counts the turns. OK ends a turn
(on screen or on the bidding box); Menu ends the phase early.
"""

from __future__ import annotations

from .. import theme
from ..draw import draw_card, draw_text
from . import chrome


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t)
    draw_text(surface, layout, t.t("draw.title"), (400, 96), 34, theme.INK_ON_FELT, True, "center")
    turn = t.t("draw.turn", n=min(view.draw_turn, view.draw_turns), of=view.draw_turns)
    draw_text(surface, layout, turn, (400, 150), 56, theme.ACCENT, True, "center")
    draw_text(
        surface,
        layout,
        t.t("draw.whose", name=view.turn),
        (400, 205),
        36,
        theme.INK_ON_FELT,
        anchor="center",
    )
    # The stock, face down: the device never knows these cards.
    for i in range(3):
        draw_card(surface, layout, (340 + i * 6, 240 + i * 3, 84, 118), "", face_down=True)
    draw_text(
        surface, layout, t.t("draw.rule"), (400, 380), 19, theme.INK_ON_FELT_SOFT, anchor="center"
    )
    draw_text(
        surface, layout, t.t("draw.skip"), (400, 402), 17, theme.INK_ON_FELT_SOFT, anchor="center"
    )
    chrome.finish(surface, layout, ui, t)
    return targets
