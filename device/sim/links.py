"""The device end of a simulated serial line: a pty, or a TCP socket.

A pty is published under a stable path (a symlink, like /dev/serial/by-id),
so that the table finds it again after an unplug and replug makes a new pty.
A TCP link listens on a port; the table opens `socket://host:port`.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import time
import tty
from pathlib import Path


class PtyLink:
    """A pty whose other end the table opens through `path` (a symlink)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._master: int | None = None
        self._slave: int | None = None

    @property
    def url(self) -> str:
        return str(self.path)

    @property
    def is_open(self) -> bool:
        return self._master is not None

    def open(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: frames are binary
        tty.setraw(master)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_name(self.path.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        temp.symlink_to(os.ttyname(slave))
        temp.replace(self.path)  # atomic: the table never sees a missing link mid-swap

    def close(self) -> None:
        """Unplug: the pty goes away and the link with it."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None

    def read(self, timeout: float) -> bytes:
        fd = self._master  # unplug() may close it meanwhile, from another thread
        if fd is None:
            time.sleep(timeout)
            return b""
        try:
            ready, _, _ = select.select([fd], [], [], timeout)
            return os.read(fd, 4096) if ready else b""
        except (OSError, ValueError):
            return b""

    def write(self, data: bytes) -> None:
        if self._master is None:
            return
        view = memoryview(data)
        for _ in range(20):  # a full pty nobody reads: drop, as a UART with no host would
            try:
                view = view[os.write(self._master, view) :]
            except BlockingIOError:
                select.select([], [self._master], [], 0.05)
            except OSError:
                return
            if not view:
                return


class TcpLink:
    """A listening socket; one table connection at a time."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self._server: socket.socket | None = None
        self._client: socket.socket | None = None

    @property
    def url(self) -> str:
        return f"socket://{self.host}:{self.port}"

    @property
    def is_open(self) -> bool:
        return self._server is not None

    def open(self) -> None:
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((self.host, self.port))
        server.listen(1)
        server.setblocking(False)
        self.port = server.getsockname()[1]
        self._server = server

    def close(self) -> None:
        for sock in (self._client, self._server):
            if sock is not None:
                sock.close()
        self._client = self._server = None

    def read(self, timeout: float) -> bytes:
        if self._server is None:
            time.sleep(timeout)
            return b""
        watched = [self._server] + ([self._client] if self._client else [])
        try:
            ready, _, _ = select.select(watched, [], [], timeout)
        except (OSError, ValueError):  # closed by unplug() meanwhile
            return b""
        if self._server in ready:
            if self._client is not None:
                self._client.close()
            self._client, _ = self._server.accept()
        if self._client is not None and self._client in ready:
            try:
                data = self._client.recv(4096)
            except OSError:
                data = b""
            if not data:
                self._client.close()
                self._client = None
            return data
        return b""

    def write(self, data: bytes) -> None:
        if self._client is None:
            return
        try:
            self._client.sendall(data)
        except OSError:
            self._client.close()
            self._client = None
