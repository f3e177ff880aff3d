"""Opening the journal at start: resume the rubber in progress, whatever the file.

- Healthy: the rubber in progress is rebuilt from its events, exactly where
  it stopped.
- Damaged (corrupt pages, a row that cannot be read, an input that no longer
  replays, an empty file): what is readable is salvaged into a new journal,
  the damaged file is moved aside (renamed, never deleted), and `Opened.salvage`
  says what was kept and lost, for a notice that stays until it is tapped.
- Newer than this program: left untouched; the table keeps nothing.
- Not usable now (no data folder, read-only, full, failing disk): never moved
  aside; the table keeps nothing and says why, permanently.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from device.engine.game import Game

from ..history import rubber_result
from . import (
    FILENAME,
    VERSION,
    Journal,
    JournalDamaged,
    JournalError,
    JournalNewer,
    StorageError,
    classify,
    text_or_bytes,
)
from .salvage import Reading, Salvage, keep, read_journal, replayable, write

PARTS = ("", "-wal", "-shm")  # a journal's files: the database and SQLite's WAL files


@dataclass
class Opened:
    """What the table starts with."""

    journal: Journal | None
    game: Game | None = None
    rubber: int | None = None
    salvage: Salvage | None = None  # a damaged journal was salvaged: what was kept and lost
    memory_only: str | None = None  # why nothing is kept: full, readonly, missing, io, busy, newer
    detail: str | None = None  # the reason in English, for the log
    newer: int | None = None  # the journal's version when it is newer than this program
    # The journal is resumed but cannot be written now (a StorageError: full, readonly,
    # ...): the storage mark says so from the start, until an input is stored.
    waiting: StorageError | None = None

    @property
    def notice(self):
        """What the screen shows until it is tapped away (an object with text(t)), if any."""
        if self.salvage is not None:
            return self.salvage
        return NewerJournal(self.newer) if self.newer is not None else None

    def log_lines(self) -> list[str]:
        """What the log says about the journal (nothing when all is well)."""
        if self.salvage is not None:
            return [self.salvage.english()]
        if self.memory_only is not None:
            return [f"no journal ({self.detail}): nothing will be kept"]
        if self.waiting is not None:
            return [
                f"the journal cannot be written now ({self.waiting}): resumed from what it "
                "holds; each input is stored once it can be, and refused until then"
            ]
        return []


@dataclass(frozen=True)
class NewerJournal:
    """A journal of a newer program: the notice says so; the file is left untouched."""

    found: int

    def text(self, t) -> str:
        return t.t("journal.newer", found=self.found, known=VERSION)


def open_journal(data_dir: Path, clock=time.time) -> Opened:
    """The journal in `data_dir`, checked, salvaged when damaged, and its rubber resumed."""
    path = Path(data_dir) / FILENAME
    _finish_interrupted(path)
    try:
        if _empty(path):
            raise JournalDamaged(f"{path}: the file is empty (0 bytes)")
        journal = Journal(path, clock)
    except JournalNewer as error:
        return Opened(None, memory_only="newer", detail=str(error), newer=error.found)
    except StorageError as error:
        return _waiting(path, clock, error)
    except JournalDamaged as error:
        return _salvaged(path, clock, [str(error)])
    try:
        reading = read_journal(journal.db)
    except StorageError as error:
        journal.close()
        return Opened(None, memory_only=error.kind, detail=str(error))
    if not reading.damaged:
        opened = _resume(journal, reading)
        if opened is not None:
            return opened
        reading.problems.append(f"rubber {reading.in_progress()}: an input no longer replays")
    journal.close()
    return _salvaged(path, clock, reading.problems)


def _waiting(path: Path, clock, error: StorageError) -> Opened:
    """A journal that cannot be written now (a full disk, a read-only data folder): read
    into memory, its rubber in progress resumed. Each input is then stored as soon as the
    file can be written again (until then it is refused and not acknowledged). With no
    journal to read, or one that cannot be read or is damaged (salvage needs a disk that
    can be written), nothing is kept."""
    nothing = Opened(None, memory_only=error.kind, detail=str(error))
    try:
        if not path.is_file():
            return nothing
        journal = Journal.read_only(path, clock, waiting=error)
    except (OSError, JournalDamaged, StorageError):
        return nothing
    except JournalNewer as newer:
        return Opened(None, memory_only="newer", detail=str(newer), newer=newer.found)
    try:
        reading = read_journal(journal.db)
        opened = None if reading.damaged else _resume(journal, reading)
    except StorageError:
        opened = None
    if opened is None:
        journal.close()
        return nothing
    opened.waiting = error
    return opened


def _empty(path: Path) -> bool:
    """A journal file of 0 bytes (its contents lost, say by a cut while the file system
    wrote it): SQLite would take it for a new database."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return False
    except OSError as error:
        raise classify(error, path) from None


def _resume(journal: Journal, reading: Reading) -> Opened | None:
    """The rubber in progress from a healthy reading; None when one of its inputs no
    longer replays (that is damage too)."""
    current = reading.in_progress()
    if current is None:
        return Opened(journal)
    rows = reading.events.get(current, [])
    game, events = replayable(reading.rubbers[current].setup, rows)
    if len(events) < len(rows):
        return None
    if game.phase == "finished":  # its end was not stored with its last input (older journals)
        with contextlib.suppress(JournalError):  # else unfinished until a start that can write
            journal.finish(current, rubber_result(game))
        return Opened(journal)
    return Opened(journal, game, current)


def _salvaged(path: Path, clock, problems: list[str]) -> Opened:
    """Salvage a damaged journal into a new one, then move the damaged file aside.

    The new journal is written completely before the damaged file is moved:
    a cut before that leaves the damaged file in place (salvaged again at the
    next start); a cut between the renames is finished at the next start.
    When no new journal can be written (the disk is full too), nothing is
    moved and nothing is kept.
    """
    try:
        reading = _read_copy(path)
        kept, report = keep(reading)
        report.problems = problems + [p for p in reading.problems if p not in problems]
        _write_new(path, kept, reading.sessions)
    except StorageError as error:
        return Opened(None, memory_only=error.kind, detail=f"the journal is damaged: {error}")
    try:
        moved = move_aside(path, clock)
        _rename_parts(Path(str(path) + ".salvaged"), path)
    except OSError as error:
        return Opened(None, memory_only="io", detail=f"the journal is damaged: {error}")
    report.file = moved.name
    try:
        journal = Journal(path, clock)
        opened = _resume(journal, read_journal(journal.db)) or Opened(journal)
    except JournalError as error:  # the new journal cannot be opened after all
        return Opened(None, memory_only="io", detail=str(error), salvage=report)
    opened.salvage = report
    return opened


def _read_copy(path: Path) -> Reading:
    """Read a copy of the damaged journal (with its WAL), so that SQLite's recovery
    and checkpoints never change the file that is kept."""
    with tempfile.TemporaryDirectory(prefix="honeymoon-salvage-") as folder:
        copy = Path(folder) / FILENAME
        try:
            for part in PARTS[:2]:
                if Path(str(path) + part).exists():
                    shutil.copyfile(str(path) + part, str(copy) + part)
        except OSError as error:
            raise classify(error, path) from None
        db = sqlite3.connect(copy, isolation_level=None)
        db.text_factory = text_or_bytes
        try:
            with contextlib.suppress(sqlite3.Error):  # the copy's pages all in its one file
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return read_journal(db)
        finally:
            db.close()


def _write_new(path: Path, kept, sessions) -> None:
    """The salvaged journal, complete, as journal.sqlite3.salvaged beside the damaged one."""
    partial = Path(str(path) + ".salvage")
    for part in PARTS:  # a salvage cut short before: its leftovers go
        Path(str(partial) + part).unlink(missing_ok=True)
    journal = Journal(partial)
    try:
        write(journal.db, kept, sessions)
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as error:
        raise classify(error, partial) from None
    finally:
        journal.close()
    try:
        _rename_parts(partial, Path(str(path) + ".salvaged"))
    except OSError as error:
        raise classify(error, partial) from None


def _rename_parts(source: Path, target: Path) -> None:
    """Rename a journal with its WAL files; the database itself last, so that its
    name appears only when the whole journal is there."""
    for part in PARTS[1:] + PARTS[:1]:
        if Path(str(source) + part).exists():
            Path(str(source) + part).rename(Path(str(target) + part))


def _finish_interrupted(path: Path) -> None:
    """A cut between moving a damaged journal aside and putting the salvaged one in
    its place: put it there now."""
    done = Path(str(path) + ".salvaged")
    try:
        if done.exists() and not path.exists():
            _rename_parts(done, path)
    except OSError:
        pass  # the start goes on without it: the salvaged file stays for a later start


def move_aside(path: Path, clock=time.time) -> Path:
    """Rename a damaged journal (and its WAL files) out of the way; never delete it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(clock()))
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while any(Path(str(target) + part).exists() for part in PARTS):
        number += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    for part in PARTS:
        source = Path(str(path) + part)
        if source.exists():
            source.rename(Path(str(target) + part))
    return target
