"""Chicago scoring (seed 004): exactly four deals that count, fixed vulnerability.

A game bonus is written on the deal where a game is made or completed;
part-scores carry toward game until any game wipes them (both sides'); a
part-score on the last deal that does not complete a game earns its own
bonus. There is no rubber bonus and nothing for an unfinished Chicago.
Numbers and the vulnerability schedule come from chart.json, beside this module.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from device.engine.errors import RuleError
from device.engine.message import msg
from device.engine.scoring import by_vulnerability, chart
from device.engine.scoring.contract import score_contract
from device.engine.scoring.sheet import (
    ABOVE,
    DealOutcome,
    Sheet,
    SheetLine,
    check_side,
    contract_lines,
    plus,
)

_CHART = chart("chart", __package__)


@dataclass(frozen=True, slots=True)
class ChicagoSheet(Sheet):
    """A Chicago's score sheet. `ChicagoSheet()` is empty; add() returns the next sheet."""

    switched: bool = False  # deals 2 and 3: the dealer's opponents are vulnerable
    honours: bool = True  # honours are scored
    _: KW_ONLY
    lines: tuple[SheetLine, ...] = field(default=(), repr=False)
    deals: int = 0  # every deal added, passed-out ones included
    counted: int = 0  # deals that count toward the four
    games: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)  # part-scores still carrying toward game
    game_lines: tuple[int, ...] = ()  # deals after which a game line was drawn
    finished: bool = False
    written: tuple[int, int] = (0, 0)  # sum of `lines` for each side

    _over = msg("the Chicago is over")
    deal_chart = _CHART["deals"]  # the screen's sheet is a chart of the four deals

    def vulnerable(self, side: int, dealer: int = 0) -> bool:
        """Whether `side` is vulnerable on the next counted deal, dealt by `dealer`'s side."""
        check_side(side)
        check_side(dealer, "dealer")
        self._check_open()
        schedule = _CHART["vulnerability"]["switched" if self.switched else "standard"]
        who = schedule[self.counted]
        return (
            who == "both"
            or (who == "dealer" and side == dealer)
            or (who == "non-dealer" and side != dealer)
        )

    def add(self, outcome: DealOutcome) -> ChicagoSheet:
        """The sheet after one more deal; a passed-out deal is redealt and does not count."""
        self._check_open()
        deal = self.deals + 1
        if outcome.contract is None:
            return self._write((), deals=deal)
        side = outcome.declarer
        vulnerable = self.vulnerable(side, outcome.dealer)
        score = score_contract(outcome.contract, outcome.tricks, vulnerable)
        game = len(self.game_lines)
        lines = contract_lines(deal, game, outcome, score, self.honours)
        counted = self.counted + 1
        changes = {"deals": deal, "counted": counted, "finished": counted == _CHART["deals"]}
        below = plus(self.below, side, score.trick_points)

        if below[side] >= _CHART["game"]:
            # Made or completed a game: its bonus, and every part-score stops counting.
            points = by_vulnerability(_CHART["game_bonus"], vulnerable)
            lines += (SheetLine(deal, side, ABOVE, points, "game-bonus", game),)
            changes["games"] = plus(self.games, side, 1)
            changes["game_lines"] = (*self.game_lines, deal)
            return self._write(lines, below=(0, 0), **changes)
        bonus = _CHART["part_score_bonus"]
        if score.trick_points and counted in bonus["deals"]:
            lines += (SheetLine(deal, side, ABOVE, bonus["points"], "part-score-bonus", game),)
        return self._write(lines, below=below, **changes)

    @property
    def winner(self) -> int | None:
        """None until the fourth deal; then the side with more points (None on a tie)."""
        if not self.finished:
            return None
        first, second = self.totals()
        if first == second:
            return None
        return 0 if first > second else 1


def vulnerable_alone(deal: int, vulnerable: bool) -> bool:
    """The declarer's vulnerability on a Chicago deal scored alone: fixed by the
    schedule on the deals where everybody has the same (deal 1 none, deal 4 both),
    else `vulnerable` (deals 2 and 3 depend on whether the declarer sits on the
    dealer's side). A deal out of 1 to 4, or a `vulnerable` that contradicts the
    schedule, is refused."""
    _check_deal(deal)
    fixed = {_CHART["vulnerability"][k][deal - 1] for k in ("standard", "switched")}
    if fixed == {"none"}:
        if vulnerable:
            raise RuleError(f"nobody is vulnerable on Chicago deal {deal}")
        return False
    return True if fixed == {"both"} else vulnerable


def bonus_alone(trick_points: int, vulnerable: bool, deal: int) -> int:
    """The bonus a deal scored alone earns: the game bonus when the contract alone
    is a game, or the part-score bonus on the deal that earns one (part-scores
    carried from earlier deals are a sheet's business)."""
    _check_deal(deal)
    if trick_points >= _CHART["game"]:
        return by_vulnerability(_CHART["game_bonus"], vulnerable)
    if trick_points and deal in _CHART["part_score_bonus"]["deals"]:
        return _CHART["part_score_bonus"]["points"]
    return 0


def _check_deal(deal: int) -> None:
    if not isinstance(deal, int) or not 1 <= deal <= _CHART["deals"]:
        raise RuleError(f"a Chicago deal is numbered 1 to {_CHART['deals']}, not {deal}")
