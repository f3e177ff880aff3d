"""One table per data folder.

Two tables writing one journal would each resume the same rubber and store
inputs the other never sees. The lock is flock(2) on the data folder itself:
the kernel drops it when the process ends in any way (kill -9, a power cut
ends every process), so no stale lock file can ever keep the table out. A
folder that cannot be opened needs no lock: the table then keeps nothing.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class FolderBusy(Exception):
    """Another table holds this data folder."""


class FolderLock:
    """Holds the data folder for this process until `close()` (or its end)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._fd: int | None = None

    def acquire(self) -> FolderLock:
        """Take the folder; FolderBusy when another table has it. A folder that
        does not exist (and cannot be made) or cannot be opened is not locked."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:
            return self
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FolderBusy(
                f"another table is already running on the data folder {self.folder}"
            ) from None
        self._fd = fd
        return self

    @property
    def held(self) -> bool:
        return self._fd is not None

    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.close()
