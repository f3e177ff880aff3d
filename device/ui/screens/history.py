"""History: the finished rubbers, newest first, and per couple how many rubbers
each player won and how many points each scored over all of them.

`ui.history` is a list of dicts {"players": [a, b], "winner": name|None,
"totals": {name: points}, "games": {name: games}, "date": "YYYY-MM-DD", "deals": [...]},
oldest first, as device.store.history.rubber_result writes them.
"""

from __future__ import annotations

from device.store.history import couple_stats

from .. import theme
from ..draw import draw_text
from . import chrome, menu

X, WIDTH = 16, 768
ROW = 30
COUPLES_SHOWN = 2
ROWS_BOTTOM = menu.BAND_Y - 6  # the rubbers' list stops above the bottom band


def couples(history: list) -> list[dict]:
    """The journal's per-couple stats (device.store.history), the most played couple first."""
    return sorted(couple_stats(history), key=lambda couple: -couple["rubbers"])


def couple_lines(couple: dict, t) -> tuple[str, str]:
    """ "Anna & Ben: 2 played" and "Anna: 1 won, 1250 points, 3 games · Ben: ..."."""
    players = couple["players"]
    head = t.t("history.couple", names=" & ".join(players), n=couple["rubbers"])
    parts = [t.t("history.player", name=name, **couple["by_player"][name]) for name in players]
    return head, " · ".join(parts)


def draw(surface, layout, view, ui, t):
    menu.page(surface, layout, t.t("history.title"))
    if not ui.history:
        draw_text(
            surface,
            layout,
            t.t("history.empty"),
            (400, 220),
            32,
            theme.INK_ON_FELT_SOFT,
            anchor="center",
        )
    else:
        y = _couples(surface, layout, ui.history, t, 56)
        _rubbers(surface, layout, ui.history, t, y + 12)
    menu.bottom_band(surface, layout)
    targets = [menu.close_button(surface, layout, t)]
    chrome.finish(surface, layout, ui, t)
    return targets


def _heading(surface, layout, text: str, y: float) -> float:
    draw_text(surface, layout, text, (X, y), 22, theme.ACCENT, True)
    return y + 28


def _couples(surface, layout, history, t, y: float) -> float:
    """Each couple in two lines: who and how many rubbers, then each player's wins and points."""
    y = _heading(surface, layout, t.t("history.couples"), y)
    found = couples(history)
    for couple in found[:COUPLES_SHOWN]:
        head, detail = couple_lines(couple, t)
        menu.fitted_text(surface, layout, head, (X + 8, y), 26, WIDTH - 8, bold=True, suits=False)
        menu.fitted_text(
            surface,
            layout,
            detail,
            (X + 8, y + 28),
            22,
            WIDTH - 8,
            theme.INK_ON_FELT_SOFT,
            suits=False,
        )
        y += 60
    if len(found) > COUPLES_SHOWN:
        more = t.t("sheet.more", n=len(found) - COUPLES_SHOWN)
        draw_text(surface, layout, more, (X + 8, y), 20, theme.INK_ON_FELT_SOFT)
        y += 24
    return y


def rubber_line(rubber: dict, t) -> tuple[str, str, str]:
    """(date, "Anna 950 – Ben 610, games 2–1", who won) for one rubber."""
    players = rubber.get("players", [])
    totals, games = rubber.get("totals", {}), rubber.get("games", {})
    scores = " – ".join(f"{name} {totals.get(name, 0)}" for name in players)
    won = " – ".join(str(games.get(name, 0)) for name in players)
    score_text = t.t("history.score", scores=scores, games=won)
    winner = rubber.get("winner")
    if rubber.get("stopped"):
        outcome = t.t("history.stopped")  # left for a new rubber: unfinished bonuses counted
    else:
        outcome = t.t("history.won", name=winner) if winner else t.t("sheet.tie")
    return rubber.get("date", ""), score_text, outcome


def _rubbers(surface, layout, history, t, y: float) -> None:
    """The rubbers newest first, as many as fit, then "+N more"."""
    y = _heading(surface, layout, t.t("history.rubbers"), y)
    fits = max(1, int((ROWS_BOTTOM - y) // ROW))
    newest = list(reversed(history))
    shown = newest if len(newest) <= fits else newest[: fits - 1]
    for rubber in shown:
        date, score, outcome = rubber_line(rubber, t)
        draw_text(surface, layout, date, (X + 8, y), 22, theme.INK_ON_FELT_SOFT)
        menu.fitted_text(surface, layout, score, (X + 140, y), 22, 430)
        menu.fitted_text(surface, layout, outcome, (X + 590, y), 22, WIDTH - 590, theme.ACCENT)
        y += ROW
    if len(shown) < len(newest):
        more = t.t("sheet.more", n=len(newest) - len(shown))
        draw_text(surface, layout, more, (X + 8, y), 20, theme.INK_ON_FELT_SOFT)
