"""A long rubber in the history: a rubber of 10,000 deals (Plain Honeymoon, nearly
every deal thrown in, every 100th played out) stored in a journal, then opened
from the history of the real app (headless, SDL's dummy driver), taken back and
opened again. The longest time the screen loop was held by one turn (a tap, or a
step of the loop with its frame drawn) is printed beside its target of 0.5 s
(systemd's watchdog allows 10 s), and the review queue must hold each of the
rubber's played deals once however often it is opened.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from device.store.journal import FILENAME, Journal
from device.ui.actions import HistoryRubber, Overlay

TARGET_S = 0.5


def run(deals: int = 10_000, opens: int = 2, judge_time: bool = True) -> dict:
    """`judge_time=False` (make test's short run) leaves the time to `make faults`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from device.ui import history as history_module  # where OPEN_SLICE_S is
    from device.ui.app import App, new_table_factory
    from device.ui.reviews import Reviews
    from device.ui.screens.base import UiState
    from tests.store.long_rubber import stored_long_rubber
    from tests.ui.test_long_rubber import Idle

    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="faults-long-") as name:
        journal = Journal(Path(name) / FILENAME)
        rubber = stored_long_rubber(journal, deals)
        inputs = journal.db.execute("SELECT count(*) FROM events").fetchone()[0]
        pygame.init()
        slice_s = history_module.OPEN_SLICE_S
        if not judge_time:  # a page a turn, however fast the machine: the turns are counted
            history_module.OPEN_SLICE_S = 0.0
        try:
            app = App(None, UiState(), new_table=new_table_factory(None, journal))
            reviewer = Idle()
            app.reviews = Reviews(reviewer)
            held, turns, whole = [], 0, []
            for _ in range(opens):
                app.act(Overlay("history"))
                app.draw()
                began = time.perf_counter()
                held.append(_timed(lambda: app.act(HistoryRubber(rubber))))
                while app.history.state.opening is not None:
                    held.append(_timed(lambda: app.step(0)))
                    turns += 1
                whole.append(time.perf_counter() - began)
                if app.ui.history.stored.sheet is None:
                    problems.append("the rubber's sheet was not shown")
            queued = list(reviewer._queue)
        finally:
            history_module.OPEN_SLICE_S = slice_s
            pygame.quit()
            journal.close()
    if len(queued) != len(set(queued)):
        problems.append(f"{len(queued) - len(set(queued))} reviews queued twice")
    if judge_time and max(held) >= TARGET_S:
        problems.append(f"the screen loop was held {max(held):.2f} s at once")
    return {
        "deals": deals,
        "inputs": inputs,
        "opens": opens,
        "held": max(held),
        "turns": turns,
        "whole": max(whole),
        "queued": len(queued),
        "problems": problems,
    }


def _timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def summary(result: dict) -> str:
    return (
        f"long rubber in the history: {result['deals']:,} deals ({result['inputs']:,} inputs) "
        f"opened {result['opens']} times: the screen loop held {result['held']:.2f} s at most "
        f"(target < {TARGET_S} s), the sheet up after {result['whole']:.1f} s in "
        f"{result['turns'] // result['opens']} turns; {result['queued']} reviews queued, "
        f"none twice"
    )
