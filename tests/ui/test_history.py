"""History on the screen: per couple the counts the journal keeps, every rubber in
pages, a rubber's row opening its paper sheet replayed from the journal (the same
totals as `honeymoon export` then `honeymoon replay`), stopped-early rubbers
marked, and a damaged rubber said in a line instead of a crash."""

import json
import os
import shutil

from device.ui.actions import HistoryPage, HistoryRubber, Overlay

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.cli import main as honeymoon  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.robots import play_rubber  # noqa: E402
from device.store.journal import FILENAME, Journal  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.i18n import LANGUAGES, Catalog  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import history as history_screen  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from tests.ui import touch  # noqa: E402


def tap(app, action):
    """A touch, as touch.tap, on a target that must be big enough for a finger."""
    touch.tap(app, action, MIN_TARGET)


SIZES = [(800, 480), (1024, 600)]
# (seed, form, players): two couples, one of them in both seat orders.
RUBBERS = [
    (1, "plain", ("Anna", "Ben")),
    (2, "draw-and-discard", ("Anna", "Ben")),
    (3, "plain", ("Ben", "Anna")),
    (4, "plain", ("Carla", "Dirk")),
    (5, "draw-and-discard", ("Anna", "Ben")),
]


pytestmark = pytest.mark.usefixtures("pygame_module")


def play_into(journal, seed, form, players, stop_after=None):
    """A robot rubber through a table into the journal (stopped early after `stop_after`
    inputs, as "New rubber" does); returns (rubber id, the table's game)."""
    robots = play_rubber(seed, form, players)
    table = Table(Game(robots.setup), journal=journal)
    for event in robots.inputs[:stop_after]:
        assert table.apply(event).accepted
    if stop_after is not None:
        table.stop_early()
    return table.rubber, table.game


@pytest.fixture(scope="module")
def stored_once(tmp_path_factory):
    """A journal holding RUBBERS and one rubber stopped early, written once: a table
    storing every input of six robot rubbers takes a second."""
    folder = tmp_path_factory.mktemp("stored")
    journal = Journal(folder / FILENAME)
    games = {}
    for seed, form, players in RUBBERS:
        rubber, game = play_into(journal, seed, form, players)
        games[rubber] = game
    rubber, game = play_into(journal, 6, "plain", ("Anna", "Ben"), stop_after=40)
    games[rubber] = game
    journal.close()
    return folder, games


@pytest.fixture
def stored(tmp_path, stored_once):
    """A data folder of its own, a copy of that journal (a test may damage it)."""
    folder, games = stored_once
    for path in folder.iterdir():
        shutil.copyfile(path, tmp_path / path.name)
    journal = Journal(tmp_path / FILENAME)
    yield journal, games
    journal.close()


def history_app(journal, lang="en"):
    """The start screen before any rubber, as `honeymoon run` shows it with a journal."""
    ui = UiState(lang=lang, start=StartState())
    app = App(None, ui, new_table=new_table_factory(None, journal))
    app.act(Overlay("history"))
    app.step(0)
    return app


def to_row(app, rubber):
    """Turn the pages from the first until the rubber's row is on the screen."""
    while app.ui.history.page > 0:
        tap(app, HistoryPage(app.ui.history.page - 1))
    while not any(t.action == HistoryRubber(rubber) for t in app.targets):
        tap(app, HistoryPage(app.ui.history.page + 1))


class Recording(Layout):
    def __init__(self, size=(800, 480)):
        super().__init__(size)
        self.texts = []

    def font(self, size, bold=False):
        font, texts = super().font(size, bold), self.texts

        class _Font:
            def render(self, text, *args):
                texts.append(text)
                return font.render(text, *args)

            def __getattr__(self, name):
                return getattr(font, name)

        return _Font()


def texts_of(app, size=(800, 480), recording=True):
    layout = Recording(size) if recording else Layout(size)
    targets = render(pygame.Surface(size), layout, app.view(), app.ui, app.t)
    return " | ".join(getattr(layout, "texts", [])), targets, layout


def replayed_totals(tmp_path, rubber, capsys):
    """`honeymoon export --format json --rubber N`, then `honeymoon replay` of that record."""
    assert (
        honeymoon(
            ["export", "--data-dir", str(tmp_path), "--format", "json", "--rubber", str(rubber)]
        )
        == 0
    )
    record = tmp_path / f"rubber-{rubber}.json"
    record.write_text(capsys.readouterr().out)
    assert honeymoon(["replay", str(record)]) == 0
    return json.loads(capsys.readouterr().out)["totals"]


# --- a row opens its rubber's sheet --------------------------------------------------------------


def test_each_row_opens_that_rubbers_sheet_with_the_totals_replay_prints(stored, tmp_path, capsys):
    journal, games = stored
    app = history_app(journal)
    for rubber in games:
        to_row(app, rubber)
        page = app.ui.history.page
        tap(app, HistoryRubber(rubber))
        assert app.ui.overlay == "history-sheet" and app.ui.history.stored.rubber == rubber
        sheet = app.ui.history.stored.sheet
        shown = dict(zip(sheet.sides, sheet.totals, strict=True))
        assert shown == replayed_totals(tmp_path, rubber, capsys)
        game = games[rubber]
        assert sheet.games_won == tuple(game.sheet.games) and sheet.finished == game.sheet.finished
        text, _, _ = texts_of(app)
        assert all(str(total) in text for total in sheet.totals)
        tap(app, Overlay("history"))  # Back: the same page of the list
        assert app.ui.overlay == "history" and app.ui.history.page == page


def test_the_sheet_is_the_journals_replay_not_the_stored_result(stored):
    """A stored result that lies (altered totals) does not change the sheet shown."""
    journal, games = stored
    rubber = next(iter(games))
    result = json.loads(
        journal.db.execute("SELECT result FROM rubbers WHERE id = ?", (rubber,)).fetchone()[0]
    )
    result["totals"] = {name: 1 for name in result["totals"]}
    journal.db.execute("UPDATE rubbers SET result = ? WHERE id = ?", (json.dumps(result), rubber))
    app = history_app(journal)
    to_row(app, rubber)
    tap(app, HistoryRubber(rubber))
    assert app.ui.history.stored.sheet.totals == games[rubber].sheet.totals()


# --- the counts per couple ------------------------------------------------------------------------


def expected_counts(games):
    """Per couple and player, counted from the robots' games themselves."""
    counts = {}
    for game in games:
        couple = counts.setdefault(tuple(sorted(game.players)), {"rubbers": 0})
        couple["rubbers"] += 1
        totals, winner = game.sheet.totals(), game.sheet.winner
        for seat, name in enumerate(game.players):
            side = game.form.side(seat)
            mine = couple.setdefault(
                name,
                dict.fromkeys(
                    ("won", "points", "games", "made", "failed", "slams_bid", "slams_made"), 0
                ),
            )
            mine["won"] += winner == side and game.sheet.finished
            mine["points"] += totals[side]
            mine["games"] += game.sheet.games[side]
        for deal in game.deals:
            if deal.outcome is None or deal.contract is None:
                continue
            mine = couple[game.players[deal.declarer]]
            made = deal.tricks >= deal.contract.tricks_needed
            mine["made" if made else "failed"] += 1
            mine["slams_bid"] += deal.contract.level >= 6
            mine["slams_made"] += deal.contract.level >= 6 and made
    return counts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_counts_per_couple_are_on_the_screen(stored, lang):
    journal, games = stored
    app = history_app(journal, lang)
    t = Catalog(lang)
    counts = expected_counts(games.values())
    shown = []
    for page in range(len(history_screen.paginate(app.ui.history.rubbers, t))):
        app.act(HistoryPage(page))
        shown.append(texts_of(app)[0])
    text = " | ".join(shown)
    assert counts[("Anna", "Ben")]["rubbers"] == 5 and counts[("Carla", "Dirk")]["rubbers"] == 1
    for players, couple in counts.items():
        assert t.n("history.couple", couple["rubbers"], names=" & ".join(players)) in text
        for name in players:
            mine = couple[name]
            games_text = t.n("history.games", mine["games"])
            line = t.t(
                "history.player",
                name=name,
                won=mine["won"],
                points=mine["points"],
                games=games_text,
            )
            assert line in text, line
            contracts = t.t(
                "history.contracts",
                made=mine["made"],
                failed=mine["failed"],
                slams_made=mine["slams_made"],
                slams_bid=mine["slams_bid"],
            )
            assert contracts in text, contracts


# --- stopped early, damaged, pages ------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,mark,title",
    [("en", "stopped early", "Stopped early"), ("nl", "vroeg gestopt", "Vroeg gestopt")],
)
def test_a_rubber_stopped_early_is_marked_in_the_list_and_on_its_sheet(stored, lang, mark, title):
    journal, games = stored
    stopped = max(games)  # the last one was left for a new rubber
    app = history_app(journal, lang)
    to_row(app, stopped)
    text, _, _ = texts_of(app)
    assert text.count(mark) == 1  # its row, and no other
    tap(app, HistoryRubber(stopped))
    text, _, _ = texts_of(app)
    assert title in text
    assert app.ui.history.stored.stopped and not app.ui.history.stored.sheet.finished


@pytest.mark.parametrize("lang", LANGUAGES)
def test_damaged_rubbers_are_said_in_a_line(stored, lang):
    journal, games = stored
    first, second, third = list(games)[:3]
    journal.db.execute("UPDATE rubbers SET result = 'not json' WHERE id = ?", (first,))
    journal.db.execute("UPDATE rubbers SET setup = 'garbage' WHERE id = ?", (second,))
    ids = [i for (i,) in journal.db.execute("SELECT id FROM events WHERE rubber = ?", (third,))]
    journal.db.execute("UPDATE events SET event = 'garbage' WHERE id = ?", (ids[20],))
    app = history_app(journal, lang)
    t = Catalog(lang)
    to_row(app, first)
    assert t.t("history.damaged", n=first) in texts_of(app)[0]
    tap(app, HistoryRubber(first))  # its inputs still replay: its sheet shows
    assert app.ui.history.stored.sheet.totals == games[first].sheet.totals()
    tap(app, Overlay("history"))
    to_row(app, second)
    tap(app, HistoryRubber(second))
    text, targets, _ = texts_of(app)
    assert t.t("history.unreadable", why=t.t("history.why.damaged")) in " ".join(text.split(" | "))
    assert [x.action for x in targets] == [Overlay("history")]
    tap(app, Overlay("history"))
    to_row(app, third)
    tap(app, HistoryRubber(third))
    assert (app.ui.history.stored.kept, app.ui.history.stored.stored) == (20, len(ids))
    note = t.t("history.partial", kept=20, stored=len(ids))
    assert note.split()[-1] in texts_of(app)[0]  # the note's last words: "... of 276."


def test_every_rubber_is_on_exactly_one_page_newest_first(stored):
    journal, games = stored
    app = history_app(journal)
    rows = []
    pages = history_screen.paginate(app.ui.history.rubbers, app.t)
    assert len(pages) > 1
    for page in range(len(pages)):
        app.act(HistoryPage(page))
        app.step(0)
        rows += [t.action.rubber for t in app.targets if isinstance(t.action, HistoryRubber)]
    assert rows == sorted(games, reverse=True)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_history_and_sheets_are_readable_with_big_targets(stored, lang, size):
    journal, games = stored
    app = history_app(journal, lang)
    screens = []
    for page in range(len(history_screen.paginate(app.ui.history.rubbers, app.t))):
        app.act(HistoryPage(page))
        screens.append(texts_of(app, size, recording=False))
    app.act(HistoryRubber(max(games)))
    screens.append(texts_of(app, size, recording=False))
    for _, targets, layout in screens:
        assert all(
            w >= MIN_TARGET and h >= MIN_TARGET for (_, _, w, h) in (t.rect for t in targets)
        )
        assert all(
            x >= 0 and y >= 0 and x + w <= 800 and y + h <= 480
            for (x, y, w, h) in (t.rect for t in targets)
        )
        # What this screen writes itself (the paper is sheet.py's): at the theme's sizes.
        asked = [where for _, where in layout.too_small | layout.overflow]
        assert not [w for w in asked if w.split(" < ")[0].startswith(("history.py", "help.py"))]


def test_an_empty_history_says_so(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    app = history_app(journal, "nl")
    assert Catalog("nl").t("history.empty") in texts_of(app)[0]
    live = [t.action for t in app.targets if t.enabled]
    assert live == [Overlay(None)]  # Close; Charts is greyed: nothing to draw
    journal.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_names_are_cut_short_in_a_row_never_run_over(tmp_path, lang):
    journal = Journal(tmp_path / FILENAME)
    names = ("Maximiliaanteunis", "Bartholomeuskees")[:2]
    names = tuple(name[:16] for name in names)  # the longest names the table takes
    play_into(journal, 1, "plain", names)
    app = history_app(journal, lang)
    to_row(app, 1)
    text, targets, _ = texts_of(app)
    layout = Layout((800, 480))
    render(pygame.Surface((800, 480)), layout, app.view(), app.ui, app.t)
    assert not [w for _, w in layout.overflow if w.startswith("history.py")]
    assert "…" in text and HistoryRubber(1) in [t.action for t in targets]
    journal.close()
