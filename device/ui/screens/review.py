"""A stored rubber's double-dummy review ("history-review"), opened from its score
sheet: per deal what double dummy makes and what was made, the first card that
cost a trick, and the par; how far the worker has come for the deals not done
yet. Pages turn with the arrows in the title band; Back returns to the sheet.
"""

from __future__ import annotations

from .. import theme
from ..actions import Overlay, ReviewPage
from ..draw import draw_text
from ..review_text import deal_line, review_lines
from ..widgets.review import draw_review
from ..widgets.text import line_step
from . import chrome, menu
from .help import ARROWS_W, page_arrows, title_band
from .history import stored_title

X, WIDTH = 16, 768
TOP = 62
ROW = line_step(theme.TEXT)
PER_PAGE = 4  # deals of three lines each (and a gap) between the bands
GAP = 8
BACK = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)


def pages(reviews) -> list[tuple]:
    return [tuple(reviews[i : i + PER_PAGE]) for i in range(0, len(reviews), PER_PAGE)]


def draw(surface, layout, view, ui, t):
    stored = ui.history.stored
    number = getattr(stored, "rubber", 0)
    title = (
        t.t("review.title", n=number) if stored is None else stored_title(stored, t, "review.title")
    )
    all_pages = pages(ui.reviews)
    page = max(0, min(ui.history.review_page, len(all_pages) - 1))
    title_band(surface, layout, title, 768 - ARROWS_W - 16)
    targets = page_arrows(surface, layout, page, len(all_pages), ReviewPage, t, 792 - ARROWS_W, 2)
    if not all_pages:
        text = t.t("review.empty")
        centre = (400, 220)
        draw_text(
            surface, layout, text, centre, theme.TEXT_LARGE, theme.INK_ON_FELT_SOFT, anchor="center"
        )
    y = TOP
    for shown in all_pages[page] if all_pages else ():
        y = _deal(surface, layout, shown, y, t) + GAP
    menu.bottom_band(surface, layout)
    back = Overlay("history-sheet")
    targets.append(menu.button(surface, layout, BACK, t.t("review.back"), back, "accent"))
    chrome.finish(surface, layout, ui, t)
    return targets


def _deal(surface, layout, shown, y: float, t) -> float:
    """The deal's lines: the first with its number, the others indented under it."""
    lines = review_lines(shown, t) or [t.t("review.none")]
    first = deal_line(shown, t)
    y = draw_review(surface, layout, [first], (X, y), WIDTH)
    return draw_review(surface, layout, lines[1:], (X + 28, y), WIDTH - 28, bright=0)
