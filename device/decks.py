"""Every deck the table knows, by name: the standard deck and each deck a form's package
brings. Importing the forms registers their decks (device.engine.cards.register), so the
modules that pair, read, draw or simulate cards take the decks from here, never from a
form, and a deck added by a package is paired, drawn and read like the others.

The table reads one paired deck beside its own (`BESIDE`): the first a form brings
(aBRIDGEd's coloured deck, decks/abridged.json), or none when no form brings one.
"""

from __future__ import annotations

import device.forms  # noqa: F401 - importing the forms registers the decks they bring
from device.engine.cards import DECKS, STANDARD, Card, Deck, Suit
from device.engine.errors import NotationError

BROUGHT: tuple[Deck, ...] = tuple(deck for deck in DECKS.values() if deck is not STANDARD)
BESIDE: Deck | None = BROUGHT[0] if BROUGHT else None
_SUITS: dict[str, Suit] = {s.letter: s for deck in DECKS.values() for s in deck.suits}

__all__ = ["BESIDE", "BROUGHT", "DECKS", "STANDARD", "card", "deck_of", "suit"]


def card(text: str) -> Card | None:
    """The card of any deck written `text` ("SA", "R14"), or None (suit letters are
    apart, so the text alone says the deck)."""
    for deck in DECKS.values():
        try:
            return deck.parse(text)
        except NotationError:
            continue
    return None


def suit(letter: str) -> Suit | None:
    """The suit (or colour) of any deck by its letter, or None."""
    return _SUITS.get(letter.upper())


def deck_of(letter: str) -> Deck:
    """The deck whose suit is `letter`; the standard deck for any other letter."""
    found = suit(letter)
    return DECKS[found.deck] if found is not None else STANDARD
