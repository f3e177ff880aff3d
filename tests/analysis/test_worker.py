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
