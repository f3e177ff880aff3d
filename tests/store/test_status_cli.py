"""`honeymoon status --json` and `honeymoon export --format json` read the journal."""

import json

from device.cli import main
from device.engine.events import DrawPhaseEnded, Setup
from device.engine.game import Game
from device.engine.record import play_record, sheet_report
from device.hal.events import CALL, CARD, Input
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_status_prints_the_table(tmp_path, capsys):
    journal = Journal(tmp_path / FILENAME)
    table = Table(Game(Setup("draw-and-discard", ("Anna", "Ben"), 1)), journal=journal)
    table.apply(DrawPhaseEnded())  # confirmed on the screen
    for item in (Input(CALL, "1H"), Input(CALL, "P"), Input(CARD, "SA"), Input(CARD, "S4")):
        assert table.handle(item).accepted
    table.handle(Input(CARD, "HK"))
    status, out, _ = run(capsys, "status", "--data-dir", str(tmp_path), "--json")
    assert status == 0
    assert json.loads(out) == {
        "game": "draw-and-discard",
        "phase": "play",
        "deal": 1,
        "dealer": "Ben",
        "turn": "Anna",
        "calls": ["1H", "P"],
        "contract": "1H",
        "declarer": "Anna",
        "tricks": [{"cards": ["SA", "S4"], "winner": "Ben"}],
        "totals": {"Anna": 0, "Ben": 0},
    }


def test_export_json_replays_to_the_same_sheet(tmp_path, capsys):
    journal = Journal(tmp_path / FILENAME)
    expected = play_rubber(11)
    table = Table(Game(expected.setup), journal=journal)
    for event in expected.inputs:
        table.apply(event)
    Table(Game(Setup("plain", ("Carl", "Dora"), 0)), journal=journal)  # a newer rubber
    status, out, _ = run(
        capsys, "export", "--data-dir", str(tmp_path), "--format", "json", "--rubber", "1"
    )
    assert status == 0
    assert sheet_report(play_record(json.loads(out))) == sheet_report(expected)
    status, out, _ = run(capsys, "status", "--data-dir", str(tmp_path))
    assert json.loads(out)["phase"] == "auction" and json.loads(out)["turn"] == "Dora"


def test_status_without_a_journal_is_a_one_line_error(tmp_path, capsys):
    status, out, err = run(capsys, "status", "--data-dir", str(tmp_path))
    assert status == 2 and out == "" and err.count("\n") == 1 and "no journal" in err
    Journal(tmp_path / FILENAME).close()
    status, _, err = run(capsys, "export", "--data-dir", str(tmp_path))
    assert status == 2 and "there is no rubber" in err
