"""Settings' two decks of tagged cards: the table's own deck and the coloured
aBRIDGEd deck read beside it. Each line shows the deck (a card plate with its
suits, or its four colours), how far it is paired ("23 of 52") and its own Pair
button: PairDeck() for the table's deck, PairDeck("abridged") for the
coloured one, which asks for R14 first as `--pair-deck abridged` does and saves
to the same decks/abridged.json.

When the scanner is a camera (`ui.decks.camera`) the tags have no use (a camera reads card
codes): each line shows how much of the deck the camera has learnt and its button is
"Pair with the camera", CameraPair("standard") or CameraPair("abridged").
"""

from __future__ import annotations

import pygame

from device.decks import BESIDE, DECKS, STANDARD

from .. import theme
from ..actions import CameraPair, PairDeck
from ..draw import draw_suit, suit_colour
from . import menu
from .start import FIELD_W, FIELD_X, GAP, ROW_H, row_label

BUTTON_W = 176
CAMERA_BUTTON_W = 250  # "Pair with the camera" at full size in both languages
PLATE_W = 76  # the deck's plate: two suits, or the four colours
TEXT_X = FIELD_X + PLATE_W + 12


def paired_decks(surface, layout, ui, t, y) -> list:
    """Both decks, one line each from `y`; their Pair buttons."""
    row_label(surface, layout, t, "settings.decks", y)
    lines = _camera_lines(ui) if ui.decks.camera else _tag_lines(ui)
    width = CAMERA_BUTTON_W if ui.decks.camera else BUTTON_W
    label = t.t("settings.pair_camera" if ui.decks.camera else "settings.pair_deck")
    enabled = ui.decks.camera or ui.scanner or "scanner" in ui.devices  # a scanner to pair it with
    targets = []
    for i, (kind, (done, total), action) in enumerate(lines):
        line_y = y + i * (ROW_H + GAP)
        _plate(surface, layout, kind, ui.four_colour, line_y)
        text = t.t(f"settings.paired.{kind}", done=done, total=total)
        centre = (TEXT_X, line_y + ROW_H / 2)
        room = FIELD_W - width - PLATE_W - 12 - GAP
        menu.fitted_text(surface, layout, text, centre, theme.TEXT, room, anchor="midleft")
        rect = (FIELD_X + FIELD_W - width, line_y, width, ROW_H)
        targets.append(menu.button(surface, layout, rect, label, action, "normal", enabled))
    return targets


def _tag_lines(ui) -> tuple:
    """(kind, (paired, total), action) of each deck of tagged cards: the table's, and the
    one a form brings read beside it."""
    own = (STANDARD.name, ui.decks.paired or (0, len(STANDARD.cards)), PairDeck())
    if BESIDE is None:
        return (own,)
    paired = ui.decks.beside_paired or (0, len(BESIDE.cards))
    return (own, (BESIDE.name, paired, PairDeck(BESIDE.name)))


def _camera_lines(ui) -> tuple:
    """(kind, (learnt, total), action) of each deck the camera learns."""
    return tuple(
        (kind, ui.decks.camera_paired.get(kind) or (0, len(deck.cards)), CameraPair(kind))
        for kind, deck in DECKS.items()
    )


def _plate(surface, layout, kind: str, four_colour: bool, y) -> None:
    """Which deck the line is about, at a glance: a spade and a heart on card white
    for the table's deck, the colours of a coloured deck (aBRIDGEd's four)."""
    plate = layout.rect(FIELD_X, y + 4, PLATE_W, ROW_H - 8)
    pygame.draw.rect(surface, theme.CARD_WHITE, plate, border_radius=layout.px(8))
    if kind == STANDARD.name:
        for i, suit in enumerate("SH"):
            centre = layout.point(FIELD_X + 20 + i * 36, y + ROW_H / 2)
            draw_suit(surface, suit, centre, layout.px(26), suit_colour(suit, four_colour))
        return
    for i, suit in enumerate(DECKS[kind].suits):
        colour = theme.COLOURS[suit.name]
        centre = layout.point(FIELD_X + 13 + i * 17, y + ROW_H / 2)
        pygame.draw.circle(surface, colour, centre, layout.px(8))
