"""Opening the journal at start: resume the rubber in progress, or survive a
damaged file by moving it aside (renamed, never deleted) and starting anew."""

from __future__ import annotations

import time
from pathlib import Path

from device.engine.errors import RuleError
from device.engine.game import Game

from .history import rubber_result
from .journal import FILENAME, Journal, JournalError


def open_journal(data_dir: Path, clock=time.time) -> tuple[Journal | None, str | None]:
    """The journal in `data_dir`, and a message when a damaged one was moved aside.

    When no journal can be opened at all (a folder that cannot be written),
    the table still plays, without one, and the message says so.
    """
    path = Path(data_dir) / FILENAME
    try:
        return Journal(path, clock), None
    except (JournalError, OSError) as error:
        problem = error
    try:
        moved = move_aside(path, clock) if path.exists() else None
        journal = Journal(path, clock)
    except (JournalError, OSError) as error:
        return None, f"no journal ({error}): nothing will be kept"
    kept = f"; kept as {moved.name}" if moved else ""
    return journal, f"the journal was damaged ({problem}){kept}"


def move_aside(path: Path, clock=time.time) -> Path:
    """Rename a damaged journal (and its WAL files) out of the way; never delete it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(clock()))
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.rename(Path(str(target) + suffix))
    return target


def resume(journal: Journal | None) -> tuple[Game | None, int | None, str | None]:
    """The rubber in progress rebuilt from its events, exactly where it stopped.

    A rubber whose events no longer replay is left in the journal, unfinished
    and untouched, and a message says so; the table starts afresh.
    """
    rubber = journal.unfinished() if journal is not None else None
    if rubber is None:
        return None, None, None
    try:
        stored = journal.rubber(rubber)
        game = Game(stored.setup)
        game.replay(stored.events)
    except (RuleError, JournalError, KeyError, ValueError, TypeError) as error:
        journal.finish(rubber, {"abandoned": str(error)})
        return None, None, f"rubber {rubber} could not be resumed ({error})"
    if game.phase == "finished":  # its end was not stored with its last input (older journals)
        journal.finish(rubber, rubber_result(game))
        return None, None, None
    return game, rubber, None
