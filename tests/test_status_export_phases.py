"""Issue 9, point 6: `status --json` and `export --format json|pbn` work in every
phase of a rubber (the draw phase too), stopped there or stopped early there, and
say in one line when there is no rubber at all."""

import io
import json
import sys

import pytest

from device.engine.game import Game
from device.engine.record import play_record, sheet_report
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from tests.commands import check_status, run

PHASES = {
    "draw-and-discard": ("draw", "auction", "play", "deal-end", "finished"),
    "plain": ("auction", "play", "deal-end", "finished"),
}
CASES = [
    (form, phase, deal, early)
    for form, phases in PHASES.items()
    for phase in phases
    for deal in ("first", "later")
    for early in (False, True)
    if not (phase == "finished" and deal == "first")
]


def stored_table(folder, form: str, phase: str, deal: str, early: bool) -> Table:
    """A robot rubber stored input by input until it reaches `phase` (in deal 1, or in
    a later deal), then left there, or stopped early there as a new rubber does."""
    rubber = play_rubber(7, form)
    table = Table(Game(rubber.setup), journal=Journal(folder / FILENAME))
    wanted = (lambda g: g.deal.number == 1) if deal == "first" else (lambda g: g.deal.number > 1)
    for event in rubber.inputs:
        if table.game.phase == phase and wanted(table.game):
            break
        assert table.apply(event).accepted
    assert table.game.phase == phase and wanted(table.game)
    if early:
        table.stop_early()
    return table


@pytest.mark.parametrize("form,phase,deal,early", CASES)
def test_status_and_export_in_every_phase(tmp_path, capsys, form, phase, deal, early):
    game = stored_table(tmp_path, form, phase, deal, early).game
    where = ("--data-dir", str(tmp_path))
    check_status(capsys, tmp_path, form, phase, game)

    status, out, err = run(capsys, "export", "--format", "json", *where)
    assert status == 0 and err == ""
    record = json.loads(out)
    assert sheet_report(play_record(record)) == sheet_report(game)
    finished = sum(1 for d in game.deals if d.outcome is not None)
    assert len(record["deals"]) == (finished if phase == "draw" else game.deal.number)

    status, out, err = run(capsys, "export", "--format", "pbn", *where)
    assert status == 0 and err == "" and out.startswith("% PBN 2.1\n")
    assert out.count("[Event ") == finished


def test_the_exported_draw_phase_replays_through_the_command(tmp_path, capsys, monkeypatch):
    stored_table(tmp_path, "draw-and-discard", "draw", "later", False)
    _, record, _ = run(capsys, "export", "--format", "json", "--data-dir", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(record.encode())))
    status, out, err = run(capsys, "replay", "-")
    assert status == 0 and err == "" and json.loads(out)["deals"]


def test_no_rubber_at_all_is_one_line(tmp_path, capsys):
    for argv in (["status", "--json"], ["export", "--format", "json"], ["export"]):
        status, out, err = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert status == 2 and out == "" and err.count("\n") == 1 and "no journal" in err
    Journal(tmp_path / FILENAME).close()
    for argv in (["status", "--json"], ["export", "--format", "json"], ["export"]):
        status, out, err = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert status == 2 and out == "" and err.count("\n") == 1
        assert "there is no rubber" in err
