"""aBRIDGEd's declaring (seed 001): round one's Pass or Play, the dummy laid out
at once, Ten or Seven, the trump colour or no-trump, and the hand strengths and
colour counts, each said on the touchscreen (or on the bidding box by the
mapping this screen shows).

Left: the four players clockwise from the dealer with what each said (Pass or
Play, strength, colour count), the declarer and the dummy marked, the trump,
and how the bidding box says it. Right: what the player asked now may say, as
buttons: Pass and Play, Ten and Seven, the four colours and NT, or a pad of the
numbers that can be stated; while the dummy is laid out, its cards scanned so
far (OK when it is down) and Cards, the card picker for tables without a scanner
(`ui.overlay == "picker"`: a tap lays a card out, OK stays lit).
"""

from __future__ import annotations

import pygame

from device.ui import theme
from device.ui.actions import Overlay, Statement
from device.ui.draw import colour_ink, colour_of, draw_button, draw_card, draw_text
from device.ui.screens import chrome
from device.ui.screens.base import Target
from device.ui.screens.phase_picker import phase_picker
from device.ui.widgets.text import wrapped_text

from .number_grid import draw_grid
from .rules import COUNTS, STRENGTHS

LEFT_X, LEFT_W = 16, 372
RIGHT_X, RIGHT_W = 404, 388
ROW_Y, ROW_H = 100, 52
NAME_W, WORD_X, STRENGTH_X, COUNT_X = 148, 172, 282, 338
PAD_Y = 104
GRID_Y, GRID_BOTTOM = 96, 418  # the numbers' grid: under the prompt, over the bottom band
GAP = 6
COLOURS = ("R", "Y", "B", "G", "NT")
CARDS_BUTTON = (RIGHT_X, 340, 188, 56)  # the picker, while the dummy is laid out


def draw(surface, layout, view, ui, t) -> list[Target]:
    a = view.own
    ok = a.phase == "lay-out"
    if ok and ui.overlay == "picker":
        return draw_picker(surface, layout, view, ui, t)
    targets = chrome.frame(surface, layout, view, ui, t, ok=ok)
    _players(surface, layout, view, t)
    y = _state(surface, layout, view, t)
    box = t.t(f"abridged.box.{a.phase}", ok=t.t("button.ok"))
    wrapped_text(surface, layout, box, (LEFT_X, y + 4), theme.TEXT, LEFT_W)
    prompt = _prompt(view, t)
    prompt, size = layout.fit_text(prompt, theme.TEXT, RIGHT_W, True)
    draw_text(surface, layout, prompt, (RIGHT_X, 60), size, theme.ACCENT, True)
    targets += PADS[a.phase](surface, layout, view, ui, t)
    if ok:  # the dummy's cards tapped in instead of scanned
        style = "accent" if ui.touch_cards() else "normal"
        draw_button(surface, layout, CARDS_BUTTON, t.t("play.cards"), True, style)
        targets.append(Target(CARDS_BUTTON, Overlay("picker")))
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_picker(surface, layout, view, ui, t) -> list[Target]:
    """The dummy laid out by taps: every card of the deck, those already laid out
    greyed; a tap lays one out, and OK says the dummy is down."""
    a = view.own
    name = view.seats[a.dummy].name
    title = t.t("picker.dummy", name=name)
    line = t.t("abridged.ask.lay-out", name=name, n=len(a.dummy_cards))
    return phase_picker(surface, layout, view, ui, t, title, line, ok=True)


def _players(surface, layout, view, t) -> None:
    """A row per player from the dealer: name, word said, strength, colour count."""
    a = view.own
    heads = ((WORD_X, "abridged.said"), (STRENGTH_X, "abridged.strength_short"))
    heads += ((COUNT_X, "abridged.count_short"),)
    for x, key in heads:
        draw_text(surface, layout, t.t(key), (x, 60), theme.TEXT, theme.INK_ON_FELT_SOFT, True)
    dealer = next(i for i, s in enumerate(view.seats) if s.dealer)
    for row in range(4):
        seat = (dealer + row) % 4
        y = ROW_Y + row * ROW_H
        asked = seat == a.speaker and not view.own.finished
        if asked:
            rect = layout.rect(LEFT_X - 6, y - 4, LEFT_W + 8, ROW_H - 4)
            pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=layout.px(8))
        colour = theme.ACCENT if asked else theme.INK_ON_FELT
        name, size = layout.fit_text(view.seats[seat].name, theme.TEXT, NAME_W, True)
        draw_text(surface, layout, name, (LEFT_X, y), size, colour, True)
        word = _role(a, seat, t) or " ".join(t.t(f"said.abridged.{w}") for w in a.said[seat][-1:])
        if word:
            word, size = layout.fit_text(word, theme.TEXT, STRENGTH_X - WORD_X - 6)
            draw_text(surface, layout, word, (WORD_X, y), size, theme.INK_ON_FELT)
        for x, number in ((STRENGTH_X, a.strengths[seat]), (COUNT_X, a.counts[seat])):
            if number is not None:
                draw_text(surface, layout, str(number), (x, y), theme.TEXT, theme.INK_ON_FELT)


def _role(a, seat: int, t) -> str:
    if seat == a.declarer:
        return t.t("abridged.declarer")
    if seat == a.dummy:
        return t.t("abridged.dummy")
    return ""


def _state(surface, layout, view, t) -> float:
    """The declaration and trump so far, or round two's total; returns the y below."""
    a = view.own
    parts = []
    if a.declaration is not None:
        parts.append(t.t(f"said.abridged.{a.declaration}"))
    if a.trump is not None:
        parts.append(t.t(f"abridged.trump_is.{a.trump}"))  # "trump red", "no trump"
    if a.round == 2 and a.phase == "strength":
        parts.append(t.t("abridged.total", n=a.stated_total))
    y = ROW_Y + 4 * ROW_H
    if not parts:
        return y
    text = " · ".join(parts)
    return wrapped_text(surface, layout, text, (LEFT_X, y), theme.TEXT, LEFT_W, theme.ACCENT)


def _prompt(view, t) -> str:
    a = view.own
    name = view.seats[a.speaker].name if a.speaker is not None else ""
    if a.phase == "lay-out":
        return t.t("abridged.ask.lay-out", name=name, n=len(a.dummy_cards))
    if a.phase == "strength" and a.round == 2:
        return t.t("abridged.ask.round-two", name=name)
    return t.t(f"abridged.ask.{a.phase}", name=name)


# --- what may be said ---------------------------------------------------------------


def _buttons(surface, layout, items, cols: int, height: float, style_of=None, gap=GAP):
    """`items` of (label, value, enabled) as a grid of buttons under the prompt."""
    width = (RIGHT_W - gap * (cols - 1)) / cols
    targets = []
    for i, (label, value, enabled) in enumerate(items):
        row, col = divmod(i, cols)
        rect = (RIGHT_X + col * (width + gap), PAD_Y + row * (height + gap), width, height)
        style = style_of(value) if style_of else "normal"
        draw_button(surface, layout, rect, label, enabled, style, theme.TEXT)
        targets.append(Target(rect, Statement(value), enabled))
    return targets


def _words(*words):
    def pad(surface, layout, view, ui, t):
        items = [(t.t(f"said.abridged.{w}"), w, True) for w in words]
        return _buttons(surface, layout, items, 2, 120, lambda w: "accent")

    return pad


def _colours(surface, layout, view, ui, t) -> list[Target]:
    """The four colours, each a swatch of its colour, and no-trump."""
    targets = []
    width, height = (RIGHT_W - 2 * GAP) / 3, 120
    for i, colour in enumerate(COLOURS):
        row, col = divmod(i, 3)
        rect = (RIGHT_X + col * (width + GAP), PAD_Y + row * (height + GAP), width, height)
        box = layout.rect(*rect)
        fill = colour_of(colour) or theme.CARD_WHITE
        ink = colour_ink(colour) or theme.INK
        pygame.draw.rect(surface, fill, box, border_radius=layout.px(10))
        key = "abridged.colour_button.NT" if colour == "NT" else f"said.abridged.{colour}"
        label, size = layout.fit_text(t.t(key), theme.TEXT, width - 8, True)
        draw_text(surface, layout, label, box_centre(rect), size, ink, True, "center")
        targets.append(Target(rect, Statement(colour)))
    return targets


def box_centre(rect) -> tuple[float, float]:
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def _numbers(surface, layout, view, ui, t) -> list[Target]:
    """Every number that may be stated, laid out as the bidding box says them; round
    two's fourth strength: only the one that makes 40 is lit."""
    a = view.own
    if a.stuck:  # the first three cannot make 40 with any fourth: undo one
        note = t.t("abridged.stuck", n=a.stated_total)
        wrapped_text(surface, layout, note, (RIGHT_X, PAD_Y), theme.TEXT, RIGHT_W, theme.ACCENT)
        return []
    low, high = COUNTS if a.phase == "count" else STRENGTHS

    def lit(number: int) -> bool:
        return a.phase == "count" or a.needed is None or number == a.needed

    box = (RIGHT_X, GRID_Y, RIGHT_W, GRID_BOTTOM - GRID_Y)
    return draw_grid(surface, layout, box, low, high, lit, ui.four_colour, t)


def _dummy(surface, layout, view, ui, t) -> list[Target]:
    """The dummy's cards scanned so far, in two rows."""
    cards = view.own.dummy_cards
    w, h = 50, 72
    for i, card in enumerate(cards):
        row, col = divmod(i, 7)
        rect = (RIGHT_X + col * (w + 5), PAD_Y + row * (h + 8), w, h)
        draw_card(surface, layout, rect, card)
    note = t.t("abridged.lay_out_ok", ok=t.t("button.ok"))
    wrapped_text(surface, layout, note, (RIGHT_X, PAD_Y + 170), theme.TEXT, RIGHT_W)
    return []


PADS = {
    "round-one": _words("Pass", "Play"),
    "ten-seven": _words("Ten", "Seven"),
    "trump": _colours,
    "strength": _numbers,
    "count": _numbers,
    "lay-out": _dummy,
}
