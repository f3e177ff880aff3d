"""Small things seen when new users tried every form (issue 23, item 5): the finished
screen has one Score sheet button, the result screen says what the bracketed entries
on its paper are, and the last deal's contract is drawn with its suit symbol."""

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.ui import draw as drawing  # noqa: E402
from device.ui.actions import Overlay  # noqa: E402
from device.ui.i18n import LANGUAGES, Catalog  # noqa: E402
from tests.ui.gallery import draw, every_screen  # noqa: E402
from tests.ui.test_history import Recording  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def screen(name):
    return next((view, ui) for n, view, ui in every_screen() if n == name)


@pytest.mark.parametrize("name", ["plain-finished", "chicago-finished", "rb-finished"])
def test_the_finished_screen_has_one_score_sheet_button(name):
    view, ui = screen(name)
    _, targets = draw(view, ui, "en")
    assert [t.action for t in targets].count(Overlay("sheet")) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_screen_says_what_the_brackets_are(lang):
    view, ui = screen("plain-result-made")
    assert view.sheet.closing  # the paper shows "(300)": stopping now would add it
    layout = Recording()
    draw(view, ui, lang, layout=layout)
    said = " ".join(layout.texts)
    first_words = Catalog(lang).t("sheet.closing_note").split()[:3]
    assert " ".join(first_words) in said


def test_no_brackets_no_note():
    view, ui = screen("plain-result-made")
    view = dataclasses.replace(view, sheet=dataclasses.replace(view.sheet, closing=()))
    layout = Recording()
    draw(view, ui, "en", layout=layout)
    assert "brackets" not in " ".join(layout.texts)


def test_the_last_deals_contract_has_its_suit_symbol(monkeypatch):
    view, ui = screen("plain-finished")
    drawn = []
    original = drawing.text_with_suits

    def record(surface, layout, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, layout, text, *args, **kwargs)

    monkeypatch.setattr("device.ui.widgets.text.text_with_suits", record)
    draw(view, ui, "nl")
    assert any(" door " in text for text in drawn)  # "Laatste spel: 3SA door Anna"


@pytest.mark.parametrize("name", ["chicago-dummy", "rb-dummy", "double-dummy-dummy"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_and_the_prompt_name_the_same_person(name, lang):
    """Laying out a dummy at four: the dummy's player, in the header and the prompt."""
    from device.ui.screens.table4 import turn_text

    view, _ = screen(name)
    t = Catalog(lang)
    assert view.turn in turn_text(view, t)
    assert view.play.dummy >= len(view.seats) or view.turn == view.seats[view.play.dummy].name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_after_the_draw_never_cuts_a_name_it_has_room_for(lang):
    """ "South: Ca…" was seen: a name that fits is shown whole, the seat as its letter."""
    view, ui = screen("cut-four-seated")
    start = dataclasses.replace(ui.start, players=["Anna", "Benedikt", "Carla", "Daniëlle"])
    layout = Recording()
    draw(view, dataclasses.replace(ui, start=start), lang, layout=layout)
    said = " | ".join(layout.texts)
    for name in start.players:
        assert name in said and f"{name[:2]}…" not in said
    south = Catalog(lang).t("compass.short.S")
    assert f"{south} Carla" in said or f"{Catalog(lang).t('compass.S')}: Carla" in said
