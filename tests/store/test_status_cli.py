"""`honeymoon status --json` and `honeymoon export --format json` read the journal."""

import json

import pytest

from device.engine.events import DrawPhaseEnded, Setup
from device.engine.game import Game
from device.engine.record import play_record, sheet_report
from device.hal.events import CALL, CARD, Input
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.store.status import export_json
from device.table import Table
from tests.commands import run


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
        "hand": "N",
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


def damaged_journal(folder):
    """A journal with a finished rubber and one in progress whose 6th input is not JSON."""
    from tests.store.test_open import fill, set_event

    table, _ = fill(folder, finished=1, progress=10)
    set_event(folder, table.rubber, 5, "{not json")
    return table


def test_status_and_export_of_a_damaged_journal_show_what_can_be_read(tmp_path, capsys):
    table = damaged_journal(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    status, out, err = run(capsys, "status", "--data-dir", str(tmp_path))
    assert status == 0 and err.count("\n") == 1
    assert err.startswith(
        f"warning: the journal is damaged: rubber {table.rubber} up to input 5 of 10"
    )
    expected = Game(table.game.setup)
    expected.replay(table.game.events[:5])
    assert json.loads(out)["phase"] == expected.phase
    status, out, err = run(capsys, "export", "--data-dir", str(tmp_path), "--format", "json")
    assert status == 0 and err.count("\n") == 1
    assert json.loads(out) == export_json(expected)
    status, out, err = run(capsys, "export", "--data-dir", str(tmp_path), "--rubber", "1")
    assert status == 0 and out.startswith("% PBN 2.1")  # the finished rubber, whole
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # never changed


@pytest.mark.parametrize("kind", ["empty", "garbage", "newer"])
def test_a_journal_with_nothing_readable_is_one_line_and_status_2(tmp_path, capsys, kind):
    from device.store.journal import VERSION

    path = tmp_path / FILENAME
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "garbage":
        path.write_bytes(b"\x00\xff not a database " * 300)
    else:
        Journal(path).db.execute(f"PRAGMA user_version = {VERSION + 1}")
    for argv in (("status",), ("export", "--format", "json"), ("export",)):
        status, out, err = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    if kind == "newer":
        assert "newer than this program" in err
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name] == []


def journal_files(folder):
    """Every file of the folder with its bytes and its mtime."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def wal_holding(folder):
    """A rubber in progress whose last inputs are only in the WAL, its connection open
    (as while the table runs); returns the journal."""
    journal = Journal(folder / FILENAME)
    game = play_rubber(12)
    table = Table(Game(game.setup), journal=journal)
    for event in game.inputs[:45]:
        assert table.apply(event).accepted
    assert (folder / f"{FILENAME}-wal").stat().st_size > 0
    return journal


def cut_with_wal(folder):
    """The files a power cut leaves: the database, a WAL with inputs not yet copied into
    it, and a -shm that SQLite would rebuild on its next open."""
    journal = wal_holding(folder)
    kept = {p.name: p.read_bytes() for p in folder.iterdir()}
    journal.close()
    for name, data in kept.items():
        (folder / name).write_bytes(data)


def healthy(folder):
    journal = wal_holding(folder)
    journal.close()


@pytest.mark.parametrize(
    "make", [healthy, damaged_journal, wal_holding, cut_with_wal], ids=lambda f: f.__name__
)
def test_status_and_export_never_change_a_journal_file(tmp_path, capsys, make):
    held = make(tmp_path)
    before = journal_files(tmp_path)
    runs = [("status",), ("export", "--format", "json"), ("export",), ("status", "--json")]
    for argv in runs:
        status, out, _ = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert status == 0 and out
    assert journal_files(tmp_path) == before  # journal, -wal and -shm: bytes and mtimes
    if isinstance(held, Journal):
        held.close()


def test_status_reads_the_inputs_still_in_the_wal(tmp_path, capsys):
    cut_with_wal(tmp_path)
    status, out, _ = run(capsys, "export", "--data-dir", str(tmp_path), "--format", "json")
    game = play_rubber(12)
    expected = Game(game.setup)
    expected.replay(game.inputs[:45])
    assert status == 0 and json.loads(out) == export_json(expected)
