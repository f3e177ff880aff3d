"""Three-player Honeymoon's score sheet (rules-reference section 5): each player alone.

A made contract is scored by the declarer as in rubber bridge (trick points
below the line, the rest above); a failed one gives each of the two
opponents the full undertrick penalty above the line. A player with a game
is vulnerable; the first to two games wins the rubber (+700 when neither
other player has a game, else +500). An unfinished rubber: the only player
with a game +300, the only part-score in the unfinished game +100. Sides are
the players' seats 0, 1 and 2. Numbers come from rubber.json and contract.json.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.message import msg
from device.engine.scoring import chart
from device.engine.scoring.contract import score_contract
from device.engine.scoring.rubber import rubber_bonus, unfinished_bonuses
from device.engine.scoring.sheet import (
    ABOVE,
    Sheet,
    SheetLine,
    check_outcome,
    contract_lines,
    plus,
)

_CHART = chart("rubber")
PLAYERS = 3
BOOK = 9  # 16 tricks less 7
TRICKS = 16
NOBODY = (0, 0, 0)


def _check_player(seat: object, what: str) -> None:
    if seat not in range(PLAYERS) or isinstance(seat, bool):
        raise RuleError(f"{what} must be player 0, 1 or 2, not {seat!r}")


@dataclass(frozen=True, slots=True)
class ThreeOutcome:
    """What a deal gives the three-player sheet: the contract, its declarer (a seat),
    the tricks the declarer won (0..16) and the honours each player held."""

    contract: Contract | None  # None: thrown in
    declarer: int | None
    tricks: int = 0
    honours: tuple[int, ...] = NOBODY
    dealer: int = 0

    def __post_init__(self):
        check_outcome(self, _check_player, TRICKS, PLAYERS, "player")


@dataclass(frozen=True, slots=True)
class ThreeSheet(Sheet):
    """The sheet of a three-player rubber. `ThreeSheet()` is empty; add() returns the next."""

    honours: bool = True
    _: KW_ONLY
    lines: tuple[SheetLine, ...] = field(default=(), repr=False)
    deals: int = 0
    games: tuple[int, ...] = NOBODY
    below: tuple[int, ...] = NOBODY  # trick points of the game in progress
    game_lines: tuple[int, ...] = ()
    finished: bool = False
    won_by: int | None = None
    written: tuple[int, ...] = NOBODY

    _over = msg("the rubber is over")

    def vulnerable(self, side: int, dealer: int = 0) -> bool:
        """A player who has won a game is vulnerable."""
        _check_player(side, "side")
        return self.games[side] > 0

    def add(self, outcome: ThreeOutcome) -> ThreeSheet:
        """The sheet after one more deal."""
        self._check_open()
        deal = self.deals + 1
        if outcome.contract is None:
            return self._write((), deals=deal)
        side = outcome.declarer
        score = score_contract(outcome.contract, outcome.tricks, self.vulnerable(side), BOOK)
        game = len(self.game_lines)
        lines = contract_lines(deal, game, outcome, score, self.honours, PLAYERS)
        below = plus(self.below, side, score.trick_points)
        if below[side] < _CHART["game"]:
            return self._write(lines, deals=deal, below=below)
        games = plus(self.games, side, 1)
        changes = {"deals": deal, "below": NOBODY, "games": games}
        changes["game_lines"] = (*self.game_lines, deal)
        if games[side] < _CHART["games_to_win"]:
            return self._write(lines, **changes)
        others = any(g for s, g in enumerate(games) if s != side)
        lines += (rubber_bonus(deal, side, game, others),)
        return self._write(lines, finished=True, won_by=side, **changes)

    def closing_lines(self) -> tuple[SheetLine, ...]:
        """An unfinished rubber: the only player with a game, the only part-score."""
        if self.finished:
            return ()
        game = len(self.game_lines)
        lines = []
        for counts, points, kind in unfinished_bonuses(self):
            having = [side for side, count in enumerate(counts) if count]
            if len(having) == 1:  # "the only" game or part-score
                lines.append(SheetLine(self.deals, having[0], ABOVE, points, kind, game))
        return tuple(lines)

    @property
    def winner(self) -> int | None:
        """None until finished; then the highest total, the rubber's winner on a tie."""
        if not self.finished:
            return None
        totals = self.totals()
        best = max(totals)
        if totals.count(best) > 1 and totals[self.won_by] == best:
            return self.won_by
        return totals.index(best)
