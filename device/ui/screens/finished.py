"""The rubber result: who won and by how much, the games and the totals, the
last deal in a line, and a small copy of the score sheet. From here the
players start a new rubber, or open the full sheet from the footer.

If the last deal ended in a claim, its honours may still be given here.
"""

from __future__ import annotations

from .. import theme
from ..actions import NewRubber
from ..draw import draw_button, draw_text
from ..review_text import review_lines
from ..theme import TEXT_LARGE
from ..widgets.review import draw_review, fit_review, review_height
from ..widgets.text import line_step, wrapped_text
from . import chrome
from .base import Target
from .result import LEFT, MINI_SHEET, WIDTH, contract_line, honours_buttons, honours_text
from .sheet import draw_paper, status, winning_margin

# One way to the full sheet: the footer's Score sheet (a second button here said the same).
NEW_BUTTON = (LEFT, 356, WIDTH, 60)
ROW = line_step(theme.TEXT)


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    sheet = view.sheet
    y = _headline(surface, layout, sheet, t)
    if view.result is None or not view.result.ask_honours:  # else the paper says them
        y = _scores(surface, layout, sheet, t, y + 6)
    targets += _last_deal(surface, layout, view, t, y + 6)
    if view.result is None or not view.result.ask_honours:  # the last deal's review
        review, bright = fit_review(layout, review_lines(ui.review, t), WIDTH)
        top = NEW_BUTTON[1] - 6 - review_height(review)
        draw_review(surface, layout, review, (LEFT, top), WIDTH, bright)
    draw_paper(surface, layout, sheet, MINI_SHEET, t, tags=False)
    again = t.own("menu.new_rubber", view.form)  # "Another Chicago"
    draw_button(surface, layout, NEW_BUTTON, again, True, "accent", TEXT_LARGE)
    targets.append(Target(NEW_BUTTON, NewRubber()))
    chrome.finish(surface, layout, ui, t)
    return targets


def _headline(surface, layout, sheet, t) -> float:
    """ "Anna wins the rubber" ("Anna & Carla win" when sides are pairs), and by how
    many points; returns the y below it."""
    if sheet.winner is None:
        title, margin = status(sheet, t), ""
    else:
        key = "finished.winner_side" if sheet.pairs else "finished.winner"
        title = t.t(key, name=sheet.winner)
        margin = t.n("finished.margin", winning_margin(sheet))
    title, size = layout.fit_text(title, 40, WIDTH, True)
    draw_text(surface, layout, title, (LEFT, 56), size, theme.ACCENT, True)
    if not margin:
        return 92
    draw_text(surface, layout, margin, (LEFT, 94), theme.TEXT, theme.INK_ON_FELT)
    return 94 + ROW


def _scores(surface, layout, sheet, t, y: float) -> float:
    """Per side: name, games won and total, in two aligned rows."""
    for side, name in enumerate(sheet.sides):
        name, size = layout.fit_text(name, theme.TEXT, 170, True)
        draw_text(surface, layout, name, (LEFT, y), size, theme.INK_ON_FELT, True)
        games = t.n("sheet.games", sheet.games_won[side])
        draw_text(surface, layout, games, (LEFT + 180, y), theme.TEXT, theme.INK_ON_FELT_SOFT)
        total = str(sheet.totals[side])
        draw_text(
            surface,
            layout,
            total,
            (LEFT + WIDTH, y),
            theme.TEXT,
            theme.INK_ON_FELT,
            True,
            "topright",
        )
        y += ROW + 4
    return y


def _last_deal(surface, layout, view, t, y: float) -> list[Target]:
    """The deal that ended the rubber, and its honours (asked for after a claim)."""
    result = view.result
    if result is None:
        return []
    text = t.t("finished.last_deal", deal=contract_line(result, t))  # "3♣ by Carla"
    y = wrapped_text(surface, layout, text, (LEFT, y), theme.TEXT, WIDTH, suits=True)
    honours = honours_text(result, view.side_names, t)
    if honours:
        colour = theme.ACCENT if result.ask_honours else theme.INK_ON_FELT_SOFT
        y = wrapped_text(surface, layout, honours, (LEFT, y), theme.TEXT, WIDTH, colour)
    if result.ask_honours:
        return honours_buttons(surface, layout, view, t, y + 2)
    return []
