"""Draw / Pick-Up on the devices: `honeymoon sim-devices --record` scans each stock
card as it is turned up, takes it with OK and rejects it with P on the bidding box.
`status`, `export` and the history work with a rubber stopped in the middle of the
pick-up (left there, or stopped early there).
The whole rubber through the devices: tests/forms/test_every_form_at_the_table.py."""

from __future__ import annotations

import json

import pytest

from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report
from device.robots import play_rubber
from device.sim.script import record_steps
from device.store.history import replay_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from tests.at_the_table import robot_record
from tests.commands import run

SHORT_RUBBER = 27  # the robots' seed whose rubber takes 4 deals (seed 4: 23)


def rubber() -> dict:
    """A whole rubber by the robots, Anna dealing first."""
    return robot_record("draw-pick-up", {}, SHORT_RUBBER)


def test_each_stock_card_is_scanned_then_taken_with_ok_or_rejected_with_p():
    record = rubber()
    first = record["deals"][0]
    steps = record_steps(record)
    expected, turn = [], 1  # Anna deals: Ben turns up the first card
    for entry in first["pickups"]:
        expected.append(("scanner", entry["card"]))
        taker = entry["taken_by"]
        if taker is not None and record["players"].index(taker) == turn:
            expected.append(("bidbox", "OK"))
            turn = 1 - turn
        elif taker is not None:
            expected += [("bidbox", "P"), ("bidbox", "OK")]
        else:
            expected += [("bidbox", "P"), ("bidbox", "P")]
            turn = 1 - turn
    assert steps[: len(expected)] == expected
    assert steps[len(expected)] == ("bidbox", first["calls"][0])
    assert ("bidbox", "P") in expected and ("bidbox", "OK") in expected


def test_a_deal_without_pickups_cannot_be_played_on_the_devices():
    record = rubber()
    del record["deals"][0]["pickups"]
    assert play_record(record).phase == "finished"  # a valid record ...
    with pytest.raises(RecordError, match="deal 1: without all its pickups the pick-up is"):
        record_steps(record)  # ... whose skip is made on the screen


def stored_in_the_pick_up(folder, decided: int, early: bool) -> Table:
    """A robot rubber stored input by input into its second deal's pick-up, `decided`
    stock cards into it, then left there, or stopped early there as a new rubber does."""
    robots = play_rubber(7, "draw-pick-up")
    table = Table(Game(robots.setup), journal=Journal(folder / FILENAME))
    for event in robots.inputs:
        assert table.apply(event).accepted
        deal = table.game.deal
        if deal.number == 2 and table.game.phase == "pick-up" and len(deal.own.pickups) >= decided:
            break
    assert table.game.phase == "pick-up" and table.game.deal.number == 2
    if early:
        table.stop_early()
    return table


@pytest.mark.parametrize("early", [False, True])
@pytest.mark.parametrize("decided", [0, 5, 20])
def test_status_export_and_history_in_the_pick_up(tmp_path, capsys, decided, early):
    game = stored_in_the_pick_up(tmp_path, decided, early).game
    where = ("--data-dir", str(tmp_path))
    status, out, err = run(capsys, "status", "--json", *where)
    assert status == 0 and err == ""
    shown = json.loads(out)
    assert (shown["game"], shown["phase"], shown["deal"]) == ("draw-pick-up", "pick-up", 2)
    assert shown["turn"] == game.name(game.turn) and shown["hand"] in ("N", "S")
    assert shown["calls"] == [] and shown["contract"] is None
    status, out, err = run(capsys, "export", "--format", "json", *where)
    assert status == 0 and err == ""
    record = json.loads(out)
    own = game.form.phase_record(game.deal)
    assert sheet_report(play_record(record)) == sheet_report(game)
    if any(own.values()):  # the pick-up so far, played back to the same state
        assert record["deals"][-1] == {**own, "calls": []}
        assert play_record(record).snapshot() == game.snapshot()
    else:  # nothing turned up yet: as in a draw phase, the deal is not in the record
        assert len(record["deals"]) == 1
    status, out, err = run(capsys, "export", "--format", "pbn", *where)
    assert status == 0 and err == "" and out.count("[Event ") == 1
    journal = Journal(tmp_path / FILENAME)
    replayed = replay_rubber(journal, 1)
    assert replayed.problem is None and replayed.game.snapshot() == game.snapshot()
    journal.close()
