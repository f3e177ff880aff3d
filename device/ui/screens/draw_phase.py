"""The draw phase of Draw and Discard: turn n of 13, whose turn, the rule in one line.

The device cannot see these cards: it only counts the turns. OK ends a turn
(on screen or on the bidding box). Ending the phase early is a menu item that
asks once more here (ui.overlay == "end-draw"): a stray MENU key only opens
the menu, so it never ends the phase.
"""

from __future__ import annotations

from .. import theme
from ..draw import draw_card, draw_text
from ..theme import TEXT_LARGE
from ..widgets.text import wrapped_text
from . import chrome, confirm


def draw(surface, layout, view, ui, t):
    if ui.overlay == "end-draw":
        return confirm_end(surface, layout, view, ui, t)
    targets = chrome.frame(surface, layout, view, ui, t)
    draw_text(
        surface, layout, t.t("draw.title"), (400, 74), TEXT_LARGE, theme.INK_ON_FELT, True, "center"
    )
    turn = t.t("draw.turn", n=min(view.draw_turn, view.draw_turns), of=view.draw_turns)
    draw_text(surface, layout, turn, (400, 122), 56, theme.ACCENT, True, "center")
    whose, size = layout.fit_text(t.t("draw.whose", name=view.turn), 40, 760)
    draw_text(surface, layout, whose, (400, 172), size, theme.INK_ON_FELT, anchor="center")
    # The stock, face down: the device never knows these cards.
    for i in range(3):
        draw_card(surface, layout, (358 + i * 6, 196 + i * 3, 66, 92), "", face_down=True)
    y = wrapped_text(surface, layout, t.t("draw.rule"), (400, 300), theme.TEXT, 770, anchor="mid")
    wrapped_text(surface, layout, t.t("draw.skip"), (400, y + 4), theme.TEXT, 770, anchor="mid")
    chrome.finish(surface, layout, ui, t)
    return targets


def confirm_end(surface, layout, view, ui, t):
    """ "End the draw phase now?" Yes sends EndDraw(); No, the safe choice, goes back."""
    title = t.t("draw.title")
    if view is None or view.phase != "draw":  # the last turn ended meanwhile
        return confirm.stop_over(surface, layout, ui, t, title, t.t("draw.end_over"))
    turn = min(view.draw_turn, view.draw_turns)
    note = t.t("draw.end_note", n=turn, of=view.draw_turns)
    question, yes = t.t("draw.end_question"), t.t("draw.end_yes")
    return confirm.ask_stop(surface, layout, ui, t, title, question, note, yes)
