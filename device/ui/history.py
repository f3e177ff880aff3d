"""The history: the finished rubbers stored in the journal, page by page, and a rubber
of them opened to its sheet (replayed from its stored inputs, a slice per turn of the
loop) with its double-dummy review.

Its state, HistoryState, is ui.history: the history's screens draw it. The controller
sees the app only as a Host."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from . import actions as a
from .host import Host

# Work on a stored rubber being opened in the history, per turn of the loop: a rubber of
# 10,000 deals is read and replayed in such slices, the loop (and the watchdog) between.
OPEN_SLICE_S = 0.05
OPEN_AT_ONCE = 8  # steps done when a rubber is tapped, whatever the time: a rubber of up to
# 1,500 inputs (any rubber played to its end) opens at once, and in the same way on any machine
OPENED = object()  # the end of opening a stored rubber


@dataclass
class ChartsShown:
    """What the history's charts show: which group, which form (None: all), which chart."""

    group: int = 0
    form: str | None = None
    kind: str = "balance"  # or "contracts"


@dataclass
class HistoryState:
    """The history's list, the rubber opened from it, and its charts."""

    # The finished rubbers: dicts as device.store.history.stored_results gives them.
    rubbers: list = field(default_factory=list)
    page: int = 0  # the list's page shown
    stored: object | None = None  # the rubber opened (view.StoredRubberView)
    review_page: int = 0  # the page of its double-dummy review
    opening: object | None = None  # a stored rubber being opened: steps of _opening_steps
    charts: ChartsShown = field(default_factory=ChartsShown)  # the history in pictures


class HistoryController:
    """The history's list and pages, and opening a stored rubber without holding the loop."""

    def __init__(self, host: Host):
        self.host = host

    @property
    def ui(self):
        return self.host.ui

    @property
    def state(self) -> HistoryState:
        return self.host.ui.history

    def handlers(self) -> dict[type[a.Action], Callable]:
        return {
            a.HistoryPage: self._history_page,
            a.HistoryRubber: lambda act: self.open_stored(act.rubber),
            a.ReviewPage: self._review_page,
            a.ChartsGroup: self._charts_group,
            a.ChartsForm: self._charts_form,
            a.ChartsKind: self._charts_kind,
        }

    # -- the charts: another couple or partnership, the next form, balance or contracts --
    def _charts_group(self, action: a.ChartsGroup) -> None:
        self.ui.history.charts.group = max(0, action.group)

    def _charts_form(self, _: a.ChartsForm) -> None:
        """All forms, then each one played (its first group), then all again."""
        from device.store.trends import next_form

        charts = self.ui.history.charts
        charts.form, charts.group = next_form(self.ui.history.rubbers, charts.form), 0

    def _charts_kind(self, action: a.ChartsKind) -> None:
        self.ui.history.charts.kind = action.kind

    def _journal(self):
        """The journal: the rubber's, or before any rubber the one new rubbers go into."""
        if self.host.table is not None:
            return self.host.table.journal
        return getattr(self.host.new_table, "journal", None)

    def open_list(self) -> None:
        """The finished rubbers, read again; a new visit starts on the first page
        (coming back from a rubber's sheet keeps the page)."""
        from device.store.history import stored_results

        journal = self._journal()
        if journal is not None:
            self.state.rubbers = stored_results(journal)
        if self.state.stored is None:
            self.state.page = 0
        self.state.stored = None

    def open_stored(self, rubber: int) -> None:
        """A rubber's sheet, rebuilt by replaying its stored inputs (not its stored result):
        a slice now, the rest a slice per turn of the loop (the sheet says how far)."""
        entry = next((e for e in self.state.rubbers if e.get("rubber") == rubber), {})
        self.state.review_page = 0
        self.ui.overlay, self.ui.sheet_back = "history-sheet", 0
        self.state.opening = self._opening_steps(self._journal(), rubber, entry)
        self.open_more(OPEN_AT_ONCE)

    def _opening_steps(self, journal, rubber: int, entry: dict):
        """Open a stored rubber, a yield after each page of its inputs replayed and each
        chunk of its deals queued for review."""
        from device.store.history import Replayed, RubberReplay

        from .view import stored_rubber_view

        if journal is None:
            replayed = Replayed(rubber, None, 0, 0, "missing")
        else:
            replay = RubberReplay(journal, rubber)
            while not replay.step():
                loading = Replayed(rubber, None, replay.kept, replay.stored, "loading")
                self.state.stored = stored_rubber_view(entry, loading)
                yield
            replayed = replay.result
        self.state.stored = stored_rubber_view(entry, replayed)
        yield from self.host.reviews.opening(replayed.game)

    def open_more(self, at_least: int = 1) -> None:
        """Go on opening the stored rubber: `at_least` steps, then more for up to
        OPEN_SLICE_S; dropped once its sheet is left (Back before it was all read)."""
        from .reviews import HISTORY_OVERLAYS

        if self.state.opening is not None and self.ui.overlay not in HISTORY_OVERLAYS:
            self.state.opening = None
        end = time.monotonic() + OPEN_SLICE_S
        steps = 0
        while self.state.opening is not None:
            self.host.dirty = True
            steps += 1
            if next(self.state.opening, OPENED) is OPENED:
                self.state.opening = None
            elif steps >= at_least and time.monotonic() >= end:
                return

    def _review_page(self, action: a.ReviewPage) -> None:
        self.state.review_page = max(0, action.page)

    def _history_page(self, action: a.HistoryPage) -> None:
        self.state.page = max(0, action.page)
