"""Pairing a deck by camera, the table's side of it.

The camera process learns the cards (device/camera) and keeps its profile in the data
folder's decks/camera-standard.npz (camera-abridged.npz); after each save it writes a
small sidecar, camera-standard.json: {"deck": "standard", "cards": ["SA", ...]}. The
table never opens the profile (it must not load numpy or OpenCV): what is learnt comes
from that sidecar and from the camera's CARD answers while it learns.

The cards are asked for in the order tag pairing asks (hal.deck.Pairing: spades ace
first, aBRIDGEd's red 14 first), so the same big card and "23 of 52" show.
"""

from __future__ import annotations

import json
from pathlib import Path

from device.config import read_settings_file
from device.decks import DECKS
from device.engine.cards import Card, Deck
from device.engine.errors import RuleError

CAMERA_DECKS = tuple(DECKS)  # the decks Settings pairs by camera


def sidecar_path(decks: Path, deck: str) -> Path:
    return decks / f"camera-{deck}.json"


def pairing_order(deck: Deck) -> list[Card]:
    """The order the cards are asked in: as hal.deck.Pairing asks for tags."""
    return sorted(deck.cards, key=lambda c: (-c.suit.order, -c.rank))


def read_sidecar(path: Path, deck: Deck) -> tuple[set[Card], str | None]:
    """The cards the camera has learnt of `deck`, and what was wrong with the file (None
    when nothing was). A missing file is no card learnt yet; a file that is not a sidecar
    of this deck gives no card (the deck is paired again); a bad card in it is left out
    and the others kept, as a damaged deck profile's bad tags are."""
    if not path.exists():
        return set(), None
    try:
        data = json.loads(read_settings_file(path).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return set(), "unreadable"
    if not isinstance(data, dict) or data.get("deck") != deck.name:
        return set(), "unreadable"
    cards = data.get("cards")
    if not isinstance(cards, list):
        return set(), "unreadable"
    found = [_card(deck, text) for text in cards]
    learnt = {card for card in found if card is not None}
    return learnt, ("bad-cards" if None in found else None)


def _card(deck: Deck, text) -> Card | None:
    """A card of `deck` as the sidecar names it, or None for anything else."""
    if not isinstance(text, str):
        return None
    try:
        return deck.parse(text)
    except RuleError:
        return None


class CameraPairing:
    """One deck being learnt by the camera: the card asked for now, the cards learnt."""

    def __init__(self, deck: str, learnt=()):
        self.deck = DECKS[deck]
        self.learnt: set[Card] = set(learnt)
        self.fresh = False  # "Pair again": only the cards learnt since count

    @property
    def next_card(self) -> Card | None:
        """The card to lay on the spot now, or None once the whole deck is learnt."""
        return next((c for c in pairing_order(self.deck) if c not in self.learnt), None)

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.learnt), len(self.deck.cards)

    def answered(self, code: str) -> Card:
        """The camera answered that it learnt `code`; RuleError when that is no card of
        this deck. A card it learnt that was not the one asked (an answer to an older
        ask) is learnt all the same: the camera's profile has it."""
        card = self.deck.parse(code)
        self.learnt.add(card)
        return card

    def again(self) -> None:
        """ "Pair again" (under new light): from the first card, each learnt anew."""
        self.learnt = set()
        self.fresh = True
