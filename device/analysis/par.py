"""The par contract of a deal from its double-dummy tricks, under rubber scoring.

Par is where an auction between two sides that both see every card ends:
each side may pass or bid higher, a contract that fails is doubled (by the
other side, who gains from it) and one that makes is not. At two there are
two sides of one player each; at four two partnerships, each playing a strain
from its better declarer. The auction is searched to its end from the side
that speaks first (pass on a tie), so par is exact, sacrifices included.

A contract is worth what rubber scoring writes for it on this deal, from the
sheet as it stood: trick points, overtricks, slam and insult bonuses, or the
undertricks at the deal's vulnerability; and a contract that completes a game
(with the declaring side's part-score below the line) is worth 300 more not
vulnerable and 500 vulnerable, the value a game is given when a rubber is cut
short (and Chicago's game bonus). Honours are left out: they go to whoever
holds them, whatever the contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.engine.calls import Contract
from device.engine.scoring.contract import score_contract

STRAINS = ("C", "D", "H", "S", "NT")
GAME = 100
GAME_WORTH = (300, 500)  # not vulnerable, vulnerable


@dataclass(frozen=True)
class Par:
    contract: str | None  # "4S", "5DX" (a doubled sacrifice); None when all pass
    declarer: int | None  # the declaring side
    tricks: int  # the declaring side's double-dummy tricks in it
    score: int  # the declaring side's points (negative: a sacrifice)


def worth(contract: Contract, tricks: int, vulnerable: bool, below: int) -> int:
    """The declaring side's points for `contract` with `tricks` (negative when it fails)."""
    score = score_contract(contract, tricks, vulnerable)
    if not score.made:
        return -score.undertricks
    game = GAME_WORTH[vulnerable] if below + score.trick_points >= GAME else 0
    return score.trick_points + score.declarer_above + game


def par(
    tricks: dict[tuple[int, str], int],
    vulnerable: tuple[bool, bool],
    below: tuple[int, int] = (0, 0),
    first: int = 0,
) -> Par:
    """Par from `tricks[(side, strain)]`, each side's best double-dummy tricks."""
    bids = [Contract.parse(f"{level}{strain}") for level in range(1, 8) for strain in STRAINS]

    def value(index: int, side: int) -> tuple[int, Contract]:
        """Side 0's points when `side` plays bid `index`, doubled if it fails."""
        bid = bids[index]
        taken = tricks[(side, bid.strain.letter)]
        if taken < bid.level + 6:
            bid = Contract.parse(f"{bid}X")
        points = worth(bid, taken, vulnerable[side], below[side])
        return (points if side == 0 else -points), bid

    def better(side: int, a: int, b: int) -> bool:
        return a > b if side == 0 else a < b

    # best[i][d]: side 0's points once side d bid i and the other side is to call;
    # ahead[d]: the best bid for side d above the one being looked at (points, index).
    best = [[0, 0] for _ in bids]
    ahead: list[tuple[int, int] | None] = [None, None]
    for index in range(len(bids) - 1, -1, -1):
        for side in (0, 1):
            other = 1 - side
            points, _ = value(index, side)
            over = ahead[other]
            best[index][side] = over[0] if over and better(other, over[0], points) else points
        for side in (0, 1):
            if ahead[side] is None or not better(side, ahead[side][0], best[index][side]):
                ahead[side] = (best[index][side], index)
    return _line(bids, best, value, better, first, tricks)


def _line(bids, best, value, better, first: int, tricks) -> Par:
    """Follow the auction's best line to the contract it ends in."""

    def opening(side: int) -> tuple[int, int | None]:
        top = None
        for index in range(len(bids)):
            if top is None or better(side, best[index][side], top[0]):
                top = (best[index][side], index)
        return top

    second = 1 - first
    answer = opening(second)
    after_pass = (answer[0], answer[1], second) if better(second, answer[0], 0) else (0, None, None)
    lead = opening(first)
    if better(first, lead[0], after_pass[0]):
        index, side = lead[1], first
    else:
        index, side = after_pass[1], after_pass[2]
    if index is None:
        return Par(None, None, 0, 0)
    while True:  # the other side outbids while that is better for it
        other = 1 - side
        points, _ = value(index, side)
        if best[index][side] == points:
            break
        index = next(i for i in range(index + 1, len(bids)) if best[i][other] == best[index][side])
        side = other
    points, bid = value(index, side)
    taken = tricks[(side, bid.strain.letter)]
    return Par(str(bid), side, taken, points if side == 0 else -points)
