"""Semi-exposed dummies on the screen (issue #23, item 1): each dummy drawn as its six
piles (a face-up card over a card back while one lies under it) and its seventh card,
the piles numbered; the layout counts the seven face-up cards ("3 of 7"); a turn-up
names the pile and the dummy whose card to scan, in English and Dutch; the side panel
names the dummy in question. The screens are the gallery's (tests/ui/piles_gallery.py)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import table4  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import PlaceView  # noqa: E402
from device.ui.widgets import piles as piles_widget  # noqa: E402
from tests.ui import gallery  # noqa: E402
from tests.ui.piles_gallery import piles_screens  # noqa: E402
from tests.ui.test_readable import Recording  # noqa: E402

EN, NL = Catalog("en"), Catalog("nl")
S, W = 2, 3
SCREENS = {name: view for name, view, _ in piles_screens()}
pytestmark = pytest.mark.usefixtures("pygame_module")


def texts(view, lang="en", ui=None, size=(800, 480)):
    """Every text the screen renders (each line of a wrapped one)."""
    layout = Recording(size)
    gallery.draw(view, ui or UiState(), lang, size, layout)
    assert not layout.overflow and not layout.too_small
    return layout.texts


def panel_text(view, lang="en"):
    """The wrapped lines of the screen joined: a sentence of the side panel whole."""
    return " ".join(texts(view, lang))


def backs_and_faces(monkeypatch, view):
    """The cards the piles draw: (card backs, face-up cards)."""
    drawn = []
    real = piles_widget.draw_card

    def spy(surface, layout, rect, card, four_colour=False, face_down=False, dim=False):
        drawn.append("back" if face_down else card)
        return real(surface, layout, rect, card, four_colour, face_down, dim)

    monkeypatch.setattr(piles_widget, "draw_card", spy)
    gallery.draw(view, UiState(), "en")
    return drawn.count("back"), [c for c in drawn if c != "back"]


def test_the_view_carries_each_dummy_in_its_places_piles_first():
    view = SCREENS["piles-play"]
    piles = dict(view.play.piles)
    assert set(piles) == {S, W} and view.play.pile_count == 6
    south = piles[S]
    assert [p.card for p in south] == ["HA", "SK", "SQ", "SJ", "ST", "S9", "DA"]
    assert south[0] == PlaceView("HA", under=False, up=False)  # turned up, then played
    assert south[2] == PlaceView("SQ", under=True, up=False)  # played: its card waits
    assert south[6] == PlaceView("DA", under=False, up=True)  # the seventh, on its own
    west = piles[W]
    assert west[0] == PlaceView(None, under=False, up=True)  # turned up, not scanned
    assert west[6] == PlaceView("C8", under=False, up=False)  # the seventh, played


def test_the_dummy_phase_lays_out_the_places_as_far_as_scanned():
    view = SCREENS["piles-dummy"]
    south, west = (places for _, places in view.play.piles)
    assert [p.card for p in south] == ["SA", "SK", "SQ", None, None, None, None]
    assert [p.under for p in south] == [True] * 6 + [False]
    assert all(p.card is None and p.up for p in west)


def test_the_piles_are_drawn_with_their_numbers_backs_and_cards(monkeypatch):
    view = SCREENS["piles-play"]
    drawn = texts(view)
    assert {"1", "2", "3", "4", "5", "6"} <= set(drawn)  # the piles' numbers
    assert "?" in drawn  # West's pile 1: turned up, not scanned
    backs, faces = backs_and_faces(monkeypatch, view)
    # South: piles 2..6 covered (pile 1 turned up and played); West: piles 2..6 (1 up)
    assert backs == 10
    assert faces == ["SK", "SJ", "ST", "S9", "DA", "CQ", "CJ", "CT", "C9"]


def test_the_layout_counts_the_seven_face_up_cards():
    view = SCREENS["piles-dummy"]
    assert view.dummy_shown == 3 and view.laid_out == 7
    assert "3 of 7" in texts(view) and "3 van 7" in texts(view, "nl")
    assert "3 of 13" not in texts(view)
    assert SCREENS["piles-dummy-second"].dummy_shown == 2  # West's own count


def test_a_turn_up_names_the_pile_and_the_dummy_in_english_and_dutch():
    view = SCREENS["piles-turn-up"]
    assert view.play.turn_up == S and view.play.turn_up_pile == 3
    assert table4.turn_text(view, EN) == "Turn up pile 3: Anna (S)"
    assert table4.turn_text(view, NL) == "Draai stapel 3 om: Anna (Z)"
    said = "Turn up the card under pile 3 of South's dummy and scan it. OK to skip."
    assert said in panel_text(view)
    gezegd = "Draai de kaart onder stapel 3 van de blinde van Zuid om en scan hem. OK slaat over."
    assert gezegd in panel_text(view, "nl")
    assert "Pile 3" in texts(view) and "Stapel 3" in texts(view, "nl")
    west = SCREENS["piles-turn-up-west"]  # then West's pile 2
    assert west.play.turn_up == W and west.play.turn_up_pile == 2
    assert "under pile 2 of West's dummy" in panel_text(west)


def test_the_side_panel_names_the_dummy_in_question():
    assert "South's dummy" in panel_text(SCREENS["piles-dummy"])
    assert "West's dummy" in panel_text(SCREENS["piles-dummy-second"])
    assert "Blinde van West" in panel_text(SCREENS["piles-dummy-second"], "nl")
    assert "South's dummy" in panel_text(SCREENS["piles-turn-up"])
    assert "West's dummy" in panel_text(SCREENS["piles-turn-up-west"])


def test_the_place_waited_for_is_the_next_to_scan_or_the_pile_to_turn_up():
    laying = SCREENS["piles-dummy"]
    south = dict(laying.play.piles)[S]
    assert piles_widget.waited_for(laying, S, south) == 3  # pile 4 is scanned next
    assert piles_widget.waited_for(laying, W, dict(laying.play.piles)[W]) is None
    turning = SCREENS["piles-turn-up"]
    assert piles_widget.waited_for(turning, S, dict(turning.play.piles)[S]) == 2
    playing = SCREENS["piles-play"]
    assert piles_widget.waited_for(playing, S, dict(playing.play.piles)[S]) is None


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_piles_screen_fits(lang, size):
    for _name, view, ui in piles_screens():
        texts(view, lang, ui, size)  # no text too small, none wider than its room
