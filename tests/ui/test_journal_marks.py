"""The journal on the screen: the notice of a salvaged (or newer) journal lies over
the bottom band until tapped; the storage mark says why inputs are not stored for
as long as that lasts, and why nothing is kept at all; neither covers the game or
any button it does not replace."""

import os
import queue

from device.ui.actions import DismissNotice, Start

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import CALL, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import play_rubber  # noqa: E402
from device.store.journal import Journal  # noqa: E402
from device.store.journal.salvage import Salvage  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.decks_shown import DecksShown  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import chrome, render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402

SALVAGE = Salvage(file="journal.sqlite3.damaged-20261130-201401", finished=3, in_progress=41)
SALVAGE.lost_inputs = 2


pytestmark = pytest.mark.usefixtures("pygame_module")


def game_at(phase):
    full = play_rubber(3)
    game = Game(full.setup)
    for event in full.events:
        if game.phase == phase:
            return game
        game.apply(event)
    return game


def draw(view, **ui_fields):
    surface = pygame.Surface((800, 480))
    ui = UiState(**ui_fields)
    targets = render(surface, Layout((800, 480)), view, ui, Catalog(ui.lang))
    return surface, targets, ui


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


SCREENS = [
    ("auction", {}),
    ("play", {}),
    ("draw", {}),
    ("deal-end", {}),
    ("finished", {}),
    ("play", {"overlay": "sheet"}),
    ("play", {"overlay": "menu"}),
    ("play", {"overlay": "settings"}),
    ("play", {"overlay": "history"}),
    (None, {"start": StartState()}),
    (None, {"start": StartState(can_resume=True)}),
    (None, {"start": StartState(drawn=[None, None])}),
    ("play", {"decks": DecksShown(progress=("SA", 3, 52))}),
]


@pytest.mark.parametrize("phase,fields", SCREENS)
def test_the_storage_mark_covers_no_button(phase, fields):
    view = build_view(game_at(phase)) if phase else None
    _, targets, ui = draw(view, storage="full", **fields)
    rect = chrome.mark_rect(ui)
    assert [t.action for t in targets if overlaps(t.rect, rect)] == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_notice_leaves_the_game_in_view(lang):
    view = build_view(game_at("auction"))
    plain, _, _ = draw(view, lang=lang)
    noticed, _, _ = draw(view, lang=lang, journal_notice=SALVAGE)
    top = pygame.Rect(0, 0, 800, chrome.FOOTER_Y)
    assert plain.subsurface(top).get_view("2").raw == noticed.subsurface(top).get_view("2").raw
    bottom = pygame.Rect(0, chrome.FOOTER_Y, 800, 480 - chrome.FOOTER_Y)
    assert (
        plain.subsurface(bottom).get_view("2").raw != noticed.subsurface(bottom).get_view("2").raw
    )


def test_the_marks_speak_the_screens_language():
    nl, en = Catalog("nl"), Catalog("en")
    assert chrome.storage_text(UiState(storage="full"), en) == (
        "Not stored: the disk is full. The table goes on once it can store again."
    )
    assert chrome.storage_text(UiState(storage="full"), nl).startswith(
        "Niet opgeslagen: de schijf is vol."
    )
    assert chrome.storage_text(UiState(memory_only="missing"), en) == (
        "Nothing is kept: there is no usable data folder."
    )
    assert chrome.storage_text(UiState(memory_only="newer"), nl) == (
        "Er wordt niets bewaard: het programma is ouder dan zijn journaal."
    )
    assert chrome.storage_text(UiState(), en) is None


def test_a_tap_on_the_notice_puts_it_away_and_does_nothing_else():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(journal_notice=SALVAGE))
    app.step(0)
    before = table.game.snapshot()
    app.touch(app.layout.point(60, 450))  # where OK lies under the notice
    assert app.ui.journal_notice is None and table.game.snapshot() == before
    app.step(0)
    assert all(t.action != DismissNotice() for t in app.targets)


def test_a_touch_that_cannot_be_stored_is_refused_and_the_mark_stays_while_it_lasts(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    app = App(TableLoop(table, queue.Queue(), {}), UiState())
    journal.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    for _ in range(2):
        app.send(Input(CALL, "1S", "touch"))
        assert table.game.events == [] and app.ui.storage == "io" and app.ui.banner is None
    app.step(0)
    journal.db.execute("DROP TRIGGER full")
    app.send(Input(CALL, "1S", "touch"))
    assert len(table.game.events) == 1 and app.ui.storage is None


def test_a_rubber_started_on_a_full_disk_shows_the_mark_and_starts_once_there_is_room(tmp_path):
    from device.ui.app import new_table_factory

    journal = Journal(tmp_path / "journal.sqlite3")
    journal.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON rubbers BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    ui = UiState(start=StartState(form="plain", first_dealer=0))
    app = App(TableLoop(None, queue.Queue(), {}), ui, new_table=new_table_factory(None, journal))
    app.act(Start())
    assert app.table is not None and app.table.rubber is None and app.ui.storage == "io"
    journal.db.execute("DROP TRIGGER full")
    app.send(Input(CALL, "1S", "touch"))
    assert app.ui.storage is None and app.table.rubber is not None
    assert len(journal.rubber(app.table.rubber).events) == 1


def test_a_rubber_resumed_on_a_disk_that_cannot_store_shows_the_mark_from_its_first_frame(
    tmp_path, monkeypatch
):
    from device.store.journal import opening as store_open
    from device.store.journal.opening import open_journal
    from tests.store.test_open import FullJournal, fill

    table, _ = fill(tmp_path, finished=0, progress=6)
    monkeypatch.setattr(store_open, "Journal", FullJournal)
    opened = open_journal(tmp_path)
    resumed = Table(opened.game, journal=opened.journal, rubber=opened.rubber)
    resumed.storage_error = opened.waiting  # as run.py does
    app = App(TableLoop(resumed, queue.Queue(), {}), UiState())
    assert app.ui.storage == "full" and app.ui.memory_only is None
    assert resumed.game.snapshot() == table.game.snapshot()
