"""Three hands, tricks of three cards (Exposed Dummy: the declarer's hand and the
shared dummy against one hand): the table and the costly cards by multi.py."""

from __future__ import annotations

from .facts import DealFacts
from .multi import MultiSearcher
from .own_search import OwnSearch, masks, trump_of
from .par import STRAINS
from .results import Cell


class ThreeHands(OwnSearch):
    engine = "three-hand search"

    def __init__(self, facts: DealFacts):
        super().__init__(facts)
        self.hands = tuple(tuple(masks(hand)) for hand in facts.hands)
        self.trumpless: dict[tuple, dict] = {}  # per sides: positions with no trump left

    def searcher(self, strain: str, sides: tuple[int, ...], declarer: int) -> MultiSearcher:
        """The search for `strain` with the declaring side as side 0."""
        mine = tuple(0 if side == sides[declarer] else 1 for side in sides)
        key = (strain, mine)
        if key not in self.searchers:
            plain = self.trumpless.setdefault(mine, {})  # shared by the strains
            self.searchers[key] = MultiSearcher(trump_of(strain), mine, plain)
        return self.searchers[key]

    def _sides(self, index: int) -> tuple[int, ...]:
        given = self.facts.declarer_sides
        return given[index] if given else self.facts.sides

    def table(self, progress=None) -> list[Cell]:
        cells = []
        for strain in STRAINS:  # (the shared dummy changes sides with the declarer, so
            # one declarer's tricks say little about the other's: no guess between them)
            for index, (declarer, leader) in enumerate(self.facts.declarers):
                search = self.searcher(strain, self._sides(index), declarer)
                taken = search.tricks(self.hands, leader)
                if (strain, declarer) != (self.facts.strain, self.facts.declarer):
                    search.clear()  # memory: only the contract's goes on to the play
                cells.append(Cell(strain, declarer, leader, taken))
                self._step(progress)
        facts = self.facts
        keep = self.searcher(facts.strain, facts.sides, facts.declarer).trumpless
        for plain in self.trumpless.values():
            if plain is not keep:
                plain.clear()  # memory, as above
        return cells

    def _play_search(self) -> MultiSearcher:
        facts = self.facts
        return self.searcher(facts.strain, facts.sides, facts.declarer)

    @staticmethod
    def _trick_winner(search: MultiSearcher, trick) -> int:
        return search._best(trick)[0]

    @staticmethod
    def _value(search, rest, leader: int, current, won: int, near: int | None) -> int:
        """Side 0's tricks: `won` and the rest; `near`: the value just before, a guess."""
        hands = tuple(tuple(hand) for hand in rest)
        guess = None if near is None else near - won
        return won + search.tricks_in_trick(hands, leader, current, guess)
