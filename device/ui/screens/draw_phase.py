"""The draw phase of Draw and Discard: turn n of 13, whose turn, the rule in one line.

The device cannot see these cards: it only counts the turns. OK ends a turn
(on screen or on the bidding box). Ending the phase early is a menu item that
asks once more here (ui.overlay == "end-draw"): a stray MENU key only opens
the menu, so it never ends the phase.
"""

from __future__ import annotations

from .. import theme
from ..draw import draw_card, draw_text
from . import chrome, menu

YES = (150, 290, 230, 88)
NO = (420, 290, 230, 88)


def draw(surface, layout, view, ui, t):
    if ui.overlay == "end-draw":
        return confirm_end(surface, layout, view, ui, t)
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


def confirm_end(surface, layout, view, ui, t):
    """ "End the draw phase now?" Yes sends ("end-draw",); No, the safe choice, goes back."""
    menu.page(surface, layout, t.t("draw.title"))
    menu.bottom_band(surface, layout)
    if view is None or view.phase != "draw":  # the last turn ended meanwhile
        text = t.t("draw.end_over")
        menu.fitted_text(surface, layout, text, (400, 170), 36, 740, anchor="center", suits=False)
        targets = [menu.close_button(surface, layout, t)]
        chrome.finish(surface, layout, ui, t)
        return targets
    question = t.t("draw.end_question")
    menu.fitted_text(
        surface, layout, question, (400, 150), 44, 740, bold=True, anchor="center", suits=False
    )
    turn = min(view.draw_turn, view.draw_turns)
    note = t.t("draw.end_note", n=turn, of=view.draw_turns)
    menu.fitted_text(
        surface,
        layout,
        note,
        (400, 215),
        24,
        740,
        theme.INK_ON_FELT_SOFT,
        anchor="center",
        suits=False,
    )
    targets = [
        menu.button(surface, layout, YES, t.t("draw.end_yes"), ("end-draw",), "danger", size=34),
        menu.button(surface, layout, NO, t.t("draw.end_no"), ("overlay", None), "accent", size=34),
    ]
    chrome.finish(surface, layout, ui, t)
    return targets
