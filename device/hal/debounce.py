"""Debouncing for one push button, fed raw levels with timestamps (no GPIO here).

A contact bounces for a few milliseconds when it closes or opens, so the raw
level toggles quickly before it settles. The debounced level follows the raw
level only once the raw level has stayed unchanged for `debounce` seconds:

- a press counts once the pin has been stably pressed for `debounce`;
- a release likewise; toggles shorter than `debounce` never count, so one
  bouncy press is exactly one press and one release;
- with `hold` set, one HOLD is reported when a counted press has lasted
  `hold` seconds from its settled start (never more than once per press).

The debouncer never waits or runs threads. It is driven two ways:

- `update(level, at)`: a raw level from an edge callback or a poll sample.
  It first settles whatever was due by `at`, so a late settle never reorders
  or loses a press;
- `settle(at)`: called when no further edge comes (the last bounce is the last
  edge). `deadline()` says when that is worth calling; the caller schedules it
  (GpioBidBox runs one small thread that sleeps until the earliest deadline).

Every event carries the time it became true (not the time it was noticed),
so a caller settling many buttons at once can order their events exactly.
Times come from `clock` (default `time.monotonic`) unless given, so tests
can pass explicit times and stay deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

DEBOUNCE = 0.02  # seconds: longer than typical tactile-switch bounce (1-10 ms)
HOLD = 1.0  # seconds: long enough that a normal press never reaches it

PRESS = "press"
RELEASE = "release"
HOLD_EVENT = "hold"


class Event(NamedTuple):
    kind: str  # PRESS, RELEASE or HOLD_EVENT
    at: float  # when it became true, on the debouncer's clock


class Debouncer:
    """One button's debounced state.

    pressed: the initial level, taken as already settled (a button held at
    start-up is not a press).
    """

    def __init__(
        self,
        debounce: float = DEBOUNCE,
        hold: float | None = None,
        *,
        pressed: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ):
        if debounce <= 0:
            raise ValueError("debounce must be positive")
        if hold is not None and hold < debounce:
            raise ValueError("hold must be at least the debounce time")
        self.debounce = debounce
        self.hold = hold
        self._clock = clock
        now = clock()
        self.pressed = pressed  # debounced level
        self._raw = pressed  # last raw level seen
        self._raw_since = now  # when the raw level last changed
        self._pressed_since = now  # settled start of the current press
        self._held = True  # no HOLD for a press that predates us

    def update(self, pressed: bool, at: float | None = None) -> list[Event]:
        """Take a raw level seen at `at`; return the events that settled before it."""
        at = self._clock() if at is None else at
        events = self.settle(at)
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = at
        return events

    def settle(self, at: float | None = None) -> list[Event]:
        """Return the events due by `at` with no new edge (at most a press/release and a hold)."""
        at = self._clock() if at is None else at
        events = []
        if self._raw != self.pressed and at >= self._raw_since + self.debounce:
            self.pressed = self._raw
            if self.pressed:
                self._pressed_since = self._raw_since
                self._held = False
            events.append(
                Event(PRESS if self.pressed else RELEASE, self._raw_since + self.debounce)
            )
        hold_at = self._hold_at()
        if hold_at is not None and at >= hold_at:
            self._held = True
            events.append(Event(HOLD_EVENT, hold_at))
        return events

    def deadline(self) -> float | None:
        """When `settle` would next report something if no edge comes; None if never."""
        if self._raw != self.pressed:
            return self._raw_since + self.debounce
        return self._hold_at()

    def _hold_at(self) -> float | None:
        # Only while the contact is settled closed: a glitch mid-hold postpones
        # the hold until the contact is closed again, or cancels it on release.
        if self.hold is None or self._held or not (self.pressed and self._raw):
            return None
        return max(self._pressed_since + self.hold, self._raw_since)
