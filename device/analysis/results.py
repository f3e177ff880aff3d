"""What a review of a deal gives: its result types (the double-dummy table's cells,
the costly cards, the Review itself) and their JSON-ready forms, or NotReviewed.

Apart from review.py, which runs the searches, so that every search (two.py,
three.py, four.py, the aBRIDGEd review) builds its results without importing the
module that dispatches to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Protocol

from .par import Par


class Named(Protocol):
    """What a review's JSON needs of the deal's facts (facts.DealFacts): who sat where."""

    names: tuple[str, ...]  # each hand's name
    side_names: tuple[str, ...]  # each side's


class NotReviewed(Exception):
    """A deal the review cannot look at; the message is a locale key's last part."""


Progress = Callable[[int, int], None]  # (steps done, steps in all)


@dataclass(frozen=True)
class Cell:
    strain: str  # C D H S NT
    declarer: int  # the declaring hand
    leader: int  # its opening leader
    tricks: int  # the declaring side's double-dummy tricks


@dataclass(frozen=True)
class Costly:
    trick: int  # 1-based
    hand: int  # the hand that played it
    card: str
    before: int  # the declaring side's double-dummy tricks (won ones included) ...
    after: int  # ... before and after the card


@dataclass(frozen=True)
class Review:
    number: int  # the deal's number
    table: tuple[Cell, ...]
    par: Par
    contract: str
    declarer: int  # hand
    best: int  # the declaring side's double-dummy tricks in the contract, as dealt
    won: int | None  # the tricks it took
    costly: tuple[Costly, ...]
    engine: str  # "two-hand search", "three-hand search" or "endplay"
    nodes: int  # positions searched (0 for endplay)
    seconds: float

    def cell(self, strain: str, declarer: int) -> Cell | None:
        return next((c for c in self.table if c.strain == strain and c.declarer == declarer), None)

    def to_dict(self, facts: Named) -> dict:
        """The review as JSON-ready data, hands by name (docs/game-record.md)."""
        name = facts.names
        by = self.par.declarer
        return {
            "deal": self.number,
            "engine": self.engine,
            "table": table_dicts(self.table, name),
            "par": {
                "contract": self.par.contract,
                "declarer": None if by is None else facts.side_names[by],
                "tricks": self.par.tricks if self.par.contract else None,
                "score": self.par.score,
            },
            "contract": self.contract,
            **play_dict(self, name),
        }


def table_dicts(table, names) -> list[dict]:
    """A double-dummy table as JSON-ready data, hands by name."""
    return [
        {
            "strain": c.strain,
            "declarer": names[c.declarer],
            "leader": names[c.leader],
            "tricks": c.tricks,
        }
        for c in table
    ]


def play_dict(review, names) -> dict:
    """The play as a review (a Review or an aBRIDGEd one) saw it, as JSON-ready
    data: the declarer by name, its double-dummy and made tricks, the costly
    cards, and the search's size and time."""
    return {
        "declarer": names[review.declarer],
        "double_dummy": review.best,
        "made": review.won,
        "costly": [{**asdict(c), "hand": names[c.hand]} for c in review.costly],
        "nodes": review.nodes,
        "seconds": round(review.seconds, 3),
    }


def costs(mine: bool, before: int, after: int) -> bool:
    """Whether a card cost its side a trick: the declaring side's double-dummy
    tricks went down after a card of that side (`mine`), up after the other's."""
    return after < before if mine else after > before
