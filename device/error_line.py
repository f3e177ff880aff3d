"""An error line of the command line: what it refuses, quoted on one printable line.

Apart from cli.py so that a command run from its own package (device/camera/commands.py)
says its refusals the same way without importing the command line back."""

from __future__ import annotations

MAX_LINE = 400  # an error line quotes what it refuses, but not a whole file of it


def one_line(text: str) -> str:
    """`text` as one printable line: control characters escaped, a long quote cut short."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"
