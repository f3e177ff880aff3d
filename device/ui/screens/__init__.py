"""Screens, one module each; `render` picks the one for the view and the UI state."""

from __future__ import annotations

from importlib import import_module

from ..draw import rank_letters
from ..form_parts import own_picker_phases, own_screen
from .base import Target, UiState

# phase or overlay -> module in this package
MODULES = {
    "start": "start",
    "cut": "cut",
    "draw": "draw_phase",
    "auction": "auction",
    "play": "play",
    "dummy": "play",  # the dummy's cards scanned as they are laid out: the play's table
    "deal-end": "result",
    "finished": "finished",
    "sheet": "sheet",
    "last-trick": "play",
    "menu": "menu",
    "settings": "settings",
    "camera": "camera",  # Settings' camera page: what the camera sees
    "history": "history",
    "history-sheet": "history",  # a rubber's sheet, opened from the history
    "history-review": "review",  # a stored rubber's double-dummy review, from its sheet
    "history-charts": "charts",  # the history in pictures
    "help": "help",
    "forms": "forms",  # the game forms to choose from, opened from the start screen
    "claim": "claim",
    "picker": "play",
    "pairing": "pairing",
    "end-draw": "draw_phase",  # "End the draw phase now?"
    "confirm-quit": "menu",  # "Quit the table now?"
    "confirm-leave": "menu",  # "Leave the rubber in progress?"
    "confirm-restart": "menu",  # "Restart the table now?" (the appliance's Quit)
    "confirm-shutdown": "menu",  # "Shut the table down now?" (the appliance)
}

# Phases only some forms have (the two-player forms with dummies): the gallery draws
# them for each registered form that has them (tests/ui/gallery.py dummy_screens).
# Screens a form's package draws its own way (Draw Bridge's draw tricks, the pick-up,
# aBRIDGEd's declaring and sheet; their card pickers too) are found in the package
# (device/ui/form_parts.py), before these and MODULES.
FORM_PHASES = {
    "face-up": "table4",  # a dummy laid face up before the auction (Single, Exposed Dummy)
    "choose": "table4",  # the declarer chooses a dummy (Single Dummy)
    "turn-up": "play",  # a dummy's face-down card turned up (semi-exposed dummies)
    "talon": "table3",  # three players: the declarer takes the talon and discards (OK)
}
# Phases that take a card from the card picker: the play, a dummy laid out (after the
# opening lead, before the auction, aBRIDGEd's), a dummy's card turned up, and the
# phases that draw a picker of their own.
PICKER_PHASES = frozenset({"play", "dummy", "face-up", "turn-up"}) | own_picker_phases()


def screen_name(view, ui: UiState) -> str:
    """Which screen shows now: an overlay first (the menu opens over pairing too), then
    pairing, then the start screen, then the phase."""
    if ui.overlay is not None:
        return ui.overlay
    if ui.decks.progress is not None:
        return "pairing"
    if view is None:
        return "cut" if ui.start is not None and ui.start.drawn is not None else "start"
    return view.phase


def render(surface, layout, view, ui: UiState, t) -> list[Target]:
    name = screen_name(view, ui)
    module = None if view is None else own_screen(view.form, name, view.phase)
    if module is None:
        module = import_module(f"{__package__}.{MODULES.get(name) or FORM_PHASES[name]}")
    with rank_letters(t.rank_letters()):  # H V B on Dutch cards: only what is drawn
        return module.draw(surface, layout, view, ui, t)
