"""Two hands, tricks of two cards: the table and the costly cards by solver.py."""

from __future__ import annotations

from .facts import DealFacts
from .own_search import OwnSearch, masks, trump_of
from .par import STRAINS
from .results import Cell
from .solver import Searcher, encode


class TwoHands(OwnSearch):
    engine = "two-hand search"

    def __init__(self, facts: DealFacts):
        super().__init__(facts)
        self.hands = [masks(hand) for hand in facts.hands]

    def searcher(self, strain: str) -> Searcher:
        if strain not in self.searchers:
            self.searchers[strain] = Searcher(trump_of(strain))
        return self.searchers[strain]

    def table(self, progress=None) -> list[Cell]:
        cells = []
        size = len(self.facts.hands[0])
        for strain in STRAINS:
            search = self.searcher(strain)
            guess = None  # the other hand on lead: near the tricks the first one leaves
            for declarer, leader in self.facts.declarers:
                codes = encode(self.hands[leader], self.hands[1 - leader])
                taken = search.tricks(codes, guess)
                guess = size - taken
                cells.append(Cell(strain, declarer, leader, size - taken))
                self._step(progress)
        return cells

    def _play_search(self) -> Searcher:
        return self.searcher(self.facts.strain)

    @staticmethod
    def _trick_winner(search: Searcher, trick) -> int:
        return _winner(trick, search.trump)

    def _value(self, search, rest, leader, current, won: int, near=None) -> int:
        """The declaring side's tricks: `won` and the double-dummy rest, a trick
        perhaps half played (`current`: its led card); `near` is of no use here."""
        sides = self.facts.sides
        side = sides[self.facts.declarer]
        if not current:
            taken = search.tricks(encode(rest[leader], rest[1 - leader]))
            size = sum(m.bit_count() for m in rest[leader])
            return won + (taken if sides[leader] == side else size - taken)
        hand, suit, rank = current[0]
        other = 1 - hand
        options = _follows(rest[other], suit)
        values = []
        for s2, r2 in options:
            rest[other][s2] &= ~(1 << r2)
            winner = _winner([(hand, suit, rank), (other, s2, r2)], search.trump)
            extra = sides[winner] == side
            values.append(self._value(search, rest, winner, [], won + extra))
            rest[other][s2] |= 1 << r2
        return max(values) if sides[other] == side else min(values)


def _follows(hand: list[int], suit: int) -> list[tuple[int, int]]:
    """The cards (suit, rank) a hand may play to a lead in `suit`."""
    suits = [suit] if hand[suit] else range(4)
    return [(s, r) for s in suits for r in range(13) if hand[s] >> r & 1]


def _winner(trick, trump: int) -> int:
    """The hand that wins a trick of (hand, suit, rank), the lead first."""
    best = trick[0]
    for card in trick[1:]:
        if card[1] == best[1]:
            if card[2] > best[2]:
                best = card
        elif card[1] == trump:
            best = card
    return best[0]
