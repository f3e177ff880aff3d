"""The screens Draw / Pick-Up draws its own way, for the table's screen registry
(device/ui/form_parts.py): a phase or overlay -> the module of this package that
draws it."""

from device.ui.actions import Overlay

SCREENS = {
    "pick-up": "pickup_screen",  # a stock card turned up, taken or rejected
    "end-pick-up": "pickup_screen",  # "Stop following the pick-up?"
}
PICKERS = {"pick-up": "pickup_screen"}
# The menu's first button while the pick-up is followed: stop following it, asked
# again first (the overlay above).
MENU = ("menu.stop_pick_up", Overlay("end-pick-up"), "normal", True)
