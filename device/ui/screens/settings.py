"""Settings: language, two- or four-colour suits, screen rotation, and the
devices: whether the card scanner and the bidding box are connected, and
pairing a deck of tagged cards with the scanner (with or without a rubber),
with how far the table's deck is paired.

The chosen value of each setting is the highlighted button; a tap sends
("set", name, value) and the app applies it at once.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_suit, suit_colour
from . import chrome, menu
from .start import FIELD_W, FIELD_X, GAP, ROW_H, row_label

DEVICES = ("scanner", "bidbox")  # always listed, configured or not
ROTATIONS = (0, 90, 180, 270)
STATE_COLOURS = {
    "connected": (80, 200, 110),
    "lost": theme.BANNER_ERROR,
    "none": theme.BUTTON_DISABLED,
}


def draw(surface, layout, view, ui, t):
    menu.page(surface, layout, t.t("settings.title"))
    targets = _language(surface, layout, ui, t, 60)
    targets += _deck(surface, layout, ui, t, 60 + ROW_H + 16)
    targets += _rotation(surface, layout, ui, t, 60 + 2 * (ROW_H + 16))
    targets += _devices(surface, layout, ui, t, 60 + 3 * (ROW_H + 16))
    menu.bottom_band(surface, layout)
    targets.append(menu.close_button(surface, layout, t))
    chrome.finish(surface, layout, ui, t)
    return targets


def _choices(surface, layout, y, name, current, options, width):
    """One button per (value, label); the current value highlighted."""
    targets = []
    for i, (value, label) in enumerate(options):
        rect = (FIELD_X + i * (width + GAP), y, width, ROW_H)
        style = "accent" if value == current else "normal"
        targets.append(menu.button(surface, layout, rect, label, ("set", name, value), style))
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


def _devices(surface, layout, ui, t, y):
    """A status line per device, and Pair a deck for a scanner of tagged cards."""
    row_label(surface, layout, t, "settings.devices", y)
    names = list(DEVICES) + sorted(set(ui.devices) - set(DEVICES))
    for i, name in enumerate(names):
        row_y = y + ROW_H / 2 + i * 34
        state = device_state(ui, name)
        dot = layout.point(FIELD_X + 10, row_y)
        pygame.draw.circle(surface, STATE_COLOURS[state], dot, layout.px(8))
        key = f"device.{name}"
        label = t.t(key) if t.t(key) != key else name
        text = t.t("settings.device_line", name=label, state=t.t(f"device.state.{state}"))
        menu.fitted_text(
            surface, layout, text, (FIELD_X + 28, row_y), theme.TEXT, 340, anchor="midleft"
        )
    rect = (FIELD_X + FIELD_W - 240, y, 240, ROW_H + 8)
    enabled = ui.scanner or "scanner" in ui.devices
    if ui.deck_paired is not None:  # how far the table's deck is paired: a line of its own
        done, total = ui.deck_paired
        text = t.t("settings.deck_paired", done=done, total=total)
        row_y = y + ROW_H / 2 + len(names) * 34
        menu.fitted_text(
            surface, layout, text, (FIELD_X + 28, row_y), theme.TEXT, 590, anchor="midleft"
        )
    return [
        menu.button(surface, layout, rect, t.t("settings.pair"), ("pair-deck",), "normal", enabled)
    ]
