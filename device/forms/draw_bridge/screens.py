"""The screens Draw Bridge draws its own way, for the table's screen registry
(device/ui/form_parts.py): a phase or overlay -> the module of this package that
draws it."""

from device.ui.actions import Overlay

SCREENS = {
    "draw-top": "tricks_screen",  # the top stock card scanned before a trick
    "draw-tricks": "tricks_screen",  # a card of a draw trick
    "end-draw-tricks": "tricks_screen",  # "Stop following the draw tricks?"
}
PICKERS = {"draw-top": "tricks_screen", "draw-tricks": "tricks_screen"}
# The menu's first button while the draw tricks are followed: stop following them,
# asked again first (the overlay above).
MENU = ("menu.stop_draw_tricks", Overlay("end-draw-tricks"), "normal", True)
