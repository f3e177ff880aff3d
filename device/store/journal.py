"""The journal: every accepted input of every rubber, in SQLite.

WAL mode and synchronous=FULL on every connection, one transaction per
input. The transaction that stores an input also stores the device session
(id, boot) and the seq of the frame that carried it, so that after a power
cut the device's resend of an input that was stored but not yet
acknowledged is acknowledged and not applied again.

The schema is versioned; `MIGRATIONS[n]` takes a journal from version n to
n + 1, so an old journal is brought up to date when it is opened.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from device.engine.events import Event, Setup, event_from_dict

FILENAME = "journal.sqlite3"

MIGRATIONS = [
    # 0 -> 1: rubbers, their events, and the last input applied per device session.
    """
    CREATE TABLE rubbers (
        id INTEGER PRIMARY KEY,
        setup TEXT NOT NULL,
        started REAL NOT NULL,
        finished REAL,
        result TEXT
    );
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        rubber INTEGER NOT NULL REFERENCES rubbers(id),
        event TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX events_by_rubber ON events(rubber, id);
    CREATE TABLE sessions (
        device TEXT NOT NULL,
        boot INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (device, boot)
    );
    """,
]
VERSION = len(MIGRATIONS)


class JournalError(Exception):
    """The journal cannot be used: the message says why, for the screen."""


@dataclass(frozen=True)
class StoredRubber:
    id: int
    setup: Setup
    events: list[Event]
    started: float
    finished: float | None
    result: dict | None


class Journal:
    def __init__(self, path: Path, clock=time.time):
        self.path = Path(path)
        self.clock = clock
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise JournalError(f"{self.path}: {error}") from None

    def close(self) -> None:
        self.db.close()

    @property
    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        version = self.version
        if version > VERSION:
            raise JournalError(f"journal version {version} is newer than this program ({VERSION})")
        for number in range(version, VERSION):
            with self._transaction():
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number + 1}")

    def _transaction(self):
        return _Transaction(self.db)

    # -- writing ---------------------------------------------------------------------
    def new_rubber(self, setup: Setup) -> int:
        with self._transaction():
            cursor = self.db.execute(
                "INSERT INTO rubbers (setup, started) VALUES (?, ?)",
                (json.dumps(setup.to_dict()), self.clock()),
            )
        return cursor.lastrowid

    def append(
        self,
        rubber: int,
        event: Event,
        session: tuple[str, int] | None = None,
        seq: int | None = None,
        result: dict | None | object = ...,
    ) -> None:
        """Store one accepted input; when this returns, it survives a power cut.

        `result` (when given) marks the rubber over with it, or reopens it with
        None, in the same transaction: a cut can never keep the last input of a
        rubber and lose the rubber's end.
        """
        with self._transaction():
            self.db.execute(
                "INSERT INTO events (rubber, event, at) VALUES (?, ?, ?)",
                (rubber, json.dumps(event.to_dict()), self.clock()),
            )
            if result is not ...:
                self._set_finished(rubber, result)
            if session is not None and seq is not None:
                self.db.execute(
                    "INSERT INTO sessions (device, boot, seq) VALUES (?, ?, ?) "
                    "ON CONFLICT (device, boot) DO UPDATE SET seq = excluded.seq",
                    (session[0], session[1], seq),
                )

    def finish(self, rubber: int, result: dict | None) -> None:
        """Mark a rubber over with its result; None reopens it (an undo took back its end)."""
        with self._transaction():
            self._set_finished(rubber, result)

    def _set_finished(self, rubber: int, result: dict | None) -> None:
        finished = None if result is None else self.clock()
        text = None if result is None else json.dumps(result)
        self.db.execute(
            "UPDATE rubbers SET finished = ?, result = ? WHERE id = ?", (finished, text, rubber)
        )

    # -- reading ---------------------------------------------------------------------
    def applied(self) -> dict[tuple[str, int], int]:
        """The seq of the last input stored for each device session."""
        rows = self.db.execute("SELECT device, boot, seq FROM sessions")
        return {(device, boot): seq for device, boot, seq in rows}

    def rubber(self, rubber: int) -> StoredRubber:
        row = self.db.execute(
            "SELECT id, setup, started, finished, result FROM rubbers WHERE id = ?", (rubber,)
        ).fetchone()
        if row is None:
            raise JournalError(f"there is no rubber {rubber} in the journal")
        setup = Setup.from_dict(json.loads(row[1]))
        from device.engine.forms import find_form

        deck = find_form(setup.form).deck.name
        events = [
            event_from_dict(json.loads(text), deck)
            for (text,) in self.db.execute(
                "SELECT event FROM events WHERE rubber = ? ORDER BY id", (rubber,)
            )
        ]
        result = json.loads(row[4]) if row[4] else None
        return StoredRubber(row[0], setup, events, row[2], row[3], result)

    def unfinished(self) -> int | None:
        """The rubber in progress (the latest one not finished), if any."""
        row = self.db.execute(
            "SELECT id FROM rubbers WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    def rubbers(self) -> list[tuple[int, float, float | None]]:
        """(id, started, finished) of every rubber, oldest first."""
        return list(self.db.execute("SELECT id, started, finished FROM rubbers ORDER BY id"))

    def finished_results(self) -> list[dict]:
        rows = self.db.execute("SELECT result FROM rubbers WHERE finished IS NOT NULL ORDER BY id")
        return [json.loads(text) for (text,) in rows]


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error: nothing half-written."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, error, trace):
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
        return False
