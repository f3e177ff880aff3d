"""Values shared by the score sheets: a deal's outcome, a line on the sheet, and
what every sheet does the same way (lines of a contract, sums, per-deal scores).

Sides are 0 and 1. Deals are numbered from 1 in the order they were added,
thrown-in (passed-out) deals included, so a line points at the deal that wrote it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace

from ..calls import Contract
from ..errors import RuleError
from ._charts import chart
from .contract import ContractScore

BELOW = "below"
ABOVE = "above"

# Honours a side may hold: none, or one of the amounts of the contract chart.
_HONOURS = frozenset({0, *chart("contract")["honours"].values()})


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a deal gives the sheet: the contract, who declared it, the tricks they won."""

    contract: Contract | None  # None: thrown in / passed out
    declarer: int | None  # declaring side, 0 or 1 (None when thrown in)
    tricks: int = 0  # tricks won by the declaring side
    honours: tuple[int, int] = (0, 0)  # honours points held by side 0 and side 1
    dealer: int = 0  # dealer's side, 0 or 1 (Chicago vulnerability needs it)

    def __post_init__(self):
        check_outcome(self, check_side, 13, 2, "side")


def check_outcome(outcome, check, tricks: int, sides: int, who: str) -> None:
    """What every sheet's deal outcome must be: a dealer that `check` takes; thrown in,
    nothing else; else a contract, a declarer `check` takes, 0 to `tricks` tricks and
    the honours each of the `sides` held (`who`: "side" or "player")."""
    check(outcome.dealer, "dealer")
    if outcome.contract is None:
        if outcome.declarer is not None or outcome.tricks or any(outcome.honours):
            raise RuleError("a thrown-in deal has no declarer, tricks or honours")
        return
    if not isinstance(outcome.contract, Contract):
        raise RuleError(f"{outcome.contract!r} is not a contract")
    check(outcome.declarer, "declarer")
    if not isinstance(outcome.tricks, int) or not 0 <= outcome.tricks <= tricks:
        raise RuleError(f"a deal has 0 to {tricks} tricks, not {outcome.tricks}")
    if len(outcome.honours) != sides or any(h not in _HONOURS for h in outcome.honours):
        allowed = ", ".join(str(h) for h in sorted(_HONOURS))
        raise RuleError(f"honours are {allowed} for each {who}, not {outcome.honours}")


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One entry on the score sheet."""

    deal: int  # 1-based number of the deal that wrote it (thrown-in deals count too)
    side: int  # 0 or 1
    where: str  # "below" or "above"
    points: int
    kind: str  # "tricks", "overtricks", "insult", "slam", "undertricks", "honours",
    # "game-bonus", "part-score-bonus", "rubber-bonus", "unfinished-game", "unfinished-part-score"
    game: int  # 0-based index of the game (below-the-line section) in progress when written


def check_side(side: object, what: str = "side") -> None:
    if side not in (0, 1) or isinstance(side, bool):
        raise RuleError(f"{what} must be side 0 or side 1, not {side!r}")


def plus(pair: tuple[int, ...], side: int, points: int) -> tuple[int, ...]:
    """`pair` (one entry per side) with `points` added to `side`'s entry."""
    return tuple(value + points if i == side else value for i, value in enumerate(pair))


def contract_lines(
    deal: int, game: int, outcome, score: ContractScore, honours: bool, sides: int = 2
) -> tuple[SheetLine, ...]:
    """The lines a scored contract writes: trick points below, the rest above.

    A failed contract gives each other side (each opponent, at three) the undertricks.
    Honours go to whoever held them, made or not, and only when the option is on.
    Zero amounts write no line, so every line on a sheet is worth something.
    """
    declarer = outcome.declarer
    entries = [
        (declarer, BELOW, score.trick_points, "tricks"),
        (declarer, ABOVE, score.overtricks, "overtricks"),
        (declarer, ABOVE, score.insult, "insult"),
        (declarer, ABOVE, score.slam, "slam"),
    ]
    opponents = (side for side in range(sides) if side != declarer)
    entries += [(side, ABOVE, score.undertricks, "undertricks") for side in opponents]
    if honours:
        entries += [(side, ABOVE, held, "honours") for side, held in enumerate(outcome.honours)]
    return tuple(
        SheetLine(deal, side, where, points, kind, game)
        for side, where, points, kind in entries
        if points
    )


def sum_lines(lines: tuple[SheetLine, ...], start: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    total = start
    for line in lines:
        total = plus(total, line.side, line.points)
    return total


class Sheet:
    """What both sheets share. Subclasses are frozen dataclasses with the fields
    `lines`, `deals`, `finished` and `written` (the running sum of `lines`, so
    that totals() does not walk the whole sheet)."""

    __slots__ = ()
    _over = "the game is over"
    deal_chart = 0  # the screen shows the sheet as a chart of this many deals (0: not)

    def closing_lines(self) -> tuple[SheetLine, ...]:
        """Lines that would be written if play stopped now (none by default)."""
        return ()

    def totals(self) -> tuple[int, int]:
        """Everything on the sheet for each side, closing lines included."""
        return sum_lines(self.closing_lines(), self.written)

    def deal_score(self, deal: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """((below, above) of side 0, (below, above) of side 1) written by `deal`."""
        if not isinstance(deal, int) or not 1 <= deal <= self.deals:
            raise RuleError(f"there is no deal {deal} on the sheet ({self.deals} so far)")
        # Lines are written in deal order, so the deal's lines are one slice.
        start = bisect_left(self.lines, deal, key=_deal_of)
        end = bisect_right(self.lines, deal, lo=start, key=_deal_of)
        sides = range(len(self.written))  # two sides, or three players each alone
        score = {(side, where): 0 for side in sides for where in (BELOW, ABOVE)}
        for line in self.lines[start:end]:
            score[line.side, line.where] += line.points
        return tuple((score[side, BELOW], score[side, ABOVE]) for side in sides)

    def _check_open(self) -> None:
        if self.finished:
            raise RuleError(self._over)

    def _write(self, lines: tuple[SheetLine, ...], **changes):
        """A copy of the sheet with `lines` appended and the other fields changed."""
        return replace(
            self, lines=self.lines + lines, written=sum_lines(lines, self.written), **changes
        )


def _deal_of(line: SheetLine) -> int:
    return line.deal
