"""Calls and contracts: bids, pass, double, redouble, as values that parse and print.

"1S", "3NT" (also "3N"), "P" or "Pass", "X", "XX". A contract is a bid with
its doubling: "4S", "3NTX", "6HXX". Every call is built once and looked up by
text, so the same call is always the same object.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import NotationError
from .message import msg


class Strain(Enum):
    """Bidding strains, ranked C < D < H < S < NT."""

    CLUBS = ("C", 0, 20)
    DIAMONDS = ("D", 1, 20)
    HEARTS = ("H", 2, 30)
    SPADES = ("S", 3, 30)
    NOTRUMP = ("NT", 4, 30)

    def __init__(self, letter: str, order: int, trick_value: int):
        self.letter = letter
        self.order = order
        # Value of each undoubled trick after the first (no trumps: 40 for the first).
        self.trick_value = trick_value

    def __str__(self) -> str:
        return self.letter

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @staticmethod
    def parse(text: str) -> Strain:
        key = text.strip().upper()
        if key == "N":
            key = "NT"
        for strain in Strain:
            if strain.letter == key:
                return strain
        raise NotationError(f"{text!r} is not a strain (C, D, H, S or NT)")


class Call:
    """A call in the auction. Subclasses: Bid, and the three singletons."""

    text: str

    is_bid = False

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Call({self.text})"

    def __deepcopy__(self, memo) -> Call:
        return self  # interned, and P, X, XX compare by identity: a copy keeps it

    @staticmethod
    def parse(text: str) -> Call:
        call = _CALLS.get(_normalise(text))
        if call is None:
            raise NotationError(msg("{text} is not a call (1C..7NT, P, X or XX)", text=repr(text)))
        return call


@dataclass(frozen=True, slots=True, repr=False)
class Bid(Call):
    level: int  # 1..7
    strain: Strain

    is_bid = True

    @property
    def text(self) -> str:  # type: ignore[override]
        return f"{self.level}{self.strain.letter}"

    @property
    def rank(self) -> int:
        """Position on the ladder 1C=0 .. 7NT=34: a bid must be higher than the last."""
        return (self.level - 1) * 5 + self.strain.order


class _Simple(Call):
    def __init__(self, text: str):
        self.text = text


PASS = _Simple("P")
DOUBLE = _Simple("X")
REDOUBLE = _Simple("XX")

BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)
ALL_CALLS: tuple[Call, ...] = (*BIDS, PASS, DOUBLE, REDOUBLE)

_CALLS: dict[str, Call] = {c.text: c for c in ALL_CALLS}
_CALLS.update({f"{b.level}N": b for b in BIDS if b.strain is Strain.NOTRUMP})
_CALLS.update({"PASS": PASS, "DBL": DOUBLE, "RDBL": REDOUBLE, "XX": REDOUBLE})


def _normalise(text: str) -> str:
    return text.strip().upper().replace(" ", "")


def bid(level: int, strain: Strain) -> Bid:
    """The interned bid for a level and a strain."""
    return BIDS[(level - 1) * 5 + strain.order]


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain and doubling (0 none, 1 doubled, 2 redoubled)."""

    level: int
    strain: Strain
    doubled: int = 0

    def __post_init__(self):
        if not 1 <= self.level <= 7:
            raise NotationError(f"contract level must be 1 to 7, not {self.level}")
        if self.doubled not in (0, 1, 2):
            raise NotationError("a contract is undoubled, doubled (X) or redoubled (XX)")

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{'X' * self.doubled}"

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def bid(self) -> Bid:
        return bid(self.level, self.strain)

    @staticmethod
    def parse(text: str) -> Contract:
        """Parse "4S", "3NTX", "6HXX" (also "3N" and lower case)."""
        key = _normalise(text)
        doubled = 0
        while key.endswith("X") and doubled < 2:
            key, doubled = key[:-1], doubled + 1
        call = _CALLS.get(key)
        if not isinstance(call, Bid) or key.endswith("X"):
            raise NotationError(f"{text!r} is not a contract (like 4S, 3NTX or 6HXX)")
        return Contract(call.level, call.strain, doubled)
