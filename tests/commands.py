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
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def check_status(capsys, folder, form: str, phase: str, game) -> dict:
    """`status --json` on the journal in `folder` says `form`, `phase`, and `game`'s
    deal and totals; returns what it says."""
    import json

    status, out, err = run(capsys, "status", "--json", "--data-dir", str(folder))
    assert status == 0 and err == ""
    shown = json.loads(out)
    assert (shown["game"], shown["phase"], shown["deal"]) == (form, phase, game.deal.number)
    assert shown["totals"] == dict(zip(game.players, game.sheet.totals(), strict=True))
    return shown


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
