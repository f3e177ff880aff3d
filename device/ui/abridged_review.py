"""The result lines of an aBRIDGEd hand: its review's lines (review_text), then the
tricks with each trump. The words themselves (colours, never suit codes) are in
abridged_words.py."""

from __future__ import annotations

from .abridged_words import (  # noqa: F401 (imported from here too)
    TRUMPS,
    abridged_lines,
    best_text,
    card_words,
    colour,
    costly_text,
    trumps_line,
)
from .review_text import review_lines


def result_lines(shown, t) -> list[str]:
    """The hand result's lines: the review's (review_text.review_lines), and once it
    is done the tricks with each trump."""
    lines = review_lines(shown, t)
    review = shown.state.review if shown is not None else None
    if review is not None and hasattr(review, "declaration"):
        lines.append(trumps_line(review, t))
    return lines
