"""The aBRIDGEd score sheet (seed 001): four hands, two teams, one team scores
per hand by the chart (chart.json); the higher total wins after four hands,
and equal totals go to the team that won three hands, then to the team that
won the fourth hand.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from device.engine.errors import RuleError
from device.engine.message import msg
from device.engine.scoring.sheet import BELOW, Sheet, SheetLine, check_side

from .scoring import score_abridged

HANDS = 4  # a game: each player deals once
DECLARATIONS = ("Play", "Ten", "Seven")


@dataclass(frozen=True, slots=True)
class AbridgedOutcome:
    """What a hand gives the sheet: the declaration, the declaring team, its tricks."""

    declaration: str  # "Play" (round one), "Ten" or "Seven" (round two)
    declarer: int  # the declaring team, 0 or 1
    tricks: int  # tricks won by the declaring team
    dealer: int = 0  # the dealer's team

    def __post_init__(self):
        if self.declaration not in DECLARATIONS:
            raise RuleError(f"{self.declaration!r} is not a declaration (Play, Ten, Seven)")
        check_side(self.declarer, "declarer")
        check_side(self.dealer, "dealer")

    @property
    def made(self) -> bool:
        return score_abridged(self.declaration, self.tricks)[0] > 0

    @property
    def contract(self) -> None:
        """No bridge contract: aBRIDGEd declares instead."""
        return None


@dataclass(frozen=True, slots=True)
class AbridgedSheet(Sheet):
    """`AbridgedSheet()` is empty; add() returns the sheet after one more hand."""

    _: KW_ONLY
    lines: tuple[SheetLine, ...] = field(default=(), repr=False)
    deals: int = 0  # hands scored
    won: tuple[int, ...] = ()  # the team that scored in each hand
    finished: bool = False
    written: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)  # no games in aBRIDGEd (the sheets' common fields)
    game_lines: tuple[int, ...] = ()

    _over = msg("the game of four hands is over")

    def add(self, outcome: AbridgedOutcome) -> AbridgedSheet:
        self._check_open()
        declarers, others = score_abridged(outcome.declaration, outcome.tricks)
        made = declarers > 0
        side = outcome.declarer if made else 1 - outcome.declarer
        deal = self.deals + 1
        line = SheetLine(deal, side, BELOW, declarers or others, "made" if made else "failed", 0)
        return self._write((line,), deals=deal, won=(*self.won, side), finished=deal == HANDS)

    def vulnerable(self, side: int, dealer: int = 0) -> bool:
        """Nobody is ever vulnerable in aBRIDGEd."""
        return False

    @property
    def winner(self) -> int | None:
        """None until the fourth hand; then the higher total, else the team that won
        three hands, else the team that won the fourth."""
        if not self.finished:
            return None
        first, second = self.totals()
        if first != second:
            return 0 if first > second else 1
        for side in (0, 1):
            if self.won.count(side) >= 3:
                return side
        return self.won[-1]
