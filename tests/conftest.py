"""For the whole suite: nothing a test started may outlive the run. Every process a
test starts through tests/at_the_table.py ends with its test; this is the net
under the others: a process still naming the run's temporary folder at the end
is killed, and the run fails, saying which.

A suite started in the background (`make test &`, a script, CI) inherits SIGINT
ignored, and so would every table a test starts: a test's Ctrl-C (SIGINT) would
then do nothing and the test would wait for it in vain. The tests' programs get
SIGINT as from a terminal, however the suite was started."""

from __future__ import annotations

import contextlib
import os
import signal

import pytest

from tests.at_the_table import left_running

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a child starts with SIG_DFL


@pytest.fixture(scope="session", autouse=True)
def nothing_left_running(tmp_path_factory):
    yield
    left = left_running(tmp_path_factory.getbasetemp())
    for line in left:
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(line.split(":", 1)[0]), signal.SIGKILL)
    assert left == [], "left running after the tests:\n" + "\n".join(left)
