"""The on-screen keyboard for players' names: no keyboard is attached to a table.

Five rows across the screen, every key at least 48 logical px each way:

    é è ë á à ä ï ó ö ü ç ñ        accents, for Zoë, José, Anaïs, François
    q w e r t y u i o p
    a s d f g h j k l -
    ⇧ z x c v b n m ' ⌫            shift; backspace
    Clear   [    space    ]  Done

The letters show the case they type. Shift is on at the start of a name and
after a space or a hyphen (Anne-Marie), and off after a letter; its key
turns it on or off by hand. A tap sends ("keyboard", what[, text]): the app
checks each letter as it checks one typed on a real keyboard.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import KeyboardKey
from ..draw import draw_button
from ..target import Target

ACCENTS = "éèëáàäïóöüçñ"
LETTERS = ("qwertyuiop", "asdfghjkl-", "zxcvbnm'")
CAPITALS_AFTER = " -"  # a new word starts after these

LEFT, WIDTH = 8, 784  # the keys' room across the 800 px logical screen
KEY_H, GAP_X, GAP_Y = 50, 6, 5
PAD = 4  # the panel around the keys
HEIGHT = 5 * KEY_H + 4 * GAP_Y + 2 * PAD
LETTER_SIZE = 28


def auto_shift(name: str) -> bool:
    """Capitals for the first letter of each word."""
    return not name or name[-1] in CAPITALS_AFTER


def _row(y: float, keys: list[tuple[float, tuple, str]]):
    """(rect, action, label) for keys given as (width in units, action, label), filling a row."""
    units = sum(width for width, _, _ in keys)
    unit = (WIDTH - GAP_X * (len(keys) - 1)) / units
    x = LEFT
    for width, action, label in keys:
        yield (x, y, width * unit, KEY_H), action, label
        x += width * unit + GAP_X


def _letters(text: str, shift: bool):
    for char in text:
        typed = char.upper() if shift else char
        yield 1, KeyboardKey("char", typed), typed


def layout_keys(top: float, shift: bool, t) -> list[tuple[tuple, tuple, str]]:
    """Every key as (rect, action, label), the panel's top edge at `top`."""
    y = [top + PAD + row * (KEY_H + GAP_Y) for row in range(5)]
    rows = [
        list(_letters(ACCENTS, shift)),
        list(_letters(LETTERS[0], shift)),
        list(_letters(LETTERS[1], shift)),
        [(1.5, KeyboardKey("shift"), ""), *_letters(LETTERS[2], shift)]
        + [(1.5, KeyboardKey("back"), "")],
        [
            (2, KeyboardKey("clear"), t.t("keyboard.clear")),
            (6, KeyboardKey("char", " "), t.t("keyboard.space")),
            (2, KeyboardKey("done"), t.t("keyboard.done")),
        ],
    ]
    return [key for row_y, keys in zip(y, rows, strict=True) for key in _row(row_y, keys)]


def draw(surface, layout, top: float, shift: bool, t) -> list[Target]:
    """The keyboard on its panel, with its top edge at `top`; its keys' targets."""
    panel = layout.rect(0, top, 800, HEIGHT)
    panel.x, panel.width = 0, surface.get_width()  # across a wider screen too
    pygame.draw.rect(surface, theme.FELT_DARK, panel)
    targets = []
    for rect, action, label in layout_keys(top, shift, t):
        what = action.what
        style = "accent" if what == "done" or (what == "shift" and shift) else "normal"
        size = LETTER_SIZE if len(label) == 1 else 24
        box = draw_button(surface, layout, rect, label, True, style, size)
        if what in ("shift", "back"):
            _symbol(surface, layout, box, what)
        targets.append(Target(rect, action))
    return targets


# Key symbols as outlines in a unit box (the font has no arrows).
SHIFT = ((0.5, 0), (1, 0.55), (0.72, 0.55), (0.72, 1), (0.28, 1), (0.28, 0.55), (0, 0.55))
BACK = ((0, 0.5), (0.32, 0), (1, 0), (1, 1), (0.32, 1))
CROSS = (((0.5, 0.3), (0.8, 0.7)), ((0.5, 0.7), (0.8, 0.3)))


def _symbol(surface, layout, box: pygame.Rect, what: str) -> None:
    side = min(box.h * 0.5, box.w * 0.5)
    width = side * (1.3 if what == "back" else 0.9)
    left, top = box.centerx - width / 2, box.centery - side / 2

    def at(point):
        return (left + point[0] * width, top + point[1] * side)

    line = layout.px(2.5)
    pygame.draw.polygon(
        surface, theme.INK, [at(p) for p in (SHIFT if what == "shift" else BACK)], line
    )
    if what == "back":
        for start, end in CROSS:
            pygame.draw.line(surface, theme.INK, at(start), at(end), line)
