"""Reviews made off the screen loop: one worker process at a time, a time limit.

The screen asks `Reviewer.want(facts)` while it draws and gets the state at
once: waiting, working (with its progress), done (the Review) or failed (why);
`poll()` reads what the worker said since, and is True when the screen should
draw again. A process, not a thread: the search is pure Python and would hold
the interpreter's lock the screen needs. A review taking longer than `limit`
seconds is stopped and says so. The latest request goes first (the deal on the
screen), then the others in the order asked.
"""

from __future__ import annotations

import base64
import contextlib
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from .facts import DealFacts, NotReviewed

LIMIT_S = 600.0  # a review stopped after this long: here two, three (Exposed Dummy, with
# endplay) or four hands take under a second, three without endplay seconds to a minute;
# a Pi is slower
KEEP = 200  # reviews remembered (a long rubber's deals and the history's)
PROGRESS_EVERY_S = 0.5  # at most this often a progress message (each redraws the screen)
NICE = 10  # the worker's priority below the table's: a review waits, an input does not
READER_S = 1.0  # the reader's wait for the pipe's end once the worker is gone


@dataclass(frozen=True)
class ReviewState:
    kind: str  # "waiting", "working", "done" or "failed"
    progress: float = 0.0  # 0..1 while working
    review: object | None = None  # the Review, when done
    reason: str | None = None  # why it failed: a NotReviewed key, "timeout" or "crashed"


WAITING = ReviewState("waiting")


def _work(stdin, stdout) -> None:
    """The worker process: the facts (a pickle, base64) on one line in; progress lines,
    then the review or why there is none, out."""
    import device.decks  # noqa: F401 - the decks the forms bring: the facts' cards may be theirs

    from .review import analyse

    facts = pickle.loads(base64.b64decode(stdin.readline()))
    last = [0.0]

    def say(kind: str, value) -> None:
        text = base64.b64encode(pickle.dumps(value)).decode()
        stdout.write(f"{kind} {text}\n")
        stdout.flush()

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY_S:
            last[0] = now
            say("working", done / max(1, total))

    try:
        say("done", analyse(facts, progress))
    except NotReviewed as why:
        say("failed", str(why))
    except Exception as error:  # noqa: BLE001 - the screen shows why, never a traceback
        say("failed", f"error: {type(error).__name__}")


def _read(stream, into: queue.Queue) -> None:
    """A thread that hands the worker's lines over; it waits on the pipe, not the lock.
    It ends at the pipe's end, when the worker has ended: the pipe is closed after it."""
    for line in stream:
        kind, _, text = line.partition(" ")
        try:
            into.put((kind, pickle.loads(base64.b64decode(text))))
        except (ValueError, pickle.UnpicklingError, EOFError):
            into.put(("failed", "crashed"))
    into.put(None)


class Reviewer:
    def __init__(self, limit: float = LIMIT_S):
        self.limit = limit
        self.states: OrderedDict[DealFacts, ReviewState] = OrderedDict()
        self._queue: list[DealFacts] = []
        self._job = None  # (facts, process, lines, started, reader)

    def want(self, facts: DealFacts) -> ReviewState:
        """The review of `facts` as far as it has come; asked for the first time, it
        goes to the front of the queue."""
        state = self.states.get(facts)
        if state is None:
            self._remember(facts, WAITING)
            self._queue.insert(0, facts)
            self._next()
            return WAITING
        return state

    def want_all(self, all_facts) -> None:
        """Queue these (a stored rubber's deals), after what is queued already; one
        queued already is not queued again (a long rubber opened again: its waiting
        deals may be more than `states` keeps)."""
        queued = set(self._queue)
        for facts in all_facts:
            if facts not in self.states and facts not in queued:
                self._remember(facts, WAITING)
                self._queue.append(facts)
                queued.add(facts)
        self._next()

    def forget(self, facts: DealFacts) -> None:
        """A request not started yet is dropped (the deal left the screen); one running
        or done is kept."""
        if facts in self._queue:
            self._queue.remove(facts)
            self.states.pop(facts, None)

    def state(self, facts: DealFacts) -> ReviewState:
        return self.states.get(facts, WAITING)

    def poll(self) -> bool:
        """Read what the worker said; stop one over its time; start the next. True when
        any state changed."""
        if self._job is None:
            return False
        facts, process, lines, started, _ = self._job
        changed = over = False
        while not over:
            try:
                message = lines.get_nowait()
            except queue.Empty:
                break
            changed = True
            if message is None:  # the worker ended without a word: it died
                message = ("failed", "crashed")
            kind, value = message
            if kind == "working":
                self._remember(facts, ReviewState("working", value))
            elif kind == "done":
                self._remember(facts, ReviewState("done", 1.0, review=value))
            else:
                self._remember(facts, ReviewState("failed", reason=value))
            over = kind != "working"
        if not over and time.monotonic() - started > self.limit:
            self._remember(facts, ReviewState("failed", reason="timeout"))
            over = changed = True
        if over:
            self._stop()
            self._next()
        return changed

    def close(self) -> None:
        """Stop the worker, if one is running, and forget the queue."""
        self._stop()
        self._queue.clear()

    def _stop(self) -> None:
        """The worker killed (if still at work) and waited for; then its reader, which
        reads to the pipe's end, before the pipe is closed under it. The job is let go
        last: a Ctrl-C in the middle leaves it for close() to finish."""
        if self._job is None:
            return
        _, process, _, _, reader = self._job
        if process.poll() is None:
            process.kill()
        process.wait(timeout=5)
        reader.join(timeout=READER_S)
        if not reader.is_alive():  # else the pipe is still held open (a grandchild): it
            process.stdout.close()  # ends with that; closing it now would fail the reader
        self._job = None

    def _next(self) -> None:
        if self._job is not None or not self._queue:
            return
        facts = self._queue.pop(0)
        # The table's pid: a worker whose table is gone before it could ask to end with
        # it (PR_SET_PDEATHSIG) sees another parent, and ends at once.
        command = [sys.executable, "-m", "device.analysis.worker", str(os.getpid())]
        try:
            process = subprocess.Popen(  # its stderr is not the table's log
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        except OSError:
            self._remember(facts, ReviewState("failed", reason="crashed"))
            return
        lines: queue.Queue = queue.Queue()
        reader = threading.Thread(
            target=_read, args=(process.stdout, lines), name="review-reader", daemon=True
        )
        reader.start()
        self._job = (facts, process, lines, time.monotonic(), reader)  # at once: close() stops it
        self._remember(facts, ReviewState("working", 0.0))
        try:
            process.stdin.write(base64.b64encode(pickle.dumps(facts)).decode() + "\n")
            process.stdin.close()
        except OSError:  # the worker died at once: its reader says it crashed
            with contextlib.suppress(OSError):
                process.stdin.close()

    def _remember(self, facts: DealFacts, state: ReviewState) -> None:
        self.states[facts] = state
        self.states.move_to_end(facts)
        while len(self.states) > KEEP:
            self.states.popitem(last=False)


if __name__ == "__main__":
    from device.stopping import die_with_parent

    die_with_parent()  # killed with the table (kill -9, a power cut test): no orphan at work
    if len(sys.argv) > 1 and sys.argv[1] != str(os.getppid()):
        os._exit(0)  # the table was gone before that
    with contextlib.suppress(OSError, AttributeError):  # none on some systems: no matter
        os.nice(NICE)  # the screen and the devices come first, on a Pi as on a busy PC
    try:
        _work(sys.stdin, sys.stdout)
    except (BrokenPipeError, EOFError, ValueError):  # the table is gone (a power cut, a quit)
        os._exit(0)
