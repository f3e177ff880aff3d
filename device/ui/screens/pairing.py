"""Pairing a deck: the scanner learns which tag sits in which card, one card at
a time, in a fixed order. The screen names the card to put on the scanner,
draws it big so it is found at a glance in the spread deck, and counts the
cards done ("23 of 52"). Cancel stops pairing; cards already paired stay paired
(the profile is saved after every card), and pairing again goes on where it
stopped; "Pair a new deck" starts again from the first card (for another
deck: the old pairing is replaced once its first card is scanned). Once every
card is paired the screen says the deck is complete until Done is tapped.

It works with or without a rubber: from Settings during a game, or from the
start screen's Menu before the first one. The coloured aBRIDGEd deck is paired
the same way (`ui.decks.kind` is its name): its title says so, the card is
named by its colour ("Put the red 14 on the scanner") and drawn coloured.

`ui.decks.progress` is (next card, done, total); the next card is None when complete.

A deck learnt by the camera (`ui.decks.by_camera`) shows the same screen in the
camera's words: "Lay the SA on the spot"; "Pair again" starts from the first card
(under new light), Cancel keeps what the camera learnt.
"""

from __future__ import annotations

import pygame

from device.engine.cards import STANDARD

from .. import theme
from ..actions import CameraPairAgain, CancelPairing, PairNew
from ..draw import draw_card, draw_text
from ..widgets.text import wrapped_text
from . import chrome, menu

CARD = (300, 100, 200, 280)
BAR = (540, 250, 240, 20)
# The screen's words (catalogue keys) and its second button, for tags and for the camera.
TAGS = {
    "title": "pairing.title",
    "title.colours": "pairing.title.colours",
    "put": "pairing.put",
    "hint": "pairing.hint",
    "complete_note": "pairing.complete_note",
    "new": "pairing.new",
    "new_action": PairNew(),
}
CAMERA = {
    "title": "pairing.title.camera",
    "title.colours": "pairing.title.camera_colours",
    "put": "pairing.lay",
    "hint": "pairing.camera_hint",
    "complete_note": "pairing.complete_note.camera",
    "new": "pairing.again",
    "new_action": CameraPairAgain(),
}


def draw(surface, layout, view, ui, t):
    card, done, total = ui.decks.progress
    coloured = ui.decks.kind != STANDARD.name  # the coloured deck: its cards by colour
    words = CAMERA if ui.decks.by_camera else TAGS
    menu.page(surface, layout, t.t(words["title.colours" if coloured else "title"]))
    if card is None:
        _complete(surface, layout, t, words["complete_note"])
    else:
        named = t.t(f"pairing.card.{card[0]}", rank=card[1:]) if coloured else card
        put = t.t(words["put"], card=named)
        menu.fitted_text(surface, layout, put, (400, 74), 34, 760, bold=True, anchor="center")
        draw_card(surface, layout, CARD, card, ui.four_colour)
        wrapped_text(surface, layout, t.t(words["hint"]), (24, 120), theme.TEXT, 260)
    _progress(surface, layout, done, total, t)
    menu.bottom_band(surface, layout)
    rect = (8, menu.BUTTON_Y, 200, menu.BUTTON_H)
    label, style = (
        (t.t("pairing.done"), "accent") if card is None else (t.t("pairing.cancel"), "danger")
    )
    targets = [menu.button(surface, layout, rect, label, CancelPairing(), style)]
    if done:  # another deck: its first card replaces this pairing, Cancel before keeps it
        again = (492, menu.BUTTON_Y, 300, menu.BUTTON_H)
        label, action = t.t(words["new"]), words["new_action"]
        targets.append(menu.button(surface, layout, again, label, action))
    chrome.finish(surface, layout, ui, t)
    return targets


def _complete(surface, layout, t, note_key: str) -> None:
    """The deck is complete: said big where the card to scan was."""
    title = t.t("pairing.complete")
    menu.fitted_text(surface, layout, title, (400, 74), 34, 760, theme.ACCENT, True, "center")
    note = t.t(note_key)
    wrapped_text(surface, layout, note, (24, 150), theme.TEXT, 480, theme.INK_ON_FELT)


def _progress(surface, layout, done: int, total: int, t) -> None:
    """ "12 of 52" over a bar that fills as the deck is paired."""
    text = t.t("pairing.progress", done=done, total=total)
    x, y, w, h = BAR
    draw_text(surface, layout, text, (x + w / 2, y - 12), 40, theme.INK_ON_FELT, True, "midbottom")
    radius = layout.px(h / 2)
    pygame.draw.rect(surface, theme.FELT_DARK, layout.rect(*BAR), border_radius=radius)
    share = done / total if total else 0
    if share:
        filled = layout.rect(x, y, max(h, w * share), h)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=radius)
