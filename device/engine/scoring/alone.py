"""One deal scored on its own, for the CLI and for showing a result before it is
written to a sheet. Honours are not included (they depend on the hands).
"""

from __future__ import annotations

from collections.abc import Callable

from ..calls import Contract
from .contract import score_contract


def score_alone(
    contract: Contract,
    tricks: int,
    vulnerable: bool,
    bonus: Callable[[int, bool], int] | None = None,
) -> dict:
    """{"declarer": {"below", "above"}, "defenders": {"below", "above"}} for one deal,
    scored as in a rubber; `bonus(trick_points, vulnerable)` adds what a form's way of
    scoring writes above the line besides (Chicago's game and part-score bonuses)."""
    score = score_contract(contract, tricks, vulnerable)
    above = score.declarer_above
    if bonus is not None:
        above += bonus(score.trick_points, vulnerable)
    return {
        "declarer": {"below": score.trick_points, "above": above},
        "defenders": {"below": 0, "above": score.undertricks},
    }
