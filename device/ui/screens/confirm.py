"""The menu's stop of a form's own phase (Draw and Discard's draw, Draw Bridge's draw
tricks, the pick-up), asked once more: a stray tap on the menu never ends it."""

from __future__ import annotations

from .. import theme
from ..actions import EndDraw, Overlay
from ..widgets.text import wrapped_text
from . import chrome, menu
from .base import Target

YES, NO = (150, 290, 230, 88), (420, 290, 230, 88)


def ask_stop(surface, layout, ui, t, title: str, question: str, note: str, yes: str):
    """The question and what stopping means; Yes sends EndDraw(), the engine's
    DrawPhaseEnded; No, the safe choice, goes back."""
    menu.page(surface, layout, title)
    menu.bottom_band(surface, layout)
    wrapped_text(surface, layout, question, (400, 110), 44, 740, theme.INK_ON_FELT, "mid", True)
    wrapped_text(surface, layout, note, (400, 196), theme.TEXT, 740, anchor="mid")
    targets = [
        menu.button(surface, layout, YES, yes, EndDraw(), "danger", size=34),
        menu.button(surface, layout, NO, t.t("draw.end_no"), Overlay(None), "accent", size=34),
    ]
    chrome.finish(surface, layout, ui, t)
    return targets


def stop_over(surface, layout, ui, t, title: str, text: str) -> list[Target]:
    """The phase ended meanwhile (its last turn, trick or card): said, with Close."""
    menu.page(surface, layout, title)
    menu.bottom_band(surface, layout)
    wrapped_text(surface, layout, text, (400, 150), 36, 740, theme.INK_ON_FELT, "mid")
    targets = [menu.close_button(surface, layout, t)]
    chrome.finish(surface, layout, ui, t)
    return targets
