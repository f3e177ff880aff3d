"""A journal read without touching it: the database file and its WAL read as bytes,
the WAL's committed frames laid over the database's pages, in memory.

SQLite itself writes to a journal even when it only reads it: a read-only
connection creates the -wal and -shm files where it can, rebuilds the -shm
after a cut, and cannot open a WAL journal at all in a read-only folder
without them (and `immutable=1` would ignore the WAL, that is the last inputs
stored). So `status`, `export`, and a start on a full disk or a read-only
data folder read the files as SQLite's own recovery does, and hand SQLite an
in-memory copy: nothing of the journal's files is ever opened for writing.

The WAL's format (https://www.sqlite.org/fileformat2.html#walformat): a
32-byte header (magic, version, page size, checkpoint number, two salts, a
checksum of the first 24 bytes), then frames of a 24-byte header (page
number, database size in pages after a commit or 0, the two salts, a running
checksum over the frame header's first 8 bytes and the page) and the page.
A frame counts when its salts are the header's and its checksum follows on;
the frames up to the last commit among them are the journal's state.
"""

from __future__ import annotations

import sqlite3
import struct
from pathlib import Path

MAGIC = (0x377F0682, 0x377F0683)  # checksums in little-endian, in big-endian words
HEADER = 32
FRAME_HEADER = 24
MASK = 0xFFFFFFFF


def snapshot(path: Path) -> sqlite3.Connection:
    """An in-memory connection holding the journal at `path` as its last commit left
    it (what SQLite would read); OSError when its files cannot be read."""
    image = journal_image(Path(path))
    db = sqlite3.connect(":memory:", isolation_level=None)
    if image:
        db.deserialize(image)
    return db


def journal_image(path: Path) -> bytes:
    """The database's bytes with the WAL's committed pages in place (rollback mode in
    its header, so that the copy in memory looks for no WAL)."""
    data, wal = _consistent_read(path)
    page_size, pages, size = committed_frames(wal)
    if pages:
        image = bytearray(data[: size * page_size].ljust(size * page_size, b"\0"))
        for number, page in pages.items():
            if number <= size:
                image[(number - 1) * page_size : number * page_size] = page
        data = bytes(image)
    if len(data) >= 100 and data.startswith(b"SQLite format 3\0") and data[18:20] == b"\2\2":
        data = data[:18] + b"\1\1" + data[20:]  # WAL mode: the copy has no WAL of its own
    return data


def _consistent_read(path: Path, tries: int = 10) -> tuple[bytes, bytes]:
    """The database's and the WAL's bytes as one state, while the table may write them:
    the WAL is read after the database, so that every page a checkpoint copied into the
    database meanwhile is still in it; unless the WAL was begun afresh in between (its
    header, with its salts, changed), then both are read again."""
    wal_path = Path(f"{path}-wal")
    for _ in range(tries):
        header = _read_if_there(wal_path, HEADER)
        data = path.read_bytes()
        wal = _read_if_there(wal_path)
        if wal[:HEADER] == header:
            break
    return data, wal


def _read_if_there(path: Path, size: int = -1) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(size)
    except FileNotFoundError:
        return b""


def committed_frames(wal: bytes) -> tuple[int, dict[int, bytes], int]:
    """(page size, {page number: its latest committed page}, database size in pages)
    from a WAL's bytes; no pages when it holds no valid commit."""
    if len(wal) < HEADER:
        return 0, {}, 0
    magic, _, page_size, _, salt1, salt2, sum1, sum2 = struct.unpack(">8I", wal[:HEADER])
    if magic not in MAGIC or not 512 <= page_size <= 65536 or page_size & (page_size - 1):
        return 0, {}, 0
    big = magic & 1
    if _checksum(wal[:24], big, 0, 0) != (sum1, sum2):
        return 0, {}, 0
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    size, running = 0, (sum1, sum2)
    step = FRAME_HEADER + page_size
    for start in range(HEADER, len(wal) - step + 1, step):
        head = wal[start : start + FRAME_HEADER]
        number, commit, s1, s2, c1, c2 = struct.unpack(">6I", head)
        page = wal[start + FRAME_HEADER : start + step]
        if (s1, s2) != (salt1, salt2) or number == 0:
            break
        running = _checksum(page, big, *_checksum(head[:8], big, *running))
        if running != (c1, c2):
            break
        pending[number] = page
        if commit:  # a transaction's last frame: all of it counts
            pages.update(pending)
            pending.clear()
            size = commit
    return page_size, pages, size


def _checksum(data: bytes, big: int, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of `data` (a multiple of 8 bytes), running on from (s0, s1)."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & MASK
        s1 = (s1 + words[i + 1] + s0) & MASK
    return s0, s1
