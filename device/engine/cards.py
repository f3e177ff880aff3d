"""Cards and decks: small immutable values that parse and print their notation.

The standard deck prints PBN style ("SA", "HT", "C2"; "10" is read as T).
A form's package may bring a deck of its own and `register` it (aBRIDGEd's
four colours numbered 2..14, printed "R14", "Y2"); `DECKS` holds every deck by
name once the forms are imported (device.decks sees to that). Every card is
built once per deck and looked up by text, so parsing is a dict lookup and
cards compare by identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import NotationError, SetupError
from .message import msg


# eq=False: a suit and a card are built once per deck, so they compare and hash by
# identity (the C-level hash: the robots and the legal inputs hash cards millions of
# times); __reduce__ gives a pickled one back as the deck's own object.
@dataclass(frozen=True, slots=True, eq=False)
class Suit:
    """A suit (or a colour of a coloured deck). `order` ranks suits for bidding:
    C < D < H < S; a colour's `order` only sorts."""

    letter: str
    name: str
    order: int
    deck: str = field(default="", compare=False)  # the deck made of it names it (Deck)

    def __str__(self) -> str:
        return self.letter

    def __deepcopy__(self, memo) -> Suit:
        return self  # one object per deck: suits compare by identity, a copy keeps it

    def __reduce__(self):
        return (_suit, (self.deck, self.letter))


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card; `sort_key` sorts a hand by suit, then rank."""

    suit: Suit
    rank: int  # 2..14; 14 is the ace
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __deepcopy__(self, memo) -> Card:
        return self  # built once per deck and compared by identity: a copy keeps it

    def __reduce__(self):
        return (_card, (self.suit.deck, self.text))

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.suit.order, self.rank)

    @staticmethod
    def parse(text: str) -> Card:
        """A card of the standard deck from PBN notation."""
        return STANDARD.parse(text)


_STANDARD_RANKS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


class Deck:
    """A 52-card deck: its suits, its cards, how their names are written, and the pips
    a face shows beside its number (a coloured deck's hand strength; none by default)."""

    def __init__(self, name: str, suits: tuple[Suit, ...], rank_text, pips=None):
        self.name = name
        self.suits = suits
        self._pips = pips
        for suit in suits:  # a suit is built for one deck: it is that deck's
            object.__setattr__(suit, "deck", name)
        self._by_letter = {s.letter: s for s in suits}
        self.cards: tuple[Card, ...] = tuple(
            Card(s, r, s.letter + rank_text(r)) for s in suits for r in range(2, 15)
        )
        self._by_text = {c.text: c for c in self.cards}
        self._rank_text = rank_text

    def __repr__(self) -> str:
        return f"Deck({self.name})"

    def pips(self, card: Card) -> int:
        """The pips on the face of `card` (0 on a deck whose faces show none)."""
        return self._pips(card) if self._pips is not None else 0

    @property
    def letters(self) -> str:
        return "".join(s.letter for s in self.suits)

    def suit(self, letter: str) -> Suit:
        try:
            return self._by_letter[letter.upper()]
        except KeyError:
            raise NotationError(f"{letter!r} is not a suit of the {self.name} deck") from None

    def parse(self, text: str) -> Card:
        key = text.strip().upper()
        card = self._by_text.get(key)
        if card is None and self is STANDARD and key.endswith("10"):
            card = self._by_text.get(key[:-2] + "T")
        if card is None:
            raise NotationError(
                msg("{text} is not a card of the {deck} deck", text=repr(text), deck=self.name)
            )
        return card

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self._by_text.get(card.text) is card


CLUBS = Suit("C", "clubs", 0)
DIAMONDS = Suit("D", "diamonds", 1)
HEARTS = Suit("H", "hearts", 2)
SPADES = Suit("S", "spades", 3)

STANDARD = Deck(
    "standard",
    (SPADES, HEARTS, DIAMONDS, CLUBS),
    lambda r: _STANDARD_RANKS.get(r, str(r)),
)

DECKS: dict[str, Deck] = {STANDARD.name: STANDARD}


def register(deck: Deck) -> Deck:
    """Add a form's deck to DECKS; the deck already there under its name when one is.

    A deck is a physical thing any form may play with, known by its name (it pairs
    and stores by it), so a second package bringing the same deck gets the first's
    objects and cards keep comparing by identity. A different deck under a known name,
    or suit letters another deck uses (a card is found by its text alone), is refused."""
    known = DECKS.get(deck.name)
    if known is not None:
        if [c.text for c in known.cards] != [c.text for c in deck.cards]:
            raise SetupError(f"two different decks are called {deck.name!r}")
        return known
    for other in DECKS.values():
        if set(other.letters) & set(deck.letters):
            raise SetupError(f"the decks {other.name} and {deck.name} share suit letters")
    DECKS[deck.name] = deck
    return deck


def parse_cards(text: str, deck: Deck = STANDARD) -> list[Card]:
    """Several cards separated by spaces or commas: "SA HK, D2"."""
    return [deck.parse(t) for t in text.replace(",", " ").split()]


def _suit(deck: str, letter: str) -> Suit:
    """The deck's own suit: what a pickled suit unpickles to."""
    return DECKS[deck].suit(letter)


def _card(deck: str, text: str) -> Card:
    """The deck's own card: what a pickled card unpickles to."""
    return DECKS[deck].parse(text)
