"""Rubber scoring (seeds 000 and 002, seed 004's variant), with the single-game option.

Trick points go below the line, everything else above. 100 below wins a
game; a line is drawn and both sides start again from zero below it. A side
with a game is vulnerable. The first side to two games wins the rubber and
its bonus. Numbers come from rubber.json.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from ..message import msg
from ._charts import chart
from .contract import score_contract
from .sheet import ABOVE, DealOutcome, Sheet, SheetLine, check_side, contract_lines, plus

_CHART = chart("rubber")


@dataclass(frozen=True, slots=True)
class RubberSheet(Sheet):
    """A rubber's score sheet. `RubberSheet()` is empty; add() returns the next sheet."""

    single_game: bool = False  # the first to a game wins; no rubber bonus
    honours: bool = True  # honours are scored
    _: KW_ONLY
    lines: tuple[SheetLine, ...] = field(default=(), repr=False)
    deals: int = 0
    games: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)  # trick points of the game in progress
    game_lines: tuple[int, ...] = ()  # deals after which a game line was drawn
    finished: bool = False
    won_by: int | None = None  # the side that won the rubber (or the single game)
    written: tuple[int, int] = (0, 0)  # sum of `lines` for each side

    _over = msg("the rubber is over")

    def vulnerable(self, side: int, dealer: int = 0) -> bool:
        """A side that has won a game is vulnerable; the dealer does not matter."""
        check_side(side)
        return self.games[side] > 0

    def add(self, outcome: DealOutcome) -> RubberSheet:
        """The sheet after one more deal."""
        self._check_open()
        deal = self.deals + 1
        if outcome.contract is None:  # thrown in: nothing to write, the next dealer deals
            return self._write((), deals=deal)
        side = outcome.declarer
        score = score_contract(outcome.contract, outcome.tricks, self.vulnerable(side))
        game = len(self.game_lines)
        lines = contract_lines(deal, game, outcome, score, self.honours)
        below = plus(self.below, side, score.trick_points)
        if below[side] < _CHART["game"]:
            return self._write(lines, deals=deal, below=below)

        # A game: draw the line; earlier part-scores stay in the totals only.
        games = plus(self.games, side, 1)
        changes = {"deals": deal, "below": (0, 0), "games": games}
        changes["game_lines"] = (*self.game_lines, deal)
        if self.single_game:
            return self._write(lines, finished=True, won_by=side, **changes)
        if games[side] < _CHART["games_to_win"]:
            return self._write(lines, **changes)
        lines += (rubber_bonus(deal, side, game, bool(games[1 - side])),)
        return self._write(lines, finished=True, won_by=side, **changes)

    def closing_lines(self) -> tuple[SheetLine, ...]:
        """The bonuses for an unfinished rubber: the only game, the only part-score."""
        if self.finished:
            return ()
        # "The only" game or part-score: this side has one and the other side has none.
        game = len(self.game_lines)
        return tuple(
            SheetLine(self.deals, side, ABOVE, points, kind, game)
            for side in (0, 1)
            for counts, points, kind in unfinished_bonuses(self)
            if counts[side] and not counts[1 - side]
        )

    @property
    def winner(self) -> int | None:
        """None until finished; then the higher total, or the rubber's winner on a tie.

        With the single-game option, the side that made the game wins.
        """
        if not self.finished:
            return None
        first, second = self.totals()
        if self.single_game or first == second:
            return self.won_by
        return 0 if first > second else 1


def rubber_bonus(deal: int, side: int, game: int, others_have_game: bool) -> SheetLine:
    """The rubber's winner's bonus: the larger when no other side won a game."""
    bonus = _CHART["rubber_bonus"]
    points = bonus["other_side_one_game" if others_have_game else "other_side_no_game"]
    return SheetLine(deal, side, ABOVE, points, "rubber-bonus", game)


def unfinished_bonuses(sheet) -> tuple[tuple[tuple[int, ...], int, str], ...]:
    """An unfinished rubber's bonuses and what each goes by: (the count per side, the
    points, the kind) for the only game and for the only part-score."""
    unfinished = _CHART["unfinished"]
    return (
        (sheet.games, unfinished["only_game"], "unfinished-game"),
        (sheet.below, unfinished["only_part_score"], "unfinished-part-score"),
    )
