"""The rubber result: who won and by how much, the games and the totals, the
last deal in a line, and a small copy of the score sheet. From here the
players open the full sheet or start a new rubber.

If the last deal ended in a claim, its honours may still be given here.
"""

from __future__ import annotations

from .. import theme
from ..draw import draw_button, draw_text
from . import chrome, menu
from .base import Target
from .result import LEFT, MINI_SHEET, WIDTH, contract_line, honours_buttons, honours_text
from .sheet import draw_paper, status

SHEET_BUTTON = (LEFT, 356, 200, 60)
NEW_BUTTON = (LEFT + 212, 356, WIDTH - 212, 60)


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    sheet = view.sheet
    _headline(surface, layout, sheet, t)
    y = _scores(surface, layout, sheet, t, 146)
    targets += _last_deal(surface, layout, view, t, y + 10)
    draw_paper(surface, layout, sheet, MINI_SHEET, t, tags=False)
    draw_button(surface, layout, SHEET_BUTTON, t.t("button.sheet"), True, "normal", 24)
    draw_button(surface, layout, NEW_BUTTON, t.t("menu.new_rubber"), True, "accent", 30)
    targets += [Target(SHEET_BUTTON, ("overlay", "sheet")), Target(NEW_BUTTON, ("new-rubber",))]
    chrome.finish(surface, layout, ui, t)
    return targets


def _headline(surface, layout, sheet, t) -> None:
    """ "Anna wins the rubber", and by how many points."""
    if sheet.winner is None:
        title, margin = status(sheet, t), ""
    else:
        title = t.t("finished.winner", name=sheet.winner)
        margin = t.t("finished.margin", points=abs(sheet.totals[0] - sheet.totals[1]))
    menu.fitted_text(surface, layout, title, (LEFT, 56), 44, WIDTH, theme.ACCENT, True, suits=False)
    if margin:
        draw_text(surface, layout, margin, (LEFT, 104), 28, theme.INK_ON_FELT)


def _scores(surface, layout, sheet, t, y: float) -> float:
    """Per side: name, games won and total, in two aligned rows."""
    for side, name in enumerate(sheet.sides):
        menu.fitted_text(surface, layout, name, (LEFT, y), 30, 180, bold=True, suits=False)
        games = t.t("sheet.games", n=sheet.games_won[side])
        draw_text(surface, layout, games, (LEFT + 190, y + 4), 24, theme.INK_ON_FELT_SOFT)
        total = str(sheet.totals[side])
        draw_text(
            surface, layout, total, (LEFT + WIDTH, y), 32, theme.INK_ON_FELT, True, "topright"
        )
        y += 40
    return y


def _last_deal(surface, layout, view, t, y: float) -> list[Target]:
    """The deal that ended the rubber, and its honours (asked for after a claim)."""
    result = view.result
    if result is None:
        return []
    text = t.t("finished.last_deal", deal=contract_line(result, t))
    menu.fitted_text(surface, layout, text, (LEFT, y), 22, WIDTH, theme.INK_ON_FELT_SOFT)
    honours = honours_text(result, view.side_names, t)
    if honours:
        colour = theme.ACCENT if result.ask_honours else theme.INK_ON_FELT_SOFT
        menu.fitted_text(surface, layout, honours, (LEFT, y + 30), 22, WIDTH, colour)
    if result.ask_honours:
        return honours_buttons(surface, layout, view, t, y + 62)
    return []
