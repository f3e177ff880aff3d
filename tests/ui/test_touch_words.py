"""What the header and the end of a game say at a table of four (issue 20, item 5):
Chicago's redeal after a pass-out is the same deal, so the header and the chart keep
its number; a partnership's win is worded for two ("Anna & Carla win", "winnen") in
English and Dutch, on the end screen, the score sheet and the stored rubber's sheet,
in rubber bridge, Chicago and aBRIDGEd."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.engine.events import NextDeal  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view, sheet_view  # noqa: E402
from tests.ui.four import four  # noqa: E402
from tests.ui.gallery import CHICAGO, RUBBER, every_screen  # noqa: E402
from tests.ui.test_dummies_ui import drawn_texts  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def header_number(view, lang="en") -> str:
    """The deal's number as the header says it ("Deal 2", "Spel 2")."""
    word = "Deal" if lang == "en" else "Spel"
    texts = drawn_texts(view, UiState(), lang)
    return next(text.split(" ·")[0] for text in texts if text.startswith(f"{word} "))


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_chicagos_redeal_after_a_pass_out_keeps_its_deal_number(lang):
    word = "Deal" if lang == "en" else "Spel"
    game = four("chicago", *CHICAGO[:2])  # deal 2 passed out
    assert header_number(build_view(game), lang) == f"{word} 2"
    game.apply(NextDeal())  # dealt again by the same dealer: the same deal
    redeal = build_view(game)
    assert redeal.phase == "auction" and header_number(redeal, lang) == f"{word} 2"
    game = four("chicago", *CHICAGO[:3])  # the redeal played: then deal 3
    game.apply(NextDeal())
    assert header_number(build_view(game), lang) == f"{word} 3"
    numbers = [row.number for row in sheet_view(game).deals]
    assert numbers == [1, 2, 2, 3]  # the chart: the pass-out and its redeal both deal 2


def test_a_deal_thrown_in_in_rubber_bridge_is_followed_by_the_next_deal():
    game = four("rubber-bridge", *RUBBER[:2])  # deal 2 thrown in: the deal passes on
    game.apply(NextDeal())
    assert header_number(build_view(game)) == "Deal 3"


SCREENS = {name: (view, ui) for name, view, ui in every_screen()}
ENDS = [
    name
    for name, (view, ui) in SCREENS.items()
    if view is not None
    and len(view.seats) == 4
    and (view.phase == "finished" or ui.overlay in ("sheet", "history-sheet"))
    and view.sheet.winner is not None
]


@pytest.mark.parametrize("name", ENDS)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_partnership_wins_in_the_plural(name, lang):
    view, ui = SCREENS[name]
    sheet = ui.history.stored.sheet if ui.overlay == "history-sheet" else view.sheet
    texts = " | ".join(drawn_texts(view, ui, lang))
    winner = sheet.winner
    assert " & " in winner
    singular, plural = ("wins", "win") if lang == "en" else ("wint", "winnen")
    assert f"{winner} {singular}" not in texts, texts
    assert f"{winner} {plural}" in texts, texts  # the win is said, worded for two


def test_the_ends_of_each_form_for_four_are_checked():
    forms = {SCREENS[name][0].form for name in ENDS}
    assert {"chicago", "rubber-bridge", "abridged"} <= forms
