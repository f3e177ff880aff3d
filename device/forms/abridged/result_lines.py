"""The result lines of an aBRIDGEd hand: its review's lines (review_text), then the
tricks with each trump. The words themselves (colours, never suit codes) are in
review_words.py."""

from __future__ import annotations

from device.ui.review_text import review_lines

from .review import AbridgedReview
from .review_words import trumps_line


def result_lines(shown, t) -> list[str]:
    """The hand result's lines: the review's (review_text.review_lines), and once it
    is done the tricks with each trump."""
    lines = review_lines(shown, t)
    review = shown.state.review if shown is not None else None
    if isinstance(review, AbridgedReview):
        lines.append(trumps_line(review, t))
    return lines
