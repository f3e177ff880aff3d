"""Drawing primitives for the screens: suit symbols, cards, calls, buttons, text.

Pure functions on a pygame.Surface: no state beyond caches of rendered
shapes, no event handling. Rectangles and positions come in logical 800x480
coordinates and go through `Layout`, so one call looks the same at 800x480,
1024x600 and 1920x1080; each function returns the real Rect it covered.

pygame's default font has no suit glyphs, so suits are shapes: drawn 4x
larger on a transparent sprite and smoothly scaled down, which gives clean
anti-aliased edges from 12 px to 120 px with plain pygame.draw calls.
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager
from functools import cache, lru_cache

import pygame

from device import decks
from device.engine.calls import Call
from device.engine.cards import STANDARD, Card
from device.ui import theme
from device.ui.layout import Layout

SUITS = ("S", "H", "D", "C")
ANCHORS = (
    "topleft",
    "midtop",
    "topright",
    "midleft",
    "center",
    "midright",
    "bottomleft",
    "midbottom",
    "bottomright",
)
_SUPERSAMPLE = 4
_FACE_RANKS = {14: "A", 13: "K", 12: "Q", 11: "J"}
_ranks = dict(_FACE_RANKS)  # the letters drawn now: the screen's language (rank_letters)

# A contract or call with a suit ("4S", "6HXX") or a card ("SA", "HT", "D10"),
# as whole words; "3NT" and "XX" stay text.
_CODE = re.compile(r"\b(?:(?P<call>[1-7][CDHS]X{0,2})|(?P<card>[SHDC](?:10|[AKQJT2-9])))\b")


# --- suit shapes -------------------------------------------------------------
# Each suit is a list of parts in a unit box (x and y in -0.5..0.5, y down):
# ("poly", points) or ("circle", centre, radius).


def _fit(points, left, top, width, height):
    """Stretch points so that their bounding box is the given box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = min(xs), min(ys)
    sx, sy = width / (max(xs) - x0), height / (max(ys) - y0)
    return [(left + (x - x0) * sx, top + (y - y0) * sy) for x, y in points]


def _heart_curve(steps: int = 96):
    """The classic parametric heart: round lobes, a soft dip, a sharp point."""
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x, -y))  # y down
    return points


def _stem(top: float, half_top: float, half_bottom: float, steps: int = 12):
    """A stem that flares towards the bottom of the box, with concave sides."""
    ts = [i / steps for i in range(steps + 1)]
    right = [(half_top + (half_bottom - half_top) * t**2, top + (0.5 - top) * t) for t in ts]
    left = [(-x, y) for x, y in reversed(right)]
    return right + left


def _diamond():
    """A rhombus with slightly concave sides, as printed on cards."""
    corners = [(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)]
    points = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        cx, cy = (x0 + x1) / 2 * 0.8, (y0 + y1) / 2 * 0.8  # control point pulled inwards
        for i in range(12):
            t = i / 12
            a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t**2
            points.append((a * x0 + b * cx + c * x1, a * y0 + b * cy + c * y1))
    return points


@cache
def _shape(suit: str):
    heart = _heart_curve()
    if suit == "H":
        return [("poly", _fit(heart, -0.47, -0.44, 0.94, 0.88))]
    if suit == "S":
        body = [(x, -y) for x, y in heart]  # a heart upside down ...
        return [("poly", _fit(body, -0.45, -0.5, 0.9, 0.74)), ("poly", _stem(0.05, 0.035, 0.2))]
    if suit == "C":  # ... three balls and a stem make the club
        return [
            ("circle", (0.0, -0.26), 0.235),
            ("circle", (-0.255, 0.07), 0.235),
            ("circle", (0.255, 0.07), 0.235),
            ("circle", (0.0, 0.0), 0.12),  # fills the hole between the balls
            ("poly", _stem(0.0, 0.04, 0.19)),
        ]
    if suit == "D":
        return [("poly", _diamond())]
    raise ValueError(f"{suit!r} is not a suit (S, H, D, C)")


@lru_cache(maxsize=512)
def _suit_sprite(suit: str, size: int, rgb: tuple[int, int, int]) -> pygame.Surface:
    big = size * _SUPERSAMPLE
    sprite = pygame.Surface((big, big), pygame.SRCALPHA)
    # Transparent pixels carry the shape's colour too, so the scaled-down
    # edges blend towards it and not towards black.
    sprite.fill((*rgb, 0))
    solid = (*rgb, 255)

    def at(x, y):  # unit box -> sprite pixels
        return ((x + 0.5) * big, (y + 0.5) * big)

    for kind, *args in _shape(suit):
        if kind == "poly":
            pygame.draw.polygon(sprite, solid, [at(x, y) for x, y in args[0]])
        else:
            centre, radius = args
            pygame.draw.circle(sprite, solid, at(*centre), radius * big)
    return pygame.transform.smoothscale(sprite, (size, size))


def _rgb(colour) -> tuple[int, int, int]:
    c = pygame.Color(colour)
    return (c.r, c.g, c.b)


def _colour_name(letter: str) -> str | None:
    """The name of the colour a coloured deck's suit letter is (aBRIDGEd's R: "red"), or
    None for a standard suit or any other letter."""
    suit = decks.suit(letter) if letter else None
    return None if suit is None or suit.deck == STANDARD.name else suit.name


def colour_of(letter: str) -> tuple[int, int, int] | None:
    """The colour of a coloured deck's suit letter, or None (see _colour_name)."""
    name = _colour_name(letter)
    return None if name is None else theme.COLOURS[name]


def colour_ink(letter: str) -> tuple[int, int, int] | None:
    """The ink that reads on the colour `colour_of(letter)`, or None as it."""
    name = _colour_name(letter)
    return None if name is None else theme.COLOUR_INK[name]


def suit_colour(suit: str, four_colour: bool = False) -> tuple[int, int, int]:
    """The colour of a suit (or of a coloured deck's letter: R, Y, B, G)."""
    colour = colour_of(suit)
    if colour is not None:
        return colour
    if four_colour:
        return theme.FOUR_COLOUR.get(suit, theme.INK)
    return theme.SUIT_RED if suit in ("H", "D") else theme.SUIT_BLACK


def draw_suit(surface: pygame.Surface, suit: str, center, size: int, colour) -> pygame.Rect:
    """A filled suit symbol in a `size` x `size` box (real pixels) around `center`.

    "NT" draws nothing: callers write no-trumps as text.
    """
    if suit in ("NT", "N") or size < 2:
        return pygame.Rect(center, (0, 0))
    sprite = _suit_sprite(suit, int(size), _rgb(colour))
    return surface.blit(sprite, sprite.get_rect(center=center))


# --- rows of text and suit symbols --------------------------------------------


def split_codes(text: str) -> list[tuple[str, str]]:
    """Cut text into ("text", ...), ("call", "4S") and ("card", "SA") tokens."""
    tokens, pos = [], 0
    for match in _CODE.finditer(text):
        if match.start() > pos:
            tokens.append(("text", text[pos : match.start()]))
        tokens.append((match.lastgroup, match.group()))
        pos = match.end()
    if pos < len(text):
        tokens.append(("text", text[pos:]))
    return tokens


def _rank_text(rank: int) -> str:
    return _ranks.get(rank, str(rank))  # T prints as 10


@contextmanager
def rank_letters(letters: dict[int, str]):
    """Draw the face cards with these letters ({13: "H", 12: "V", 11: "B"} in Dutch) while
    a screen is drawn; what is typed and scanned stays SK, SQ, SJ. Back to A K Q J after."""
    global _ranks
    _ranks = {**_FACE_RANKS, **letters}
    try:
        yield
    finally:
        _ranks = dict(_FACE_RANKS)


def _cap_height(font: pygame.font.Font) -> int:
    return font.metrics("H")[0][3]


def _pieces(font, tokens, colour, colour_of):
    """Tokens as (image, top, pad) pieces of one line: text rendered, suits as sprites.

    A suit is as tall as a capital letter and centred on one, so "4♠" sits on
    the line like a word.
    """
    cap = _cap_height(font)
    size = max(4, round(cap * 1.15))
    top = round(font.get_ascent() - cap / 2 - size / 2)
    pad = max(1, round(cap * 0.06))
    pieces = []

    def text(s):
        pieces.append((font.render(s, True, colour), 0, 0))

    def suit(letter):
        pieces.append((_suit_sprite(letter, size, _rgb(colour_of(letter))), top, pad))

    for kind, value in tokens:
        if kind == "call":
            text(value[0])
            suit(value[1])
            if value[2:]:
                text(value[2:])
        elif kind == "card":
            text(_rank_text(STANDARD.parse(value).rank))
            suit(value[0])
        elif value:
            text(value)
    return pieces


def _row_width(pieces) -> int:
    return sum(image.get_width() + 2 * pad for image, _, pad in pieces)


def _blit_row(surface, pieces, rect: pygame.Rect) -> pygame.Rect:
    """Blit pieces left to right from rect's top left; the real Rect covered."""
    x = rect.x
    for image, top, pad in pieces:
        surface.blit(image, (x + pad, rect.y + top))
        x += image.get_width() + 2 * pad
    return rect


def _place(rect: pygame.Rect, pos, anchor: str) -> pygame.Rect:
    if anchor not in ANCHORS:
        raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}, not {anchor!r}")
    setattr(rect, anchor, pos)
    return rect


def _centred_row(surface, font, pieces, box: pygame.Rect) -> pygame.Rect:
    """Centre a row in box on its capitals, not on the font's full line height,
    which would sit the text visibly high."""
    rect = pygame.Rect(0, 0, _row_width(pieces), font.get_linesize())
    rect.centerx = box.centerx
    rect.top = round(box.centery - (font.get_ascent() - _cap_height(font) / 2))
    return _blit_row(surface, pieces, rect)


def _fitting_font(layout: Layout, size: float, bold: bool, build, max_width: int, what: str):
    """The largest font up to `size` (never below theme.MIN_TEXT) whose row, built by
    `build(font)`, fits; a row too wide even at the minimum is noted on the layout."""
    size = max(size, theme.MIN_TEXT)
    while True:
        font = layout.font(size, bold)
        pieces = build(font)
        if _row_width(pieces) <= max_width:
            return font, pieces
        if size <= theme.MIN_TEXT:
            layout.note_overflow(what)
            return font, pieces
        size -= 1


def draw_text(
    surface: pygame.Surface,
    layout: Layout,
    text: str,
    pos_logical,
    size: float = theme.TEXT,
    colour=theme.INK,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Plain text with its `anchor` point at the logical position."""
    image = layout.font(size, bold).render(text, True, colour)
    rect = _place(image.get_rect(), layout.point(*pos_logical), anchor)
    return surface.blit(image, rect)


def text_with_suits(
    surface: pygame.Surface,
    layout: Layout,
    text: str,
    pos_logical,
    size: float = theme.TEXT,
    colour=theme.INK,
    four_colour: bool = False,
    anchor: str = "topleft",
    bold: bool = False,
    mono: bool = False,
) -> pygame.Rect:
    """Text in which calls and cards show suit symbols: "4S by Anna" -> 4♠ by Anna,
    "lead HT" -> lead 10♥. Red suits are red; black ones take the text colour
    so they read on the felt too (four_colour: every suit its own colour;
    mono: every suit in the text colour, for text on a red banner)."""
    font = layout.font(size, bold)

    def colour_of(suit):
        if mono:
            return colour
        return suit_colour(suit, four_colour) if four_colour or suit in "HD" else colour

    pieces = _pieces(font, split_codes(text), colour, colour_of)
    rect = pygame.Rect(0, 0, _row_width(pieces), font.get_linesize())
    return _blit_row(surface, pieces, _place(rect, layout.point(*pos_logical), anchor))


# --- cards ---------------------------------------------------------------------


def _card_radius(rect: pygame.Rect) -> int:
    return max(2, round(min(rect.w, rect.h) * 0.09))


def _rounded_overlay(surface, rect: pygame.Rect, rgba, radius: int):
    """Blend a translucent rounded rectangle over what is already drawn."""
    overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(overlay, rgba, overlay.get_rect(), border_radius=radius)
    surface.blit(overlay, rect)


def _card_back(surface, rect: pygame.Rect, radius: int):
    """A white-bordered lattice that says nothing about the card."""
    pygame.draw.rect(surface, theme.CARD_WHITE, rect, border_radius=radius)
    inset = max(2, round(rect.w * 0.08))
    inner = rect.inflate(-2 * inset, -2 * inset)
    tile = pygame.Surface(inner.size, pygame.SRCALPHA)
    tile.fill(theme.CARD_BACK)
    step, width = max(4, round(inner.w / 4)), max(1, round(inner.w / 30))
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(tile, theme.CARD_BACK_PATTERN, (x, 0), (x + inner.h, inner.h), width)
        pygame.draw.line(tile, theme.CARD_BACK_PATTERN, (x, inner.h), (x + inner.h, 0), width)
    # Round the tile's corners like the card's: keep only what a white mask covers.
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius // 2)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(tile, inner)


_BIG_CARD = 70  # logical height from which a card has room for a corner suit


def _corner_text(surface, layout, rect_logical, text: str, colour) -> pygame.Rect:
    """The rank in the top left corner; on small cards it gets more of the height
    because it is what gets read, and never less than the smallest text (so no card
    is drawn under 48 logical px high)."""
    x, y, w, h = rect_logical
    size = max(h * (0.3 if h >= _BIG_CARD else 0.42), theme.MIN_TEXT)
    return draw_text(surface, layout, text, (x + w * 0.08, y + h * 0.04), size, colour)


def _standard_face(surface, layout, rect_logical, suit: str, rank: int, colour):
    """Rank in the top left corner, a big suit symbol lower right of centre.

    Cards in a list overlap from the left, so the corner must say it all:
    on big cards a small suit sits under the rank as well.
    """
    x, y, w, h = rect_logical
    corner = _corner_text(surface, layout, rect_logical, _rank_text(rank), colour)
    if h >= _BIG_CARD:
        size = layout.px(h * 0.13)
        draw_suit(surface, suit, (corner.centerx, corner.bottom + size // 2), size, colour)
    centre = layout.point(x + w * 0.58, y + h * (0.64 if h >= _BIG_CARD else 0.68))
    draw_suit(surface, suit, centre, layout.px(min(w * 0.62, h * 0.5)), colour)


def _coloured_face(surface, layout, rect_logical, card: Card):
    """A coloured deck's card: number in the corner, the colour as a big disc, the pips as
    dots on it."""
    x, y, w, h = rect_logical
    _corner_text(surface, layout, rect_logical, str(card.rank), theme.INK)
    cx, cy = layout.point(x + w * 0.55, y + h * (0.64 if h >= _BIG_CARD else 0.68))
    radius = layout.px(min(w * 0.35, h * 0.25))
    pygame.draw.aacircle(surface, theme.COLOURS[card.suit.name], (cx, cy), radius)
    pips = decks.DECKS[card.suit.deck].pips(card)
    _pips(surface, (cx, cy), radius, pips, theme.COLOUR_INK[card.suit.name])


_PIP_SPOTS = {  # dice-like spots, in units of the disc radius
    1: [(0, 0)],
    2: [(-0.4, 0), (0.4, 0)],
    3: [(0, -0.38), (-0.4, 0.3), (0.4, 0.3)],
    4: [(-0.36, -0.36), (0.36, -0.36), (-0.36, 0.36), (0.36, 0.36)],
}


def _pips(surface, centre, radius: int, count: int, ink):
    dot = max(2, round(radius * 0.2))
    for dx, dy in _PIP_SPOTS.get(count, []):
        spot = (round(centre[0] + dx * radius), round(centre[1] + dy * radius))
        pygame.draw.aacircle(surface, ink, spot, dot)


def draw_card(
    surface: pygame.Surface,
    layout: Layout,
    rect_logical,
    card: str,
    four_colour: bool = False,
    face_down: bool = False,
    dim: bool = False,
) -> pygame.Rect:
    """A card: "SA", "HT" (printed 10), or a coloured deck's "R14"; a back if face_down.

    The card never leaves rect_logical (no shadow), so callers can hit-test it.
    """
    rect = layout.rect(*rect_logical)
    radius = _card_radius(rect)
    if face_down:
        _card_back(surface, rect, radius)
    else:
        pygame.draw.rect(surface, theme.CARD_WHITE, rect, border_radius=radius)
        text = str(card).strip().upper()
        deck = decks.deck_of(text[:1])
        if deck is not STANDARD:
            _coloured_face(surface, layout, rect_logical, deck.parse(text))
        else:
            parsed = STANDARD.parse(text)
            suit = parsed.suit.letter
            colour = suit_colour(suit, four_colour)
            _standard_face(surface, layout, rect_logical, suit, parsed.rank, colour)
    edge = max(1, round(rect.w / 60))
    pygame.draw.rect(surface, theme.CARD_EDGE, rect, width=edge, border_radius=radius)
    if dim:
        _rounded_overlay(surface, rect, theme.DIM_OVERLAY, radius)
    return rect


# --- calls and buttons -----------------------------------------------------------

_CALL_WORDS = {"P": "Pass", "X": "X", "XX": "XX"}
_CALL_BACKGROUNDS = {"P": theme.CALL_PASS, "X": theme.CALL_DOUBLE, "XX": theme.CALL_REDOUBLE}


def _call_tokens(text: str) -> list[tuple[str, str]]:
    if text in _CALL_WORDS:
        return [("text", _CALL_WORDS[text])]
    if text.endswith("NT"):
        return [("text", text)]
    return [("call", text)]


def draw_call(
    surface: pygame.Surface,
    layout: Layout,
    rect_logical,
    call: str,
    enabled: bool = True,
    selected: bool = False,
    label: str | None = None,
    four_colour: bool = False,
) -> pygame.Rect:
    """A bidding-box card: "1S" as 1♠, "3NT" as text; P, X, XX on green, red and
    blue as "Pass", "X", "XX" unless `label` (say, a translation) says otherwise."""
    text = Call.parse(call).text  # also accepts "3N", "Pass", "Dbl"
    background = _CALL_BACKGROUNDS.get(text, theme.CALL_BID)
    ink = theme.INK if background == theme.CALL_BID else theme.CALL_TEXT_ON_COLOUR
    if not enabled:
        background, ink = theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT

    def colour_of(suit):
        return suit_colour(suit, four_colour) if enabled else ink

    rect = layout.rect(*rect_logical)
    radius = layout.px(6)
    pygame.draw.rect(surface, background, rect, border_radius=radius)
    tokens = [("text", label)] if label is not None else _call_tokens(text)
    font, pieces = _fitting_font(
        layout,
        rect_logical[3] * 0.6,
        True,
        lambda f: _pieces(f, tokens, ink, colour_of),
        rect.w - 2 * layout.px(4),
        label if label is not None else text,
    )
    _centred_row(surface, font, pieces, rect)
    if selected:
        pygame.draw.rect(surface, theme.CALL_SELECTED, rect, layout.px(4), border_radius=radius)
    else:
        pygame.draw.rect(surface, theme.CARD_EDGE, rect, layout.px(1), border_radius=radius)
    return rect


def draw_button(
    surface: pygame.Surface,
    layout: Layout,
    rect_logical,
    label: str,
    enabled: bool = True,
    style: str = "normal",
    font_size: float = theme.TEXT,
    pressed: bool = False,
) -> pygame.Rect:
    """A rounded button with centred text; a long label shrinks to fit.

    style: "normal", "accent" (the obvious next step) or "danger".
    """
    background, pressed_background, ink = theme.BUTTON_STYLES[style]
    if not enabled:
        background, ink = theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT
    elif pressed:
        background = pressed_background
    rect = layout.rect(*rect_logical)
    radius = layout.px(10)
    pygame.draw.rect(surface, background, rect, border_radius=radius)
    if enabled:  # the edge makes a live button stand up from the felt
        pygame.draw.rect(surface, theme.BUTTON_EDGE, rect, layout.px(1.5), border_radius=radius)
    font, pieces = _fitting_font(
        layout,
        font_size,
        False,
        lambda f: [(f.render(label, True, ink), 0, 0)],
        rect.w - 2 * layout.px(8),
        label,
    )
    _centred_row(surface, font, pieces, rect)
    return rect
