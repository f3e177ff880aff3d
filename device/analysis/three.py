"""Three hands, tricks of three cards (Exposed Dummy: the declarer's hand and the
shared dummy against one hand): the table and the costly cards by multi.py."""

from __future__ import annotations

from .facts import DealFacts, card_index
from .multi import MultiSearcher
from .par import STRAINS


class ThreeHands:
    engine = "three-hand search"

    def __init__(self, facts: DealFacts):
        from .review import masks, trump_of

        self.facts = facts
        self.hands = tuple(tuple(masks(hand)) for hand in facts.hands)
        self.trump_of = trump_of
        self.searchers: dict[tuple, MultiSearcher] = {}
        cards = sum(len(cards) for _, cards in facts.played)
        self.steps = len(STRAINS) * len(facts.declarers) + cards + 1
        self.done = 0

    @property
    def nodes(self) -> int:
        return sum(s.searched for s in self.searchers.values())

    def searcher(self, strain: str, sides: tuple[int, ...], declarer: int) -> MultiSearcher:
        """The search for `strain` with the declaring side as side 0."""
        mine = tuple(0 if side == sides[declarer] else 1 for side in sides)
        key = (strain, mine)
        if key not in self.searchers:
            self.searchers[key] = MultiSearcher(self.trump_of(strain), mine)
        return self.searchers[key]

    def _step(self, progress) -> None:
        self.done += 1
        if progress is not None:
            progress(self.done, self.steps)

    def _sides(self, index: int) -> tuple[int, ...]:
        given = self.facts.declarer_sides
        return given[index] if given else self.facts.sides

    def table(self, progress=None) -> list:
        from .review import Cell

        cells = []
        for strain in STRAINS:  # (the shared dummy changes sides with the declarer, so
            # one declarer's tricks say little about the other's: no guess between them)
            for index, (declarer, leader) in enumerate(self.facts.declarers):
                search = self.searcher(strain, self._sides(index), declarer)
                taken = search.tricks(self.hands, leader)
                if (strain, declarer) != (self.facts.strain, self.facts.declarer):
                    search.table.clear()  # memory: only the contract's goes on to the play
                cells.append(Cell(strain, declarer, leader, taken))
                self._step(progress)
        return cells

    def costly(self, progress=None) -> list:
        """Each card after which its side's double-dummy tricks went down."""
        from .review import Costly

        facts = self.facts
        search = self.searcher(facts.strain, facts.sides, facts.declarer)
        side = facts.sides[facts.declarer]
        rest = [list(hand) for hand in self.hands]
        count = len(rest)
        won, current = 0, []
        leader = facts.played[0][0] if facts.played else 0
        before = self._value(search, rest, leader, current, won, None)
        self._step(progress)
        found = []
        for number, (first, cards) in enumerate(facts.played, 1):
            leader = first
            for i, text in enumerate(cards):
                hand = (first + i) % count
                suit, rank = card_index(text)
                rest[hand][suit] &= ~(1 << rank)
                current.append((hand, suit, rank))
                if len(current) == count:
                    leader = search._best(current)[0]
                    won += facts.sides[leader] == side
                    current = []
                after = self._value(search, rest, leader, current, won, before)
                self._step(progress)
                if (after < before) if facts.sides[hand] == side else (after > before):
                    found.append(Costly(number, hand, text, before, after))
                before = after
        return found

    @staticmethod
    def _value(search, rest, leader: int, current, won: int, near: int | None) -> int:
        """Side 0's tricks: `won` and the rest; `near`: the value just before, a guess."""
        hands = tuple(tuple(hand) for hand in rest)
        guess = None if near is None else near - won
        return won + search.tricks_in_trick(hands, leader, current, guess)
