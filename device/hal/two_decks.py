"""The table's two paired decks: its own deck and the aBRIDGEd deck read beside it
(decks/abridged.json, as `--pair-deck abridged` saves it).

The table reads one profile: its own deck with the aBRIDGEd deck as `beside`, or
the aBRIDGEd deck alone when no other is paired. Pairing either deck (from
Settings or with --pair-deck) replaces that deck only, so the other one keeps
being read; and a tag stuck on a card of one deck is refused for the other (one
tag, one card).
"""

from __future__ import annotations

from device.engine.cards import Card
from device.hal.deck import BESIDE, DeckProfile


def is_beside(profile: DeckProfile) -> bool:
    """The deck read beside the table's own (aBRIDGEd's): known by the name it is saved
    under."""
    return BESIDE is not None and profile.name == BESIDE


def split(profile: DeckProfile | None) -> tuple[DeckProfile | None, DeckProfile | None]:
    """(the table's own deck, the aBRIDGEd deck) of the profile the table reads."""
    if profile is None:
        return None, None
    if is_beside(profile):
        return None, profile
    return profile, profile.beside


def joined(own: DeckProfile | None, beside: DeckProfile | None) -> DeckProfile | None:
    """The profile the table reads: its own deck with the aBRIDGEd deck beside it."""
    if own is None:
        return beside
    own.beside = beside
    return own


def with_paired(profile: DeckProfile | None, paired: DeckProfile) -> DeckProfile:
    """The table's profile once `paired` takes the place of the deck of its kind."""
    own, beside = split(profile)
    if is_beside(paired):
        return joined(own, paired)
    return joined(paired, beside)


def namesake(profile: DeckProfile | None, name: str) -> DeckProfile | None:
    """The deck called `name` among those the table reads, if it is there."""
    return next((deck for deck in split(profile) if deck and deck.name == name), None)


def other_deck_card(profile: DeckProfile | None, paired: DeckProfile, uid: bytes) -> Card | None:
    """The card of the other deck that tag `uid` is stuck on, while `paired` is paired."""
    own, beside = split(profile)
    other = own if is_beside(paired) else beside
    if other is None or other is paired:
        return None
    return other.tags.get(uid.hex())
