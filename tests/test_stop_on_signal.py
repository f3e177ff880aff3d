"""SIGINT (Ctrl-C) and SIGTERM (systemd, `kill`) stop the table at once, whatever it
is doing: `honeymoon run --headless` while the double-dummy review of the deal just
played runs in its worker and both devices, unplugged, are being reopened; `run
--text` while a review runs. It ends with status 0, the worker with it, no
traceback. (How fast, against the 2 s target: `make bench`.)"""

from __future__ import annotations

import os
import signal
import subprocess

import pytest

from device.sim.script import record_steps
from tests.at_the_table import (
    CLI,
    ENDED_S,
    START_S,
    Lines,
    left_running,
    one_deal,
    seats,
    started,
    stop,
    stop_while_reviewing,
    wait_for_worker,
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_headless_table_stops_while_a_review_runs_and_its_devices_are_reopened(
    tmp_path, signum
):
    assert stop_while_reviewing(tmp_path, signum) < ENDED_S


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_terminal_table_stops_while_a_review_runs(tmp_path, signum):
    record = one_deal("plain")
    typed = "".join(f"{what}\n" for _, what in record_steps(record)) + "review\n"
    command = [*CLI, "run", "--text", "--scanner", "none", "--bidbox", "none"]
    command += ["--config", os.devnull, "--data-dir", str(tmp_path / "data")]
    command += ["--new", "plain", *seats(record)]
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with started(command, text=True, **pipes) as app:
        out, errors = Lines(app.stdout), Lines(app.stderr)
        app.stdin.write(typed)
        app.stdin.flush()  # left open: the table waits for more, as at a terminal
        stop(app, wait_for_worker(app), signum)
        said = out.text() + errors.text()
    assert "Traceback" not in said and "\n! " not in said, said  # nothing typed was refused
    assert left_running(tmp_path) == []


def test_the_simulated_devices_of_run_go_with_the_table(tmp_path):
    """`run --text --simulate` stopped by SIGTERM: its simulated devices' links and their
    folder are removed."""
    command = [*CLI, "run", "--text", "--simulate", "--config", os.devnull]
    command += ["--data-dir", str(tmp_path / "data"), "--new", "plain"]
    command += ["--players", "Anna", "Ben"]
    env = dict(os.environ, TMPDIR=str(tmp_path))  # where the links' folder is made
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with started(command, text=True, env=env, **pipes) as app:
        out = Lines(app.stdout)
        assert out.wait_for("Bidding box connected", START_S), out.text()
        (folder,) = tmp_path.glob("honeymoon-sim-*")
        assert {link.name for link in folder.iterdir()} == {"scanner", "bidbox"}
        app.send_signal(signal.SIGTERM)
        assert app.wait(ENDED_S) == 0
    assert list(tmp_path.glob("honeymoon-sim-*")) == []
