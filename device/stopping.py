"""How a program of the table ends when it is told to: SIGTERM (systemd, a test's
teardown, `kill`) and SIGHUP (its terminal closed) end it as Ctrl-C does, by a
KeyboardInterrupt in the main thread, so that its `finally` blocks run: the
devices are closed, the pty links removed, the review worker stopped. A second
signal while that runs ends the program at once (the default action).

`die_with_parent()` asks Linux to send SIGTERM when the process that started this
one ends, even by `kill -9`: simulated devices playing a record for a test must
not go on, holding ptys, once the test is gone.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator

SIGNALS = (signal.SIGTERM, signal.SIGHUP)
PR_SET_PDEATHSIG = 1  # linux/prctl.h


_asked = threading.Event()  # a signal came while raising was deferred
_asked_by = ["stop"]  # its name, for the KeyboardInterrupt check() raises
_deferred = False


def _stop(signum, frame) -> None:
    for number in (*SIGNALS, signal.SIGINT):  # a second signal ends it at once
        if signal.getsignal(number) is _stop:
            signal.signal(number, signal.SIG_DFL)
    _asked_by[0] = signal.Signals(signum).name
    _asked.set()
    if not _deferred:
        raise KeyboardInterrupt(_asked_by[0])


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Within the block a signal only asks to stop, and `check()` raises the
    KeyboardInterrupt at a point of the caller's choosing. Raised inside a lock's
    wait (the screen loop's queue.get) it can leave the lock broken ("release
    unlocked lock"), a traceback instead of a clean stop."""
    global _deferred
    was, _deferred = _deferred, True
    try:
        yield
    finally:
        _deferred = was


def check() -> None:
    """Raise the KeyboardInterrupt a signal asked for within `deferred()`, if any."""
    if _asked.is_set():
        raise KeyboardInterrupt(_asked_by[0])


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block SIGTERM and SIGHUP raise KeyboardInterrupt in the main thread
    (once); the handlers before are back after it (a test calls a program's main in
    its own process). Outside the main thread, where signals cannot be handled, it
    changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _asked.clear()
    # Ctrl-C too, where it has Python's own handler (not where it comes ignored).
    interrupt = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    numbers = (*SIGNALS, signal.SIGINT) if interrupt else SIGNALS
    before = {number: signal.signal(number, _stop) for number in numbers}
    try:
        yield
    finally:
        _asked.clear()  # taken: a later check() in this process (a next table) is not stopped
        for number, handler in before.items():
            if handler is not None:  # None: one not set from Python, which cannot be put back
                signal.signal(number, handler)


def die_with_parent() -> bool:
    """SIGTERM to this process when its parent ends (Linux); False where there is no
    such thing (another system), which only loses that safety net."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0
    return False
