"""A journal read into memory reads as SQLite reads it, from its files' bytes alone:
the WAL's committed frames over the database, a WAL cut anywhere read up to its last
whole commit, and none of the files ever written."""

import random
import shutil
import sqlite3

import pytest

from device.engine.game import Game
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal, StorageError
from device.store.journal.snapshot import committed_frames, snapshot
from device.table import Table


def rubber_in_progress(folder, inputs=150):
    """A journal with a robot rubber's first `inputs`, its last ones only in the WAL;
    the open journal (its WAL and -shm there, as while the table runs)."""
    journal = Journal(folder / FILENAME)
    game = play_rubber(21)
    table = Table(Game(game.setup), journal=journal)
    for event in game.inputs[:inputs]:
        assert table.apply(event).accepted
    return journal


def sqlite_reads(folder, wal: bytes) -> list[str]:
    """What SQLite itself reads from a copy of the journal with this WAL."""
    copy = folder / "copy"
    copy.mkdir(exist_ok=True)
    for name in (FILENAME, f"{FILENAME}-wal", f"{FILENAME}-shm"):
        (copy / name).unlink(missing_ok=True)
    shutil.copyfile(folder / FILENAME, copy / FILENAME)
    (copy / f"{FILENAME}-wal").write_bytes(wal)
    db = sqlite3.connect(copy / FILENAME)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def test_a_journal_with_its_wal_reads_as_sqlite_reads_it(tmp_path):
    journal = rubber_in_progress(tmp_path)
    wal = (tmp_path / f"{FILENAME}-wal").read_bytes()
    assert committed_frames(wal)[1]  # the last inputs are in the WAL
    assert list(snapshot(tmp_path / FILENAME).iterdump()) == sqlite_reads(tmp_path, wal)
    journal.close()


def test_a_wal_cut_anywhere_reads_up_to_its_last_whole_commit(tmp_path):
    journal = rubber_in_progress(tmp_path, inputs=60)
    wal = (tmp_path / f"{FILENAME}-wal").read_bytes()
    db_bytes = (tmp_path / FILENAME).read_bytes()
    journal.close()
    folder = tmp_path / "cut"
    folder.mkdir()
    rng = random.Random(5)
    for cut in sorted(rng.sample(range(len(wal)), 12)) + [32, 0]:
        (folder / FILENAME).write_bytes(db_bytes)
        (folder / f"{FILENAME}-wal").write_bytes(wal[:cut])
        assert list(snapshot(folder / FILENAME).iterdump()) == sqlite_reads(folder, wal[:cut])


def test_a_flipped_byte_in_the_wal_ends_it_there_as_in_sqlite(tmp_path):
    journal = rubber_in_progress(tmp_path, inputs=40)
    wal = bytearray((tmp_path / f"{FILENAME}-wal").read_bytes())
    journal.close()
    (tmp_path / f"{FILENAME}-wal").write_bytes(b"")  # closed: the WAL was copied in
    wal[len(wal) // 2] ^= 0x40
    (tmp_path / f"{FILENAME}-wal").write_bytes(bytes(wal))
    assert list(snapshot(tmp_path / FILENAME).iterdump()) == sqlite_reads(tmp_path, bytes(wal))


def test_a_journal_read_into_memory_writes_nothing(tmp_path):
    journal = rubber_in_progress(tmp_path, inputs=30)
    journal.close()
    before = sorted(tmp_path.iterdir())
    copy = Journal.read_only(tmp_path / FILENAME)
    assert len(copy.rubber(1).events) == 30
    with pytest.raises(StorageError):
        copy.new_rubber(play_rubber(1).setup)
    assert sorted(tmp_path.iterdir()) == before  # no -wal, no -shm made
