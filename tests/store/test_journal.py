import sqlite3

import pytest

from device.engine.calls import Call
from device.engine.events import CallMade, NextDeal, Setup, Undone
from device.engine.game import Game
from device.store.journal import (
    VERSION,
    Journal,
    JournalDamaged,
    JournalError,
    JournalNewer,
    StorageError,
    classify,
)

SETUP = Setup("plain", ("Anna", "Ben"), 0, {"honours": True})


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    yield journal
    journal.close()


def test_wal_full_sync_and_schema_version(journal):
    assert journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert journal.version == VERSION


def test_inputs_come_back_in_order_and_replay_to_the_same_state(journal, tmp_path):
    game = Game(SETUP)
    rubber = journal.new_rubber(game.setup)
    for event in (CallMade(Call.parse("1S")), CallMade(Call.parse("P")), Undone()):
        journal.append(rubber, game.apply(event), ("SCAN", 3), 7)
    journal.close()
    again = Journal(tmp_path / "journal.sqlite3")
    stored = again.rubber(rubber)
    assert stored.setup == game.setup and stored.events == game.events
    copy = Game(stored.setup)
    copy.replay(stored.events)
    assert copy.snapshot() == game.snapshot()
    assert again.unfinished() == rubber and again.applied() == {("SCAN", 3): 7}


def test_the_session_seq_moves_with_each_input(journal):
    rubber = journal.new_rubber(SETUP)
    journal.append(rubber, CallMade(Call.parse("1S"), 1), ("SCAN", 3), 7)
    journal.append(rubber, CallMade(Call.parse("P"), 0), ("SCAN", 3), 8)
    journal.append(rubber, NextDeal(), ("BOX", 1), 250)
    assert journal.applied() == {("SCAN", 3): 8, ("BOX", 1): 250}


def test_a_failed_transaction_leaves_nothing_half_written(journal):
    rubber = journal.new_rubber(SETUP)
    journal.db.execute(
        "CREATE TRIGGER no_seq BEFORE INSERT ON sessions "
        "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    with pytest.raises(StorageError, match="disk full"):
        journal.append(rubber, CallMade(Call.parse("1S"), 1), ("SCAN", 3), 7)
    assert journal.rubber(rubber).events == []  # the event went with the failed session row


def test_finished_rubbers_and_the_one_in_progress(journal):
    first = journal.new_rubber(SETUP)
    result = {"players": ["Anna", "Ben"], "winner": "Anna", "totals": {"Anna": 700}}
    journal.finish(first, result)
    second = journal.new_rubber(SETUP)
    assert journal.unfinished() == second
    assert journal.finished_results() == [result]
    assert [row[0] for row in journal.rubbers()] == [first, second]
    with pytest.raises(JournalError, match="no rubber 9"):
        journal.rubber(9)


def test_a_file_that_is_not_a_journal_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    with pytest.raises(JournalError, match="journal.sqlite3"):
        Journal(path)


def test_a_newer_journal_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    with pytest.raises(JournalNewer, match="newer than this program"):
        Journal(path)


def sqlite_error(name: str) -> sqlite3.Error:
    error = sqlite3.OperationalError(name.lower())
    error.sqlite_errorname = name
    return error


@pytest.mark.parametrize(
    "error,kind",
    [
        (sqlite_error("SQLITE_FULL"), "full"),
        (sqlite_error("SQLITE_READONLY_DBMOVED"), "readonly"),
        (sqlite_error("SQLITE_CANTOPEN"), "missing"),
        (sqlite_error("SQLITE_IOERR_WRITE"), "io"),
        (sqlite_error("SQLITE_IOERR_SHORT_READ"), "io"),
        (sqlite_error("SQLITE_BUSY"), "busy"),
        (OSError(28, "No space left on device"), "full"),
        (OSError(30, "Read-only file system"), "readonly"),
        (OSError(13, "Permission denied"), "readonly"),
        (NotADirectoryError(20, "Not a directory"), "missing"),
        (FileExistsError(17, "File exists"), "missing"),
        (OSError(5, "Input/output error"), "io"),
    ],
)
def test_cannot_write_is_never_damage(error, kind):
    found = classify(error, "journal.sqlite3")
    assert isinstance(found, StorageError) and found.kind == kind
    assert str(found).startswith("journal.sqlite3: ")


@pytest.mark.parametrize("name", ["SQLITE_CORRUPT", "SQLITE_CORRUPT_INDEX", "SQLITE_NOTADB"])
def test_corruption_is_damage(name):
    assert isinstance(classify(sqlite_error(name)), JournalDamaged)


def test_rows_that_cannot_be_read_are_damage_not_a_crash(journal):
    rubber = journal.new_rubber(SETUP)
    journal.append(rubber, CallMade(Call.parse("1S"), 1))
    journal.db.execute("UPDATE events SET event = ?", (b"\xff\xfe not utf-8",))
    with pytest.raises(JournalDamaged, match="an input cannot be read"):
        journal.rubber(rubber)
    journal.db.execute("UPDATE events SET event = '{\"type\": '")
    with pytest.raises(JournalDamaged):
        journal.rubber(rubber)
    journal.db.execute("UPDATE rubbers SET setup = '[1, 2]'")
    with pytest.raises(JournalDamaged, match="setup cannot be read"):
        journal.rubber(rubber)


def test_finished_results_leave_out_what_cannot_be_read(journal):
    good = {"players": ["Anna", "Ben"], "winner": None, "totals": {}, "games": {}}
    for result in (good, {"abandoned": "older program"}, good):
        journal.finish(journal.new_rubber(SETUP), result)
    journal.db.execute("UPDATE rubbers SET result = '{broken' WHERE id = 3")
    assert journal.finished_results() == [good]


def test_a_newer_journal_is_told_from_its_header_and_sqlite_never_opens_it(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    journal.new_rubber(SETUP)
    journal.db.execute(f"PRAGMA user_version = {VERSION + 3}")
    journal.close()
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(JournalNewer) as found:
        Journal(path)
    assert found.value.found == VERSION + 3
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no -wal, no -shm
