"""The numbers of aBRIDGEd's declaring laid out the way the bidding box says them
(issue 23): a row per strain key, a column per level key, so the number a bid gives
is read where its row and its column meet (3♥ is 17), in type large enough to read
across the table. Double and redouble give 0 and 36; 37, which no call gives, is a
tap only. Each number is a button, as the pad before it was: a tap states it.

The numbers come from rules.bid_number, the one place that maps a call to a number,
so the grid cannot say one thing while the bidding box does another."""

from __future__ import annotations

from dataclasses import dataclass

from device.engine.calls import DOUBLE, REDOUBLE, Call
from device.ui import theme
from device.ui.actions import Statement
from device.ui.draw import draw_button, draw_call, draw_suit, draw_text, suit_colour
from device.ui.screens.base import Target

from .rules import bid_number

STRAINS = ("C", "D", "H", "S", "NT")
LEVELS = range(1, 8)
LABEL_W = 46  # the strain keys' column
HEAD_H = 32  # the level keys' row
GAP = 4
ROW_MAX = 84  # a colour count's two rows need not fill the pad


@dataclass(frozen=True)
class GridNumber:
    """One number on the grid: `call` says it on the bidding box (None: a tap only);
    `row` and `col` place it (row None: the row under the grid)."""

    number: int
    call: str | None
    row: int | None
    col: int


def cells(low: int, high: int) -> list[GridNumber]:
    """Every number from `low` to `high`: a bid's at its strain's row and level's
    column; the rest (X, XX, and what no call gives) in the row under the grid."""
    placed, by_number = [], {}
    for row, strain in enumerate(STRAINS):
        for col, level in enumerate(LEVELS):
            number = bid_number(Call.parse(f"{level}{strain}"))
            by_number[number] = (row, col, f"{level}{strain}")
    extra = {bid_number(c): c.text for c in (DOUBLE, REDOUBLE)}
    rows = sorted({by_number[n][0] for n in range(low, high + 1) if n in by_number})
    spare = 0
    for number in range(low, high + 1):
        if number in by_number:
            row, col, call = by_number[number]
            placed.append(GridNumber(number, call, rows.index(row), col))
        else:  # under the grid, side by side
            placed.append(GridNumber(number, extra.get(number), None, spare))
            spare += 1
    return placed


@dataclass(frozen=True)
class Grid:
    """Where the grid's parts lie in its box (x, y, w, h), for `rows` rows of buttons."""

    box: tuple[float, float, float, float]
    rows: int

    @property
    def row_h(self) -> float:
        return min(ROW_MAX, (self.box[3] - HEAD_H - GAP * self.rows) / self.rows)

    @property
    def col_w(self) -> float:
        return (self.box[2] - LABEL_W - GAP * len(LEVELS)) / len(LEVELS)

    def col_x(self, col: int) -> float:
        return self.box[0] + LABEL_W + GAP + col * (self.col_w + GAP)

    def row_y(self, row: int) -> float:
        return self.box[1] + HEAD_H + GAP + row * (self.row_h + GAP)

    def cell(self, row: int, col: int, span: int = 1) -> tuple[float, float, float, float]:
        width = span * self.col_w + (span - 1) * GAP
        return (self.col_x(col), self.row_y(row), width, self.row_h)


def draw_grid(surface, layout, box, low: int, high: int, lit, four_colour: bool, t):
    """The numbers from `low` to `high` in `box` (x, y, w, h); `lit(number)` says which
    may be stated now. Returns their targets."""
    laid = cells(low, high)
    strains = {c.row: c.call[1:] for c in laid if c.row is not None}
    spare = [c for c in laid if c.row is None]
    grid = Grid(box, len(strains) + (1 if spare else 0))
    for col, level in enumerate(LEVELS):  # the level keys over the columns
        centre = (grid.col_x(col) + grid.col_w / 2, box[1] + HEAD_H / 2)
        draw_text(
            surface, layout, str(level), centre, theme.TEXT, theme.INK_ON_FELT, True, "center"
        )
    for row, strain in strains.items():  # the strain keys beside the rows
        rect = (box[0], grid.row_y(row), LABEL_W, grid.row_h)
        _strain_key(surface, layout, rect, strain, four_colour, t)
    targets = []
    for cell in laid:
        if cell.row is not None:
            rect = grid.cell(cell.row, cell.col)
            targets.append(_button(surface, layout, rect, str(cell.number), cell.number, lit))
    col = 0
    for cell, label, span in _spare_spans(spare):  # X, XX and 37 share the row under the grid
        rect = grid.cell(len(strains), col, span)
        targets.append(_button(surface, layout, rect, label, cell.number, lit))
        col += span
    return targets


def _spare_spans(spare: list[GridNumber]) -> list[tuple[GridNumber, str, int]]:
    """Each spare number's label ("XX = 36", "37") and columns: the row's seven shared
    out, the one left over to the longest label."""
    labels = [f"{c.call} = {c.number}" if c.call else str(c.number) for c in spare]
    spans = [len(LEVELS) // len(spare)] * len(spare) if spare else []
    if spare:
        longest = max(range(len(spare)), key=lambda i: len(labels[i]))
        spans[longest] += len(LEVELS) - sum(spans)
    return list(zip(spare, labels, spans, strict=True))


def _strain_key(surface, layout, rect, strain: str, four_colour: bool, t) -> None:
    """A strain key as the bidding box shows it: a white card with the suit, or NT."""
    if strain == "NT":
        draw_call(surface, layout, rect, "1NT", label=t.t("strain.nt"))
        return
    drawn = draw_call(surface, layout, rect, "1NT", label="")
    size = int(min(drawn.w, drawn.h) * 0.62)
    draw_suit(surface, strain, drawn.center, size, suit_colour(strain, four_colour))


def _button(surface, layout, rect, label: str, number: int, lit) -> Target:
    enabled = lit(number)
    draw_button(surface, layout, rect, label, enabled, "normal", theme.TEXT)
    return Target(rect, Statement(number), enabled)
