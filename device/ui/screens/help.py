"""Help: how to play a form at the table, in pages of text big enough to read
across it (theme.TEXT), turned with the arrows in the bottom band.

The texts are data in the locale catalogues. A form's own texts are
"help.<form>.deal" (what to deal), "help.<form>.scan" (what to scan) and, for
a form with a draw phase, "help.<form>.draw"; the texts every two-player
form shares (bidding, play, claims, the keys) are "help.<section>", unless the form
has its own ("help.<form>.bid": four players bid and play otherwise). A new
form gets its help by adding its texts in both languages
(tests/ui/test_help.py fails for a form without them). The texts name the
buttons through fields ({ok}, {undo}, ...) filled with the buttons' own
labels, so they always say what the screen says.

The help shows the form being played, else the one chosen on the start
screen; Back returns to where it was opened from (ui.help_back).
"""

from __future__ import annotations

from device.forms import DEFAULT, find_form

from .. import theme
from ..actions import HelpPage, Overlay
from ..draw import draw_text
from ..widgets.text import wrap
from . import chrome, menu
from .base import Target

# The sections in reading order: (name, the form's own text or a shared one).
SECTIONS = (
    ("deal", True),
    ("draw", True),
    ("scan", True),
    ("bid", False),
    ("play", False),
    ("claim", False),
    ("keys", False),
)
X, WIDTH = 16, 768
TOP, BOTTOM = 62, menu.BAND_Y - 4  # the text's room between the title band and the bottom band
HEAD_H = 52  # the title band: as high as the history's page arrows in it
ARROW_W = 84
BACK = (672, menu.BUTTON_Y, 120, menu.BUTTON_H)  # clear of the storage mark (chrome "game")


def form_text_keys(form) -> list[str]:
    """The catalogue keys a form must have for its help."""
    needed = ["deal", "scan"] + (["draw"] if form.draw_turns else [])
    return [f"help.{form.name}.{name}" for name in needed]


def _labels(t) -> dict[str, str]:
    """The buttons the texts name, as the screen labels them."""
    keys = {
        "ok": "button.ok",
        "undo": "button.undo",
        "menu": "button.menu",
        "sheet": "button.sheet",
        "claim": "play.claim",
        "accept": "play.accept",
        "dispute": "play.dispute",
        "cards": "play.cards",
        "end_draw": "menu.end_draw",
        "skip_draw_tricks": "menu.stop_draw_tricks",  # Draw Bridge
        "skip_pick_up": "menu.stop_pick_up",  # Draw / Pick-Up
        "help": "menu.help",
    }
    return {field: t.t(key) for field, key in keys.items()}


def sections(form_name: str, t) -> list[tuple[str, str]]:
    """(heading, text) of each section this form has, in reading order."""
    labels = _labels(t)
    found = []
    for name, own in SECTIONS:
        key = f"help.{form_name}.{name}"
        if not own and t.t(key) == key:  # a form may say a shared section its own way
            key = f"help.{name}"
        text = t.t(key, **labels)
        if text != key:  # a form without a draw phase has no draw text
            found.append((t.t(f"help.heading.{name}"), text))
    return found


def shown_form(view, ui) -> str:
    """The form being played; on the start screen, the one chosen there."""
    if ui.start is not None:
        return ui.start.form
    return view.form if view is not None else DEFAULT


# --- pages: lines of text laid out to fit, pure but for measuring with the fonts ---------


def _blocks(layout, found) -> list[list[tuple[str, str]]]:
    """Each section as lines ("head" or "body", text); each paragraph a block of its
    own, the heading kept with the section's first paragraph."""
    blocks = []
    for heading, text in found:
        for i, paragraph in enumerate(p for p in text.split("\n") if p.strip()):
            lines = [("body", line) for line in wrap(layout, paragraph, theme.TEXT, WIDTH)]
            blocks.append(([("head", heading)] if i == 0 else []) + lines)
    return blocks


LINE_H = {"head": theme.TEXT_LARGE * 1.25, "body": theme.TEXT * 1.1}
GAP = 8  # between paragraphs


def paginate(layout, found) -> list[list[tuple[str, str]]]:
    """The lines of each page; a paragraph that does not fit goes to the next page
    (one longer than a page is split, so nothing is ever cut off)."""
    pages, page, y = [], [], TOP
    for block in _blocks(layout, found):
        height = sum(LINE_H[kind] for kind, _ in block)
        if page and y + height > BOTTOM:
            pages.append(page)
            page, y = [], TOP
        for kind, text in block:
            if page and y + LINE_H[kind] > BOTTOM:
                pages.append(page)
                page, y = [], TOP
            page.append((kind, text))
            y += LINE_H[kind]
        page.append(("gap", ""))
        y += GAP
    return pages + [page] if page else pages


# --- drawing -----------------------------------------------------------------------------


def draw(surface, layout, view, ui, t):
    form = find_form(shown_form(view, ui))
    pages = paginate(layout, sections(form.name, t))
    number = max(0, min(ui.help_page, len(pages) - 1))
    title_band(surface, layout, t.t("help.title", form=_form_title(form, t)))
    _page(surface, layout, pages[number] if pages else [])
    menu.bottom_band(surface, layout)
    # The arrows on the left of the bottom band, clear of the storage mark (chrome "game").
    targets = page_arrows(surface, layout, number, len(pages), HelpPage, t, 8, menu.BUTTON_Y)
    back = Overlay(ui.help_back)
    targets.append(menu.button(surface, layout, BACK, t.t("help.back"), back, "accent"))
    chrome.finish(surface, layout, ui, t)
    return targets


def _form_title(form, t) -> str:
    text = t.t(f"form.{form.name}")
    return form.title if text == f"form.{form.name}" else text


def _page(surface, layout, lines) -> None:
    y = TOP
    for kind, text in lines:
        if kind == "head":
            draw_text(surface, layout, text, (X, y), theme.TEXT_LARGE, theme.ACCENT, True)
        elif kind == "body":
            draw_text(surface, layout, text, (X, y), theme.TEXT, theme.INK_ON_FELT)
        y += LINE_H.get(kind, GAP)


def title_band(surface, layout, title: str, room: float = 768) -> None:
    """The felt and a title band with `title` in it, fitted to `room`."""
    chrome.background(surface, layout)
    chrome.band(surface, layout, 0, HEAD_H, theme.FELT_DARK)
    size = layout.fit_size(title, theme.TEXT_LARGE, room, True)
    draw_text(surface, layout, title, (16, HEAD_H / 2), size, theme.INK_ON_FELT, True, "midleft")


ARROWS_W = 2 * ARROW_W + 112  # both arrows and "2 / 5" between them


def page_arrows(surface, layout, number, count, action, t, x: float, y: float) -> list[Target]:
    """With more than one page, "2 / 5" between arrows that turn the pages, from (x, y):
    `action(page)` for each arrow (HelpPage, HistoryPage, ...); the first page has no
    back, the last no next."""
    if count <= 1:
        return []
    prev = (x, y, ARROW_W, menu.BUTTON_H)
    nxt = (x + ARROWS_W - ARROW_W, y, ARROW_W, menu.BUTTON_H)
    where = t.t("help.page", n=number + 1, of=count)
    centre = (x + ARROWS_W / 2, y + menu.BUTTON_H / 2)
    draw_text(surface, layout, where, centre, theme.TEXT, theme.INK_ON_FELT, anchor="center")
    return [
        _arrow(surface, layout, prev, -1, action(number - 1), number > 0),
        _arrow(surface, layout, nxt, 1, action(number + 1), number < count - 1),
    ]


def _arrow(surface, layout, rect, direction: int, action, enabled: bool) -> Target:
    """A button with a triangle pointing left (-1) or right (1): no word to translate."""
    import pygame

    target = menu.button(surface, layout, rect, "", action, "normal", enabled)
    x, y, w, h = rect
    cx, cy, half = x + w / 2, y + h / 2, 12
    tip = (cx + direction * half, cy)
    base = [(cx - direction * half, cy - half), (cx - direction * half, cy + half)]
    colour = theme.BUTTON_TEXT if enabled else theme.BUTTON_DISABLED_TEXT
    points = [layout.point(*p) for p in (tip, *base)]
    pygame.draw.polygon(surface, colour, points)
    return target
