"""One deal scored on its own, for the CLI and for showing a result before it is
written to a sheet. Honours are not included (they depend on the hands).
"""

from __future__ import annotations

from ..calls import Contract
from ..errors import RuleError
from ._charts import by_vulnerability, chart
from .contract import score_contract

SCORINGS = ("rubber", "chicago")


def score_alone(
    contract: Contract, tricks: int, vulnerable: bool, scoring: str = "rubber", deal: int = 1
) -> dict:
    """{"declarer": {"below", "above"}, "defenders": {"below", "above"}} for one deal.

    Chicago adds the game bonus when the contract alone is a game, or the
    part-score bonus on the deal that earns one (part-scores carried from
    earlier deals are a sheet's business, not this function's). Its
    vulnerability is the schedule's where it is fixed (chicago_vulnerable).
    """
    if scoring not in SCORINGS:
        raise RuleError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
    if scoring == "chicago":
        vulnerable = chicago_vulnerable(deal, vulnerable)
    score = score_contract(contract, tricks, vulnerable)
    above = score.declarer_above
    if scoring == "chicago":
        above += _chicago_bonus(score.trick_points, vulnerable, deal)
    return {
        "declarer": {"below": score.trick_points, "above": above},
        "defenders": {"below": 0, "above": score.undertricks},
    }


def chicago_vulnerable(deal: int, vulnerable: bool) -> bool:
    """The declarer's vulnerability on a Chicago deal: fixed by the schedule on the
    deals where everybody has the same (deal 1 none, deal 4 both), else `vulnerable`
    (deals 2 and 3 depend on whether the declarer sits on the dealer's side).
    A `vulnerable` that contradicts the schedule is refused."""
    rules = chart("chicago")
    if not isinstance(deal, int) or not 1 <= deal <= rules["deals"]:
        raise RuleError(f"a Chicago deal is numbered 1 to {rules['deals']}, not {deal}")
    fixed = {rules["vulnerability"][k][deal - 1] for k in ("standard", "switched")}
    if fixed == {"none"}:
        if vulnerable:
            raise RuleError(f"nobody is vulnerable on Chicago deal {deal}")
        return False
    return True if fixed == {"both"} else vulnerable


def _chicago_bonus(trick_points: int, vulnerable: bool, deal: int) -> int:
    rules = chart("chicago")
    if not isinstance(deal, int) or not 1 <= deal <= rules["deals"]:
        raise RuleError(f"a Chicago deal is numbered 1 to {rules['deals']}, not {deal}")
    if trick_points >= rules["game"]:
        return by_vulnerability(rules["game_bonus"], vulnerable)
    if trick_points and deal in rules["part_score_bonus"]["deals"]:
        return rules["part_score_bonus"]["points"]
    return 0
