"""The double-dummy review's lines on the felt: suit symbols drawn, each line shrunk
to fit its width (down to the smallest text size); one that would still not fit goes
on over two lines (fit_review), else it is cut short."""

from __future__ import annotations

from .. import theme
from ..draw import text_with_suits
from .text import line_step, wrap


def fit_review(layout, lines: list[str], width: float, bright: int = 1) -> tuple[list[str], int]:
    """`lines` as they will be drawn in `width`, and how many of them are bright: a line
    too long even at the smallest text size ("Dubbeldummy: 3S maakt 11; Anna maakte 11"
    at 800 px) goes on over two, not cut short, so that no number is lost."""
    out, shown_bright = [], 0
    for index, line in enumerate(lines):
        parts = _broken(layout, line, width - 4)
        out += parts
        shown_bright += len(parts) if index < bright else 0
    return out, shown_bright


def _broken(layout, line: str, width: float) -> list[str]:
    """`line` in lines that fit `width` at the smallest text size: whole, or broken after
    its clauses ("…maakt 11;" / "Anna maakte 11"), a clause too long between words."""
    if layout.width(line, theme.MIN_TEXT) <= width:
        return [line]
    clauses = line.split("; ")
    clauses = [c + ";" for c in clauses[:-1]] + clauses[-1:]
    out: list[str] = []
    for clause in clauses:
        joined = f"{out[-1]} {clause}" if out else clause
        if out and layout.width(joined, theme.MIN_TEXT) <= width:
            out[-1] = joined
        elif layout.width(clause, theme.MIN_TEXT) <= width:
            out.append(clause)
        else:
            out += wrap(layout, clause, theme.MIN_TEXT, width)
    return out


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
