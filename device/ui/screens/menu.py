"""The menu overlay: big buttons for the score sheet, history, settings, a new
rubber, closing the menu and quitting the app; in the draw phase also ending
it early (asked again before it happens). On the appliance (device/appliance.py)
Quit is Restart (the unit starts the table again) and Shut down powers the Pi
off; each is asked again first.

It also holds what the full-page overlays share (menu, settings, history,
pairing and the start screen): a title band, a bottom band with Close, and
text that shrinks to fit its room in both languages.
"""

from __future__ import annotations

from .. import theme
from ..actions import Help, LeaveRubber, NewRubber, Overlay, Quit, ShutDown
from ..draw import draw_button, draw_text, text_with_suits
from ..form_parts import own_menu_item
from . import chrome
from .base import Target

TITLE_H = 44
BAND_Y = 420  # the bottom band: buttons 52 high, clear of the 48 px minimum
BUTTON_Y = BAND_Y + 4
BUTTON_H = 52
SMALLEST_TEXT = theme.MIN_TEXT


def fit(layout, text: str, size: float, max_width: float, bold: bool = False) -> float:
    """The largest font size up to `size` at which `text` is at most `max_width` logical px,
    never below theme.MIN_TEXT (a text too wide even then is noted on the layout)."""
    return layout.fit_size(text, size, max_width, bold)


def fitted_text(
    surface,
    layout,
    text,
    pos,
    size,
    max_width,
    colour=theme.INK_ON_FELT,
    bold=False,
    anchor="topleft",
    suits=True,
):
    """Text shrunk to fit `max_width`. With `suits`, "4S" and "SA" show suit symbols;
    names go without, so a player called "DJ" stays DJ."""
    size = fit(layout, text, size, max_width, bold)
    if suits:
        return text_with_suits(surface, layout, text, pos, size, colour, anchor=anchor, bold=bold)
    return draw_text(surface, layout, text, pos, size, colour, bold, anchor)


def page(surface, layout, title: str) -> None:
    """The felt with a title band: the frame of a page that has no game header."""
    chrome.background(surface, layout)
    chrome.band(surface, layout, 0, TITLE_H, theme.FELT_DARK)
    size = fit(layout, title, theme.TEXT_LARGE, 760, True)
    draw_text(surface, layout, title, (16, TITLE_H / 2), size, theme.INK_ON_FELT, True, "midleft")


def bottom_band(surface, layout) -> None:
    chrome.band(surface, layout, BAND_Y, 480 - BAND_Y, theme.FELT_DARK)


def button(
    surface, layout, rect, label, action, style="normal", enabled=True, size=theme.TEXT
) -> Target:

    draw_button(surface, layout, rect, label, enabled, style, size)
    return Target(rect, action, enabled)


def close_button(surface, layout, t, rect=(624, BUTTON_Y, 168, BUTTON_H)) -> Target:
    """Close: back to the game (or the start screen) under the overlay."""
    return button(surface, layout, rect, t.t("button.close"), Overlay(None), "accent")


# The menu: (label key, action, style, needs a game) in reading order, two columns.
ITEMS = (
    ("button.sheet", Overlay("sheet"), "normal", True),
    ("menu.history", Overlay("history"), "normal", False),
    ("menu.settings", Overlay("settings"), "normal", False),
    ("menu.help", Help("menu"), "normal", False),  # the form played (or chosen)
    ("menu.new_rubber", NewRubber(), "normal", True),
    ("button.close", Overlay(None), "accent", False),
    ("menu.quit", Overlay("confirm-quit"), "danger", False),  # asked again first
)
# On the appliance: Restart in Quit's place (the same action, a truer name) and Shut down.
RESTART = ("menu.restart", Overlay("confirm-restart"), "danger", False)
SHUT_DOWN = ("menu.shut_down", Overlay("confirm-shutdown"), "danger", False)
# In the draw phase the menu also ends it early, after a confirmation (draw_phase.py).
END_DRAW = ("menu.end_draw", Overlay("end-draw"), "normal", True)
# While a form's own phase is followed (its own view shown), its package's MENU button
# first: stop following it (Draw Bridge's draw tricks, the pick-up; form_parts.py).
ROWS_TOP, ROWS_BOTTOM = 72, 412  # the buttons' room, clear of the bottom band


def items(view, ui=None) -> tuple:
    shown = leaving(ui)
    own = None if view is None or view.own is None else own_menu_item(view.form)
    if own is not None:
        return (own, *shown)
    return (END_DRAW, *shown) if view is not None and view.phase == "draw" else shown


def leaving(ui) -> tuple:
    """ITEMS with the ways out this table has: Quit, or on the appliance Restart and
    (where it can work) Shut down."""
    if ui is None or not ui.restarts:
        return ITEMS
    return (*ITEMS[:-1], RESTART, *((SHUT_DOWN,) if ui.power_off else ()))


def item_rect(index: int, count: int) -> tuple[float, float, float, float]:
    """Two columns; rows share the room, at most 112 apart and 88 high."""
    rows = -(-count // 2)
    pitch = min(112, (ROWS_BOTTOM - ROWS_TOP) / rows)
    row, column = divmod(index, 2)
    return (40 + column * 370, ROWS_TOP + row * pitch, 350, min(88, pitch - 12))


def draw(surface, layout, view, ui, t):
    if ui.overlay in CONFIRMS:
        return confirm(surface, layout, ui, t)
    page(surface, layout, t.t("menu.title"))
    targets = []
    shown = items(view, ui)
    for i, (key, action, style, needs_game) in enumerate(shown):
        rect = item_rect(i, len(shown))
        enabled = view is not None or not needs_game
        targets.append(button(surface, layout, rect, t.t(key), action, style, enabled, 30))
    chrome.finish(surface, layout, ui, t)
    return targets


# A step that cannot be seen at a glance asks first: overlay -> (title key, texts, Yes).
# The texts are confirm.<name>.question, .note, .yes and .no.
CONFIRMS = {
    "confirm-quit": ("menu.quit", "confirm.quit", Quit()),
    "confirm-leave": ("menu.new_rubber", "confirm.leave", LeaveRubber()),
    "confirm-restart": ("menu.restart", "confirm.restart", Quit()),
    "confirm-shutdown": ("menu.shut_down", "confirm.shutdown", ShutDown()),
}
YES = (150, 290, 230, 88)
NO = (420, 290, 230, 88)


def confirm(surface, layout, ui, t) -> list[Target]:
    """The question, what Yes does, and Yes / No: No, the safe choice, is lit and goes
    back to the screen under it; Yes is red."""
    title, texts, yes = CONFIRMS[ui.overlay]
    page(surface, layout, t.t(title))
    bottom_band(surface, layout)
    question = t.t(f"{texts}.question")
    fitted_text(
        surface, layout, question, (400, 150), 44, 740, bold=True, anchor="center", suits=False
    )
    note = t.t(f"{texts}.note")
    for i, line in enumerate(fit_lines(layout, note, theme.TEXT, 740)):
        y = 205 + i * theme.TEXT * 1.15
        draw_text(
            surface, layout, line, (400, y), theme.TEXT, theme.INK_ON_FELT_SOFT, anchor="center"
        )
    targets = [
        button(surface, layout, YES, t.t(f"{texts}.yes"), yes, "danger", size=30),
        button(surface, layout, NO, t.t(f"{texts}.no"), Overlay(None), "accent", size=30),
    ]
    chrome.finish(surface, layout, ui, t)
    return targets


def fit_lines(layout, text: str, size: float, width: float) -> list[str]:
    """The note broken at spaces into lines that fit `width` logical px."""
    font, lines, line = layout.font(size), [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] / layout.scale > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]
