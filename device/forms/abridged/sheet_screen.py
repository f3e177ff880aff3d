"""The aBRIDGEd score sheet (seed 001): four hands, the two teams, each hand's
declarer, declaration, trump and tricks and the points it gave, the totals and,
after the fourth hand, the winner (by the tie-breaks when the totals are equal).

Three screens draw it: the hand's result (phase `deal-end`: the declaration
made or failed, the check of every stated strength and colour count against
the cards, and OK for the next hand), the game's end (`finished`, with a new
game) and the sheet itself (the overlay `sheet`).
"""

from __future__ import annotations

import pygame

from device.ui import theme
from device.ui.actions import NewRubber, Overlay
from device.ui.draw import colour_of, draw_button, draw_text
from device.ui.review_text import review_lines
from device.ui.screens import chrome, menu
from device.ui.screens.base import Target
from device.ui.screens.titles import stored_title
from device.ui.widgets.review import draw_review, review_height
from device.ui.widgets.text import line_step, wrapped_text

from .result_lines import result_lines

X = 16
COLUMNS = (16, 50, 186, 300, 386)  # hand, declarer, declaration, trump, tricks
TEAM_X, TEAM_W = (486, 640), 150  # each team's points
ROW = 38
NEW_BUTTON = (476, 366, 316, 54)
REVIEW_ROW = 30  # the game's end with the last hand's review: rows closer, New game higher
NEW_REVIEW_BUTTON = (476, 268, 316, 54)
REVIEW_OVERLAY = Overlay("history-review")


def draw(surface, layout, view, ui, t) -> list[Target]:
    if ui.overlay == "history-sheet":  # a stored game, opened from the history
        return draw_stored(surface, layout, ui, t)
    if ui.overlay == "sheet":
        chrome.background(surface, layout)
        _title(surface, layout, t.t("abridged.sheet"), 12)
        _sheet(surface, layout, view.own, view.side_names, t, 58)
        _winner(surface, layout, view.own, view.side_names, t, 380)
        targets = [menu.close_button(surface, layout, t, (624, 420, 168, 56))]
        chrome.finish(surface, layout, ui, t)
        return targets
    if view.phase == "finished":
        return _finished(surface, layout, view, ui, t)
    targets = chrome.frame(surface, layout, view, ui, t, ok=True)
    _hand_result(surface, layout, view, t)
    _review(surface, layout, result_lines(ui.review, t), 768)
    chrome.finish(surface, layout, ui, t)
    return targets


def _title(surface, layout, text: str, y: float, colour=theme.ACCENT) -> None:
    text, size = layout.fit_text(text, theme.TEXT_LARGE, 768, True)
    draw_text(surface, layout, text, (X, y), size, colour, True)


def _finished(surface, layout, view, ui, t) -> list[Target]:
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    review = review_lines(ui.review, t)  # the last hand's: the sheet closes up for it
    new = NEW_REVIEW_BUTTON if review else NEW_BUTTON
    row = REVIEW_ROW if review else ROW
    y = _sheet(surface, layout, view.own, view.side_names, t, 54, row)
    y = _winner(surface, layout, view.own, view.side_names, t, y + 4)
    _last_check(surface, layout, view, t, y + 2)
    _review(surface, layout, review, 768)
    draw_button(surface, layout, new, t.t("abridged.new_game"), True, "accent")
    targets.append(Target(new, NewRubber()))
    chrome.finish(surface, layout, ui, t)
    return targets


def _sheet(surface, layout, a, sides, t, y: float, row_h: float = ROW) -> float:
    """The table of four hands and the totals; returns the y below it."""
    heads = ("abridged.hand", "abridged.declarer", "abridged.declared", "abridged.trump")
    heads += ("abridged.tricks",)
    for x, key, right in zip(COLUMNS, heads, (*COLUMNS[1:], TEAM_X[0]), strict=True):
        head, size = layout.fit_text(t.t(key), theme.TEXT, right - x - 6)
        draw_text(surface, layout, head, (x, y), size, theme.INK_ON_FELT_SOFT)
    for x, name in zip(TEAM_X, sides, strict=True):
        _two_lines(surface, layout, name, (x, y - 4))  # clear of the header
    y += 2 * row_h - 12
    pygame.draw.line(surface, theme.INK_ON_FELT_SOFT, layout.point(X, y), layout.point(792, y))
    for row in a.hands:
        _row(surface, layout, row, t, y + 4)
        y += row_h
    pygame.draw.line(surface, theme.INK_ON_FELT_SOFT, layout.point(X, y), layout.point(792, y))
    total = t.t("abridged.totals")
    draw_text(surface, layout, total, (COLUMNS[1], y + 4), theme.TEXT, theme.INK_ON_FELT, True)
    for x, points in zip(TEAM_X, a.totals, strict=True):
        draw_text(surface, layout, str(points), (x, y + 4), theme.TEXT, theme.ACCENT, True)
    return y + row_h + 4


def _two_lines(surface, layout, text: str, pos) -> None:
    """A team's name over its column, in two lines when it is long."""
    wrapped_text(surface, layout, text, pos, theme.TEXT, TEAM_W, theme.INK_ON_FELT, bold=True)


def _row(surface, layout, row, t, y: float) -> None:
    ink = theme.INK_ON_FELT
    cells = [str(row.number), row.declarer or "", "", "", ""]
    if row.declaration is not None:
        cells[2] = t.t(f"said.abridged.{row.declaration}")
    if row.trump == "NT":  # a colour is a dot of it
        cells[3] = t.t("abridged.colour_short.NT")
    if row.tricks is not None:
        cells[4] = str(row.tricks)
    for x, right, text in zip(COLUMNS, (*COLUMNS[1:], TEAM_X[0]), cells, strict=True):
        if text:
            text, size = layout.fit_text(text, theme.TEXT, right - x - 6)
            draw_text(surface, layout, text, (x, y), size, ink)
    fill = colour_of(row.trump) if row.trump else None
    if fill is not None:
        dot = layout.rect(COLUMNS[3] + 4, y + 4, 24, 24)
        pygame.draw.rect(surface, fill, dot, border_radius=layout.px(10))
    for x, points in zip(TEAM_X, row.points or (), strict=False):
        text = str(points) if points else "–"
        draw_text(surface, layout, text, (x, y), theme.TEXT, ink)


def _winner(surface, layout, a, sides, t, y: float) -> float:
    """Who won (and by which tie-break), or how many hands are left; the y below."""
    if not a.finished:
        text = t.n("abridged.hands_left", sum(r.points is None for r in a.hands))
        return wrapped_text(surface, layout, text, (X, y), theme.TEXT, 440, theme.INK_ON_FELT)
    text = t.t("abridged.winner", name=sides[a.winner])
    if a.tie_break is not None:
        text += " " + t.t(f"abridged.tie_break.{a.tie_break}")
    return wrapped_text(surface, layout, text, (X, y), theme.TEXT, 440, theme.ACCENT, bold=True)


def _last_check(surface, layout, view, t, y: float) -> None:
    """The game ends with its last hand: the check of what was said in it, in short."""
    a = view.own
    if a.wrong is None:
        text = t.t("abridged.last.unseen", n=view.deal)
    elif not a.wrong:
        text = t.t("abridged.last.right", n=view.deal)
    else:
        said = "; ".join(
            t.t(f"abridged.check.{what}", name=name, stated=stated, held=held)
            for name, what, stated, held in a.wrong
        )
        text = t.t("abridged.last.wrong", n=view.deal, said=said)
    wrapped_text(surface, layout, text, (X, y), theme.TEXT, 452, theme.INK_ON_FELT)


def _review(surface, layout, lines: list[str], width: float, bottom: float = 418) -> None:
    """The double-dummy review of the hand (ui.review), its last line just above `bottom`."""
    draw_review(surface, layout, lines, (X, bottom - review_height(lines)), width)


# --- one hand's result ------------------------------------------------------------------


def _hand_result(surface, layout, view, t) -> None:
    """Made or failed, the points it gave, and the check of what was stated."""
    a = view.own
    row = a.hands[view.deal - 1]
    fields = {
        "name": row.declarer,
        "declared": t.t(f"said.abridged.{row.declaration}"),
        "trump": t.t(f"abridged.trump_is.{row.trump}"),  # in a sentence: "trump red"
    }
    _title(surface, layout, t.t("abridged.result.by", **fields), 56, theme.INK_ON_FELT)
    team = view.side_names[0 if row.points[0] else 1]
    points = max(row.points)
    key = "abridged.result.made" if row.made else "abridged.result.failed"
    text = t.n(key, row.tricks, team=team, points=points)
    y = wrapped_text(surface, layout, text, (X, 100), theme.TEXT, 768, theme.ACCENT, bold=True)
    totals = " · ".join(f"{n}: {p}" for n, p in zip(view.side_names, a.totals, strict=True))
    y = wrapped_text(surface, layout, totals, (X, y + 2), theme.TEXT, 768, theme.INK_ON_FELT)
    _check(surface, layout, a, t, y + 10)


def _check(surface, layout, a, t, y: float) -> None:
    """Every strength and colour count the cards proved wrong, in two columns."""
    if a.wrong is None:
        note = t.t("abridged.check.unseen")
    elif not a.wrong:
        note = t.t("abridged.check.right")
    else:
        note = t.t("abridged.check.wrong")
    y = wrapped_text(surface, layout, note, (X, y), theme.TEXT, 768, theme.INK_ON_FELT, bold=True)
    step = line_step(theme.TEXT) + 4
    for i, (name, what, stated, held) in enumerate(a.wrong or ()):
        col, row = divmod(i, 4)
        text = t.t(f"abridged.check.{what}", name=name, stated=stated, held=held)
        text, size = layout.fit_text(text, theme.TEXT, 380)
        pos = (X + col * 392, y + row * step)
        draw_text(surface, layout, text, pos, size, theme.INK_ON_FELT_SOFT)


def draw_stored(surface, layout, ui, t) -> list[Target]:
    """A stored game of aBRIDGEd opened from the history: its sheet of four hands (as
    far as it replays), the winner, and Back to the history."""
    stored = ui.history.stored
    chrome.background(surface, layout)
    title = f"{stored_title(stored, t)} · {stored.date}"
    _title(surface, layout, title, 12)
    _sheet(surface, layout, stored.own, stored.sheet.sides, t, 58)
    _winner(surface, layout, stored.own, stored.sheet.sides, t, 380)
    back = (624, 420, 168, 56)
    targets = [
        menu.button(surface, layout, back, t.t("history.back"), Overlay("history"), "accent")
    ]
    review = (440, 420, 168, 56)  # its hands' double-dummy review, as a rubber's
    targets.append(menu.button(surface, layout, review, t.t("review.open"), REVIEW_OVERLAY))
    chrome.finish(surface, layout, ui, t)
    return targets
