"""The history in pictures (overlay "history-charts", from the history's Charts): for
one couple, three players or partnership at a time (the arrows in the title band), in
one form or all of them (the form button), either

- the running balance over the rubbers played: who is ahead, by how much and since
  when, the line above the middle while the first named leads, its area in the
  leader's colour; beside it the rubbers each won; or
- as declarer, the contracts made (up) and failed (down) at each level, a bar a
  player (a partnership: one).

The figures are device/store/trends.py's, as `honeymoon history --json` prints them.
Drawn with pygame alone: no plotting library on the Pi.
"""

from __future__ import annotations

import pygame

from device.store.trends import LEVELS, forms_played, groups, next_form

from .. import theme
from ..actions import ChartsForm, ChartsGroup, ChartsKind, Overlay
from ..draw import draw_text
from ..history import ChartsShown
from . import chrome, menu
from .base import Target
from .help import ARROWS_W, page_arrows, title_band

FORM_BUTTON = (16, 60, 300, 52)
SUMMARY_X = 332
CHART = (16, 122, 520, 262)  # the balance: left of the panel, clear of the device line
PANEL_X, PANEL_W = 552, 232
BARS = (16, 164, 768, 186)  # the contracts' bars, under the names' legend
LEGEND_Y = 124
LEVEL_Y = 352  # the levels' numbers under the bars
KIND_BUTTON = (440, menu.BUTTON_Y, 168, menu.BUTTON_H)
BACK = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)
KINDS = ("balance", "contracts")


__all__ = ["ChartsShown", "draw", "forms_played", "groups", "lead", "next_form", "series", "since"]


def names(group: dict) -> str:
    return " & ".join(group["players"])


def series(group: dict) -> list[tuple[str, list[float]]]:
    """The lines of the balance chart, each (label, values from 0 before the first
    rubber): two players, the first named's (the other's is its mirror); three, each
    one's; a partnership, its own."""
    rows = group["balance"]
    if isinstance(group["won"], int):  # a partnership
        return [(names(group), [0, *(row["balance"] for row in rows)])]
    players = group["players"][:1] if len(group["players"]) == 2 else group["players"]
    return [(name, [0, *(row["balance"][name] for row in rows)]) for name in players]


def lead(group: dict, t) -> str:
    """ "Anna ahead by 420", "Anna & Carla behind by 80", "Even"."""
    ahead = group["ahead"]
    if ahead is None:
        return t.t("charts.even")
    if "name" in ahead:
        return t.t("charts.ahead", name=ahead["name"], by=ahead["by"])
    key = "charts.ahead" if ahead["by"] > 0 else "charts.behind"
    return t.t(key, name=names(group), by=abs(ahead["by"]))


def since(group: dict, history: list, t) -> str | None:
    """ "since 2026-11-09": the date of the rubber from which the lead has held."""
    ahead = group["ahead"]
    if ahead is None:
        return None
    dates = {entry.get("rubber"): entry.get("date") for entry in history}
    return t.t("charts.since", date=dates.get(ahead["since"]) or ahead["since"])


# --- the page ---------------------------------------------------------------------------


def draw(surface, layout, view, ui, t) -> list[Target]:
    shown, history = ui.history.charts, ui.history.rubbers
    found = groups(history, shown.form)
    number = max(0, min(shown.group, len(found) - 1))
    title = names(found[number]) if found else t.t("charts.title")
    title_band(surface, layout, title, 768 - ARROWS_W - 16)
    targets = page_arrows(surface, layout, number, len(found), ChartsGroup, t, 792 - ARROWS_W, 2)
    form = t.t(f"form.{shown.form}") if shown.form else t.t("charts.all_forms")
    targets.append(menu.button(surface, layout, FORM_BUTTON, form, ChartsForm()))
    if not found:
        text = t.t("history.empty")
        centre = (400, 240)
        draw_text(
            surface, layout, text, centre, theme.TEXT_LARGE, theme.INK_ON_FELT_SOFT, False, "center"
        )
    else:
        group = found[number]
        _lead(surface, layout, lead(group, t))
        if shown.kind == "contracts":
            _contracts(surface, layout, group, t)
        else:
            _balance(surface, layout, group, t)
            _panel(surface, layout, group, since(group, history, t), t)
    menu.bottom_band(surface, layout)
    other = KINDS[1 - KINDS.index(shown.kind)]
    label = t.t(f"charts.kind.{other}")
    targets.append(menu.button(surface, layout, KIND_BUTTON, label, ChartsKind(other)))
    back = Overlay("history")
    targets.append(menu.button(surface, layout, BACK, t.t("history.back"), back, "accent"))
    chrome.finish(surface, layout, ui, t)
    return targets


def _text(surface, layout, text, pos, width, colour, bold=False, anchor="topleft", size=theme.TEXT):
    size = layout.fit_size(text, size, width, bold)
    return draw_text(surface, layout, text, pos, size, colour, bold, anchor)


def _lead(surface, layout, text: str) -> None:
    middle = FORM_BUTTON[1] + FORM_BUTTON[3] / 2
    _text(
        surface, layout, text, (SUMMARY_X, middle), 784 - SUMMARY_X, theme.ACCENT, True, "midleft"
    )


def _colour(index: int, fill: bool = False):
    return (theme.CHART_FILL if fill else theme.CHART)[index % len(theme.CHART)]


# --- the running balance ----------------------------------------------------------------


def _balance(surface, layout, group: dict, t) -> None:
    x, y, w, h = CHART
    pygame.draw.rect(surface, theme.FELT_DARK, layout.rect(*CHART), border_radius=layout.px(8))
    lines = series(group)
    values = [v for _, line in lines for v in line]
    high, low = max(0, *values), min(0, *values)  # the middle line where 0 falls
    span = max(1, high - low)
    inner = (x + 12, y + 44, w - 24, h - 88)  # room for the sides' names above and below
    zero = inner[1] + high / span * inner[3]

    def at(i: int, value: float, count: int) -> tuple[float, float]:
        step = inner[2] / max(1, count - 1)
        return inner[0] + i * step, zero - value / span * inner[3]

    two = len(lines) == 1  # one line: the area says who leads, the first or the other
    for index, (_, values) in enumerate(lines):
        points = [at(i, v, len(values)) for i, v in enumerate(values)]
        if two:
            _areas(surface, layout, points, zero)
        width = layout.px(3)
        colour = theme.INK_ON_FELT if two else _colour(index)
        pygame.draw.lines(surface, colour, False, [layout.point(*p) for p in points], width)
        if len(points) <= 40:  # a dot a rubber while they can be told apart
            for p in points[1:]:
                pygame.draw.circle(surface, colour, layout.point(*p), layout.px(4))
    start, end = layout.point(inner[0], zero), layout.point(inner[0] + inner[2], zero)
    pygame.draw.line(surface, theme.INK_ON_FELT_SOFT, start, end, layout.px(1.5))
    if two:  # whose the areas are: the first named above the middle, the other below
        above, below = _sides_of(group, t)
        _text(surface, layout, above, (x + 12, y + 6), w / 2, _colour(0), True)
        _text(surface, layout, below, (x + 12, y + h - 6), w / 2, _colour(1), True, "bottomleft")


def _sides_of(group: dict, t) -> tuple[str, str]:
    if isinstance(group["won"], int):  # a partnership: above it leads, below it trails
        return names(group), t.t("charts.others")
    return group["players"][0], group["players"][1]


def _areas(surface, layout, points: list[tuple[float, float]], zero: float) -> None:
    """The area between the line and the middle: the first player's colour above it,
    the other's (or the partnership's opponents') below; split where the line crosses."""
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if (y0 - zero) * (y1 - zero) < 0:  # crosses the middle between two rubbers
            xc = x0 + (x1 - x0) * (zero - y0) / (y1 - y0)
            _area(surface, layout, (x0, y0), (xc, zero), zero)
            _area(surface, layout, (xc, zero), (x1, y1), zero)
        else:
            _area(surface, layout, (x0, y0), (x1, y1), zero)


def _area(surface, layout, a, b, zero: float) -> None:
    if a[1] == zero and b[1] == zero:
        return
    above = min(a[1], b[1]) < zero
    corners = [(a[0], zero), a, b, (b[0], zero)]
    pygame.draw.polygon(
        surface, _colour(0 if above else 1, True), [layout.point(*p) for p in corners]
    )


def _panel(surface, layout, group: dict, since_text: str | None, t) -> None:
    """Beside the chart: since when the lead holds, the rubbers played, then how many
    each won, in their colours, and the ties."""
    y = CHART[1] - 4
    lines = [(since_text, theme.INK_ON_FELT_SOFT, False)] if since_text else []
    lines.append((t.n("charts.played", group["played"]), theme.INK_ON_FELT, True))
    lines.append((t.t("charts.won"), theme.INK_ON_FELT_SOFT, False))
    if isinstance(group["won"], int):  # a partnership: its wins
        rows = [(names(group), group["won"])]
    else:
        rows = list(group["won"].items())
    for index, (name, won) in enumerate(rows):
        lines.append((f"{name} {won}", _colour(index), True))
    if group["ties"]:
        lines.append((t.t("charts.ties", n=group["ties"]), theme.INK_ON_FELT_SOFT, False))
    for text, colour, bold in lines:
        _text(surface, layout, text, (PANEL_X, y), PANEL_W, colour, bold)
        y += 38


# --- contracts by level -----------------------------------------------------------------


def _contracts(surface, layout, group: dict, t) -> None:
    """A column a level, in it a bar a player (or the partnership): made up from the
    middle line, failed down, each with its count where it is not 0."""
    if isinstance(group["won"], int):
        bars = [(names(group), group["contracts"])]
    else:
        bars = [(name, group["contracts"][name]) for name in group["players"]]
    _legend(surface, layout, [name for name, _ in bars], t)
    x, y, w, h = BARS
    pygame.draw.rect(
        surface,
        theme.FELT_DARK,
        layout.rect(x, y - 4, w, LEVEL_Y + 32 - y),
        border_radius=layout.px(8),
    )
    middle = y + h / 2
    most = max(
        1, max(c[k] for _, levels in bars for c in levels.values() for k in ("made", "failed"))
    )
    reach = h / 2 - 34  # a count's number fits beyond the longest bar
    column = w / len(LEVELS)
    bar = min(36, (column - 24) / len(bars))
    for i, level in enumerate(LEVELS):
        left = x + i * column + (column - bar * len(bars)) / 2
        for j, (_, levels) in enumerate(bars):
            bx = left + j * bar
            for key, sign in (("made", -1), ("failed", 1)):
                count = levels[level][key]
                if count == 0:
                    continue
                length = max(3, count / most * reach)
                top = middle - length if sign < 0 else middle
                rect = layout.rect(bx + 2, top, bar - 4, length)
                pygame.draw.rect(surface, _colour(j, key == "failed"), rect)
                end = (bx + bar / 2, top - 2 if sign < 0 else top + length + 2)
                anchor = "midbottom" if sign < 0 else "midtop"
                draw_text(
                    surface, layout, str(count), end, theme.TEXT, theme.INK_ON_FELT, False, anchor
                )
        centre = (x + i * column + column / 2, LEVEL_Y)
        draw_text(
            surface, layout, level, centre, theme.TEXT, theme.INK_ON_FELT_SOFT, True, "midtop"
        )
    pygame.draw.line(
        surface,
        theme.INK_ON_FELT_SOFT,
        layout.point(x + 8, middle),
        layout.point(x + w - 8, middle),
        layout.px(1.5),
    )


def _legend(surface, layout, labels: list[str], t) -> None:
    """The names in their bars' colours, then what up and down mean."""
    x = 16
    for index, label in enumerate(labels):
        rect = _text(surface, layout, label, (x, LEGEND_Y), 260, _colour(index), True)
        x = layout.to_logical(rect.topright)[0] + 24
    key = t.t("charts.made_failed")
    _text(surface, layout, key, (x, LEGEND_Y), 784 - x, theme.INK_ON_FELT_SOFT)
