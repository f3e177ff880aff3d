"""The double-dummy review on the screen: the deal result shows it once the worker
process has worked it out (the screen never waits for it: it shows the progress
first), the history shows it for each deal of a stored rubber, and a review that
takes too long says so."""

import os
import queue
import time

from device.ui.actions import HistoryRubber, Overlay

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.analysis.worker import Reviewer  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import play_rubber  # noqa: E402
from device.store.journal import FILENAME, Journal  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.layout import Layout, _font  # noqa: E402
from device.ui.review_text import review_lines  # noqa: E402
from device.ui.reviews import Reviews  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    _font.cache_clear()
    yield
    pygame.quit()
    _font.cache_clear()


class Recording(Layout):
    """A layout that keeps every text drawn."""

    def __init__(self, size=(800, 480)):
        super().__init__(size)
        self.texts = []

    def fit_text(self, text, size, max_width, bold=False):
        self.texts.append(text)
        return super().fit_text(text, size, max_width, bold)


def at_first_result(app, table, rubber):
    """Inputs through the table until the first deal played out is on the result."""
    for event in rubber.inputs:
        table.apply(event)
        game = table.game
        if game.phase == "deal-end" and game.deal.contract is not None:
            app.step(0)
            return
    raise AssertionError("no deal was played out")


def step_until(app, done, timeout=30.0) -> float:
    """Step the app until `done(app)`; returns the longest single step in seconds."""
    longest, end = 0.0, time.monotonic() + timeout
    while not done(app):
        assert time.monotonic() < end, app.ui.review
        start = time.perf_counter()
        app.step(0.01)
        longest = max(longest, time.perf_counter() - start)
    return longest


def kind(app) -> str | None:
    return None if app.ui.review is None else app.ui.review.state.kind


def test_the_result_shows_the_review_without_waiting_for_it():
    rubber = play_rubber(2, "plain")
    table = Table(Game(rubber.setup))
    app = App(TableLoop(table, queue.Queue(), {}), UiState())
    try:
        at_first_result(app, table, rubber)
        assert kind(app) in ("waiting", "working")  # at once: the worker has not answered
        longest = step_until(app, lambda a: kind(a) == "done")
        assert longest < 0.5  # the screen went on drawing meanwhile
        review = app.ui.review.state.review
        assert review.won == table.game.deal.won and len(review.table) == 10
        layout = Recording()
        app.layout = layout
        app.dirty = True
        app.step(0)
        assert any(text.startswith("DD: ") for text in layout.texts)
        assert any(text.startswith("Par: ") for text in layout.texts)
    finally:
        app.reviews.close()


def test_a_review_over_its_time_says_so():
    rubber = play_rubber(2, "plain")
    table = Table(Game(rubber.setup))
    app = App(TableLoop(table, queue.Queue(), {}), UiState())
    app.reviews = Reviews(Reviewer(limit=0.001))
    try:
        at_first_result(app, table, rubber)
        step_until(app, lambda a: kind(a) == "failed")
        assert app.ui.review.state.reason == "timeout"
        assert review_lines(app.ui.review, app.t) == ["DD review: stopped, it took too long"]
    finally:
        app.reviews.close()


def test_the_history_reviews_each_deal_of_a_stored_rubber(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    rubber = play_rubber(3, "plain")
    table = Table(Game(rubber.setup), journal=journal)
    for event in rubber.inputs:
        assert table.apply(event).accepted
    app = App(None, UiState(start=StartState()), new_table=new_table_factory(None, journal))
    try:
        app.act(Overlay("history"))
        app.step(0)
        app.act(HistoryRubber(table.rubber))
        app.step(0)
        assert Overlay("history-review") in [t.action for t in app.targets]
        app.act(Overlay("history-review"))
        played = [d for d in table.game.deals if d.outcome is not None]

        def all_done(a):
            return len(a.ui.reviews) == len(played) and all(
                r.state.kind in ("done", "failed") for r in a.ui.reviews
            )

        step_until(app, all_done, timeout=120)
        for shown, deal in zip(app.ui.reviews, played, strict=True):
            assert shown.number == deal.number
            if deal.contract is None:
                assert shown.state.reason == "thrown_in"
            else:
                assert shown.state.review.won == deal.won
        layout = Recording()
        app.layout = layout
        app.dirty = True
        app.step(0)
        assert any(text.startswith("Deal 1: ") for text in layout.texts)
    finally:
        app.reviews.close()
        journal.close()


def test_a_review_line_too_long_goes_on_over_two_lines_not_cut():
    """At 800 px the Dutch line for Exposed Dummy's 3♠ needs two lines: broken after its
    clause, every number kept; a line that fits stays whole, and the bright count
    follows the first line into its second."""
    from device.ui import theme
    from device.ui.screens.result import WIDTH
    from device.ui.widgets.review import fit_review

    layout = Layout((800, 480))
    long = "Dubbeldummy: 3S maakt 11; Anna maakte 11"  # (3S is drawn 3♠)
    lines, bright = fit_review(layout, [long, "Parcontract: 1SA door Anna, +100"], WIDTH)
    assert lines == ["Dubbeldummy: 3S maakt 11;", "Anna maakte 11", lines[2]]
    assert lines[2] == "Parcontract: 1SA door Anna, +100" and bright == 2
    assert fit_review(layout, ["DD: 3S makes 11; Anna made 11"], WIDTH) == (
        ["DD: 3S makes 11; Anna made 11"],
        1,
    )
    words = "Dubbeldummy: " + "zeer " * 30  # one clause too long: broken between words
    broken, _ = fit_review(layout, [words.strip()], WIDTH)
    assert len(broken) > 1 and " ".join(broken) == words.strip()
    assert all(layout.width(line, theme.MIN_TEXT) <= WIDTH - 4 for line in broken)
