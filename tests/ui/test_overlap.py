"""No text overlaps another (issue 20, item 5): on every screen of the gallery, in
English and Dutch, each text in view is clear of every other text, of every button it
is not the label of, and of the bottom bar; among them the honours question with the
review line after a claim, and the pick-up's "Out of play" line over the bottom bar.
A screen with a notice is left out: the notice lies over the bottom bar by design,
and takes the taps there."""

import os

from device.ui.actions import Answer, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.ui.draw import draw_text  # noqa: E402
from device.ui.screens.base import Target  # noqa: E402
from tests.ui.gallery import every_screen  # noqa: E402
from tests.ui.overlap import SpyLayout, SpySurface, clashes, drawn  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")

SCREENS = [s for s in every_screen() if not s[2].notices.items]


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("name,view,ui", SCREENS, ids=[s[0] for s in SCREENS])
def test_no_text_overlaps_another_a_button_or_the_bottom_bar(name, view, ui, lang):
    surface, targets = drawn(view, ui, lang)
    assert surface.texts or view is None, name  # the texts were seen
    assert clashes(surface, targets) == [], name


def test_the_screens_that_overlapped_are_in_the_gallery():
    names = {name for name, _, _ in SCREENS}
    assert {"plain-result-claim-review", "chicago-result-claim-review"} <= names
    assert {"draw-pick-up-late", "draw-pick-up-offered", "abridged-finished"} <= names


def spy():
    layout = SpyLayout((800, 480))
    return layout, SpySurface((800, 480), layout)


def test_two_texts_over_each_other_a_button_and_the_bottom_bar_are_caught():
    layout, surface = spy()
    draw_text(surface, layout, "Out of play", (100, 100))
    draw_text(surface, layout, "Honours", (110, 104))
    draw_text(surface, layout, "Reaching down", (300, 410))
    button = Target((200, 200, 100, 48), TapKey("OK"))
    draw_text(surface, layout, "Half on a button", (150, 210))
    found = clashes(surface, [button])
    assert "'Out of play' overlaps 'Honours'" in found
    assert "'Reaching down' runs into the bottom bar" in found
    assert any("Half on a button" in f and "TapKey(key='OK')" in f for f in found)
    assert len(found) == 3


def test_a_text_covered_before_another_is_drawn_there_is_no_clash():
    layout, surface = spy()
    draw_text(surface, layout, "Under the panel", (100, 100))
    pygame.draw.rect(surface, (10, 20, 30), layout.rect(80, 80, 400, 100))  # a panel
    draw_text(surface, layout, "On the panel", (100, 100))
    label = Target((90, 90, 300, 60), Answer(True))
    assert clashes(surface, [label]) == []  # the label lies inside its button
