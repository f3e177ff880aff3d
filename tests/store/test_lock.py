"""One table per data folder: a second `honeymoon run` refuses to start, and
a killed table never leaves the folder locked."""

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from device.store.lock import FolderBusy, FolderLock

REPO = Path(__file__).resolve().parents[2]


def test_a_second_lock_on_the_same_folder_is_refused_until_the_first_closes(tmp_path):
    with FolderLock(tmp_path) as first:
        assert first.held
        with pytest.raises(FolderBusy, match=str(tmp_path)):
            FolderLock(tmp_path).acquire()
    with FolderLock(tmp_path) as again:
        assert again.held
    assert again.closed


def test_a_folder_that_cannot_be_made_is_not_locked(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    lock = FolderLock(blocker / "data").acquire()
    assert not lock.held
    lock.close()


def spawn(folder: Path, notify: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "device.cli", "run", "--headless"]
    command += ["--scanner", "none", "--bidbox", "none", "--data-dir", str(folder)]
    command += ["--config", os.devnull]
    env = dict(os.environ, PYTHONPATH=str(REPO), NOTIFY_SOCKET=str(notify))
    return subprocess.Popen(
        command,
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_ready(listener: socket.socket) -> None:
    listener.settimeout(20)
    while listener.recv(64) != b"READY=1":
        pass


def test_a_second_table_on_the_folder_refuses_and_a_killed_one_frees_it(tmp_path):
    folder = tmp_path / "data"
    notify = tmp_path / "notify"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(notify))
    first = spawn(folder, notify)
    try:
        wait_ready(listener)
        second = spawn(folder, notify)
        _, err = second.communicate(timeout=20)
        assert second.returncode == 2
        assert err.strip() == f"another table is already running on the data folder {folder}"
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.communicate()
    third = spawn(folder, notify)  # kill -9 left no lock behind
    try:
        wait_ready(listener)
        assert third.poll() is None
    finally:
        third.terminate()
        third.communicate(timeout=20)
        listener.close()
