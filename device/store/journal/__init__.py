"""The journal: every accepted input of every rubber, in SQLite.

WAL mode and synchronous=FULL on every connection, one transaction per
input. The transaction that stores an input also stores the device session
(id, boot) and the seq of the frame that carried it, so that after a power
cut the device's resend of an input that was stored but not yet
acknowledged is acknowledged and not applied again.

The schema is versioned; `MIGRATIONS[n]` takes a journal from version n to
n + 1, so an old journal is brought up to date when it is opened.

Every failure comes out as one of three JournalErrors, because the table
answers them differently: JournalDamaged (corrupt pages, rows that cannot be
read: the file is moved aside and what is readable is salvaged), JournalNewer
(written by a newer program: left untouched) and StorageError (the disk is
full, read-only, gone or failing: the file is healthy and must stay where it
is; the input waits until it can be stored).
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from device.engine.events import Event, Setup, event_from_dict

FILENAME = "journal.sqlite3"

# The WAL's size, so that it never fills a small disk (2 MB free holds a whole rubber):
# SQLite copies the WAL into the database once it holds WAL_PAGES pages (each input is
# 2 to 4 of them), then writes the WAL again from its start; a WAL that grew beyond
# WAL_LIMIT bytes (one big transaction) is cut back to it then. The WAL's file keeps
# its room between checkpoints, so on a disk that filled up meanwhile the next inputs
# go where the last ones were.
WAL_PAGES = 100
WAL_LIMIT = 512 * 1024

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
    """The journal cannot be used: the message says why, for the log."""


class JournalDamaged(JournalError):
    """Corrupt pages or rows that cannot be read: the file itself is damaged."""


class JournalNewer(JournalError):
    """A journal of a newer program: not damaged, and never to be touched."""

    def __init__(self, found: int):
        super().__init__(f"journal version {found} is newer than this program ({VERSION})")
        self.found = found


class StorageError(JournalError):
    """The journal cannot be written (or opened) now, though the file is not damaged.

    `kind` says why, for the screen: full, readonly, missing, io or busy.
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


# SQLite's primary result codes that mean "cannot write here now", by what the screen says.
_SQLITE_KINDS = {
    "SQLITE_FULL": "full",
    "SQLITE_READONLY": "readonly",
    "SQLITE_PERM": "readonly",
    "SQLITE_AUTH": "readonly",
    "SQLITE_CANTOPEN": "missing",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
}
_OS_KINDS = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "readonly",
    errno.EACCES: "readonly",
    errno.EPERM: "readonly",
    errno.ENOENT: "missing",
    errno.ENOTDIR: "missing",
    errno.EEXIST: "missing",  # a file where the data folder should be
}


# Kinds of StorageError after which the connection itself may be of no more use (a
# folder remounted read-only, a disk that went away): the next write opens the file again.
REOPEN = ("readonly", "missing", "io")


def classify(error: Exception, where: object = "") -> JournalError:
    """The JournalError for a failure of SQLite or the file system.

    Only SQLITE_CORRUPT and SQLITE_NOTADB say the file is damaged; a full,
    read-only, missing or failing disk (SQLITE_FULL, _READONLY, _CANTOPEN,
    _IOERR, ENOSPC, EROFS, EACCES, ...) leaves a healthy file where it is.
    """
    if isinstance(error, JournalError):
        return error
    prefix = f"{where}: " if where else ""
    if isinstance(error, OSError):
        kind = _OS_KINDS.get(error.errno, "io")
        return StorageError(kind, f"{prefix}{error.strerror or error}")
    name = getattr(error, "sqlite_errorname", None) or ""
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return JournalDamaged(f"{prefix}{error}")
    primary = "_".join(name.split("_")[:2])  # SQLITE_IOERR_SHORT_READ -> SQLITE_IOERR
    return StorageError(_SQLITE_KINDS.get(primary, "io"), f"{prefix}{error}")


def _refuse_newer(path: Path) -> None:
    """JournalNewer for a newer program's journal, told from its file header alone
    (user_version is bytes 60..63): opening it, even read-only, could write to it."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError:
        return  # the normal open says what is wrong
    if len(header) == 100 and header.startswith(b"SQLite format 3\0"):
        found = int.from_bytes(header[60:64], "big", signed=True)
        if found > VERSION:
            raise JournalNewer(found)


def _refuse_read_only(path: Path) -> None:
    """StorageError for a journal that can be read but not written (a read-only folder
    or file): SQLite would open it for reading only, and that connection would stay
    read-only once the folder can be written again. Read into memory instead
    (Journal.read_only), it is opened for writing when it can be."""
    folder = path.parent
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise StorageError("readonly", f"{path}: the journal cannot be written (read-only)")


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
        self.db: sqlite3.Connection | None = None
        # A journal read into memory (`read_only`) writes nothing; `waiting` is why its
        # file cannot be written now, and every write tries to open it for writing again.
        self.writable = True
        self.waiting: StorageError | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _refuse_newer(self.path)  # before WAL mode rewrites the header of a newer one
            _refuse_read_only(self.path)
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.text_factory = text_or_bytes
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            self.db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            self._migrate()
        except (sqlite3.Error, OSError, JournalError) as error:
            self.close()
            raise classify(error, self.path) from None

    @classmethod
    def read_only(cls, path: Path, clock=time.time, waiting: StorageError | None = None):
        """The journal at `path` as it is on the disk, read into memory: none of its
        files (not its WAL, not its -shm) is ever written or created by it, damaged or
        not. With `waiting` (why the file cannot be written now: a full disk, a
        read-only folder), each write first tries to open the file for writing again,
        and from the first that can, the journal is the file itself."""
        from .snapshot import journal_image, snapshot

        journal = cls.__new__(cls)
        journal.path, journal.clock, journal.db = Path(path), clock, None
        journal.writable, journal.waiting = False, waiting
        try:
            _refuse_newer(journal.path)
            image = journal_image(journal.path)
            sqlite = image.startswith(b"SQLite format 3\0")  # else no version to read
            if (
                sqlite
                and len(image) >= 64
                and int.from_bytes(image[60:64], "big", signed=True) > VERSION
            ):
                raise JournalNewer(int.from_bytes(image[60:64], "big", signed=True))
            journal.db = snapshot(journal.path)
            journal.db.text_factory = text_or_bytes
        except (sqlite3.Error, OSError) as error:
            raise classify(error, journal.path) from None
        return journal

    def _open_for_writing(self) -> None:
        """A journal read into memory while its file could not be written: the file,
        opened for writing now, takes its place; else the StorageError that says why."""
        if self.waiting is None:
            raise StorageError("readonly", f"{self.path}: opened for reading only")
        try:
            opened = Journal(self.path, self.clock)
        except StorageError as error:
            self.waiting = error
            raise
        with suppress(sqlite3.Error):
            self.db.close()
        self.db, self.writable, self.waiting = opened.db, True, None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()

    @property
    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        version = self.version
        if version > VERSION:
            raise JournalNewer(version)
        for number in range(version, VERSION):
            with self._transaction():
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number + 1}")

    def _transaction(self):
        return _Transaction(self.db)

    @contextmanager
    def _writing(self):
        """One transaction; any failure comes out classified (damaged, or cannot write)."""
        if not self.writable:
            self._open_for_writing()
        try:
            with self._transaction():
                yield
        except (sqlite3.Error, OSError) as error:
            found = classify(error)
            if getattr(found, "kind", None) in REOPEN:
                self.writable, self.waiting = False, found
            raise found from None

    # -- writing ---------------------------------------------------------------------
    def new_rubber(self, setup: Setup) -> int:
        with self._writing():
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
        rubber and lose the rubber's end. Raises StorageError or JournalDamaged
        when it could not be stored (then nothing was).
        """
        with self._writing():
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

    def checkpoint(self) -> bool:
        """Copy the WAL into the database (at the end of a deal, and after SQLITE_FULL),
        so that the next input is written at the WAL's start, in room its file already
        has: on a full disk the WAL then needs no new room. The WAL's file is kept, not
        emptied (room given back to a full disk is soon taken by whatever filled it).
        Best effort: False when it could not be done now (the database itself found no
        room for its new pages)."""
        if not self.writable:
            return False
        try:
            _, frames, copied = self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            return False
        return frames == copied

    def finish(self, rubber: int, result: dict | None) -> None:
        """Mark a rubber over with its result; None reopens it (an undo took back its end)."""
        with self._writing():
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
        """One rubber with all its events; JournalDamaged when any of it cannot be read."""
        try:
            row = self.db.execute(
                "SELECT id, setup, started, finished, result FROM rubbers WHERE id = ?", (rubber,)
            ).fetchone()
            if row is None:
                raise JournalError(f"there is no rubber {rubber} in the journal")
            texts = self.db.execute(
                "SELECT event FROM events WHERE rubber = ? ORDER BY id", (rubber,)
            ).fetchall()
        except sqlite3.Error as error:
            raise classify(error, self.path) from None
        setup = parse_setup(row[1])
        deck = deck_of(setup)
        events = [parse_event(text, deck) for (text,) in texts]
        result = parse_result(row[4]) if row[4] is not None else None
        return StoredRubber(row[0], setup, events, row[2], row[3], result)

    def unfinished(self) -> int | None:
        """The rubber in progress (the latest one not finished), if any."""
        row = self.db.execute(
            "SELECT id FROM rubbers WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    def rubbers(self) -> list[tuple[int, float, float | None]]:
        """(id, started, finished) of every rubber, oldest first (JournalError when the
        file is no journal, or the list cannot be read)."""
        try:
            return list(self.db.execute("SELECT id, started, finished FROM rubbers ORDER BY id"))
        except sqlite3.Error as error:
            raise classify(error, self.path) from None

    def stored_results(self) -> list[dict]:
        """Every finished rubber, oldest first: its result with its id ("rubber": id),
        or {"rubber": id, "damaged": True} when the result cannot be read, so the
        history can say so in its place. Best effort, never raises: a damaged page
        (or a closed journal) ends the list where it is. A result that reads but is
        not a played rubber's (an older program's note of a rubber it abandoned) is
        left out, as from the counts."""
        from ..results import is_history_result

        entries = []
        try:
            rows = self.db.execute(
                "SELECT id, result FROM rubbers WHERE finished IS NOT NULL ORDER BY id"
            )
            for rubber, text in rows:
                try:
                    result = parse_result(text)
                except JournalDamaged:
                    entries.append({"rubber": rubber, "damaged": True})
                    continue
                if is_history_result(result):
                    entries.append({**result, "rubber": rubber})
        except (sqlite3.Error, AttributeError):
            pass  # a damaged page, or a closed journal (no db): what was read before it
        return entries

    def setup_of(self, rubber: int) -> tuple[Setup, int]:
        """The rubber's setup and how many events it stores (JournalError: none such)."""
        try:
            row = self.db.execute("SELECT setup FROM rubbers WHERE id = ?", (rubber,)).fetchone()
            if row is None:
                raise JournalError(f"there is no rubber {rubber} in the journal")
            query = "SELECT count(*) FROM events WHERE rubber = ?"
            return parse_setup(row[0]), self.db.execute(query, (rubber,)).fetchone()[0]
        except sqlite3.Error as error:
            raise classify(error, self.path) from None

    def event_pages(self, rubber: int, setup: Setup, page: int):
        """The rubber's events `page` at a time, in id order (as `rubber` reads them):
        a long rubber is read between other work, never all at once."""
        deck, last = deck_of(setup), 0
        query = "SELECT id, event FROM events WHERE rubber = ? AND id > ? ORDER BY id LIMIT ?"
        while True:
            try:
                rows = self.db.execute(query, (rubber, last, page)).fetchall()
            except sqlite3.Error as error:
                raise classify(error, self.path) from None
            if not rows:
                return
            last = rows[-1][0]
            yield [parse_event(text, deck) for _, text in rows]

    def finished_results(self) -> list[dict]:
        """The results of the finished rubbers, for the history: best effort, never raises.

        A result that cannot be read, or that is not a played rubber's (one
        abandoned by an older program), is left out.
        """
        from ..results import is_history_result

        results = []
        try:
            for (text,) in self.db.execute(
                "SELECT result FROM rubbers WHERE finished IS NOT NULL ORDER BY id"
            ):
                try:
                    result = parse_result(text)
                except JournalDamaged:
                    continue
                if is_history_result(result):
                    results.append(result)
        except sqlite3.Error:
            pass  # a damaged page: what was read before it
        return results


def text_or_bytes(value: bytes) -> str | bytes:
    """A TEXT value as str; damaged bytes that are not UTF-8 stay bytes, so that the
    row reads as damaged (json.loads refuses them) instead of failing the query."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value


def parse_setup(text) -> Setup:
    """A rubbers.setup value; JournalDamaged when it is not a setup of a known form."""
    try:
        setup = Setup.from_dict(json.loads(text))
        deck_of(setup)
        return setup
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
        raise JournalDamaged(f"a rubber's setup cannot be read ({_short(error)})") from None


def deck_of(setup: Setup) -> str:
    from device.forms import find_form

    return find_form(setup.form).deck.name


def parse_event(text, deck: str) -> Event:
    """An events.event value; JournalDamaged when it is not an event."""
    try:
        return event_from_dict(json.loads(text), deck)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
        raise JournalDamaged(f"an input cannot be read ({_short(error)})") from None


def parse_result(text) -> dict:
    """A rubbers.result value: a JSON object, else JournalDamaged."""
    try:
        result = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise JournalDamaged(f"a rubber's result cannot be read ({_short(error)})") from None
    if not isinstance(result, dict):
        raise JournalDamaged("a rubber's result cannot be read (not an object)")
    return result


def _short(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."


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
        elif self.db.in_transaction:  # SQLite may have rolled back already (a full disk)
            with suppress(sqlite3.Error):  # the error that got us here is the one to report
                self.db.execute("ROLLBACK")
        return False
