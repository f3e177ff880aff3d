"""Reading a journal row by row, damaged or not, and salvaging what is readable.

`read_journal` reads every row it can: a scan in id order, and past a damaged
page, lookups id by id (a damaged leaf page costs the rows on it, not the
rows after it). Each row is parsed on its own, so one bad row costs only
itself. The rubber in progress is kept up to its last readable input that
still replays: events are taken in order and the first unreadable or
unreplayable one ends it.

`salvage` writes what was kept into a new journal and says what was kept
and what was lost, as a `Salvage` the screen shows in its language.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field

from device.engine.errors import RuleError
from device.engine.events import Event, Setup
from device.engine.game import Game
from device.forms import DEFAULT

from ..results import is_history_result, rubber_result
from . import (
    JournalDamaged,
    parse_event,
    parse_result,
    parse_setup,
    text_or_bytes,
)

# Past a damaged page with no readable max(id): stop after this many ids found empty.
PROBE_MISSES = 20_000


@dataclass
class RubberRow:
    id: int
    setup: Setup | None  # None: its setup cannot be read
    started: float
    finished: float | None
    result: dict | None  # None: unfinished, or its result cannot be read
    result_damaged: bool = False


@dataclass
class EventRow:
    id: int
    rubber: int
    text: object
    at: float


@dataclass
class Reading:
    """Everything readable in a journal, and what was not."""

    rubbers: dict[int, RubberRow] = field(default_factory=dict)
    events: dict[int, list[EventRow]] = field(default_factory=dict)  # per rubber, in order
    sessions: list[tuple[str, int, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # why it is damaged, in English
    missing_events: int = 0  # event ids that could not be read at all
    suspect: set[int] = field(default_factory=set)  # rowids a damaged page gave garbage keys

    @property
    def damaged(self) -> bool:
        return bool(self.problems)

    def in_progress(self) -> int | None:
        """The rubber in progress: the latest one not finished (as Journal.unfinished)."""
        open_ones = [r.id for r in self.rubbers.values() if r.finished is None]
        return max(open_ones) if open_ones else None


def read_journal(db: sqlite3.Connection, check: bool = True) -> Reading:
    """Every readable row of the journal on `db`; `problems` names any damage.

    With `check`, SQLite's integrity_check looks at the pages too (a damaged
    index or free page that no row read touches is damage all the same).
    Raises a StorageError (the disk fails) but never because of damage.
    """
    factory, db.text_factory = db.text_factory, text_or_bytes
    try:
        return _read(db, check)
    finally:
        db.text_factory = factory


def _read(db: sqlite3.Connection, check: bool) -> Reading:
    reading = Reading()
    if check:
        _integrity_check(db, reading)
    rubber_rows = _dense(_rows(db, "rubbers", reading))
    for row in rubber_rows:
        _add_rubber(reading, row)
    event_rows = [r for r in _dense(_rows(db, "events", reading)) if r[0] not in reading.suspect]
    event_rows = _without_strays(event_rows)
    reading.missing_events = _gaps([row[0] for row in event_rows])
    for rid, rubber, text, at in event_rows:
        reading.events.setdefault(rubber, []).append(EventRow(rid, rubber, text, _time(at)))
    orphans = [r for r in reading.events if r not in reading.rubbers]
    if orphans:
        reading.problems.append(f"inputs of rubbers that cannot be read: {orphans[:5]}")
    _check_events(reading)
    for _, device, boot, seq in _rows(db, "sessions", reading):
        if isinstance(device, str) and isinstance(boot, int) and isinstance(seq, int):
            reading.sessions.append((device, boot, seq))
        else:
            reading.problems.append("a device session cannot be read")
    if reading.missing_events:
        reading.problems.append(f"{reading.missing_events} inputs cannot be read")
    return reading


def _check_events(reading: Reading) -> None:
    """Every input of every rubber must read as an event (those of the rubber in
    progress must also replay: open.py replays them)."""
    from . import deck_of

    for rid, rows in reading.events.items():
        row = reading.rubbers.get(rid)
        if row is None or row.setup is None:
            continue
        deck = deck_of(row.setup)
        for event in rows:
            try:
                parse_event(event.text, deck)
            except JournalDamaged as error:
                reading.problems.append(f"rubber {rid}, input row {event.id}: {error}")
                break


def _integrity_check(db, reading: Reading) -> None:
    """SQLite's check of every page; the rowids it finds out of order are garbage keys
    of a damaged page (a row read under such a key may be another row's contents)."""
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA integrity_check(100)")]
    except sqlite3.Error as error:
        _damage_or_raise(error, reading, "integrity_check")
        return
    if found != ["ok"]:
        reading.suspect = _garbled_keys(db, " ".join(found))
        lines = " ".join(found[:5]).replace("*** in database main ***", "").split()
        reading.problems.append("integrity_check: " + " ".join(lines))


def _garbled_keys(db, report: str) -> set[int]:
    """The rowids integrity_check finds out of order on table leaf pages: a garbled
    cell there may carry another row's contents. (On an interior page the key is only
    a divider, and the row under it is sound.)"""
    try:
        path = db.execute("PRAGMA database_list").fetchone()[2]
        size = db.execute("PRAGMA page_size").fetchone()[0]
        image = None if path else db.serialize()  # a journal read into memory
    except sqlite3.Error:
        return set()
    found = re.findall(r"On tree page (\d+) cell \d+: Rowid (\d+) out of order", report)
    return {int(rowid) for page, rowid in found if _page_type(path, int(page), size, image) == 0x0D}


def _page_type(path: str, page: int, size: int, image: bytes | None = None) -> int | None:
    """The b-tree page type byte of a page in the database file, or in `image`, the
    bytes of a journal read into memory (0x0D: a table leaf)."""
    offset = (page - 1) * size + (100 if page == 1 else 0)
    if image is not None:
        return image[offset] if 0 <= offset < len(image) else None
    try:
        with open(path, "rb") as file:
            file.seek(offset)
            byte = file.read(1)
    except (OSError, ValueError):
        return None
    return byte[0] if byte else None


def _damage_or_raise(error: sqlite3.Error, reading: Reading, where: str) -> None:
    """Damage is noted; a disk that fails (full, I/O error) is raised as it is."""
    from . import classify

    found = classify(error)
    name = getattr(error, "sqlite_errorname", "") or ""
    if isinstance(found, JournalDamaged) or name == "SQLITE_ERROR":  # SQLITE_ERROR: no such table
        reading.problems.append(f"{where}: {error}")
        return
    raise found


# Each table's columns after its id, in the order of the schema: rows are read by
# position, so that a damaged schema text (a column's name) costs nothing.
COLUMNS = {"rubbers": (1, 4), "events": (1, 3), "sessions": (0, 3)}  # (ids before, columns)


def _rows(db, table: str, reading: Reading) -> list[tuple]:
    """Every readable row of `table` as (rowid, *its columns), in rowid order."""
    rows: list[tuple] = []
    query = f"SELECT rowid, * FROM {table}"
    try:
        for row in db.execute(f"{query} ORDER BY rowid"):
            rows.append(_columns(table, row))
        return rows
    except sqlite3.Error as error:
        _damage_or_raise(error, reading, table)
        if getattr(error, "sqlite_errorname", "") == "SQLITE_ERROR":
            return rows  # no such table: nothing to look up
    last = rows[-1][0] if rows else 0
    top = _max_key(db, table, "rowid")
    found = _probe(db, f"{query} WHERE rowid = ?", last + 1, top)
    return rows + [_columns(table, row) for row in found]


def _columns(table: str, row: tuple) -> tuple:
    skip, width = COLUMNS[table]
    values = tuple(row[1 + skip : 1 + skip + width])
    return (row[0], *values, *(None,) * (width - len(values)))


def _max_key(db, table: str, key: str) -> int | None:
    try:
        top = db.execute(f"SELECT max({key}) FROM {table}").fetchone()[0]
    except sqlite3.Error:
        return None
    return top if isinstance(top, int) else None


def _probe(db, query: str, start: int, top: int | None) -> list[tuple]:
    """Rows looked up one id at a time from `start`: up to `top`, or until a long empty run."""
    rows, misses, key = [], 0, start
    while (key <= top) if top is not None else (misses < PROBE_MISSES):
        try:
            row = db.execute(query, (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            misses += 1
        else:
            rows.append(row)
            misses = 0
        key += 1
    return rows


def _dense(rows: list[tuple]) -> list[tuple]:
    """The rows up to the first jump in ids too wide for any damage to hide: ids are
    given in order from 1, so a row beyond it is garbage read from a damaged page."""
    kept, last = [], 0
    for row in sorted((r for r in rows if isinstance(r[0], int) and r[0] > 0), key=lambda r: r[0]):
        if row[0] - last > PROBE_MISSES:
            break
        kept.append(row)
        last = row[0]
    return kept


def _without_strays(rows: list[tuple]) -> list[tuple]:
    """Inputs without one whose rubber differs from that of the inputs just before and
    after it when those two agree: rubbers are played one after another, so it is a
    damaged rubber number (and it counts as missing where it stood)."""
    kept: list[tuple] = []
    for before, row, after in zip([None, *rows[:-1]], rows, [*rows[1:], None], strict=False):
        between = before and after and before[0] + 1 == row[0] == after[0] - 1
        if not (between and before[1] == after[1] != row[1]):
            kept.append(row)
    return kept


def _gaps(keys: list[int]) -> int:
    """Event ids missing between 1 and the highest read: events are never deleted (and a
    salvaged journal numbers them afresh), so each one missing is an input lost."""
    keys = [k for k in keys if isinstance(k, int) and k > 0]
    return max(keys) - len(set(keys)) if keys else 0


def _time(value) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _add_rubber(reading: Reading, row: tuple) -> None:
    rid, setup_text, started, finished, result_text = row
    if not isinstance(rid, int):
        reading.problems.append("a rubber's id cannot be read")
        return
    try:
        setup = parse_setup(setup_text)
        Game(setup)  # a setup that no game can start from is not readable either
    except (JournalDamaged, RuleError, ValueError, TypeError, KeyError) as error:
        reading.problems.append(f"rubber {rid}: {error}")
        setup = None
    result, damaged = None, False
    if result_text is not None:
        try:
            result = parse_result(result_text)
        except JournalDamaged as error:
            reading.problems.append(f"rubber {rid}: {error}")
            damaged = True
    if finished is not None and not isinstance(finished, int | float):
        reading.problems.append(f"rubber {rid}: its end time cannot be read")
        finished = _time(started) or 1.0
    if damaged and finished is None:
        finished = _time(started) or 1.0  # a result was stored: it had ended
    reading.rubbers[rid] = RubberRow(rid, setup, _time(started), finished, result, damaged)


# -- what can be kept ------------------------------------------------------------------


@dataclass
class Kept:
    """One rubber as it can be kept: its setup, its readable events, its result."""

    id: int
    setup: Setup
    events: list[tuple[Event, float]]
    started: float
    finished: float | None
    result: dict | None


def replayable(setup: Setup, rows: list[EventRow]) -> tuple[Game, list[tuple[Event, float]]]:
    """The game after the rubber's events in order, up to the first that cannot be read
    (missing: a rubber's inputs have ids one after another) or no longer replays; and
    those events with their times."""
    from . import deck_of

    game, kept = Game(setup), []
    deck = deck_of(setup)
    for before, row in zip([None, *rows], rows, strict=False):
        if before is not None and row.id != before.id + 1:
            break
        try:
            event = game.apply(parse_event(row.text, deck))
        except (JournalDamaged, RuleError, ValueError, TypeError, KeyError):
            break
        kept.append((event, row.at))
    return game, kept


@dataclass
class Salvage:
    """What a damaged journal gave: for the notice on the screen and the log."""

    file: str = ""  # the name it was moved aside under
    finished: int = 0  # finished rubbers kept (for the history)
    in_progress: int | None = None  # inputs of the rubber in progress kept; None: none kept
    lost_inputs: int = 0  # of the rubber in progress, or of no rubber that can be read
    lost_old_inputs: int = 0  # of finished rubbers (their results stay in the history)
    lost_rubbers: int = 0  # rubbers of which nothing could be kept
    problems: list[str] = field(default_factory=list)

    @property
    def nothing_kept(self) -> bool:
        return self.finished == 0 and self.in_progress is None

    def text(self, t) -> str:
        """The notice in `t`'s language (a device.ui.i18n.Catalog)."""
        kept = [_count(t, "journal.finished", self.finished)] if self.finished else []
        if self.in_progress:
            kept.append(t.t("journal.in_progress", n=self.in_progress))
        elif self.in_progress == 0:
            kept.append(t.t("journal.in_progress_start"))
        lost = [_count(t, "journal.inputs", self.lost_inputs)] if self.lost_inputs else []
        if self.lost_old_inputs:
            lost.append(_count(t, "journal.old_inputs", self.lost_old_inputs))
        lost += [_count(t, "journal.rubbers", self.lost_rubbers)] if self.lost_rubbers else []
        nothing = t.t("journal.nothing")
        return t.t(
            "journal.salvaged",
            file=self.file,
            kept=t.t("journal.and").join(kept) or nothing,
            lost=t.t("journal.and").join(lost) or nothing,
        )

    def english(self) -> str:
        """One line for the log (the screen says it from the catalogue)."""
        kept = [_plural(self.finished, "finished rubber")] if self.finished else []
        if self.in_progress is not None:
            kept.append(f"the rubber in progress up to input {self.in_progress}")
        lost = [_plural(self.lost_inputs, "input")] if self.lost_inputs else []
        if self.lost_old_inputs:
            lost.append(_plural(self.lost_old_inputs, "input") + " of finished rubbers")
        lost += [_plural(self.lost_rubbers, "rubber")] if self.lost_rubbers else []
        line = (
            f"the journal was damaged ({'; '.join(self.problems[:3])}) and kept as {self.file}: "
            f"kept {' and '.join(kept) or 'nothing'}; lost {' and '.join(lost) or 'nothing'}"
        )
        return " ".join(line.split())


def keep(reading: Reading) -> tuple[list[Kept], Salvage]:
    """The rubbers to keep from a reading, and the count of what is kept and lost."""
    report = Salvage(problems=list(reading.problems))
    report.lost_inputs = reading.missing_events
    current = reading.in_progress()
    kept = []
    for rid in sorted(reading.rubbers):
        row = reading.rubbers[rid]
        rows = reading.events.pop(rid, [])
        one = _keep_one(row, rows, rid == current, report)
        if one is not None:
            kept.append(one)
    orphans = reading.events  # inputs of rubbers whose row cannot be read
    report.lost_inputs += sum(len(rows) for rows in orphans.values())
    top = max(reading.rubbers, default=0) + 1  # rubber ids beyond it are garbage
    report.lost_rubbers += sum(1 for r in orphans if isinstance(r, int) and 0 < r <= top)
    return kept, report


def _keep_one(row: RubberRow, rows: list[EventRow], current: bool, report: Salvage):
    if row.setup is None:
        return _result_only(row, len(rows), report)
    try:
        game, events = replayable(row.setup, rows)
    except (RuleError, ValueError, TypeError, KeyError):
        events, game = [], None
    if row.finished is None:
        report.lost_inputs += len(rows) - len(events)
    else:
        report.lost_old_inputs += len(rows) - len(events)
    result = row.result
    if row.finished is not None and (result is None or row.result_damaged):
        result = _result_again(game, row, complete=len(events) == len(rows))
        if result is None:
            report.lost_rubbers += 1
            return None
    if row.finished is not None and is_history_result(result):
        report.finished += 1
    if current:
        report.in_progress = len(events)
    return Kept(row.id, row.setup, events, row.started, row.finished, result)


def _result_only(row: RubberRow, inputs: int, report: Salvage) -> Kept | None:
    """A rubber whose setup is lost: its result still counts in the history."""
    if row.finished is None:
        report.lost_inputs += inputs
    else:
        report.lost_old_inputs += inputs
    result = row.result
    if row.finished is None or not is_history_result(result):
        report.lost_rubbers += 1
        return None
    report.finished += 1
    # A result with no form is an early one: read as a record with none is (the default).
    setup = Setup(str(result.get("game", DEFAULT)), tuple(result["players"]), 0, {})
    return Kept(row.id, setup, [], row.started, row.finished, result)


def _result_again(game: Game | None, row: RubberRow, complete: bool) -> dict | None:
    """The result of a finished rubber rebuilt from its events: played to its end, or
    stopped early (it was marked over before its end, and every one of its inputs still
    reads and replays: it is where the players left it for a new one)."""
    if game is None:
        return None
    if game.phase == "finished":
        return rubber_result(game, row.finished)
    if not complete:
        return None
    return {**rubber_result(game, row.finished), "stopped": True}


def write(db: sqlite3.Connection, kept: list[Kept], sessions: list[tuple[str, int, int]]) -> None:
    """The kept rubbers, their events and the device sessions, into a new journal (one
    transaction: a cut leaves no half-salvaged journal)."""
    import json

    db.execute("BEGIN IMMEDIATE")
    try:
        for rubber in kept:
            result = None if rubber.result is None else json.dumps(rubber.result)
            db.execute(
                "INSERT INTO rubbers (id, setup, started, finished, result) VALUES (?, ?, ?, ?, ?)",
                (
                    rubber.id,
                    json.dumps(rubber.setup.to_dict()),
                    rubber.started,
                    rubber.finished,
                    result,
                ),
            )
            db.executemany(
                "INSERT INTO events (rubber, event, at) VALUES (?, ?, ?)",
                [(rubber.id, json.dumps(e.to_dict()), at) for e, at in rubber.events],
            )
        db.executemany(
            "INSERT OR REPLACE INTO sessions (device, boot, seq) VALUES (?, ?, ?)", sessions
        )
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _count(t, key: str, n: int) -> str:
    """ "1 input", "2 inputs": the catalogue has a text for one and one for more."""
    return t.t(f"{key}.one" if n == 1 else f"{key}.other", n=n)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
