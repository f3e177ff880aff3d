"""A long rubber opened in the history: read and replayed a page at a time, the screen
loop getting control back between pages (the figure for a rubber of 10,000 deals is in
`make faults`), and opened again, none of its deals queued for review twice."""

import os

from device.ui.actions import HistoryRubber, Overlay

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.analysis.worker import Reviewer  # noqa: E402
from device.store.history import RubberReplay, replay_rubber  # noqa: E402
from device.store.journal import FILENAME, Journal  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.reviews import Reviews  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import sheet_view  # noqa: E402
from tests.store.long_rubber import long_rubber, stored_long_rubber  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")
DEALS = 3000


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    journal = Journal(tmp_path_factory.mktemp("long") / FILENAME)
    rubber = stored_long_rubber(journal, DEALS)
    yield journal, rubber
    journal.close()


def test_a_long_rubber_is_replayed_a_page_at_a_time(stored):
    journal, rubber = stored
    replay = RubberReplay(journal, rubber, page=1000)
    progress = []
    while not replay.step():
        progress.append(replay.kept)
    pages = range(1000, replay.stored + 1000, 1000)
    assert progress == [min(kept, replay.stored) for kept in pages]  # one page a step
    whole = long_rubber(DEALS)
    assert replay.result.kept == replay.stored == len(whole.events)
    assert replay.result.game.snapshot() == whole.snapshot()
    assert replay_rubber(journal, rubber).game.snapshot() == whole.snapshot()


def test_opening_it_in_the_history_gives_the_loop_back_between_pages(stored, monkeypatch):
    # No time left in a slice: each turn of the loop reads one page, however fast the
    # machine (the time a turn holds the loop is make faults' figure, not this test's).
    monkeypatch.setattr("device.ui.history.OPEN_SLICE_S", 0.0)
    journal, rubber = stored
    ui = UiState()
    app = App(None, ui, new_table=new_table_factory(None, journal))
    app.act(Overlay("history"))
    app.act(HistoryRubber(rubber))
    turns, shown = 0, []
    while app.ui.history.stored.sheet is None:  # a turn of the screen loop each, drawn each time
        assert app.ui.history.stored.problem == "loading" and app.ui.overlay == "history-sheet"
        shown.append(app.ui.history.stored.kept)
        app.step(0)
        turns += 1
    assert turns > 1 and shown == sorted(shown) and shown[0] < app.ui.history.stored.kept
    assert app.ui.history.stored.sheet == sheet_view(long_rubber(DEALS))
    app.act(Overlay("history"))


def test_back_while_it_is_read_stops_reading_it(stored):
    journal, rubber = stored
    app = App(None, UiState(), new_table=new_table_factory(None, journal))
    app.act(Overlay("history"))
    app.act(HistoryRubber(rubber))
    assert app.ui.history.stored.problem == "loading"
    app.act(Overlay("history"))
    app.step(0)
    assert app.history.state.opening is None and app.ui.overlay == "history"


class Idle(Reviewer):
    """The real reviewer's queue, with no worker process started."""

    def _next(self):
        pass


def test_opening_a_long_rubber_again_queues_none_of_its_reviews_twice():
    game = long_rubber(800, played_every=2)  # 400 deals played: more than a reviewer keeps
    reviewer = Idle()
    reviews = Reviews(reviewer)
    chunks = sum(1 for _ in reviews.opening(game))
    assert chunks == 8  # 100 deals (thrown in or played) made ready at a time
    queued = list(reviewer._queue)
    assert len(queued) == len(set(queued)) == 400
    reviews.open_rubber(game)  # opened again, its reviews not yet done
    reviews.open_rubber(game)
    assert reviewer._queue == queued
