"""SIGINT (Ctrl-C) and SIGTERM (systemd, `kill`) stop the table at once, whatever it
is doing: `honeymoon run --headless` while the double-dummy review of the deal just
played runs in its worker and both devices, unplugged, are being reopened; `run
--text` while a review runs. It ends with status 0, the worker with it, no
traceback. (How fast, against the 2 s target: `make bench`.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from device.sim.script import record_steps
from tests.at_the_table import (
    CLI,
    RECORD_S,
    START_S,
    Lines,
    left_running,
    robot_record,
    sim_devices,
    started,
    table,
)

ENDED_S = 20.0  # pass or fail only: a loaded machine is slow; the figure is the bench's
WORKER = "device.analysis.worker"


def group(pgid: int) -> dict[int, str]:
    """The live processes of a process group: pid -> command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(stat[2]) == pgid and stat[0] != "Z":
            found[int(entry.name)] = line
    return found


def wait_for_worker(app: subprocess.Popen, timeout: float = 120.0) -> int:
    """The pid of the review worker the table started (in its process group)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert app.poll() is None, "the table ended by itself"
        workers = [pid for pid, line in group(app.pid).items() if WORKER in line]
        if workers:
            return workers[0]
        time.sleep(0.005)
    raise AssertionError("no review was started")


def stop(app: subprocess.Popen, worker: int, signum: int) -> float:
    """The signal to the table alone (as a terminal's Ctrl-C or systemd would, not its
    group), while its worker runs; how long it took to end."""
    assert Path(f"/proc/{worker}").exists(), "the review ended before the signal"
    sent = time.monotonic()
    os.kill(app.pid, signum)
    status = app.wait(ENDED_S)
    took = time.monotonic() - sent
    assert status == 0, f"exit status {status}"
    assert group(app.pid) == {}, "the review worker outlived the table"
    return took


def one_deal(form: str) -> dict:
    """The first deal of a robot rubber of `form`, played out (its result on the screen)."""
    record = robot_record(form, {})
    return {**record, "deals": record["deals"][:1]}


def seats(record: dict) -> list[str]:
    return ["--players", *record["players"], "--first-dealer", record["first_dealer"]]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_headless_table_stops_while_a_review_runs_and_its_devices_are_reopened(
    tmp_path, signum
):
    record = one_deal("exposed-dummy")  # a review of three hands: seconds of work
    (tmp_path / "record.json").write_text(json.dumps(record))
    links, log = tmp_path / "links", tmp_path / "table.log"
    play = ["--record", str(tmp_path / "record.json"), "--speed", "0"]
    with sim_devices(links, *play) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S), out.text()
        argv = ["--new", "exposed-dummy", *seats(record)]
        with table(links, tmp_path / "data", log, *argv) as app:
            assert sim.wait(RECORD_S) == 0, out.text()  # every input stored
            steps = len(record_steps(record))
            assert f"played {steps} of {steps} inputs: {steps} accepted, 0 refused" in out.text()
            # sim-devices is gone, its links with it: the table reopens both every 0.5 s
            stop(app, wait_for_worker(app), signum)
    text = log.read_text()
    assert "Traceback" not in text, text
    assert left_running(tmp_path) == []


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
