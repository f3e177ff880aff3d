"""The review worker: a process the screen never waits for; it answers with the
review, says why there is none, and goes quietly when the table is gone."""

import base64
import pickle
import subprocess
import sys
import time

from device.analysis.facts import deal_facts
from device.analysis.worker import Reviewer
from device.robots import play_rubber


def facts_of(form: str, seed: int = 1, index: int = 0):
    game = play_rubber(seed, form)
    deals = [d for d in game.deals if d.contract is not None]
    return deal_facts(game, deals[index])


def wait(reviewer: Reviewer, facts, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while reviewer.state(facts).kind not in ("done", "failed"):
        assert time.monotonic() < end
        reviewer.poll()
        time.sleep(0.02)
    return reviewer.state(facts)


def test_a_review_comes_back_done_and_the_latest_goes_first():
    first, second = facts_of("plain", index=0), facts_of("plain", index=1)
    reviewer = Reviewer()
    try:
        assert reviewer.want(first).kind == "waiting"
        reviewer.want_all([first, second])
        assert wait(reviewer, first).review.number == first.number
        assert wait(reviewer, second).kind == "done"
        assert reviewer.want(first).kind == "done"  # remembered, not worked out again
    finally:
        reviewer.close()


def test_a_request_not_started_is_dropped_when_forgotten():
    first, second = facts_of("plain", index=0), facts_of("plain", index=1)
    reviewer = Reviewer()
    try:
        reviewer.want(first)  # running
        reviewer.want(second)  # waiting behind it
        reviewer.forget(second)
        assert reviewer.state(second).kind == "waiting" and second not in reviewer.states
        assert wait(reviewer, first).kind == "done"
        assert reviewer._job is None  # nothing else was started
    finally:
        reviewer.close()


def test_the_worker_goes_quietly_when_nobody_reads():
    facts = facts_of("plain")
    line = base64.b64encode(pickle.dumps(facts)).decode() + "\n"
    worker = subprocess.Popen(
        [sys.executable, "-m", "device.analysis.worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    worker.stdout.close()  # the table is gone before the first word
    _, err = worker.communicate(line, timeout=60)
    assert worker.returncode == 0 and err == ""


def test_closed_mid_review_the_reader_ends_before_its_pipe_closes(monkeypatch):
    """The table quits while a review runs: the worker is killed, its reader reads to the
    pipe's end and ends, and only then is the pipe closed (no "I/O operation on closed
    file" in the reader, no reader left waiting at exit)."""
    import queue
    import threading
    from types import SimpleNamespace

    from device.analysis import worker

    class Slow(queue.Queue):  # a reader that takes its time (a busy machine)
        def put(self, item, *args, **kwargs):
            time.sleep(0.3)
            super().put(item, *args, **kwargs)

    failures = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    monkeypatch.setattr(worker, "queue", SimpleNamespace(Queue=Slow, Empty=queue.Empty))
    reviewer = Reviewer()
    facts = facts_of("plain")
    before = set(threading.enumerate())
    reviewer.want(facts)
    (reader,) = set(threading.enumerate()) - before
    process = reviewer._job[1]
    assert process.poll() is None  # still starting or at work
    close, reading = process.stdout.close, []
    process.stdout.close = lambda: (reading.append(reader.is_alive()), close())
    reviewer.close()
    assert reading == [False]  # closed once, after its reader ended
    assert process.poll() is not None and not reader.is_alive()
    assert process.stdout.closed and reviewer._job is None
    assert failures == []


def test_a_review_over_its_time_is_stopped_with_its_reader():
    """The time limit stops the worker the same way: the reader ends first."""
    import threading

    facts = facts_of("plain")
    reviewer = Reviewer(limit=0.0)
    try:
        before = set(threading.enumerate())
        reviewer.want(facts)
        (reader,) = set(threading.enumerate()) - before
        process = reviewer._job[1]
        close, reading = process.stdout.close, []
        process.stdout.close = lambda: (reading.append(reader.is_alive()), close())
        assert wait(reviewer, facts).reason == "timeout"
        assert reading == [False]
        assert not reader.is_alive() and process.stdout.closed
    finally:
        reviewer.close()


def test_the_worker_works_below_the_table_s_priority(tmp_path, monkeypatch):
    """A review never takes the processor from the screen and the devices."""
    import os
    from pathlib import Path

    from device.analysis.worker import NICE
    from tests.at_the_table import without_dds

    monkeypatch.setenv("PYTHONPATH", without_dds(tmp_path)["PYTHONPATH"])
    facts = facts_of("exposed-dummy")  # three hands without DDS: seconds of work
    reviewer = Reviewer()
    try:
        reviewer.want(facts)
        stat = Path(f"/proc/{reviewer._job[1].pid}/stat")
        end = time.monotonic() + 30
        nice = None
        while time.monotonic() < end and nice != os.nice(0) + NICE:
            nice = int(stat.read_text().rsplit(")", 1)[1].split()[16])
            time.sleep(0.01)
        assert nice == os.nice(0) + NICE
    finally:
        reviewer.close()


def test_the_worker_ends_with_its_table_even_killed(tmp_path):
    """A table killed by kill -9 mid-review (a power cut test) leaves no worker at work
    (Linux tells it to end with its parent; its next word would find no reader)."""
    import os
    import signal
    from pathlib import Path

    from tests.at_the_table import Lines, started, without_dds

    table = (
        "import sys, time\n"
        "from tests.analysis.test_worker import facts_of\n"
        "from device.analysis.worker import Reviewer\n"
        "reviewer = Reviewer()\n"
        "reviewer.want(facts_of('exposed-dummy'))\n"  # without DDS: seconds of work
        "print(reviewer._job[1].pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    command = [sys.executable, "-c", table, str(tmp_path)]
    env = without_dds(tmp_path)
    with started(command, stdout=subprocess.PIPE, text=True, env=env) as parent:
        line = Lines(parent.stdout).wait_for("", 60)
        assert line and line.strip().isdigit(), line
        worker = Path(f"/proc/{line.strip()}/stat")
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        end = time.monotonic() + 20
        while at_work(worker) and time.monotonic() < end:
            time.sleep(0.02)
        assert not at_work(worker), "the worker went on without its table"


def at_work(stat) -> bool:
    """The process is there and not a zombie (ended, waiting to be reaped)."""
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False
