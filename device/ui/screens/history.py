"""History: per couple what the journal counted (rubbers won, points, games,
contracts made and failed, slams), then the finished rubbers, newest first,
in pages turned with the arrows in the title band. A rubber's row opens its
score sheet ("history-sheet"), rebuilt by replaying the rubber's stored inputs;
Back returns to the list.

`ui.history.rubbers` is a list of dicts as device.store.history.stored_results gives
them, oldest first: a result ({"players": [a, b], "winner": name|None,
"totals": {name: points}, "games": {name: games}, "date": "YYYY-MM-DD",
"deals": [...], "stopped": bool}) with its "rubber" id, or {"rubber": id,
"damaged": True} for a result that cannot be read. A stopped-early rubber is
marked as such; a damaged one is a line that says so (its row still opens
whatever of its inputs can be replayed).
"""

from __future__ import annotations

import pygame

from device.store.history import couple_stats, partnership_stats, result_sides

from .. import theme
from ..actions import HistoryPage, HistoryRubber, Overlay
from ..draw import draw_text
from ..form_parts import own_screen
from ..widgets.text import wrap
from . import chrome, menu, sheet
from .base import Target
from .help import ARROWS_W, page_arrows, title_band
from .titles import stored_title

X, WIDTH = 16, 768
TOP, BOTTOM = 62, menu.BAND_Y - 4
INDENT = 28
# Heights of the page's items, in logical px: fixed, so the pages are the same at any size.
HEIGHTS = {"heading": 44, "couple": 40, "line": 36, "rubber": 56, "gap": 10}
ROW_H = 50  # a rubber's row: its touch target, more than 48 high
CHARTS = (440, menu.BUTTON_Y, 168, menu.BUTTON_H)  # left of Close
SCORES_X, OUTCOME_W = 180, 280  # in a row: where the scores start, the outcome's most room


def couples(history: list) -> list[dict]:
    """The journal's per-couple stats (device.store.history), the most played couple first."""
    return sorted(couple_stats(history), key=lambda couple: -couple["rubbers"])


def couple_lines(couple: dict, t) -> list[str]:
    """ "Anna & Ben: 3 rubbers", then for each player "Anna: 2 won, 1250 points,
    3 games" and "contracts: 5 made, 2 failed; slams: 1 of 1"."""
    players = couple["players"]
    lines = [t.n("history.couple", couple["rubbers"], names=" & ".join(players))]
    for name in players:
        stats = couple["by_player"][name]
        games = t.n("history.games", stats["games"])
        lines.append(
            t.t("history.player", name=name, won=stats["won"], points=stats["points"], games=games)
        )
        lines.append(contracts_line(stats, t))
    return lines


def contracts_line(stats: dict, t) -> str:
    """Contracts made and failed, slams made of those bid, of a couple or partnership."""
    keys = ("made", "failed", "slams_made", "slams_bid")
    return t.t("history.contracts", **{key: stats[key] for key in keys})


def partnership_lines(history: list, t) -> tuple[list[list[str]], list[str]]:
    """At a table of four: per partnership, most played first, "Anna & Carla: played
    together 2 times", "1 won, 940 points, 1 game" (a game: 100 below the line) and its
    contracts; per player "Anna: 1 of 2 won, 940 points"."""
    pairs, players = partnership_stats(history)
    blocks = []
    for pair in sorted(pairs, key=lambda p: -p["played"]):
        names = " & ".join(pair["players"])
        games = t.n("history.games", pair["games"])
        blocks.append(
            [
                t.n("history.partnership", pair["played"], names=names),
                t.t("history.pair_stats", won=pair["won"], points=pair["points"], games=games),
                contracts_line(pair, t),
            ]
        )
    lines = [
        t.t(
            "history.player_line",
            name=p["name"],
            won=p["won"],
            played=p["played"],
            points=p["points"],
        )
        for p in sorted(players, key=lambda p: (-p["won"], p["name"]))
    ]
    return blocks, lines


def sides_of(rubber: dict) -> list[str]:
    """Whose totals a row shows: the players at two, the partnerships at four."""
    players = [str(name) for name in rubber.get("players", [])]
    if len(players) == 4:
        return [" & ".join(side) for side in result_sides(rubber)]
    return players


def _scores(rubber: dict, names: list[str]) -> str:
    """ "Anna 950 – Ben 610", each side under `names` (shortened names, say)."""
    totals = rubber.get("totals", {})
    return " – ".join(
        f"{short} {totals.get(p, 0)}" for p, short in zip(sides_of(rubber), names, strict=False)
    )


def _result(rubber: dict, winner: str | None, t) -> str:
    """Who won (as `winner`, when given), a tie, or that it was stopped early."""
    if rubber.get("stopped"):
        return t.t("history.stopped")  # left for a new rubber: unfinished bonuses counted
    if rubber.get("winner"):
        return t.t("history.won", name=winner or rubber["winner"])
    return t.t("sheet.tie")


def shortened(layout, make, names: list[str], room: float) -> str:
    """make(names), with the longest name cut a letter at a time ("Maximilia…") until
    it fits `room` at the text size: long names never run into the next column."""
    names = list(names)
    while layout.width(make(names), theme.TEXT) > room:
        longest = max(range(len(names)), key=lambda i: len(names[i].rstrip("…")))
        bare = names[longest].rstrip("…")
        if len(bare) <= 3:
            break
        names[longest] = bare[:-1] + "…"
    return make(names)


# --- pages ------------------------------------------------------------------------------


def _sections(history: list, t) -> list[tuple[str, list[tuple]]]:
    """(heading, items) for the couples and for the rubbers, newest first. An item is
    (kind, value): a couple's block of lines, a rubber's row, a damaged rubber's row."""
    found = [("couple", couple_lines(c, t)) for c in couples(history) if len(c["players"]) == 2]
    threes = [("couple", couple_lines(c, t)) for c in couples(history) if len(c["players"]) == 3]
    rows = [("rubber", entry) for entry in reversed(history)]
    sections = [(t.t("history.couples"), found)] if found else []
    if threes:  # three players each alone (three-player Honeymoon)
        sections.append((t.t("history.threes"), threes))
    pairs, players = partnership_lines(history, t)
    if pairs:
        sections.append((t.t("history.partnerships"), [("couple", block) for block in pairs]))
        sections.append((t.t("history.players"), [("line", line) for line in players]))
    return sections + [(t.t("history.rubbers"), rows)]


def _height(item) -> float:
    kind, value = item
    if kind == "couple":
        return HEIGHTS["couple"] + HEIGHTS["line"] * (len(value) - 1) + HEIGHTS["gap"]
    return HEIGHTS[kind]


def paginate(history: list, t) -> list[list[tuple]]:
    """The items of each page; a section that goes on to the next page repeats its heading."""
    pages, page, y = [], [], TOP
    for heading, items in _sections(history, t):
        for i, item in enumerate(items):
            room = HEIGHTS["heading"] * (i == 0) + _height(item)
            if page and y + room > BOTTOM:
                pages.append(page)
                page, y = [], TOP
            if i == 0 or not page:
                page.append(("heading", heading))
                y += HEIGHTS["heading"]
            page.append(item)
            y += _height(item)
    return pages + [page] if page else pages


# --- the list ---------------------------------------------------------------------------


def draw(surface, layout, view, ui, t):
    if ui.overlay == "history-sheet":
        return draw_stored(surface, layout, ui, t)
    pages = paginate(ui.history.rubbers, t) if ui.history.rubbers else []
    number = max(0, min(ui.history.page, len(pages) - 1))
    # The arrows in the title band: the bottom band's left is the storage mark's ("page").
    title_band(surface, layout, t.t("history.title"), 768 - ARROWS_W - 16)
    targets = page_arrows(surface, layout, number, len(pages), HistoryPage, t, 792 - ARROWS_W, 2)
    if not pages:
        text = t.t("history.empty")
        draw_text(
            surface,
            layout,
            text,
            (400, 220),
            theme.TEXT_LARGE,
            theme.INK_ON_FELT_SOFT,
            anchor="center",
        )
    else:
        targets += _page(surface, layout, pages[number], t)
    menu.bottom_band(surface, layout)
    charts = Overlay("history-charts")  # the same figures in pictures
    targets.append(
        menu.button(surface, layout, CHARTS, t.t("charts.open"), charts, enabled=bool(pages))
    )
    targets.append(menu.close_button(surface, layout, t))
    chrome.finish(surface, layout, ui, t)
    return targets


def _page(surface, layout, items, t) -> list[Target]:
    targets, y = [], TOP
    for kind, value in items:
        if kind == "heading":
            _text(surface, layout, value, (X, y + 4), theme.TEXT, theme.ACCENT, WIDTH, True)
        elif kind == "couple":
            _couple(surface, layout, value, y)
        elif kind == "line":  # a player's line at a table of four
            _text(surface, layout, value, (X, y + 2), theme.TEXT, theme.INK_ON_FELT, WIDTH)
        else:
            targets.append(_row(surface, layout, value, y, t))
        y += _height((kind, value))
    return targets


def _text(surface, layout, text, pos, size, colour, width, bold=False, anchor="topleft"):
    size = layout.fit_size(text, size, width, bold)
    return draw_text(surface, layout, text, pos, size, colour, bold, anchor)


def _couple(surface, layout, lines: list[str], y: float) -> None:
    """The couple's names and count, then each player's two lines."""
    head, *rest = lines
    _text(surface, layout, head, (X, y), theme.TEXT, theme.INK_ON_FELT, WIDTH, True)
    y += HEIGHTS["couple"]
    for i, line in enumerate(rest):
        indent = INDENT * (1 + i % 2)  # a player's contracts under the player
        colour = theme.INK_ON_FELT if i % 2 == 0 else theme.INK_ON_FELT_SOFT
        _text(surface, layout, line, (X + indent, y), theme.TEXT, colour, WIDTH - indent)
        y += HEIGHTS["line"]


def _row(surface, layout, entry: dict, y: float, t) -> Target:
    """One rubber: a framed row that opens its sheet; a damaged one says so instead."""
    rect = (X, y, WIDTH, ROW_H)
    box = layout.rect(*rect)
    pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=layout.px(8))
    pygame.draw.rect(surface, theme.BUTTON_EDGE, box, layout.px(1.5), border_radius=layout.px(8))
    middle = y + ROW_H / 2
    chevron = (X + WIDTH - 14, middle)
    draw_text(surface, layout, ">", chevron, theme.TEXT, theme.INK_ON_FELT_SOFT, True, "midright")
    action = HistoryRubber(entry.get("rubber"))
    if entry.get("damaged"):
        text = t.t("history.damaged", n=entry.get("rubber"))
        _text(
            surface,
            layout,
            text,
            (X + 12, middle),
            theme.TEXT,
            theme.BANNER_ERROR_TEXT,
            WIDTH - 60,
            anchor="midleft",
        )
        return Target(rect, action, entry.get("rubber") is not None)
    date = str(entry.get("date", ""))
    _text(
        surface,
        layout,
        date,
        (X + 12, middle),
        theme.TEXT,
        theme.INK_ON_FELT_SOFT,
        170,
        anchor="midleft",
    )
    right = X + WIDTH - 40
    winner = [str(entry.get("winner") or "")]
    outcome = shortened(layout, lambda n: _result(entry, n[0], t), winner, OUTCOME_W)
    stopped = bool(entry.get("stopped"))
    ink = theme.INK_ON_FELT if stopped else theme.ACCENT
    tag = _text(
        surface, layout, outcome, (right, middle), theme.TEXT, ink, OUTCOME_W, anchor="midright"
    )
    if stopped:  # marked: a ringed tag, not a winner's name
        ring = tag.inflate(layout.px(14), layout.px(6))
        pygame.draw.rect(surface, theme.ACCENT, ring, layout.px(2), border_radius=layout.px(6))
    room = layout.to_logical(tag.topleft)[0] - 20 - (X + SCORES_X)
    players = sides_of(entry)
    scores = shortened(layout, lambda n: _scores(entry, n), players, room)
    _text(
        surface,
        layout,
        scores,
        (X + SCORES_X, middle),
        theme.TEXT,
        theme.INK_ON_FELT,
        room,
        anchor="midleft",
    )
    return Target(rect, action, entry.get("rubber") is not None)


# --- a stored rubber's sheet --------------------------------------------------------------

PAPER_RECT = (16, 10, 480, 404)  # clear of the bottom band, where Back and the storage mark go
PANEL_X, PANEL_W = 516, 268
BACK = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)
REVIEW = (440, menu.BUTTON_Y, 168, menu.BUTTON_H)
PAGER_Y = menu.BAND_Y - menu.BUTTON_H - 6  # a long sheet's arrows, over the bottom band


def draw_stored(surface, layout, ui, t) -> list[Target]:
    """The paper score sheet of the rubber opened from the history, with Back."""
    stored = ui.history.stored
    own = (
        None
        if stored is None or stored.form is None
        else own_screen(stored.form, "history-sheet", "")
    )
    if own is not None:  # a form's own sheet (aBRIDGEd: four hands, not a rubber)
        return own.draw(surface, layout, None, ui, t)
    chrome.background(surface, layout)
    if stored is None or stored.sheet is None:
        title = stored_title(stored, t) if stored else t.t("history.title")
        title_band(surface, layout, title)
        _unreadable(surface, layout, stored, t)
        paged = []
    else:
        plan = sheet.draw_paper(surface, layout, stored.sheet, PAPER_RECT, t, back=ui.sheet_back)
        _panel(surface, layout, stored, t)
        paged = sheet.pager(surface, layout, plan, t, PAGER_Y)
    menu.bottom_band(surface, layout)
    back = Overlay("history")
    targets = [menu.button(surface, layout, BACK, t.t("history.back"), back, "accent"), *paged]
    if stored is not None and stored.sheet is not None:  # its deals' double-dummy review
        review = Overlay("history-review")
        targets.append(menu.button(surface, layout, REVIEW, t.t("review.open"), review))
    chrome.finish(surface, layout, ui, t)
    return targets


def _why(stored, t) -> str:
    problem = stored.problem if stored is not None else "damaged"
    return t.t("history.why.damaged") if problem in (None, "damaged") else t.t(f"storage.{problem}")


def _unreadable(surface, layout, stored, t) -> None:
    """Why the sheet cannot be shown, or while a long rubber is still being read, how far
    that has come."""
    if stored is not None and stored.problem == "loading":
        text = t.t("history.loading", kept=stored.kept, stored=stored.stored)
    else:
        text = t.t("history.unreadable", why=_why(stored, t))
    _wrapped(surface, layout, text, (40, 150), 720, theme.INK_ON_FELT, theme.TEXT_LARGE)


def _wrapped(surface, layout, text, pos, width, colour, size=theme.TEXT, bold=False) -> float:
    """`text` broken into lines to fit `width`; returns the y under the last line."""
    x, y = pos
    for line in wrap(layout, text, size, width, bold):
        draw_text(surface, layout, line, (x, y), size, colour, bold)
        y += size * 1.1
    return y


def _panel(surface, layout, stored, t) -> None:
    """Beside the paper: which rubber, its date, how it ended, each side's games, and
    when the journal is damaged, how far the sheet goes (the paper has the totals)."""
    paper = stored.sheet
    title = stored_title(stored, t)
    y = _wrapped(surface, layout, title, (PANEL_X, 14), PANEL_W, theme.INK_ON_FELT, bold=True)
    y = _wrapped(surface, layout, stored.date, (PANEL_X, y), PANEL_W, theme.INK_ON_FELT_SOFT)
    y += 12
    outcome = _outcome(stored, t)
    if outcome:
        y = _wrapped(surface, layout, outcome, (PANEL_X, y), PANEL_W, theme.ACCENT, bold=True)
    for side, name in enumerate(paper.sides):
        games = t.t(
            "history.side_games", name=name, games=t.n("history.games", paper.games_won[side])
        )
        y = _wrapped(surface, layout, games, (PANEL_X, y), PANEL_W, theme.INK_ON_FELT)
    if _partial(stored):
        note = t.t("history.partial", kept=stored.kept, stored=stored.stored)
        _wrapped(surface, layout, note, (PANEL_X, y + 12), PANEL_W, theme.INK_ON_FELT_SOFT)


def _partial(stored) -> bool:
    return stored.problem is not None or stored.kept < stored.stored


def _outcome(stored, t) -> str:
    """How the rubber ended: as its sheet shows, or when only part of it replays, as
    its stored result says ("" when that cannot be read either)."""
    if stored.stopped:
        text = t.t("history.stopped")
        return text[:1].upper() + text[1:]
    if not _partial(stored):
        return sheet.status(stored.sheet, t)
    return t.t("history.won", name=stored.winner) if stored.winner else ""
