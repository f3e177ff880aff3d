"""Text from a device, made safe for the screen, the log and a terminal.

A device may send anything: invalid UTF-8, NULs (pygame refuses to draw a
string with one), escape sequences (a terminal would obey them), bidi
overrides (that turn the rest of a line around) or a line longer than the
screen. `safe_text` is the one helper every device text goes through before
it becomes part of a message.
"""

from __future__ import annotations

import unicodedata

from device.engine.message import Message

MAX_CHARS = 60  # a device's text in a one-line banner, with room for the words around it
CUT = "..."  # ASCII: every font and every terminal has it


def safe_text(value: bytes | bytearray | str, limit: int = MAX_CHARS) -> str:
    """`value` as printable text: invalid UTF-8 becomes U+FFFD, every character
    that is not printable (controls, NUL, format characters, surrogates, a
    combining mark with no character before it) is written as an escape such
    as \\x00, and the result has at most `limit` characters (cut with '...').
    A Message stays one, its fields made safe (its words are the catalogue's)."""
    if isinstance(value, Message):
        fields = {name: safe_text(field, limit) for name, field in value.params.items()}
        return Message(value.key, **fields)
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode("utf-8", "replace")
    pieces: list[str] = []
    length = 0
    base = False  # whether the last piece is a character a combining mark may sit on
    for char in value:
        mark = unicodedata.category(char) in ("Mn", "Me")
        # A combining mark with nothing to sit on (first, or after an escape) has no
        # width of its own: pygame refuses to draw a text of only such marks.
        shown = char.isprintable() and (base or not mark)
        piece = char if shown else _escape(char)
        base = shown
        if length + len(piece) > limit:
            return _cut(pieces, limit)
        pieces.append(piece)
        length += len(piece)
    return "".join(pieces)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _cut(pieces: list[str], limit: int) -> str:
    """Whole pieces (an escape is never cut in two) up to `limit` with CUT."""
    kept, length = [], len(CUT)
    for piece in pieces:
        if length + len(piece) > limit:
            break
        kept.append(piece)
        length += len(piece)
    return "".join(kept) + CUT
