"""The red refusal banner never hides the contract or a button (issue 20, item 5): it
lies over the header beside the header's turn button (on a page turned by arrows in
its title band, over the bottom band left of Back), so on every screen of the
gallery, with a long refusal in English and Dutch, the banner changes no pixel outside
its rectangle and no button lies under it; every refusal of the catalogue fits its two
lines whole."""

import os
import re

from device.ui.actions import FlipShared

os.environ["SDL_VIDEODRIVER"] = "dummy"

import dataclasses  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from device import hints  # noqa: E402
from device.ui.app import BANNER_CHARS  # noqa: E402
from device.ui.i18n import catalogue  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import chrome  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from tests.ui.gallery import draw, every_screen  # noqa: E402
from tests.ui.overlap import overlaps  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")

# A long refusal with its hint: two lines of the banner in either language.
LONG = (
    "Anna cannot have held the four aces: 2 more would be needed in the 3 cards still in that hand"
)
SCREENS = [s for s in every_screen() if not s[2].notices.items and not s[2].banner]


def same_outside(plain: pygame.Surface, marked: pygame.Surface, rect) -> bool:
    """The two pictures are the same outside the logical `rect` (drawn at 800x480)."""
    for picture in (plain, marked):
        picture.fill((0, 0, 0), pygame.Rect(rect))
    return pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(marked, "RGB")


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("name,view,ui", SCREENS, ids=[s[0] for s in SCREENS])
def test_the_banner_hides_no_button_and_nothing_outside_the_header(name, view, ui, lang):
    plain, targets = draw(view, ui, lang)
    marked_ui = dataclasses.replace(ui, banner=LONG, banner_error=True)
    marked, _ = draw(view, marked_ui, lang)
    rect = chrome.banner_rect(marked_ui)
    bands = (0, chrome.HEADER_H), (chrome.FOOTER_Y, 480)  # the header, or the bottom band
    assert (rect[1], rect[1] + rect[3]) in bands
    assert [t.action for t in targets if t.enabled and overlaps(t.rect, rect)] == [], name
    assert same_outside(plain, marked, rect), name


def test_the_banner_keeps_clear_of_the_turned_headers_button():
    for flipped in (False, True):
        ui = UiState(shared_flipped=flipped)
        view = next(v for n, v, _ in SCREENS if n == "chicago-play")
        _, targets = draw(view, ui, "en")
        flip = next(t for t in targets if t.action == FlipShared())
        assert not overlaps(flip.rect, chrome.banner_rect(ui))


def fill(template: str) -> str:
    return re.sub(r"\{[^}]*\}", "Anna", template)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_refusal_fits_the_banner_whole(lang):
    """Each refusal of the catalogue, and each hint after a short refusal, cut as the
    app cuts it, fits the banner's two lines without an ellipsis."""
    errors = catalogue(lang)["errors"]
    said = [fill(template) for template in errors.values()]
    said += [
        f"{fill(errors['{card} was already played'])}: {fill(errors.get(h, h))}"
        for h in hints.every_hint()
    ]
    layout = Layout((800, 480))
    width = chrome.banner_rect(UiState())[2] - 16
    too_long = []
    for text in said:
        text = text[:BANNER_CHARS]
        lines = chrome.banner_lines(layout, text, width)
        if lines[-1].endswith("…"):
            too_long.append(text)
    assert too_long == []


def test_a_text_too_long_for_two_lines_ends_with_an_ellipsis():
    layout = Layout((800, 480))
    lines = chrome.banner_lines(layout, "word " * 80, 700)
    assert len(lines) == 2 and lines[1].endswith("…")
