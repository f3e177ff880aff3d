"""A new rubber: the game form, its options, the players' names, who deals
first, and Start (or Resume the rubber that was interrupted).

The game form is one wide button with the chosen form's name: it opens the list
of every form (screens/forms.py), however many there are; Help beside it.

Every field is a row: a label on the left, its buttons on the right. A tap
on a name opens the on-screen keyboard under it (a real keyboard types too;
a cursor shows where); the options
are those of the chosen form, each a toggle or, for a choice of words, a
button that steps to the next choice.
"""

from __future__ import annotations

import pygame

from device.forms import find_form

from .. import theme
from ..actions import Forms, Help, Overlay, Resume, Start, StartField
from ..draw import draw_text
from ..view import COMPASS
from ..widgets import keyboard
from . import chrome, menu
from . import forms as forms_list
from .base import Target

LABEL_X, LABEL_W = 16, 140
FIELD_X, FIELD_W = 164, 620
GAP = 8
ROW_H = 48
OPTION_COLUMNS = 2  # two a row: each label has room at the smallest text size
HELP_W = 120  # the Help button at the end of the forms' row
CHEVRON_W = 28  # the ">" at the chosen form's end: a tap opens the list of forms


def draw(surface, layout, view, ui, t):
    start = ui.start
    menu.page(surface, layout, t.t("start.title"))
    if start.editing is not None:
        return _typing(surface, layout, ui, t)
    form = find_form(start.form)
    option_rows = -(-len(form.options) // OPTION_COLUMNS)
    rows = 1 + option_rows + 2
    spaced = rows * (ROW_H + GAP) + SPACING <= ROWS_BOTTOM - ROWS_TOP
    step = ROW_H + GAP if spaced else (ROWS_BOTTOM - ROWS_TOP) / rows  # many: closer rows
    extra = 8 if spaced else 0  # a little air between the kinds of row, when there is room
    targets, y = _forms(surface, layout, ui, t, ROWS_TOP, step)
    targets += _options(surface, layout, start, form, t, y + extra / 4, step)
    y += extra / 4 + option_rows * step + extra
    targets += _players(surface, layout, start, t, y)
    targets += _first_dealer(surface, layout, start, t, y + step + extra)
    targets += _bottom(surface, layout, start, t)
    chrome.finish(surface, layout, ui, t)
    return targets


# Typing a name: the names right under the title, the keyboard below them (never over
# the field typed into), the bottom band as always. The refusal banner (44..84) takes
# the place of the hint, clear of the names.
TYPING_NAMES_Y = 88
KEYBOARD_TOP = menu.BAND_Y - keyboard.HEIGHT


def _typing(surface, layout, ui, t):
    start = ui.start
    hint = t.t("keyboard.hint", n=start.editing + 1)
    menu.fitted_text(
        surface, layout, hint, (16, 64), theme.TEXT, 768, theme.INK_ON_FELT_SOFT, anchor="midleft"
    )
    targets = _players(surface, layout, start, t, TYPING_NAMES_Y)
    targets += keyboard.draw(surface, layout, KEYBOARD_TOP, start.shift, t)
    targets += _bottom(surface, layout, start, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def row_label(surface, layout, t, key: str, y: float) -> None:
    """A row's name on the left, shrunk to fit its column."""
    text = t.t(key)
    size = menu.fit(layout, text, theme.TEXT, LABEL_W)
    draw_text(
        surface,
        layout,
        text,
        (LABEL_X, y + ROW_H / 2),
        size,
        theme.INK_ON_FELT_SOFT,
        anchor="midleft",
    )


def _row(count: int, y: float, columns: int | None = None, step: float = ROW_H + GAP):
    """Rectangles for `count` buttons spread over the field's width, rows `step` apart."""
    columns = columns or count
    width = (FIELD_W - GAP * (columns - 1)) / columns
    for i in range(count):
        row, column = divmod(i, columns)
        yield (FIELD_X + column * (width + GAP), y + row * step, width, ROW_H)


form_title = forms_list.title_of  # the form's name in the table's language


ROWS_TOP, ROWS_BOTTOM = 54, menu.BAND_Y - 4  # the rows' room, under the title band
SPACING = 18  # the air between the kinds of row


def _forms(surface, layout, ui, t, y: float, step: float = ROW_H + GAP):
    """The chosen form's name on one wide button that opens the list of every form
    (screens/forms.py, at the page that holds it), and Help. Returns the targets and
    the y of the next row."""
    row_label(surface, layout, t, "start.form", y)
    chosen = find_form(ui.start.form)
    label = form_title(chosen.name, chosen.title, t)
    rect = (FIELD_X, y, FIELD_W - HELP_W - GAP, ROW_H)
    size = menu.fit(layout, label, theme.TEXT, rect[2] - 2 * CHEVRON_W)
    action = Forms(forms_list.page_of(ui, chosen.name))
    targets = [menu.button(surface, layout, rect, label, action, size=size)]
    chevron = (rect[0] + rect[2] - 14, y + ROW_H / 2)
    draw_text(surface, layout, ">", chevron, theme.TEXT, theme.BUTTON_TEXT, True, "midright")
    # Help: how to play the chosen form at the table; its Back comes here again.
    help_rect = (FIELD_X + FIELD_W - HELP_W, y, HELP_W, ROW_H)
    targets.append(menu.button(surface, layout, help_rect, t.t("menu.help"), Help(None)))
    return targets, y + step


def option_label(option, value, t) -> str:
    """ "Honours: on", "Auction: 1 pass ends"."""
    name = t.t(f"option.{option.name}")
    if isinstance(value, bool):
        return t.t("option.state", name=name, state=t.t("option.on" if value else "option.off"))
    return t.t(f"option.{option.name}.{value}")


def _next_value(option, value):
    """The choice after `value`, round again; the default if `value` is not a choice."""
    choices = option.choices
    if value not in choices:
        return option.default
    return choices[(choices.index(value) + 1) % len(choices)]


def _options(surface, layout, start, form, t, y: float, step: float = ROW_H + GAP):
    """The form's options; each tap stores a new options dict with that one value stepped.

    All labels share one font size, the largest at which the longest fits. A form
    without options (aBRIDGEd) has no row for them."""
    if not form.options:
        return []
    row_label(surface, layout, t, "start.options", y)
    rects = list(_row(len(form.options), y, OPTION_COLUMNS, step))
    values = [start.options.get(o.name, o.default) for o in form.options]
    labels = [option_label(o, v, t) for o, v in zip(form.options, values, strict=True)]
    size = min(
        (menu.fit(layout, label, theme.TEXT, rects[0][2] - 20) for label in labels),
        default=theme.TEXT,
    )
    targets = []
    for rect, option, value, label in zip(rects, form.options, values, labels, strict=True):
        chosen = {**start.options, option.name: _next_value(option, value)}
        action = StartField("options", chosen)
        style = "accent" if value is True else "normal"
        targets.append(menu.button(surface, layout, rect, label, action, style, size=size))
    return targets


def seat_letter(seat: int, count: int, t) -> str:
    """A player's compass seat at a table of four (N O Z W in Dutch); "" at two."""
    return t.t(f"compass.short.{COMPASS[seat]}") if count == len(COMPASS) else ""


def _players(surface, layout, start, t, y: float):
    """A name field per player (with its seat at a table of four); the one the keyboard
    types into is ringed and shows a cursor."""
    row_label(surface, layout, t, "start.players", y)
    targets = []
    count = len(start.players)
    for seat, rect in enumerate(_row(count, y)):
        editing = start.editing == seat
        letter = seat_letter(seat, count, t)
        _name_field(surface, layout, rect, start.players[seat], editing, letter)
        action = StartField("editing", None if editing else seat)
        targets.append(Target(rect, action))
    return targets


def _name_field(surface, layout, rect, name: str, editing: bool, letter: str = "") -> None:
    box = layout.rect(*rect)
    radius = layout.px(8)
    pygame.draw.rect(surface, theme.CARD_WHITE, box, border_radius=radius)
    edge, width = (theme.ACCENT, 4) if editing else (theme.BUTTON_EDGE, 1.5)
    pygame.draw.rect(surface, edge, box, layout.px(width), border_radius=radius)
    x, y, w, h = rect
    if letter:  # the seat, soft, before the name
        at = (x + 10, y + h / 2)
        mark = draw_text(surface, layout, letter, at, theme.TEXT, theme.INK_SOFT, True, "midleft")
        x = layout.to_logical(mark.topright)[0] - 4
    room = rect[0] + w - x - (26 if editing else 18)
    shown = name if editing else layout.fit_text(name, theme.TEXT, room)[0]
    if editing and layout.width(name, theme.TEXT) > room:  # the end of the name, being typed
        while len(shown) > 1 and layout.width("…" + shown, theme.TEXT) > room:
            shown = shown[1:]
        shown = "…" + shown
    text = draw_text(
        surface, layout, shown, (x + 14, y + h / 2), theme.TEXT, theme.INK, anchor="midleft"
    )

    if editing:  # a text cursor after the last letter
        cursor_x = layout.to_logical(text.topright)[0] + 3
        top, bottom = layout.point(cursor_x, y + 10), layout.point(cursor_x, y + h - 10)
        pygame.draw.line(surface, theme.INK, top, bottom, layout.px(2))


def _first_dealer(surface, layout, start, t, y: float):
    """ "Draw a card" (the higher card deals) or one of the players."""
    row_label(surface, layout, t, "start.first_dealer", y)
    names = [
        name.strip() or t.t("start.player", n=seat + 1) for seat, name in enumerate(start.players)
    ]
    choices = [(None, t.t("start.draw_card"))] + list(enumerate(names))
    targets = []
    for rect, (seat, label) in zip(_dealer_row(len(choices), y), choices, strict=True):
        style = "accent" if start.first_dealer == seat else "normal"
        action = StartField("first_dealer", seat)
        if seat is not None:  # a long name is cut short, never run over the button's edge
            label = layout.fit_text(label, theme.TEXT, rect[2] - 16)[0]
        targets.append(menu.button(surface, layout, rect, label, action, style))
    return targets


DRAW_W = 220  # "Draw a card" beside four names


def _dealer_row(count: int, y: float):
    """Draw and the names: in equal thirds at two, the names narrower at four."""
    if count <= 3:
        yield from _row(count, y)
        return
    yield (FIELD_X, y, DRAW_W, ROW_H)
    width = (FIELD_W - DRAW_W - GAP * (count - 1)) / (count - 1)
    for i in range(count - 1):
        yield (FIELD_X + DRAW_W + GAP + i * (width + GAP), y, width, ROW_H)


def _bottom(surface, layout, start, t):
    """Menu on the left; Resume (if there is a rubber to resume) and Start on the right."""
    menu.bottom_band(surface, layout)
    y, h = menu.BUTTON_Y, menu.BUTTON_H
    targets = [menu.button(surface, layout, (8, y, 120, h), t.t("button.menu"), Overlay("menu"))]
    if start.can_resume:
        rect = (380, y, 170, h)
        targets.append(menu.button(surface, layout, rect, t.t("start.resume"), Resume()))
    start_rect = (560, y, 232, h)
    targets.append(
        menu.button(surface, layout, start_rect, t.t("start.start"), Start(), "accent", size=30)
    )
    return targets
