"""Device text made safe for the screen, the log and a terminal (device/hal/text.py)."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.hal.text import CUT, MAX_CHARS, safe_text

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.mark.parametrize(
    "raw,shown",
    [
        (b"press a level first", "press a level first"),
        (b"1S\x00", "1S\\x00"),
        (b"\x1b[2J\x1b]0;owned\x07", "\\x1b[2J\\x1b]0;owned\\x07"),  # a terminal would obey these
        (b"a\r\nb\tc", "a\\x0d\\x0ab\\x09c"),
        (b"\x7f\xc2\x85", "\\x7f\\x85"),  # DEL and the C1 control NEL
        ("\u202e1S".encode(), "\\u202e1S"),  # a bidi override turns the rest of a line round
        ("\u200bX".encode(), "\\u200bX"),  # zero width: pygame cannot draw it alone
        (b"\xff\xfeA", "\ufffd\ufffdA"),  # invalid UTF-8
        (b"\xed\xa0\x80", "\ufffd\ufffd\ufffd"),  # an encoded surrogate is invalid UTF-8
        ("Zürich ♠".encode(), "Zürich ♠"),  # printable text stays as it is
        ("\ud800", "\\ud800"),  # a lone surrogate in a str
        ("\U000e0001", "\\U000e0001"),  # a tag character, outside the BMP
    ],
)
def test_unprintable_characters_are_escaped_and_bad_utf8_replaced(raw, shown):
    assert safe_text(raw) == shown


def test_long_text_is_cut_and_an_escape_is_never_cut_in_two():
    assert safe_text(b"A" * 200) == "A" * (MAX_CHARS - len(CUT)) + CUT
    assert len(safe_text(b"A" * 200)) == MAX_CHARS
    assert safe_text(b"A" * MAX_CHARS) == "A" * MAX_CHARS  # exactly the limit: not cut
    text = safe_text(b"AB" + b"\x00" * 100, 10)
    assert text == "AB\\x00" + CUT  # the next escape would not fit whole
    assert safe_text(b"\x00" * 3, 12) == "\\x00" * 3


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)), st.integers(8, 120))
def test_anything_comes_out_printable_short_and_drawable(value, limit):
    import pygame

    text = safe_text(value, limit)
    assert text.isprintable() and len(text) <= limit
    text.encode("utf-8")  # strict: no surrogate is left
    if not pygame.font.get_init():
        pygame.font.init()
    if text:
        pygame.font.Font(None, 24).render(text, True, (0, 0, 0))  # no NUL, no zero width


def test_a_combining_mark_with_nothing_before_it_is_escaped_and_one_after_a_letter_kept():
    # hypothesis found it: a variation selector alone is printable but has no width,
    # and pygame refuses to draw a text of zero width
    assert safe_text("\U000e0100", 20) == "\\U000e0100"
    assert safe_text("\x00\u0301", 20) == "\\x00\\u0301"
    assert safe_text("e\u0301", 20) == "e\u0301"
