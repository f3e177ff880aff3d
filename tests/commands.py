"""The `honeymoon` command run in-process, for tests that read what it prints, and
the history of a journal."""

from __future__ import annotations

import io
import sys

from device.cli import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    """(exit status, stdout, stderr) of `honeymoon ARGV`; `stdin` (text) needs
    `monkeypatch`."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def finished_after_a_stopped_one(journal, rubber) -> list[dict]:
    """`rubber` (a finished Game) stored whole in `journal` after a stopped one: the
    history's two results, checked (the first stopped, the second the rubber's totals)."""
    from device.engine.game import Game
    from device.engine.record import sheet_report
    from device.store.history import stored_results
    from device.table import Table

    finished = Table(Game(rubber.setup), journal=journal)
    for event in rubber.inputs:
        assert finished.apply(event).accepted
    results = stored_results(journal)
    assert [r.get("stopped", False) for r in results] == [True, False]
    assert results[1]["totals"] == sheet_report(rubber)["totals"]
    return results
