"""The screens aBRIDGEd draws its own way, for the table's screen registry
(device/ui/form_parts.py): a phase or overlay -> the module of this package that
draws it."""

DECLARING = ("round-one", "lay-out", "ten-seven", "trump", "strength", "count")

SCREENS = {
    **dict.fromkeys(DECLARING, "declaring_screen"),  # its declaring, in place of an auction
    "deal-end": "sheet_screen",  # the hand's result and the check
    "finished": "sheet_screen",
    "sheet": "sheet_screen",  # four hands, two teams
    "history-sheet": "sheet_screen",  # a stored game's sheet, opened from the history
}
# Phases whose card picker this package draws: the dummy laid out, OK still lit.
PICKERS = {"lay-out": "declaring_screen"}
