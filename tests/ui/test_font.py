"""Bold text keeps its accents apart: the two dots of "Zoë" stay two dots, not the bar
synthetic bold makes of them (device/ui/font.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.ui.font import Font, bare  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def _accent_runs(image: pygame.Surface, x0: int, x1: int, top: int) -> int:
    """Runs of ink along the rows over the letter (above `top`) between x0 and x1: a
    diaeresis is two, the bar bold makes of it one."""
    best = 0
    for y in range(top):
        inked = [image.get_at((x, y)).a > 128 for x in range(x0, x1)]
        runs = sum(1 for i, on in enumerate(inked) if on and (i == 0 or not inked[i - 1]))
        best = max(best, runs)
    return best


@pytest.mark.parametrize("size", [31, 36, 44])
def test_the_dots_of_a_bold_e_with_diaeresis_stay_two(size):
    font = Font(None, size)
    font.set_bold(True)
    image = font.render("Zoë", True, (255, 255, 255))
    x0 = font.size("Zo")[0]
    x1 = min(image.get_width(), x0 + font.size("e")[0] + 1)
    font.set_bold(False)
    top = font.render("e", True, (255, 255, 255)).get_bounding_rect().top
    assert _accent_runs(image, x0, x1, top) == 2
    if size == 31:  # the screen's text size: synthetic bold alone made one bar of them
        spread = pygame.font.Font(None, size)
        spread.set_bold(True)
        assert _accent_runs(spread.render("Zoë", True, (255, 255, 255)), x0, x1, top) == 1


def test_plain_text_and_a_cedilla_are_drawn_as_bold_draws_them():
    font, plain = Font(None, 31), pygame.font.Font(None, 31)
    font.set_bold(True)
    plain.set_bold(True)
    for text in ("Anna", "Françoise"):
        ours = font.render(text, True, (255, 255, 255))
        theirs = plain.render(text, True, (255, 255, 255))
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
    assert (bare("ë"), bare("Ë"), bare("é"), bare("ç"), bare("a")) == ("e", "E", "e", "ç", "a")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_catalogue_text_is_in_the_font(lang):
    """A character the font lacks is drawn as an empty box (a "♥" written into a
    line of the aBRIDGEd screen was): every text of both catalogues, every form's
    entries with them (the terminal's own words aside), is made of characters the
    screen's font has."""
    from device.ui.glyphs import has_glyph
    from device.ui.i18n import catalogue

    texts = catalogue(lang)
    screen = {**texts["ui"], **texts["errors"]}  # ("console": the terminal's own)
    missing = {
        key: "".join(sorted({c for c in text if c != "\n" and not has_glyph(c)}))
        for key, text in screen.items()
    }
    assert len(screen) > 800
    assert {k: v for k, v in missing.items() if v} == {}
