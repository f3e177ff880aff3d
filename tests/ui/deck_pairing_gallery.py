"""The screens of pairing the two decks for the gallery (tests/ui/gallery.py):
Settings with both decks partly paired (a scanner connected, during a rubber and
on the start screen), Settings with neither paired and no scanner (the Pair
buttons greyed), the coloured aBRIDGEd deck paired from its first card, halfway
(a yellow card: dark ink on its colour) and complete, and a refusal over it."""

from __future__ import annotations

from device.engine.message import msg
from device.ui.decks_shown import DecksShown
from device.ui.screens.base import StartState, UiState

SCANNER = {"scanner": "connected", "bidbox": "connected"}


def deck_pairing_screens(view) -> list[tuple[str, object, UiState]]:
    """`view`: a rubber in progress, for Settings opened during it."""

    def settings(start=None, **decks) -> UiState:
        shown = DecksShown(**decks)
        return UiState(
            overlay="settings", scanner=True, devices=dict(SCANNER), start=start, decks=shown
        )

    def abridged(card, done, **fields) -> UiState:
        return UiState(decks=DecksShown(progress=(card, done, 52), kind="abridged"), **fields)

    refused = msg("this tag is already paired with {card}", card="SQ")
    return [
        ("settings-decks", view, settings(paired=(52, 52), beside_paired=(23, 52))),
        (
            "settings-decks-start",
            None,
            settings(start=StartState(), paired=(12, 52), beside_paired=(52, 52)),
        ),
        ("settings-decks-none", None, UiState(overlay="settings", start=StartState())),
        ("pairing-abridged-first", None, abridged("R14", 0)),
        ("pairing-abridged", None, abridged("Y9", 18)),
        ("pairing-abridged-complete", None, abridged(None, 52)),
        ("pairing-abridged-refused", view, abridged("B2", 38, banner=refused, banner_error=True)),
    ]
