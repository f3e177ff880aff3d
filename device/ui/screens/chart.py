"""The Chicago score chart: a row per deal as it was dealt (thrown-in deals
included, marked passed out; the redeal keeps its number), with its dealer,
who was vulnerable, the contract and its result, the points each side wrote on
it and each side's running total; the totals under them, and after the fourth deal that counts
the result and the margin. The score sheet overlay shows it for a Chicago.

    x 16..784: # | dealer | vulnerable | contract and result | N-S | E-W
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_text, text_with_suits
from ..theme import TEXT, TEXT_LARGE
from . import chrome, menu
from .auction import call_text
from .base import Target

# (key of the heading, x, width); the two sides' columns last.
COLUMNS = (
    ("deal_chart.deal", 16, 48),
    ("deal_chart.dealer", 64, 130),
    ("deal_chart.vulnerable", 194, 96),
    ("deal_chart.contract", 290, 150),
)
SIDE_X, SIDE_W = (440, 612), 172
TOP, HEAD_H, ROW_H = 52, 70, 42
ROWS = 6  # deals shown at once: the latest (a Chicago with many passed-out deals scrolls)
CLOSE = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)


def vulnerable_text(sides: tuple[int, ...], t) -> str:
    if not sides:
        return t.t("deal_chart.vul.none")
    if len(sides) == 2:
        return t.t("deal_chart.vul.both")
    return t.t(f"side.short.{sides[0]}")


def result_text(row, t) -> str:
    """ "4HX +1", "3NT -2", "2S =" (codes, drawn with suit symbols), or passed out."""
    if row.contract is None:
        return t.t("deal_chart.playing")
    if row.contract == "pass":
        return t.t("deal_chart.thrown_in")
    contract = call_text(row.contract, t)
    if row.over is None:
        return contract
    over = "=" if row.over == 0 else f"{row.over:+d}".replace("-", "−")
    return f"{contract} {over}"


def status(sheet, t) -> str:
    """Who won the Chicago and by how much, a tie, or how far it is."""
    if not sheet.finished:
        return t.t("deal_chart.counted", n=sheet.counted, deals=sheet.deal_chart)
    if sheet.winner is None:
        return t.t("sheet.tie")
    margin = abs(sheet.totals[0] - sheet.totals[1])
    return t.t("sheet.winner_side", name=sheet.winner, points=margin)


def draw(surface, layout, view, ui, t) -> list[Target]:
    sheet = view.sheet
    chrome.background(surface, layout)
    chrome.band(surface, layout, 0, 44, theme.FELT_DARK)
    title = f"{t.own('sheet.title', view.form)} · {status(sheet, t)}"
    colour = theme.ACCENT if sheet.finished else theme.INK_ON_FELT
    menu.fitted_text(surface, layout, title, (16, 22), TEXT_LARGE, 768, colour, True, "midleft")
    draw_chart(surface, layout, sheet, t)
    menu.bottom_band(surface, layout)
    targets = [menu.close_button(surface, layout, t, CLOSE)]
    chrome.finish(surface, layout, ui, t)
    return targets


def draw_chart(surface, layout, sheet, t) -> None:
    rows = sheet.deals[-ROWS:]
    height = HEAD_H + ROW_H * max(len(rows), 4) + ROW_H + 8
    paper = layout.rect(8, TOP, 784, height)
    pygame.draw.rect(surface, theme.PAPER, paper, border_radius=layout.px(6))
    ink = theme.PAPER_INK
    for key, x, width in COLUMNS:
        text, size = layout.fit_text(t.t(key), TEXT, width - 6, True)
        draw_text(surface, layout, text, (x, TOP + HEAD_H - 20), size, ink, True, "midleft")
    for side, x in enumerate(SIDE_X):
        label = t.t(f"side.short.{side}")
        draw_text(surface, layout, label, (x + SIDE_W / 2, TOP + 18), TEXT, ink, True, "center")
        name, size = layout.fit_text(sheet.sides[side], TEXT, SIDE_W - 8)
        draw_text(
            surface, layout, name, (x + SIDE_W / 2, TOP + HEAD_H - 20), size, ink, False, "center"
        )
    _rule(surface, layout, TOP + HEAD_H, 2)
    y = TOP + HEAD_H
    for row in rows:
        _row(surface, layout, row, y, t)
        y += ROW_H
        _rule(surface, layout, y, 1, theme.PAPER_RULE)
    y = TOP + HEAD_H + ROW_H * max(len(rows), 4)
    _rule(surface, layout, y, 2)
    total = t.t("deal_chart.total")
    draw_text(
        surface, layout, total, (COLUMNS[0][1], y + ROW_H / 2 + 4), TEXT, ink, True, "midleft"
    )
    for side, x in enumerate(SIDE_X):
        centre = (x + SIDE_W / 2, y + ROW_H / 2 + 4)
        rect = draw_text(
            surface, layout, str(sheet.totals[side]), centre, TEXT_LARGE, ink, True, "center"
        )
        if sheet.finished and sheet.winner == sheet.sides[side]:
            ring = rect.inflate(layout.px(22), layout.px(6))
            pygame.draw.ellipse(surface, theme.PAPER_MARGIN, ring, layout.px(2))
    for x in SIDE_X:  # the red rule before each side's column
        top, bottom = layout.point(x, TOP + 6), layout.point(x, TOP + height - 6)
        pygame.draw.line(surface, theme.PAPER_MARGIN, top, bottom, layout.px(2))


def _rule(surface, layout, y: float, width: float, colour=theme.PAPER_INK) -> None:
    pygame.draw.line(surface, colour, layout.point(14, y), layout.point(786, y), layout.px(width))


def _row(surface, layout, row, y: float, t) -> None:
    ink, soft = theme.PAPER_INK, theme.INK_SOFT
    cy = y + ROW_H / 2
    cells = (
        (str(row.number), True),
        (layout.fit_text(row.dealer, TEXT, COLUMNS[1][2] - 8)[0], False),
        (vulnerable_text(row.vulnerable, t), False),
    )
    for (text, bold), (_, x, _) in zip(cells, COLUMNS, strict=False):
        draw_text(surface, layout, text, (x, cy), TEXT, ink, bold, "midleft")
    result = result_text(row, t)
    x, width = COLUMNS[3][1], COLUMNS[3][2]
    size = layout.fit_size(result, TEXT, width - 6)
    colour = soft if row.contract in (None, "pass") else ink
    text_with_suits(surface, layout, result, (x, cy), size, colour, anchor="midleft")
    if row.contract in (None, "pass"):
        return
    for side, x in enumerate(SIDE_X):
        points = row.points[side]
        text = str(points) if points else "–"
        draw_text(surface, layout, text, (x + 12, cy), TEXT, ink, True, "midleft")
        running = str(row.running[side])
        draw_text(surface, layout, running, (x + SIDE_W - 10, cy), TEXT, soft, False, "midright")
