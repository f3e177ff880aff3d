"""What this package's own searches (two.py, three.py) share: the walk through the
play for the costly cards, and the cards as rank masks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .par import STRAINS
from .results import Costly, costs
from .seen import card_index
from .solver import NT

if TYPE_CHECKING:
    from .facts import DealFacts


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
