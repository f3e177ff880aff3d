"""The card picker as a page of its own, for a form's own phase (Draw Bridge's draw
tricks, the pick-up, aBRIDGEd's dummy laid out): the screen's frame around the
picker's widgets (widgets/picker.py), which draw no frame themselves."""

from __future__ import annotations

from .. import theme
from ..draw import text_with_suits
from ..widgets.picker import PICK_X, STRIP_Y, card_grid, close_button, picker_title, refused_cards
from . import chrome
from .base import Target


def phase_picker(surface, layout, view, ui, t, title, line, ok=False) -> list[Target]:
    """The picker of a form's own phase: the title, the cards (a tap scans one, and the
    picker stays open for the next; the cards the game would refuse greyed), `line`
    under them (with suit symbols), Close."""
    targets = chrome.frame(surface, layout, view, ui, t, ok=ok)
    picker_title(surface, layout, title)
    targets += card_grid(surface, layout, view.deck, refused_cards(view), ui.four_colour)
    text_with_suits(
        surface, layout, line, (PICK_X + 2, STRIP_Y + 22), theme.TEXT, theme.INK_ON_FELT,
        ui.four_colour, "midleft", True,
    )  # fmt: skip
    targets.append(close_button(surface, layout, t))
    chrome.finish(surface, layout, ui, t)
    return targets
