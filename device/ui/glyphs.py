"""Which characters the screen's font can draw, read from the font file itself.

The screen draws with pygame's own font (freesansbold.ttf, shipped inside the pygame
package). Its character map (the TrueType `cmap` table, Windows Unicode BMP, format 4)
says which characters have a glyph. Reading it here, rather than asking
pygame.freetype, lets the settings (device/config.py) check a name or say what is
wrong with a value without loading pygame: the terminal table and `honeymoon config`
on a machine without a screen never import it. tests/test_imports.py checks that this
map and pygame.freetype agree on every character.
"""

from __future__ import annotations

import bisect
import importlib.util
import struct
from functools import cache
from pathlib import Path

FONT = "freesansbold.ttf"  # pygame.font.Font(None) and pygame.freetype.Font(None)
WINDOWS, UNICODE_BMP = 3, 1  # the cmap subtable FreeType picks for a Unicode font


def font_path() -> Path:
    """The font file inside the pygame package, found without importing pygame."""
    spec = importlib.util.find_spec("pygame")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("pygame is not installed: its font cannot be read")
    return Path(next(iter(spec.submodule_search_locations))) / FONT


def has_glyph(char: str) -> bool:
    """Whether the screen's font has a glyph for the one character `char`."""
    code = ord(char)
    if code > 0xFFFF:
        return False  # a BMP-only map: nothing above U+FFFF
    ends, starts, deltas, offsets, data, base = _segments()
    i = bisect.bisect_left(ends, code)
    if i == len(ends) or starts[i] > code:
        return False
    if offsets[i] == 0:
        return (code + deltas[i]) & 0xFFFF != 0
    # idRangeOffset counts bytes from its own place in the table to the glyph index.
    at = base + 2 * i + offsets[i] + 2 * (code - starts[i])
    glyph = struct.unpack_from(">H", data, at)[0]
    return glyph != 0 and (glyph + deltas[i]) & 0xFFFF != 0


@cache
def _segments() -> tuple[list[int], list[int], list[int], list[int], bytes, int]:
    """The format 4 subtable's segments: end codes, start codes, deltas, range offsets,
    the file's bytes and where the range offsets start in them."""
    data = font_path().read_bytes()
    cmap = _table(data, b"cmap")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for n in range(count):
        platform, encoding, where = struct.unpack_from(">HHI", data, cmap + 4 + 8 * n)
        sub = cmap + where
        if (platform, encoding) == (WINDOWS, UNICODE_BMP) and _u16(data, sub) == 4:
            break
    else:
        raise ValueError(f"{FONT} has no Unicode BMP character map")
    segs = _u16(data, sub + 6) // 2
    ends_at = sub + 14
    starts_at = ends_at + 2 * segs + 2  # after the end codes and a reserved pad
    deltas_at = starts_at + 2 * segs
    offsets_at = deltas_at + 2 * segs

    def array(at: int, kind: str = "H") -> list[int]:
        return list(struct.unpack_from(f">{segs}{kind}", data, at))

    deltas = array(deltas_at, "h")
    return array(ends_at), array(starts_at), deltas, array(offsets_at), data, offsets_at


def _table(data: bytes, tag: bytes) -> int:
    count = _u16(data, 4)
    for n in range(count):
        name, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * n)
        if name == tag:
            return offset
    raise ValueError(f"{FONT} has no {tag.decode()} table")


def _u16(data: bytes, at: int) -> int:
    return struct.unpack_from(">H", data, at)[0]
