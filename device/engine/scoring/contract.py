"""The score of one contract, and honours held in one hand (rules-reference section 1).

Every number comes from contract.json. A ContractScore says only what the
deal is worth; where it is written (and game and rubber bonuses) is the
business of the sheets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..calls import Contract, Strain
from ..cards import Card
from ..errors import RuleError
from ..message import msg
from ._charts import by_vulnerability, chart

_CHART = chart("contract")
_DOUBLING = ("undoubled", "doubled", "redoubled")  # by Contract.doubled 0, 1, 2
_ACE = 14
_LOWEST_HONOUR = 10  # trump honours are A K Q J 10


@dataclass(frozen=True, slots=True)
class ContractScore:
    """One deal's points: the declarer's below and above the line, the defenders' above."""

    trick_points: int  # below the line for declarer, 0 when failed
    overtricks: int  # above, declarer
    insult: int  # above, declarer: for making a doubled or redoubled contract
    slam: int  # above, declarer: small or grand slam bid and made
    undertricks: int  # above, defenders

    @property
    def made(self) -> bool:
        # A failed contract always costs at least one undertrick, a made one never does.
        return self.undertricks == 0

    @property
    def declarer_above(self) -> int:
        return self.overtricks + self.insult + self.slam


def score_contract(
    contract: Contract, tricks: int, vulnerable: bool, book: int = 6
) -> ContractScore:
    """Score `contract` when the declaring side won `tricks` (0..book + 7) of the deal;
    the level counts above `book` (6 in bridge, 9 with three players' 16 tricks)."""
    if not isinstance(tricks, int) or not 0 <= tricks <= book + 7:
        raise RuleError(f"a deal has 0 to {book + 7} tricks, not {tricks}")
    doubling = _DOUBLING[contract.doubled]
    extra = tricks - contract.level - book
    if extra < 0:
        return ContractScore(0, 0, 0, 0, _undertricks(-extra, doubling, vulnerable))
    return ContractScore(
        trick_points=trick_points(contract),
        overtricks=extra * _overtrick_value(contract, vulnerable),
        insult=_CHART["insult"].get(doubling, 0),
        slam=_slam(contract.level, vulnerable),
        undertricks=0,
    )


def trick_points(contract: Contract) -> int:
    """What the contract is worth below the line when made (doubling included)."""
    later = _CHART["trick_value"][contract.strain.letter]
    first = _CHART["first_trick_value"].get(contract.strain.letter, later)
    factor = _CHART["doubling_factor"][_DOUBLING[contract.doubled]]
    return (first + (contract.level - 1) * later) * factor


def _overtrick_value(contract: Contract, vulnerable: bool) -> int:
    if contract.doubled == 0:
        return _CHART["trick_value"][contract.strain.letter]
    return by_vulnerability(_CHART["overtrick"][_DOUBLING[contract.doubled]], vulnerable)


def _slam(level: int, vulnerable: bool) -> int:
    for slam in _CHART["slam"].values():
        if slam["level"] == level:
            return by_vulnerability(slam, vulnerable)
    return 0


def _undertricks(down: int, doubling: str, vulnerable: bool) -> int:
    first, second_third, later = by_vulnerability(_CHART["undertricks"], vulnerable)[doubling]
    # Undertrick n costs `first` (n = 1), `second_third` (n = 2, 3) or `later` (n >= 4).
    return sum(first if n == 1 else second_third if n <= 3 else later for n in range(1, down + 1))


def honours_in_hand(cards: Iterable[Card], strain: Strain) -> int:
    """Honours held in one hand (a dummy counts): 0, 100 or 150. Standard deck only."""
    points = _CHART["honours"]
    held = set(cards)
    if any(card.suit.deck != "standard" for card in held):
        raise RuleError(msg("honours are scored with the standard deck only"))
    if strain is Strain.NOTRUMP:
        aces = sum(1 for card in held if card.rank == _ACE)
        return points["four_aces_at_notrump"] if aces == 4 else 0
    honours = sum(
        1 for card in held if card.suit.letter == strain.letter and card.rank >= _LOWEST_HONOUR
    )
    return {4: points["four_trump_honours"], 5: points["five_trump_honours"]}.get(honours, 0)
