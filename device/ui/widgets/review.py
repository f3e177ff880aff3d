"""The double-dummy review's lines on the felt: suit symbols drawn, each line shrunk
to fit its width (down to the smallest text size, then cut short)."""

from __future__ import annotations

from .. import theme
from ..draw import text_with_suits
from .text import line_step


def review_height(lines: list[str]) -> float:
    return len(lines) * line_step(theme.TEXT)


def draw_review(surface, layout, lines: list[str], pos, width: float, bright: int = 1) -> float:
    """Draw `lines` from `pos` (top left), the first `bright` of them in the text's full
    colour, the rest softer; returns the y under the last."""
    x, y = pos
    for index, line in enumerate(lines):
        text, size = layout.fit_text(line, theme.TEXT, width - 4)
        colour = theme.INK_ON_FELT if index < bright else theme.INK_ON_FELT_SOFT
        text_with_suits(surface, layout, text, (x, y), size, colour)
        y += line_step(theme.TEXT)
    return y
