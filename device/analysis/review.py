"""The review of a played deal: `analyse(facts) -> Review`.

Two hands (tricks of two cards) go to this package's own search (solver.py),
three (Exposed Dummy's tricks of three cards) to its general search (multi.py);
four hands to endplay (DDS), installed with `pip install '.[analysis]'` and
imported only when a four-hand deal is reviewed. The review gives:
- the double-dummy table: for each strain and each hand that may declare
  (with its opening leader), the declaring side's tricks;
- the par contract (par.py says how par is defined);
- the contract as played: its double-dummy tricks and the tricks taken;
- the costly cards: each card after which the side that played it can take
  fewer tricks than before (double dummy, counting the tricks already won).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from .facts import DealFacts, NotReviewed, card_index
from .par import STRAINS, Par, par
from .solver import NT

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

    def to_dict(self, facts: DealFacts) -> dict:
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


def analyse(facts: DealFacts, progress: Progress | None = None) -> Review:
    """The review of a deal; NotReviewed when its hands cannot be reviewed here."""
    if getattr(facts, "form", None) == "abridged":  # the coloured deck (abridged.py)
        from .abridged import analyse_abridged

        return analyse_abridged(facts, progress)
    start = time.perf_counter()
    if len(facts.hands) == 2:
        from .two import TwoHands

        worker = TwoHands(facts)
    elif len(facts.hands) == 3:
        from .three import ThreeHands

        worker = ThreeHands(facts)
    elif len(facts.hands) == 4:
        from .four import FourHands

        worker = FourHands(facts)
    else:
        raise NotReviewed("hands")
    table = worker.table(progress)
    sides = facts.sides
    best: dict[tuple[int, str], int] = {}
    for cell in table:
        key = (sides[cell.declarer], cell.strain)
        best[key] = max(best.get(key, 0), cell.tricks)
    dd = next(c.tricks for c in table if c.declarer == facts.declarer and c.strain == facts.strain)
    return Review(
        number=facts.number,
        table=tuple(table),
        par=par(best, facts.vulnerable, facts.below, facts.first),
        contract=facts.contract,
        declarer=facts.declarer,
        best=dd,
        won=facts.won,
        costly=tuple(worker.costly(progress)),
        engine=worker.engine,
        nodes=worker.nodes,
        seconds=time.perf_counter() - start,
    )


def costs(mine: bool, before: int, after: int) -> bool:
    """Whether a card cost its side a trick: the declaring side's double-dummy
    tricks went down after a card of that side (`mine`), up after the other's."""
    return after < before if mine else after > before


class OwnSearch:
    """What this package's own searches (two.py, three.py) share: the progress in
    steps (a table cell, a card), the positions searched, and the walk through
    the play for the costly cards. A subclass sets `hands` (each hand's rank masks
    by suit) and gives `_play_search()`, the search of the contract's strain,
    `_trick_winner(search, trick)`, the hand that wins a full trick of (hand,
    suit, rank), and `_value(search, rest, leader, current, won, near)`, the
    declaring side's tricks, `won` included, from the cards left (`rest`) with a
    trick perhaps begun (`current`); `near`: the value just before, or None."""

    def __init__(self, facts: DealFacts):
        self.facts = facts
        self.searchers: dict = {}
        cards = sum(len(cards) for _, cards in facts.played)
        self.steps = len(STRAINS) * len(facts.declarers) + cards + 1
        self.done = 0

    @property
    def nodes(self) -> int:
        return sum(s.searched for s in self.searchers.values())

    def _step(self, progress) -> None:
        self.done += 1
        if progress is not None:
            progress(self.done, self.steps)

    def costly(self, progress=None) -> list[Costly]:
        """Each card after which its side's double-dummy tricks went down."""
        facts = self.facts
        search = self._play_search()
        side = facts.sides[facts.declarer]
        rest = [list(hand) for hand in self.hands]
        won, current = 0, []
        leader = facts.played[0][0] if facts.played else 0
        before = self._value(search, rest, leader, current, won, None)
        self._step(progress)
        found = []
        for number, (first, cards) in enumerate(facts.played, 1):
            leader = first
            for i, text in enumerate(cards):
                hand = (first + i) % len(rest)
                suit, rank = card_index(text)
                rest[hand][suit] &= ~(1 << rank)
                current.append((hand, suit, rank))
                if len(current) == len(rest):
                    leader = self._trick_winner(search, current)
                    won += facts.sides[leader] == side
                    current = []
                after = self._value(search, rest, leader, current, won, before)
                self._step(progress)
                if costs(facts.sides[hand] == side, before, after):
                    found.append(Costly(number, hand, text, before, after))
                before = after
        return found


def trump_of(strain: str) -> int:
    return NT if strain == "NT" else "CDHS".index(strain)


def masks(cards) -> list[int]:
    """Rank masks per suit (bit r: rank r + 2) of card names."""
    out = [0, 0, 0, 0]
    for text in cards:
        suit, rank = card_index(text)
        out[suit] |= 1 << rank
    return out
