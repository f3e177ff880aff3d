"""Deck pairing: which RFID tag is stuck on which card of a physical deck.

A scanner that reads raw tag UIDs needs a deck profile; one that reads card
codes (barcodes, or tags written with the code) needs none. "Pair a deck"
asks for the 52 cards one by one and refuses a tag that is already paired
and a second tag for a card. Profiles are small JSON files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from device.config import read_settings_file
from device.decks import BESIDE as BESIDE_DECK
from device.decks import DECKS, STANDARD
from device.engine.cards import Card, Deck
from device.engine.errors import RuleError
from device.engine.message import Message, msg

DEFAULT_DECK = "deck"  # the name Settings' "Pair a deck" saves under
# The name of a second paired deck the table reads beside the first (aBRIDGEd's), if any.
BESIDE = BESIDE_DECK.name if BESIDE_DECK is not None else None


class PairingError(RuleError):
    """A tag that cannot be paired (already used, or the card has one)."""


def _text(path: Path) -> str:
    """A profile file's text; a FIFO, a device or a file over 1 MB is refused by its type
    or size (a ValueError, as a damaged file), never read without end."""
    return read_settings_file(path).decode("utf-8")


class DeckProfile:
    """A deck's tags: UID (hex) -> card. A profile named after a deck (aBRIDGEd's) pairs
    that deck's cards unless told otherwise; `beside` is another paired deck whose tags
    the table reads too (the aBRIDGEd deck beside the standard one)."""

    def __init__(self, name: str, deck: Deck | None = None, tags: dict[str, Card] | None = None):
        self.name = name
        self.deck = deck or DECKS.get(name, STANDARD)
        self.tags: dict[str, Card] = dict(tags or {})
        self.beside: DeckProfile | None = None

    def card_for(self, uid: bytes) -> Card | None:
        card = self.tags.get(uid.hex())
        if card is None and self.beside is not None:
            return self.beside.card_for(uid)
        return card

    def tag_of(self, card: Card) -> str | None:
        return next((uid for uid, c in self.tags.items() if c is card), None)

    @property
    def complete(self) -> bool:
        return len(self.tags) == len(self.deck.cards)

    @property
    def progress(self) -> tuple[int, int]:
        """(cards paired, cards in the deck): "23 of 52"."""
        return len(self.tags), len(self.deck.cards)

    def pair(self, card: Card, uid: bytes) -> None:
        """Stick tag `uid` on `card`; PairingError when either is already paired."""
        known = self.card_for(uid)
        if known is not None:
            raise PairingError(msg("this tag is already paired with {card}", card=known))
        if self.tag_of(card) is not None:
            raise PairingError(msg("{card} already has a tag", card=card))
        if card not in self.deck:
            raise PairingError(
                msg("{text} is not a card of the {deck} deck", text=card, deck=self.deck.name)
            )
        self.tags[uid.hex()] = card

    # -- storage -------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "deck": self.deck.name,
            "tags": {uid: str(card) for uid, card in sorted(self.tags.items())},
        }

    @staticmethod
    def from_dict(data: dict) -> DeckProfile:
        deck = DECKS[data.get("deck", STANDARD.name)]
        profile = DeckProfile(data["name"], deck)
        for uid, text in data["tags"].items():
            profile.pair(deck.parse(text), bytes.fromhex(uid))
        return profile

    def save(self, path: Path) -> None:
        """Write atomically: a power cut leaves the old file or the new one."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".tmp")
        with open(temp, "w", encoding="utf-8") as out:
            json.dump(self.to_dict(), out, indent=1)
            out.flush()
            os.fsync(out.fileno())
        temp.replace(path)

    @staticmethod
    def load(path: Path) -> DeckProfile:
        """Read a profile; RuleError (never a traceback) for a damaged file."""
        try:
            return DeckProfile.from_dict(json.loads(_text(path)))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            raise RuleError(f"deck profile {path}: {error}") from None

    @staticmethod
    def salvage(path: Path) -> tuple[DeckProfile | None, list[str]]:
        """What can still be used of a profile file, and one line per thing left out.

        A file that is not a profile at all gives None; a bad tag (not hex, a
        card that is not in the deck, a tag or card that is there twice) is
        left out and the rest kept, so the cards still paired go on working and
        pairing the deck again asks only for the others."""
        try:
            data = json.loads(_text(path), object_pairs_hook=_Pairs)
        except (OSError, ValueError, RecursionError) as error:
            return None, [f"deck profile {path}: cannot be read ({_short(error)})"]
        if not isinstance(data, _Pairs):
            return None, [f"deck profile {path}: not a JSON object"]
        fields = dict(data)
        deck_name = fields.get("deck", STANDARD.name)
        deck = DECKS.get(deck_name) if isinstance(deck_name, str) else None
        if deck is None:
            return None, [f"deck profile {path}: unknown deck {_short(fields.get('deck'))}"]
        if not isinstance(fields.get("tags"), _Pairs):
            return None, [f"deck profile {path}: no tags table"]
        name = fields.get("name")
        profile = DeckProfile(name if isinstance(name, str) and name else path.stem, deck)
        problems = []
        for uid, text in fields["tags"]:
            try:
                profile.pair(_card(deck, text), _uid(uid))
            except RuleError as error:
                problems.append(f"deck profile {path}: tag {_short(uid)}: {error}, left out")
        return profile, problems


class _Pairs(list):
    """A JSON object as read, keys in order and twice if written twice."""


def _uid(text: str) -> bytes:
    """A tag's UID as hex digits (RFID UIDs are 4, 7 or 10 bytes)."""
    try:
        uid = bytes.fromhex(text)
    except ValueError:
        raise RuleError("not hex digits") from None
    if not 1 <= len(uid) <= 16:
        raise RuleError("a tag UID has 1 to 16 bytes")
    return uid


def _card(deck: Deck, text) -> Card:
    if not isinstance(text, str):
        raise RuleError(f"{_short(text)} is not a card")
    return deck.parse(text)


def _short(value, limit: int = 40) -> str:
    """A value from a file, safe for one line of a log: escaped, and cut short."""
    text = ascii(value) if not isinstance(value, BaseException) else ascii(str(value))[1:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."


def deck_notice(name: str, profile: DeckProfile | None, problems: list[str]) -> Message | None:
    """What the screen says about a damaged profile (the log has the details)."""
    if profile is None:
        return msg("deck profile {name} cannot be read; pair the deck again in Settings", name=name)
    if problems:
        count = len(problems)
        return msg(
            "deck profile {name}: bad tags left out: {count}; pair the deck again in Settings",
            name=name,
            count=count,
        )
    return None


class Pairing:
    """'Pair a deck': the cards are asked for in deck order, spades ace first."""

    def __init__(self, profile: DeckProfile):
        self.profile = profile

    @property
    def next_card(self) -> Card | None:
        """The card to put on the scanner now, or None when all are paired."""
        order = sorted(self.profile.deck.cards, key=lambda c: (-c.suit.order, -c.rank))
        return next((c for c in order if self.profile.tag_of(c) is None), None)

    @property
    def progress(self) -> tuple[int, int]:
        return self.profile.progress

    def offer(self, uid: bytes) -> Card:
        """The scanner saw `uid` while `next_card` was asked for: pair them."""
        card = self.next_card
        if card is None:
            raise PairingError(msg("every card of this deck is paired"))
        self.profile.pair(card, uid)
        return card
