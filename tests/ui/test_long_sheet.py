"""A score sheet too long for the screen is paged (issue 23, item 4): a three-player
rubber of 103 deals (162 entries did not fit) and a long two-player one. Walked from
the oldest page to the newest, the pages show every entry once, in order; the sheet
opens on its newest page, which is the page drawn before paging; the arrows turn the
pages in the sheet overlay and in the history, and a tap past either end does nothing."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import queue  # noqa: E402

import pytest  # noqa: E402

from device.engine.game import Game  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import play_rubber  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.actions import Overlay, SheetPage  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.screens import sheet as sheet_screen  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import sheet_view  # noqa: E402
from tests.ui.gallery import draw  # noqa: E402
from tests.ui.three_gallery import LONG_SEED  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")
HEIGHT = sheet_screen.PAPER_RECT[3]


@pytest.fixture(scope="module")
def long_three():
    return play_rubber(LONG_SEED, "three-player")


def shown(plan) -> tuple[list, list]:
    """The entries a page shows, per above column and per game column ("+N more" aside)."""
    above = [[e for e in column if e.kind != "more"] for column in plan.above]
    games = [[[e for e in c if e.kind != "more"] for c in game] for game in plan.games]
    return above, games


def every_page(sheet) -> list:
    first = sheet_screen.plan_sheet(sheet, HEIGHT)
    return [sheet_screen.plan_sheet(sheet, HEIGHT, back) for back in range(first.pages)]


@pytest.mark.parametrize("form,seed", [("three-player", LONG_SEED), ("plain", 188)])
def test_the_pages_show_every_entry_once_in_order(long_three, form, seed):
    game = long_three if form == "three-player" else play_rubber(seed, form)
    sheet = sheet_view(game)
    pages = every_page(sheet)
    assert len(pages) > 1 and pages[0].hidden > 0  # too long for one page
    above = sheet_screen._above(sheet)
    games = sheet_screen._games(sheet)
    for side, column in enumerate(above):  # oldest page first: the column as written
        walked = [e for plan in reversed(pages) for e in shown(plan)[0][side]]
        assert walked == list(column), side
    for index, game_columns in enumerate(games):
        for side, column in enumerate(game_columns):
            walked = [e for plan in reversed(pages) for e in shown(plan)[1][index][side]]
            assert walked == list(column), (index, side)
    assert pages[-1].hidden == 0  # the oldest page: nothing before it


def test_the_newest_page_is_the_sheet_as_it_was_drawn_before_paging(long_three):
    sheet = sheet_view(long_three)
    plan = sheet_screen.plan_sheet(sheet, HEIGHT)
    assert plan.back == 0 and plan.pages == 13
    newest = [column[-1] for column in sheet_screen._above(sheet)]
    assert [column[-1] for column in plan.above] == newest  # the last written is seen
    assert plan.hidden == 162 and plan.above[0][0].kind == "more"  # "+57 more" under it
    past = sheet_screen.plan_sheet(sheet, HEIGHT, 99)
    assert past.back == 12 and past == sheet_screen.plan_sheet(sheet, HEIGHT, 12)


def test_a_sheet_that_fits_has_one_page_and_no_arrows():
    game = play_rubber(2, "plain")
    plan = sheet_screen.plan_sheet(sheet_view(game), HEIGHT)
    assert plan.pages == 1 and plan.hidden == 0
    app = sheet_app(game)
    assert not any(isinstance(t.action, SheetPage) for t in app.targets)


def sheet_app(game: Game, lang: str = "en") -> App:
    app = App(TableLoop(Table(game), queue.Queue(), {}), UiState(lang=lang))
    app.act(Overlay("sheet"))
    app.step(0)
    return app


def arrows(app) -> dict[int, bool]:
    """The arrows drawn: the page each turns to (pages before the newest) -> lit."""
    return {t.action.back: t.enabled for t in app.targets if isinstance(t.action, SheetPage)}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_arrows_turn_the_pages_and_a_sheet_opens_on_its_newest(long_three, lang):
    app = sheet_app(long_three, lang)
    assert arrows(app) == {1: True, -1: False}  # the newest: only older pages
    for back in range(1, 13):
        app.act(SheetPage(back))
        app.step(0)
        assert app.ui.sheet_back == back
    assert arrows(app) == {13: False, 11: True}  # the oldest: only newer pages
    app.act(SheetPage(-1))  # a tap past an end changes nothing drawn
    app.step(0)
    assert app.ui.sheet_back == 0
    app.act(SheetPage(5))
    app.act(Overlay(None))
    app.act(Overlay("sheet"))  # opened again: the newest page
    app.step(0)
    assert app.ui.sheet_back == 0 and arrows(app) == {1: True, -1: False}


def test_the_history_pages_a_long_stored_sheet(long_three):
    from device.ui.screens.history import PAPER_RECT
    from tests.ui.three_gallery import stored_long

    pages = sheet_screen.plan_sheet(sheet_view(long_three), PAPER_RECT[3]).pages
    assert pages > 1
    oldest = {pages: False, pages - 2: True}
    for back, expected in ((0, {1: True, -1: False}), (99, oldest)):
        _, targets = draw(None, stored_long(long_three, back), "nl")
        turns = {t.action.back: t.enabled for t in targets if isinstance(t.action, SheetPage)}
        assert turns == expected
