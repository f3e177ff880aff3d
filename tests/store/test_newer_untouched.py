"""A journal written by a newer program is left byte for byte as it was."""

import hashlib
import sqlite3

import pytest

from device.store.journal import FILENAME, Journal, JournalNewer
from device.store.journal.opening import open_journal


def newer_journal(folder):
    path = folder / FILENAME
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.execute("CREATE TABLE future (x)")
    db.commit()
    db.close()
    return path


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_opening_a_newer_journal_writes_nothing_to_it(tmp_path):
    path = newer_journal(tmp_path)
    before = digest(path)
    with pytest.raises(JournalNewer):
        Journal(path)
    open_journal(tmp_path)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILENAME]
