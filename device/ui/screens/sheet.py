"""The score sheet, drawn as a paper bridge score pad.

Two columns headed by the sides' names, a red rule between them and THE
line across the middle. Above the line the bonuses stack upwards from it
(the first written nearest the line); below it the trick points of each
game run down, with a thinner game line after every game won. Closing
lines (what an unfinished rubber would still earn) stand above in a softer
ink, in brackets. The totals close the page at the bottom; the winner's is
ringed, as players do with a pen.

`draw_paper` draws the paper alone into any rectangle, so the deal result
and the rubber result show a small copy of the same sheet. When a column
holds more than fits, rows shrink down to ROW_MIN; past that the oldest
entries give way to a "+N more" row. Every text is at least theme.MIN_TEXT:
above the line each bonus carries a short tag ("over", "rubber"), and a page
too narrow for tags goes without.

Chicago uses the same page, titled Chicago: its SheetView has no per-deal
breakdown, so there is no grid of deals 1..4.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import theme
from ..actions import SheetPage
from ..draw import draw_text
from ..theme import TEXT, TEXT_LARGE
from ..view import SheetView
from ..widgets.text import line_step, wrap, wrapped_text
from . import chrome, menu
from .base import Target
from .help import ARROWS_W, page_arrows

ROW_MAX = 32  # a roomy ruled row, in logical px
ROW_MIN = 26  # the smallest row that holds a number at the smallest text size
HEAD_H = 36  # the names' row
FOOT_H = 38  # the totals' row
MARGIN = 6  # paper kept clear at the top and bottom of the rows
LINE_AT = 0.42  # THE line's place, as a share of the rows' height, when all fits
BELOW_SHARE = 0.6  # the most of a crowded page the games below may take


def _blend(ink, paper, share: float):
    return tuple(round(i * (1 - share) + p * share) for i, p in zip(ink, paper, strict=True))


SOFT_INK = _blend(theme.PAPER_INK, theme.PAPER, 0.5)  # closing lines, tags, "+N more"
PAPER_EDGE = _blend(theme.PAPER_RULE, theme.PAPER_INK, 0.4)


@dataclass(frozen=True)
class Entry:
    points: int
    kind: str  # a sheet kind; "more" when points counts entries left out
    closing: bool = False


Column = tuple[Entry, ...]


@dataclass(frozen=True)
class Plan:
    """Where everything goes on a page of a given height (y relative to the paper's top)."""

    row: float
    line: float  # THE line
    above: tuple[Column, ...]  # one column per side (three players: three), nearest first
    games: tuple[tuple[Column, ...], ...]
    closed: int  # games ended by a game line
    hidden: int  # entries left out for a "+N more"
    pages: int = 1  # pages of a sheet too long for one: the newest first
    back: int = 0  # the page shown: how many before the newest


# --- planning: pure, so tests can check what fits ------------------------------------


def _above(sheet) -> tuple[Column, ...]:
    columns = tuple([] for _ in sheet.sides)
    for side, points, kind in sheet.above:
        columns[side].append(Entry(points, kind))
    for side, points, kind in sheet.closing:  # written last: farthest from the line
        columns[side].append(Entry(points, kind, closing=True))
    return tuple(tuple(column) for column in columns)


def _games(sheet) -> list[tuple[Column, ...]]:
    games = []
    for game in sheet.games or ((),):
        columns = tuple([] for _ in sheet.sides)
        for side, points in game:
            columns[side].append(Entry(points, "tricks"))
        games.append(tuple(tuple(column) for column in columns))
    return games


def _windows(count: int, rows: int) -> list[tuple[int, int]]:
    """Which entries (start, end) each page shows of a column of `count` entries in
    `rows` rows, the newest page first: a page with older entries before it gives a
    row to "+N more" (where there are two rows or more); the oldest page fills its rows."""
    room = rows - 1 if rows >= 2 else 1
    spans, end = [], count
    while True:
        start = 0 if end <= rows else end - room
        spans.append((start, end))
        if start == 0:
            return spans
        end = start


def _clip(column: Column, rows: int, back: int = 0) -> Column:
    """The entries of the page `back` pages before the newest that fit in `rows`, the
    older ones counted in a "+N more" row; nothing when the column has no such page."""
    spans = _windows(len(column), rows)
    if back >= len(spans):
        return ()
    start, end = spans[back]
    more = (Entry(start, "more"),) if start and rows >= 2 else ()
    return (*more, *column[start:end])


def _depth(pair) -> int:
    return max(1, *(len(column) for column in pair))


def _game_rows(games, rows: int) -> list[int]:
    """Rows for each game: taken from the deepest (keeping two each) until all fit in `rows`."""
    depths = [_depth(g) for g in games]
    while sum(depths) > rows and max(depths) > 2:
        depths[depths.index(max(depths))] -= 1
    return depths


def _pages(columns_rows) -> int:
    """How many pages the columns need, each in its rows: the longest's."""
    return max(len(_windows(len(column), rows)) for column, rows in columns_rows)


def _hidden(columns) -> int:
    return sum(e.points for column in columns for e in column if e.kind == "more")


def plan_sheet(sheet, height: float, back: int = 0) -> Plan:
    """Row height and THE line's place for a page `height` px high. What cannot fit is
    paged: `back` pages before the newest (the newest when 0, the oldest when past it)."""
    room = height - HEAD_H - FOOT_H - 2 * MARGIN
    above, games = _above(sheet), _games(sheet)
    closed = min(sum(sheet.games_won), len(games))
    need_above = _depth(above)
    rows_below = sum(_depth(g) for g in games)
    row = max(ROW_MIN, min(ROW_MAX, room / (need_above + rows_below)))
    pages = 1
    if (need_above + rows_below) * row > room:  # crowded: paged, the newest page first
        depths = _game_rows(games, min(rows_below, int(room * BELOW_SHARE // row)))
        above_rows = int(room // row) - sum(depths)
        fitted = [(c, d) for g, d in zip(games, depths, strict=True) for c in g]
        pages = _pages([(c, above_rows) for c in above] + fitted)
        back = max(0, min(back, pages - 1))
        games = [tuple(_clip(c, d, back) for c in g) for g, d in zip(games, depths, strict=True)]
        rows_below = sum(_depth(g) for g in games)
        above = tuple(_clip(column, above_rows, back) for column in above)
        need_above = _depth(above)
    line = max(need_above * row, min(room * LINE_AT, room - rows_below * row))
    hidden = _hidden(above) + sum(_hidden(g) for g in games)
    return Plan(row, HEAD_H + MARGIN + line, above, tuple(games), closed, hidden, pages, back)


# --- drawing ------------------------------------------------------------------------------


class _Page:
    """One paper rectangle and the sheet's geometry on it, in logical px."""

    def __init__(self, surface, layout, rect, plan: Plan, t, tags: bool):
        self.surface, self.layout, self.plan, self.t = surface, layout, plan, t
        self.x, self.y, self.w, self.h = rect
        self.sides = len(plan.above)  # two columns, or three with three players
        self.col_w = self.w / self.sides
        self.tags = tags and self.col_w >= 180

    def column_x(self, side: int) -> float:
        return self.x + side * self.col_w

    def rule(self, y: float, colour, width: float = 1, inset: float = 0) -> None:
        left = self.layout.point(self.x + inset, y)
        right = self.layout.point(self.x + self.w - inset, y)
        right = (right[0] - 1, right[1])  # pygame draws the end pixel too
        pygame.draw.line(self.surface, colour, left, right, self.layout.px(width))

    def entry(self, side: int, top: float, entry: Entry, tag: bool = False) -> None:
        """One entry in its row: the points right-aligned; with `tag`, its kind to the left
        (below the line every entry is trick points, so there it goes without)."""
        row, col_w = self.plan.row, self.col_w
        centre_y, x = top + row / 2, self.column_x(side)
        if entry.kind == "more":  # a narrow column (three players, small) says "+N"
            text = self.t.t("sheet.more", n=entry.points) if col_w >= 120 else f"+{entry.points}"
            self.text(text, (x + col_w / 2, centre_y), theme.TEXT, SOFT_INK, "center")
            return
        text = f"({entry.points})" if entry.closing else str(entry.points)
        ink = SOFT_INK if entry.closing else theme.PAPER_INK
        number_x = x + col_w * (0.9 if self.tags else 0.7)
        size = max(theme.TEXT, min(row * 1.2, 36))
        number = self.text(text, (number_x, centre_y), size, ink, "midright")
        if tag and self.tags:
            room = self.layout.to_logical(number.topleft)[0] - x - 16
            label, size = self.layout.fit_text(self.t.t(f"tag.{entry.kind}"), theme.TEXT, room)
            self.text(label, (x + 8, centre_y), size, SOFT_INK, "midleft")

    def text(self, text: str, pos, size: float, ink, anchor: str) -> pygame.Rect:
        return draw_text(self.surface, self.layout, text, pos, size, ink, anchor=anchor)


def draw_paper(surface, layout, sheet, rect, t, tags: bool = True, back: int = 0) -> Plan:
    """The score pad in `rect` (logical x, y, w, h), `back` pages before the newest
    when it takes more than one; nothing is drawn outside it."""
    plan = plan_sheet(sheet, rect[3], back)
    page = _Page(surface, layout, rect, plan, t, tags)
    _paper(page)
    _head(page, sheet)
    for side in range(page.sides):
        for i, entry in enumerate(plan.above[side]):
            page.entry(side, page.y + plan.line - (i + 1) * plan.row, entry, tag=True)
    _below(page)
    page.rule(page.y + plan.line, theme.PAPER_INK, 3)  # THE line, over the ruling
    _totals(page, sheet)
    return plan


def _paper(page: _Page) -> None:
    """Cream paper ruled in blue from THE line up and down, split by the red rule."""
    layout, plan = page.layout, page.plan
    paper = layout.rect(page.x, page.y, page.w, page.h)
    pygame.draw.rect(page.surface, theme.PAPER, paper, border_radius=layout.px(4))
    pygame.draw.rect(page.surface, PAPER_EDGE, paper, layout.px(1), border_radius=layout.px(4))
    top, bottom = page.y + HEAD_H, page.y + page.h - FOOT_H
    y = page.y + plan.line - plan.row
    while y > top + 2:
        page.rule(y, theme.PAPER_RULE, 1, 4)
        y -= plan.row
    y = page.y + plan.line + plan.row
    while y < bottom - 2:
        page.rule(y, theme.PAPER_RULE, 1, 4)
        y += plan.row
    for side in range(1, page.sides):  # a red rule between each two columns
        middle = page.column_x(side)
        start, end = layout.point(middle, page.y + 6), layout.point(middle, page.y + page.h - 6)
        pygame.draw.line(page.surface, theme.PAPER_MARGIN, start, end, layout.px(2))


def _head(page: _Page, sheet) -> None:
    """The sides' names over their columns, underlined."""
    for side, name in enumerate(sheet.sides):
        centre = (page.column_x(side) + page.col_w / 2, page.y + HEAD_H / 2 + 1)
        name, size = page.layout.fit_text(name, theme.TEXT, page.col_w - 12, True)
        draw_text(page.surface, page.layout, name, centre, size, theme.PAPER_INK, True, "center")
    page.rule(page.y + HEAD_H, theme.PAPER_INK, 1.5, 4)


def _below(page: _Page) -> None:
    """Each game's trick points run down from THE line; a game line closes each game won."""
    plan = page.plan
    top = page.y + plan.line
    for index, game in enumerate(plan.games):
        for side in range(page.sides):
            for i, entry in enumerate(game[side]):
                page.entry(side, top + i * plan.row, entry)
        top += _depth(game) * plan.row
        if index < plan.closed:  # drawn over a ruling, as a pen does on a pad
            page.rule(top, theme.PAPER_INK, 1.5, 10)


def _totals(page: _Page, sheet) -> None:
    """A double rule and each side's total; the winner's total ringed."""
    y = page.y + page.h - FOOT_H
    page.rule(y, theme.PAPER_INK, 1, 4)
    page.rule(y + 3, theme.PAPER_INK, 1, 4)
    for side, total in enumerate(sheet.totals):
        centre = (page.column_x(side) + page.col_w / 2, y + FOOT_H / 2 + 2)
        rect = draw_text(
            page.surface,
            page.layout,
            str(total),
            centre,
            TEXT_LARGE,
            theme.PAPER_INK,
            True,
            "center",
        )
        if sheet.finished and sheet.winner == sheet.sides[side]:
            ring = rect.inflate(page.layout.px(22), page.layout.px(6))
            pygame.draw.ellipse(page.surface, theme.PAPER_MARGIN, ring, page.layout.px(2))


# --- the overlay --------------------------------------------------------------------------

PAPER_RECT = (16, 10, 480, 460)
PANEL_X, PANEL_W = 516, 268
PAGER_Y, PAGER_RIGHT = 350, 786  # a long sheet's arrows: over Close, clear of the paper


def draw(surface, layout, view, ui, t):
    if view is not None and view.sheet.deals:  # a Chicago: its chart of four deals
        from . import chart

        return chart.draw(surface, layout, view, ui, t)
    sheet = view.sheet if view is not None else blank_sheet(ui)
    chrome.background(surface, layout)
    plan = draw_paper(surface, layout, sheet, PAPER_RECT, t, back=ui.sheet_back)
    _panel(surface, layout, sheet, t, 404 if plan.pages == 1 else PAGER_Y - 8)
    targets = pager(surface, layout, plan, t, PAGER_Y)
    targets.append(menu.close_button(surface, layout, t, (PANEL_X, 410, PANEL_W, 60)))
    chrome.finish(surface, layout, ui, t)
    return targets


def pager(surface, layout, plan: Plan, t, y: float) -> list[Target]:
    """Under the panel, for a sheet of more than one page: "3 / 5" between arrows, the
    left one to older entries; the newest page is the last."""
    newest = plan.pages - 1

    def turn(number: int) -> SheetPage:
        return SheetPage(newest - number)

    x = PAGER_RIGHT - ARROWS_W
    return page_arrows(surface, layout, newest - plan.back, plan.pages, turn, t, x, y)


def blank_sheet(ui) -> SheetView:
    """A fresh pad headed by the names on the start screen: there is no game yet."""
    names = tuple(ui.start.players) if ui.start is not None else ("", "")
    return SheetView(names, (), ((),), (), (0, 0), (0, 0), False, None)


def status(sheet, t) -> str:
    """The rubber in one line: who won by how much, or that it goes on."""
    if not sheet.finished:
        return t.own("sheet.in_progress", sheet.form)
    if sheet.winner is None:
        return t.t("sheet.tie")
    key = "sheet.winner_side" if sheet.pairs else "sheet.winner"  # "Anna & Carla win by"
    return t.t(key, name=sheet.winner, points=winning_margin(sheet))


def winning_margin(sheet) -> int:
    """The winner's points over the next best total (two sides, or three players)."""
    winner = sheet.sides.index(sheet.winner)
    others = [total for side, total in enumerate(sheet.totals) if side != winner]
    return abs(sheet.totals[winner] - max(others))


def _panel(surface, layout, sheet, t, bottom: float) -> None:
    """Beside the paper: the title, each side's games and total, the rubber's state."""
    title = t.own("sheet.title", sheet.form)
    menu.fitted_text(surface, layout, title, (PANEL_X, 16), TEXT_LARGE, PANEL_W, bold=True)
    y, step = 62, 88 if len(sheet.sides) == 2 else 78  # three players: a little closer
    for side, name in enumerate(sheet.sides):
        name, size = layout.fit_text(name, TEXT, PANEL_W, True)
        draw_text(surface, layout, name, (PANEL_X, y), size, theme.INK_ON_FELT, True)
        games = t.n("sheet.games", sheet.games_won[side])
        total = t.t("sheet.total", points=sheet.totals[side])
        draw_text(surface, layout, games, (PANEL_X, y + 27), TEXT, theme.INK_ON_FELT_SOFT)
        draw_text(surface, layout, total, (PANEL_X, y + 53), TEXT, theme.INK_ON_FELT)
        y += step
    colour = theme.ACCENT if sheet.finished else theme.INK_ON_FELT
    y = wrapped_text(
        surface, layout, status(sheet, t), (PANEL_X, y), TEXT, PANEL_W, colour, bold=True
    )
    note = wrap(layout, t.t("sheet.closing_note"), TEXT, PANEL_W)
    if sheet.closing and y + 8 + len(note) * line_step(TEXT) <= bottom:  # clear of the buttons
        wrapped_text(surface, layout, t.t("sheet.closing_note"), (PANEL_X, y + 8), TEXT, PANEL_W)
