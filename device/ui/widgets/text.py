"""Text that wraps: lines broken at spaces to fit a width, drawn one under the other.

Every screen wraps text the same way; a single word wider than the room is
noted on the layout (tests/ui/test_readable.py reads those notes).
"""

from __future__ import annotations

from .. import theme
from ..draw import draw_text, text_with_suits


def wrap(layout, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` broken into lines at spaces so that each fits `width` logical px
    (no lines for an empty text)."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and layout.width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    for line in lines:  # a single word wider than the room
        if layout.width(line, size, bold) > width + 0.5:
            layout.note_overflow(line)
    return lines


def wrapped_text(
    surface,
    layout,
    text: str,
    pos,
    size: float,
    width: float,
    colour=theme.INK_ON_FELT_SOFT,
    anchor: str = "topleft",
    bold: bool = False,
    suits: bool = False,
) -> float:
    """A short note broken into lines at spaces to fit `width`; returns the y below it.
    With a "mid..." anchor the lines are centred on pos[0]; with `suits` the card codes
    in it ("C9") are drawn with their suit symbols (9♣)."""
    step, lines = line_step(size), wrap(layout, text, size, width, bold)
    for i, line in enumerate(lines):
        where = "midtop" if anchor.startswith("mid") else "topleft"
        at = (pos[0], pos[1] + i * step)
        if suits:
            text_with_suits(surface, layout, line, at, size, colour, anchor=where, bold=bold)
        else:
            draw_text(surface, layout, line, at, size, colour, bold, where)
    return pos[1] + len(lines) * step


def line_step(size: float) -> float:
    """The distance from one line of text to the next."""
    return size * 0.84
