"""Damaged journals: real journals written by robot rubbers, damaged in many ways
at random places, then the real app started headless on each.

Kinds of damage: a damaged page (random bytes over part of a page holding
inputs or rubbers), flipped bytes anywhere, a file cut short or emptied, a
garbage header, a row that is not JSON (an input, a rubber's setup, a
rubber's result), an input that no longer replays, and a schema newer than
the program. For each case the app must come up (READY=1, still running),
never print a traceback, move the damaged file aside unchanged (a newer one
stays untouched), and keep everything that can still be read: the rubber in
progress up to its last readable input and every finished rubber whose
result (or whose inputs) can be read. What can be read is found here
independently, row by row on a copy of the damaged file, and compared with
what the app kept: "inputs lost" counts readable inputs it did not keep,
"altered" inputs it kept that are not the ones stored. A row under a key that
SQLite's integrity_check finds out of order on a leaf page is not counted as
readable: the cell may hold another row (SQLite pages carry no checksum), so
the app stops the rubber there rather than keep an input it cannot trust.
`honeymoon status` and `export` run on each damaged journal too: one line at
most on stderr, never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from device.engine.game import Game
from device.robots import play_rubber
from device.store.journal import FILENAME, VERSION, Journal
from device.store.journal.salvage import read_journal
from device.table import Table

from . import REPO

KINDS = (
    "page",
    "bytes",
    "truncate",
    "empty",
    "header",
    "event-json",
    "setup-json",
    "result-json",
    "replay",
    "newer",
)
READY_TIMEOUT_S = 20.0


# -- journals to damage ------------------------------------------------------------------


@dataclass
class Base:
    """A journal written by robot rubbers: some finished, one in progress."""

    folder: Path
    current: int  # the rubber in progress
    events: list[dict]  # its inputs, as stored
    event_ids: list[int]
    setup: str  # its setup row, as stored
    results: dict[int, str]  # finished rubber -> its result row, as stored


def write_base(folder: Path, rng: random.Random, finished: int = 2, deals: int = 3) -> Base:
    """Rubbers played through the Table into a journal, as at the table (only without
    the fsync of every input, to be quick: the file is the same)."""
    folder.mkdir(parents=True, exist_ok=True)
    journal = Journal(folder / FILENAME)
    journal.db.execute("PRAGMA synchronous=OFF")
    for _ in range(finished):
        game = _short_rubber(rng, deals)
        table = Table(Game(game.setup), journal=journal)
        for event in game.inputs:
            table.apply(event)
    game = _short_rubber(rng, deals)
    table = Table(Game(game.setup), journal=journal)
    for event in game.inputs[: rng.randrange(5, len(game.inputs) - 1)]:
        table.apply(event)
    db = journal.db
    rows = db.execute("SELECT id, event FROM events WHERE rubber = ? ORDER BY id", (table.rubber,))
    ids, events = zip(*[(i, json.loads(text)) for i, text in rows], strict=True)
    setup = db.execute("SELECT setup FROM rubbers WHERE id = ?", (table.rubber,)).fetchone()[0]
    results = dict(db.execute("SELECT id, result FROM rubbers WHERE finished IS NOT NULL"))
    journal.close()  # checkpointed: the whole journal is in the one file
    return Base(folder, table.rubber, list(events), list(ids), setup, results)


def _short_rubber(rng: random.Random, deals: int):
    while True:
        game = play_rubber(rng.randrange(1 << 30))
        if len(game.deals) <= deals:
            return game


def copy_base(base: Base, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(base.folder / FILENAME, folder / FILENAME)
    return folder / FILENAME


# -- damage --------------------------------------------------------------------------------

PAGE_MARKS = {"events": b'{"type": ', "rubbers": b'"players": '}


def _page_size(data: bytes) -> int:
    size = int.from_bytes(data[16:18], "big")
    return 65536 if size == 1 else size


def damage_page(path: Path, which: str = "events", seed: int = 0) -> int:
    """Random bytes over part of one table leaf page holding `which` rows (or any
    page when none is found); returns the page number (from 1)."""
    rng = random.Random(seed)
    data = bytearray(path.read_bytes())
    size = _page_size(data)
    pages = (
        [
            n
            for n in range(1, len(data) // size)  # page 1 (the schema) stays
            if data[n * size] == 0x0D and PAGE_MARKS[which] in data[n * size : (n + 1) * size]
        ]
        or list(range(1, max(2, len(data) // size)))
    )
    page = rng.choice(pages)
    start = page * size + rng.randrange(size - 8)
    length = min(rng.randrange(8, 400), (page + 1) * size - start)
    data[start : start + length] = rng.randbytes(length)
    path.write_bytes(bytes(data))
    return page + 1


def damage(kind: str, path: Path, base: Base, rng: random.Random) -> str:
    """Damage the journal at `path` (a copy of `base`); returns where, for the log."""
    if kind == "page":
        return f"page {damage_page(path, rng.choice(('events', 'rubbers')), rng.random())}"
    if kind == "bytes":
        data = bytearray(path.read_bytes())
        spots = [rng.randrange(len(data)) for _ in range(rng.randrange(1, 12))]
        for spot in spots:
            data[spot] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        return f"bytes at {spots}"
    if kind == "truncate":
        size = path.stat().st_size
        cut = rng.randrange(1, size)
        os.truncate(path, cut)
        return f"cut to {cut} of {size} bytes"
    if kind == "empty":
        os.truncate(path, 0)
        return "0 bytes"
    if kind == "header":
        with open(path, "r+b") as file:
            file.write(rng.randbytes(16))
        return "header"
    return _damage_rows(kind, path, base, rng)


def _damage_rows(kind: str, path: Path, base: Base, rng: random.Random) -> str:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        if kind == "newer":
            db.execute(f"PRAGMA user_version = {VERSION + 1 + rng.randrange(5)}")
            return "newer"
        if kind == "event-json":
            row = rng.randrange(db.execute("SELECT max(id) FROM events").fetchone()[0]) + 1
            text = db.execute("SELECT event FROM events WHERE id = ?", (row,)).fetchone()[0]
            cut = text[: rng.randrange(len(text))]
            db.execute("UPDATE events SET event = ? WHERE id = ?", (cut, row))
            return f"input row {row}"
        if kind == "replay":
            index = rng.randrange(1, len(base.events))
            wrong = json.dumps(base.events[0])  # legal only as the first input
            db.execute("UPDATE events SET event = ? WHERE id = ?", (wrong, base.event_ids[index]))
            return f"input {index + 1} of the rubber in progress"
        column = "setup" if kind == "setup-json" else "result"
        ids = [r[0] for r in db.execute(f"SELECT id FROM rubbers WHERE {column} IS NOT NULL")]
        row = rng.choice(ids)
        db.execute(f"UPDATE rubbers SET {column} = ? WHERE id = ?", ("{" + "x" * 3, row))
        return f"{column} of rubber {row}"
    finally:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()


# -- what can be read, found independently ------------------------------------------------


@dataclass
class Readable:
    in_progress: int | None  # inputs of the rubber in progress readable in order; None: none
    results: set[str]  # finished rubbers' results readable as stored
    uncertain: int = 0  # stopped at an input under a key garbled on a leaf page


def readable(path: Path, base: Base) -> Readable:
    """Row by row, each looked up by its id, on a copy: what still reads as stored."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / FILENAME
        shutil.copyfile(path, copy)
        db = sqlite3.connect(copy)
        try:
            return _readable(db, base, copy)
        finally:
            db.close()


def _cell(db, query: str, key: int):
    try:
        row = db.execute(query, (key,)).fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def _garbled(db, path: Path) -> set[int]:
    """Rowids that SQLite's integrity_check finds out of order on a table leaf page: the
    cell under such a key may hold another row, so what it reads is not trusted."""
    try:
        report = " ".join(str(r[0]) for r in db.execute("PRAGMA integrity_check(100)"))
        size = db.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.Error:
        return set()
    data = path.read_bytes()
    keys = set()
    for page, rowid in re.findall(r"On tree page (\d+) cell \d+: Rowid (\d+) out of order", report):
        at = (int(page) - 1) * size + (100 if page == "1" else 0)
        if at < len(data) and data[at] == 0x0D:
            keys.add(int(rowid))
    return keys


def _readable(db, base: Base, path: Path) -> Readable:
    garbled = _garbled(db, path)
    setup = _cell(db, "SELECT setup FROM rubbers WHERE id = ?", base.current)
    finished = _cell(db, "SELECT finished FROM rubbers WHERE id = ?", base.current)
    count, uncertain = None, 0
    if setup == base.setup and finished is None:
        count = 0
        for rid, event in zip(base.event_ids, base.events, strict=True):
            if rid in garbled:
                uncertain = 1
                break
            text = _cell(db, "SELECT event FROM events WHERE id = ?", rid)
            owner = _cell(db, "SELECT rubber FROM events WHERE id = ?", rid)
            if owner != base.current or _parsed(text) != event:
                break
            count += 1
    results = {
        text
        for rid, text in base.results.items()
        if _cell(db, "SELECT result FROM rubbers WHERE id = ?", rid) == text
    }
    return Readable(count, results, uncertain)


def whole(damaged: bytes, base: Base, expected: Readable) -> bool:
    """Whether a damaged file still holds everything (damage in free space or in
    bytes that SQLite does not use): SQLite's full integrity check passes, every
    row's JSON parses, and the rubber in progress and every result read as stored."""
    if expected.in_progress != len(base.events) or len(expected.results) != len(base.results):
        return False
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / FILENAME
        copy.write_bytes(damaged)
        db = sqlite3.connect(copy)
        try:
            if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                return False
            texts = db.execute("SELECT setup, result FROM rubbers").fetchall()
            texts += db.execute("SELECT event, NULL FROM events").fetchall()
        except sqlite3.Error:
            return False
        finally:
            db.close()
    return all(_parsed(a) is not None and (b is None or _parsed(b) is not None) for a, b in texts)


def _parsed(text):
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None


# -- the app -------------------------------------------------------------------------------


class Headless:
    """`honeymoon run --headless` on a data folder, with a fake NOTIFY_SOCKET."""

    def __init__(self, folder: Path, config: Path):
        self.folder = folder
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(str(folder.parent / f"{folder.name}.notify"))
        self.notify.settimeout(READY_TIMEOUT_S)
        command = [sys.executable, "-m", "device.cli", "run", "--headless", "--data-dir"]
        command += [str(folder), "--scanner", "none", "--bidbox", "none", "--config", str(config)]
        env = dict(os.environ, PYTHONPATH=str(REPO), NOTIFY_SOCKET=self.notify.getsockname())
        env["SDL_AUDIODRIVER"] = "dummy"
        self.proc = subprocess.Popen(
            command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def ready(self) -> bool:
        """READY=1 came, and the app is still running a moment later."""
        deadline = time.monotonic() + READY_TIMEOUT_S
        try:
            while time.monotonic() < deadline:
                if self.notify.recv(64) == b"READY=1":
                    time.sleep(0.05)
                    return self.proc.poll() is None
        except TimeoutError:
            pass
        return False

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        self.notify.close()
        return err.decode(errors="replace")


def clis(*argvs: tuple[str, ...]) -> list[subprocess.CompletedProcess]:
    """`honeymoon ARGV` for each of `argvs`, all at once (they only read the journal, and
    readers side by side are what a second program would be); each one's outcome."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    pipes = dict(stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    procs = []
    try:
        for argv in argvs:
            command = [sys.executable, "-m", "device.cli", *argv]
            procs.append(subprocess.Popen(command, cwd=REPO, env=env, **pipes))
        outcomes = []
        for argv, proc in zip(argvs, procs, strict=True):
            out, err = proc.communicate(timeout=60)
            outcomes.append(subprocess.CompletedProcess(argv, proc.returncode, out, err))
        return outcomes
    finally:
        for proc in procs:  # none outlives this, even when one timed out
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


# -- one case --------------------------------------------------------------------------------


class Case:
    def __init__(self, kind: str, base: Base, folder: Path, config: Path, rng, totals, problems):
        self.kind, self.base, self.folder, self.config = kind, base, folder, config
        self.rng, self.totals, self.problems = rng, totals, problems

    def run(self) -> None:
        path = copy_base(self.base, self.folder)
        where = damage(self.kind, path, self.base, self.rng)
        self.name = f"{self.kind} ({where})"
        damaged = path.read_bytes()
        expected = readable(path, self.base) if self.kind != "newer" else None
        self._commands()
        app = Headless(self.folder, self.config)
        up = app.ready()
        log = app.stop()
        self.totals["cases"] += 1
        self.totals[f"kind {self.kind}"] += 1
        self.totals["up"] += up
        if not up:
            self.problem(f"the table did not come up:\n{log[-2000:]}")
        if "Traceback" in log:
            self.problem(f"the app printed a traceback:\n{log[-2000:]}")
        if self.kind == "newer":
            self._untouched(damaged, log)
        else:
            self._salvaged(damaged, expected)

    def problem(self, text: str) -> None:
        self.problems.append(f"{self.name}: {text}")

    def _commands(self) -> None:
        """status and export on the damaged journal: output, or one line; no traceback."""
        folder = ("--data-dir", str(self.folder))
        argvs = [("status",), ("export", "--format", "json"), ("export", "--format", "pbn")]
        for argv, done in zip(argvs, clis(*(argv + folder for argv in argvs)), strict=True):
            self.totals["commands"] += 1
            if "Traceback" in done.stderr or done.returncode not in (0, 2):
                self.problem(f"{' '.join(argv)}: status {done.returncode}\n{done.stderr[-1500:]}")
            elif done.stderr.count("\n") > 1:
                self.problem(f"{' '.join(argv)}: more than one line\n{done.stderr}")

    def _untouched(self, damaged: bytes, log: str) -> None:
        files = sorted(p.name for p in self.folder.iterdir() if p.name.startswith(FILENAME))
        if files != [FILENAME] or (self.folder / FILENAME).read_bytes() != damaged:
            self.problem(f"a newer journal was touched: {files}")
        if "newer than this program" not in log:
            self.problem("the log does not say the journal is newer")

    def _salvaged(self, damaged: bytes, expected: Readable) -> None:
        aside = [p for p in self.folder.iterdir() if p.name.startswith(f"{FILENAME}.damaged-")]
        if not aside and whole(damaged, self.base, expected):
            self.totals["harmless"] += 1  # the bytes fell where nothing is kept
            return
        if len(aside) != 1 or aside[0].read_bytes() != damaged:
            self.problem(f"the damaged file was not moved aside unchanged: {aside}")
            return
        self.totals["moved aside"] += 1
        journal = Journal(self.folder / FILENAME)
        try:
            self._compare(journal, expected)
        finally:
            journal.close()

    def _compare(self, journal: Journal, expected: Readable) -> None:
        if read_journal(journal.db).damaged:
            self.problem("the salvaged journal is damaged itself")
        kept, same = _kept_in_progress(journal, self.base)
        if same < kept:
            self.totals["altered"] += kept - same
            self.problem(f"kept {kept - same} inputs that differ from those stored")
        self.totals["stopped at a garbled key"] += expected.uncertain
        if expected.in_progress is not None:
            self.totals["inputs readable"] += expected.in_progress
            self.totals["inputs kept"] += min(same, expected.in_progress)
            if same < expected.in_progress:
                self.totals["lost"] += expected.in_progress - same
                self.problem(f"kept {same} inputs of the {expected.in_progress} readable")
        history = {json.dumps(r) for r in journal.finished_results()}
        stored = {json.dumps(json.loads(text)) for text in expected.results}
        self.totals["results readable"] += len(stored)
        if not stored <= history:
            self.totals["results lost"] += len(stored - history)
            self.problem(f"{len(stored - history)} readable finished rubbers not kept")


def _kept_in_progress(journal: Journal, base: Base) -> tuple[int, int]:
    """How many inputs of the rubber in progress the new journal has, and how many of
    those, from the first, are the ones stored."""
    rubber = journal.unfinished()
    if rubber != base.current:
        return 0, 0
    events = [e.to_dict() for e in journal.rubber(rubber).events]
    same = 0
    while same < len(events) and same < len(base.events) and events[same] == base.events[same]:
        same += 1
    return len(events), same


# -- the part ---------------------------------------------------------------------------------


def run(cases: int = 200, seed: int = 1, bases: int = 4) -> dict:
    """`cases` damaged journals, the kinds in turn, on `bases` robot-written journals."""
    rng = random.Random(seed)
    totals: Counter = Counter()
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="faults-journal-") as name:
        root = Path(name)
        config = root / "config.toml"
        config.write_text("")
        made = [write_base(root / f"base-{n}", rng) for n in range(bases)]
        for n in range(cases):
            kind = KINDS[n % len(KINDS)]
            folder = root / f"case-{n}"
            Case(kind, rng.choice(made), folder, config, rng, totals, problems).run()
            shutil.rmtree(folder)
            (root / f"case-{n}.notify").unlink(missing_ok=True)
    counts = ("cases", "up", "moved aside", "commands", "inputs readable", "inputs kept", "lost")
    return {**dict.fromkeys(counts, 0), **totals, "problems": problems}


def summary(result: dict) -> str:
    kinds = ", ".join(f"{k} {result.get(f'kind {k}', 0)}" for k in KINDS)
    return (
        f"damaged journals: {result['cases']} cases ({kinds}), table up in {result['up']}, "
        f"{result['moved aside']} moved aside unchanged (the newer ones left untouched, "
        f"{result.get('harmless', 0)} with damage only where nothing is kept), "
        f"{result['inputs kept']} of {result['inputs readable']} readable inputs of the "
        f"rubbers in progress kept, {result['lost']} lost, {result.get('altered', 0)} altered "
        f"({result.get('stopped at a garbled key', 0)} stopped at a key garbled on a page), "
        f"{result.get('results readable', 0) - result.get('results lost', 0)} of "
        f"{result.get('results readable', 0)} readable finished rubbers kept; "
        f"{result['commands']} status/export runs, no traceback"
    )
