"""The game forms to choose from, opened from the start screen's Game row: a page of
rows, each the form's name and a line about it (form.<name>.about in the catalogue),
the chosen one lit. A tap chooses a form and goes back to the start screen with its
options and its number of names. More forms than fit a page are turned with the
arrows in the title band; Back (the bottom band's right) keeps the form chosen.
"""

from __future__ import annotations

import pygame

from device import forms as registry

from .. import theme
from ..actions import FormsPage, Overlay, StartField
from ..draw import draw_text
from . import chrome, menu
from .base import Target
from .help import ARROWS_W, HEAD_H, page_arrows, title_band

X, WIDTH = 16, 768
TOP = HEAD_H + 6  # the first row, under the title band
ROW_H = 66  # two lines of theme.TEXT: the name and the line about it
PITCH = ROW_H + 6
PER_PAGE = int((menu.BAND_Y - 4 - TOP + PITCH - ROW_H) // PITCH)  # 5 at 800x480
BACK = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)


def form_list(ui) -> list[tuple[str, str]]:
    """(name, title) of every form: the app lists them, else the engine's own list."""
    return ui.forms or [(form.name, form.title) for form in registry.FORMS]


def page_count(count: int) -> int:
    return max(1, -(-count // PER_PAGE))


def page_of(ui, name: str) -> int:
    """The page that holds the form called `name` (the first if it is not listed)."""
    names = [n for n, _ in form_list(ui)]
    return names.index(name) // PER_PAGE if name in names else 0


def title_of(name: str, title: str, t) -> str:
    """The form's name in the table's language; the form's own title if there is none."""
    key = f"form.{name}"
    text = t.t(key)
    return title if text == key else text


def about(name: str, t) -> str:
    """The line about the form; none if the catalogue has none."""
    key = f"form.{name}.about"
    text = t.t(key)
    return "" if text == key else text


def draw(surface, layout, view, ui, t):
    forms = form_list(ui)
    pages = page_count(len(forms))
    number = max(0, min(ui.forms_page, pages - 1))
    arrows = ARROWS_W + 16 if pages > 1 else 0
    title_band(surface, layout, t.t("forms.title"), 768 - arrows)
    targets = page_arrows(surface, layout, number, pages, FormsPage, t, 792 - ARROWS_W, 2)
    chosen = ui.start.form if ui.start is not None else None
    shown = forms[number * PER_PAGE : (number + 1) * PER_PAGE]
    for i, (name, title) in enumerate(shown):
        rect = (X, TOP + i * PITCH, WIDTH, ROW_H)
        targets.append(_row(surface, layout, rect, name, title, name == chosen, t))
    menu.bottom_band(surface, layout)
    back = menu.button(surface, layout, BACK, t.t("help.back"), Overlay(None), "accent")
    targets.append(back)
    chrome.finish(surface, layout, ui, t)
    return targets


def _row(surface, layout, rect, name: str, title: str, chosen: bool, t) -> Target:
    """A framed row: the form's name (bold), the line about it under it; lit if chosen."""
    x, y, w, h = rect
    box = layout.rect(*rect)
    radius = layout.px(8)
    fill, edge, width = (
        (theme.ACCENT, theme.ACCENT, 3) if chosen else (theme.FELT_DARK, theme.BUTTON_EDGE, 1.5)
    )
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    pygame.draw.rect(surface, edge, box, layout.px(width), border_radius=radius)
    ink = theme.ACCENT_TEXT if chosen else theme.INK_ON_FELT
    soft = theme.ACCENT_TEXT if chosen else theme.INK_ON_FELT_SOFT
    room = w - 24
    heading = title_of(name, title, t)
    line = about(name, t)
    if line:
        _line(surface, layout, heading, (x + 12, y + h * 0.28), ink, room, True, "midleft")
        _line(surface, layout, line, (x + 12, y + h * 0.74), soft, room, anchor="midleft")
    else:
        _line(surface, layout, heading, (x + 12, y + h / 2), ink, room, True, "midleft")
    return Target(rect, StartField("form", name))


def _line(surface, layout, text, pos, colour, room, bold=False, anchor="topleft"):
    """One line, shrunk to fit `room` (never below theme.MIN_TEXT; one too long even
    then is noted on the layout, which the readability tests check)."""
    size = layout.fit_size(text, theme.TEXT, room, bold)
    draw_text(surface, layout, text, pos, size, colour, bold, anchor)
