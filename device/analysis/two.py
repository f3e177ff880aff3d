"""Two hands, tricks of two cards: the table and the costly cards by solver.py."""

from __future__ import annotations

from .facts import DealFacts, card_index
from .par import STRAINS
from .solver import Searcher, encode


class TwoHands:
    engine = "two-hand search"

    def __init__(self, facts: DealFacts):
        from .review import masks, trump_of

        self.facts = facts
        self.masks = [masks(hand) for hand in facts.hands]
        self.trump_of = trump_of
        self.searchers: dict[str, Searcher] = {}
        cards = sum(len(cards) for _, cards in facts.played)
        self.steps = len(STRAINS) * len(facts.declarers) + cards + 1
        self.done = 0

    @property
    def nodes(self) -> int:
        return sum(s.searched for s in self.searchers.values())

    def searcher(self, strain: str) -> Searcher:
        if strain not in self.searchers:
            self.searchers[strain] = Searcher(self.trump_of(strain))
        return self.searchers[strain]

    def _step(self, progress) -> None:
        self.done += 1
        if progress is not None:
            progress(self.done, self.steps)

    def table(self, progress=None) -> list:
        from .review import Cell

        cells = []
        size = len(self.facts.hands[0])
        for strain in STRAINS:
            search = self.searcher(strain)
            guess = None  # the other hand on lead: near the tricks the first one leaves
            for declarer, leader in self.facts.declarers:
                codes = encode(self.masks[leader], self.masks[1 - leader])
                taken = search.tricks(codes, guess)
                guess = size - taken
                cells.append(Cell(strain, declarer, leader, size - taken))
                self._step(progress)
        return cells

    def costly(self, progress=None) -> list:
        """Each card after which its side's double-dummy tricks went down."""
        from .review import Costly

        facts = self.facts
        side = facts.sides[facts.declarer]
        search = self.searcher(facts.strain)
        trump = search.trump
        rest = [list(m) for m in self.masks]
        won, current, leader = 0, [], facts.played[0][0] if facts.played else 0
        before = self._value(search, rest, leader, current, won, side)
        self._step(progress)
        found = []
        for number, (first, cards) in enumerate(facts.played, 1):
            leader = first
            for i, text in enumerate(cards):
                hand = (first + i) % 2
                suit, rank = card_index(text)
                rest[hand][suit] &= ~(1 << rank)
                current.append((hand, suit, rank))
                if len(current) == 2:
                    leader = _winner(current, trump)
                    won += facts.sides[leader] == side
                    current = []
                after = self._value(search, rest, leader, current, won, side)
                self._step(progress)
                if (after < before) if facts.sides[hand] == side else (after > before):
                    found.append(Costly(number, hand, text, before, after))
                before = after
        return found

    def _value(self, search, rest, leader, current, won: int, side: int) -> int:
        """The declaring side's tricks: `won` and the double-dummy rest, a trick
        perhaps half played (`current`: its led card)."""
        sides = self.facts.sides
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
            values.append(self._value(search, rest, winner, [], won + extra, side))
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
