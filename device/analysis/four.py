"""Four hands of 13 through endplay (DDS): the table and the costly cards.

endplay is an optional extra (`pip install '.[analysis]'`), imported here only
(its parts a review uses: endplay_parts.py): without it a four-hand deal is not
reviewed, and the review says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .endplay_parts import part
from .par import STRAINS
from .results import Cell, Costly, NotReviewed, costs

if TYPE_CHECKING:
    from .facts import DealFacts

# endplay's Denom and Player enums by our strain letters and hand numbers (N E S W).
DENOMS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "nt"}
PLAYERS = ("north", "east", "south", "west")


def _endplay():
    dds, types = part("dds"), part("types")
    if dds is None or types is None:
        raise NotReviewed("endplay")
    return dds, types


def pbn(hands) -> str:
    """The deal in PBN: "N:AK.QJ.T9.8765 ..." (spades first in each hand)."""
    out = []
    for cards in hands:
        by_suit = {s: [] for s in "SHDC"}
        for text in cards:
            by_suit[text[0]].append(text[1])
        order = "AKQJT98765432"
        out.append(".".join("".join(sorted(by_suit[s], key=order.index)) for s in "SHDC"))
    return "N:" + " ".join(out)


class FourHands:
    engine = "endplay"
    nodes = 0

    def __init__(self, facts: DealFacts):
        self.dds, self.types = _endplay()
        self.facts = facts
        self.text = pbn(facts.hands)

    def _deal(self, strain: str, first: int):
        deal = self.types.Deal(self.text)
        deal.trump = getattr(self.types.Denom, DENOMS[strain])
        deal.first = getattr(self.types.Player, PLAYERS[first])
        return deal

    def table(self, progress=None) -> list:
        types = self.types
        table = self.dds.calc_dd_table(self.types.Deal(self.text))
        cells = []
        for strain in STRAINS:
            denom = getattr(types.Denom, DENOMS[strain])
            for declarer, leader in self.facts.declarers:
                if leader == (declarer + 1) % 4:  # DDS's own leader: the declarer's left
                    tricks = table[denom, getattr(types.Player, PLAYERS[declarer])]
                else:
                    tricks = list(self.dds.analyse_play(self._deal(strain, leader), []))[0]
                cells.append(Cell(strain, declarer, leader, tricks))
        if progress is not None:
            progress(1, 2)
        return cells

    def costly(self, progress=None) -> list:
        """Each card after which its side's double-dummy tricks went down. endplay
        counts for the side not on lead, the tricks won included; a revoke (a card
        that does not follow suit) stops it, and the cards after it are not looked at."""
        facts = self.facts
        if not facts.played:
            return []
        side = facts.sides[facts.declarer]
        leader = facts.played[0][0]
        cards = [
            (n, (first + i) % 4, c)
            for n, (first, trick) in enumerate(facts.played, 1)
            for i, c in enumerate(trick)
        ]
        try:
            values = list(
                self.dds.analyse_play(self._deal(facts.strain, leader), [c for *_, c in cards])
            )
        except Exception:  # noqa: BLE001 - DDS refuses a play that did not follow suit
            values = []
        flip = facts.sides[leader] == side  # DDS counted for the other side
        total = len(facts.hands[0])
        values = [total - v if flip else v for v in values]
        found = []
        for (number, hand, card), before, after in zip(cards, values, values[1:], strict=False):
            if costs(facts.sides[hand] == side, before, after):
                found.append(Costly(number, hand, card, before, after))
        if progress is not None:
            progress(2, 2)
        return found
