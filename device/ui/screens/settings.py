"""Settings: language, two- or four-colour suits, screen rotation, and the
devices: whether the card scanner and the bidding box are connected; then the
two decks of tagged cards the scanner can be paired with (with or without a
rubber), the table's deck and the coloured aBRIDGEd deck read beside it, each
with how far it is paired and its own Pair button. When the scanner is a camera,
the decks are paired with the camera, and a Camera button beside the devices opens
the camera page (screens/camera.py).

The chosen value of each setting is the highlighted button; a tap sends
Setting(name, value) and the app applies it at once.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import Overlay, Setting
from ..draw import draw_suit, suit_colour
from . import chrome, menu
from .paired_decks import paired_decks
from .start import FIELD_W, FIELD_X, GAP, ROW_H, row_label

DEVICES = ("scanner", "bidbox")  # always listed, configured or not
ROTATIONS = (0, 90, 180, 270)
STEP = ROW_H + 8  # from one row to the next: room below for the two decks
LINE = 34  # from one device's line to the next
CAMERA_W = 176  # the camera page's button
STATE_COLOURS = {
    "connected": (80, 200, 110),
    "lost": theme.BANNER_ERROR,
    "none": theme.BUTTON_DISABLED,
}


def draw(surface, layout, view, ui, t):
    menu.page(surface, layout, t.t("settings.title"))
    targets = _language(surface, layout, ui, t, 60)
    targets += _deck(surface, layout, ui, t, 60 + STEP)
    targets += _rotation(surface, layout, ui, t, 60 + 2 * STEP)
    below = _devices(surface, layout, ui, t, 60 + 3 * STEP)
    targets += _camera_page(surface, layout, ui, t, 60 + 3 * STEP, below)
    targets += paired_decks(surface, layout, ui, t, below)
    menu.bottom_band(surface, layout)
    targets.append(menu.close_button(surface, layout, t))
    chrome.finish(surface, layout, ui, t, devices=False)  # the Devices row says which is lost
    return targets


def _choices(surface, layout, y, name, current, options, width):
    """One button per (value, label); the current value highlighted."""
    targets = []
    for i, (value, label) in enumerate(options):
        rect = (FIELD_X + i * (width + GAP), y, width, ROW_H)
        style = "accent" if value == current else "normal"
        targets.append(menu.button(surface, layout, rect, label, Setting(name, value), style))
    return targets


def _language(surface, layout, ui, t, y):
    row_label(surface, layout, t, "settings.language", y)
    options = [("en", t.t("settings.lang.en")), ("nl", t.t("settings.lang.nl"))]
    return _choices(surface, layout, y, "lang", ui.lang, options, 200)


def _deck(surface, layout, ui, t, y):
    """Two or four suit colours, with the four suits shown as they will look."""
    row_label(surface, layout, t, "settings.deck", y)
    options = [(False, t.t("settings.two_colour")), (True, t.t("settings.four_colour"))]
    targets = _choices(surface, layout, y, "four_colour", ui.four_colour, options, 200)
    left = FIELD_X + 2 * (200 + GAP) + 8
    plate = layout.rect(left, y, 172, ROW_H)  # card white, so the black spade shows
    pygame.draw.rect(surface, theme.CARD_WHITE, plate, border_radius=layout.px(8))
    for i, suit in enumerate("SHDC"):
        centre = layout.point(left + 26 + i * 40, y + ROW_H / 2)
        draw_suit(surface, suit, centre, layout.px(30), suit_colour(suit, ui.four_colour))
    return targets


def _rotation(surface, layout, ui, t, y):
    row_label(surface, layout, t, "settings.rotation", y)
    options = [(r, t.t("settings.degrees", n=r)) for r in ROTATIONS]
    width = (FIELD_W - GAP * 3) / 4
    return _choices(surface, layout, y, "rotation", ui.rotation, options, width)


def device_state(ui, name: str) -> str:
    """connected, lost (configured but not answering) or none (not configured)."""
    state = ui.devices.get(name)
    if state is None:
        return "none"
    return "connected" if state == "connected" else "lost"


def _camera_page(surface, layout, ui, t, top, bottom) -> list:
    """The camera page's button, right of the device lines (which are short), between
    them and the decks: only when the scanner is a camera."""
    if not ui.decks.camera:
        return []
    y = (top + bottom - GAP - ROW_H) / 2
    rect = (FIELD_X + FIELD_W - CAMERA_W, y, CAMERA_W, ROW_H)
    return [menu.button(surface, layout, rect, t.t("settings.camera"), Overlay("camera"))]


def _devices(surface, layout, ui, t, y) -> float:
    """A status line per device; where the line below them starts."""
    row_label(surface, layout, t, "settings.devices", y)
    names = list(DEVICES) + sorted(set(ui.devices) - set(DEVICES))
    for i, name in enumerate(names):
        row_y = y + ROW_H / 2 + i * LINE
        state = device_state(ui, name)
        dot = layout.point(FIELD_X + 10, row_y)
        pygame.draw.circle(surface, STATE_COLOURS[state], dot, layout.px(8))
        key = f"device.{name}"
        label = t.t(key) if t.t(key) != key else name
        text = t.t("settings.device_line", name=label, state=t.t(f"device.state.{state}"))
        room = FIELD_W - 28 - (CAMERA_W + GAP if ui.decks.camera else 0)  # the Camera button
        menu.fitted_text(
            surface, layout, text, (FIELD_X + 28, row_y), theme.TEXT, room, anchor="midleft"
        )
    return y + ROW_H / 2 + (len(names) - 0.5) * LINE + GAP
