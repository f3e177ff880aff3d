"""The GPIO bidding box: push buttons and LEDs on the Pi's header, via gpiozero.

Keys: levels "1".."7", strains "C", "D", "H", "S", "NT", calls "P", "X", "XX",
and "OK", "UNDO". Each button connects its pin to ground (internal pull-up),
so pressed reads low. LEDs: one turn light per seat ("seat0".."seat3"; a
two-player box wires only seat0 and seat1) and an "error" light.

What the keys put on the table's queue (all with source="bidbox"):

- a level then a strain: CALL "3NT". Pressing another level first replaces the
  pending level (the player changed their mind); any non-level key drops it.
- a strain with no level pending: ERROR "press a level first".
- "P", "X", "XX": CALL "P", "X", "XX".
- "OK": KEY "OK", on press.
- "UNDO": KEY "UNDO" on release, or KEY "MENU" instead once it has been held
  for `hold` seconds (default 1 s; MENU comes while still held, and the
  release then puts nothing). UNDO waits for the release because only then
  do we know it was not a hold.

Debounce and hold are ours (debounce.py), not gpiozero's: its MockPin ignores
bounce_time, and doing it ourselves gives the same behaviour on the bench and
on the Pi. Edge callbacks feed the debouncers; one small thread sleeps until
the earliest settle or hold deadline (no polling while idle), because after
the last bounce no further edge arrives to settle it. Tests with a fake clock
pass auto_settle=False and call `settle()` themselves.

Buttons are gpiozero DigitalInputDevice, which is Button without gpiozero's
per-button hold thread: that thread wakes every 0.1 s for the life of the
device and makes close() take ~1 s for 17 buttons, and we do hold ourselves.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from functools import partial

from gpiozero import LED, DigitalInputDevice

from device.engine.message import msg
from firmware_bridge.protocol import LED_ERROR

from .debounce import DEBOUNCE, HOLD, HOLD_EVENT, PRESS, RELEASE, Debouncer
from .events import CALL, ERROR, KEY, Input
from .pins import (  # the key and pin names, for those who import them from here
    ALL_SEATS,
    BUTTONS,
    CALL_KEYS,
    DEFAULT_PINS,
    LEDS,
    LEVELS,
    SEAT_LEDS,
    STRAINS,
    validate_pins,
)

SOURCE = "bidbox"


def leds_from(turn_seats: Iterable[int] | int, error: bool = False) -> tuple[set[int], bool]:
    """(seats 0..3, error) from a set of seats, or from the protocol's LEDS byte.

    The byte is the serial bidding box's (firmware_bridge.protocol): bit n is
    seat n's turn LED, bit 7 (LED_ERROR) the error LED; the table's loop sends
    the same byte to every device.
    """
    if isinstance(turn_seats, int):
        if turn_seats & ~(ALL_SEATS | LED_ERROR):
            raise ValueError(f"LED mask must use bits 0..3 (seats) and 7 (error), got {turn_seats}")
        seats = {seat for seat in range(len(SEAT_LEDS)) if turn_seats >> seat & 1}
        return seats, error or bool(turn_seats & LED_ERROR)
    seats = set(turn_seats)
    bad = sorted(seat for seat in seats if seat not in range(len(SEAT_LEDS)))
    if bad:
        raise ValueError(f"seats must be 0..3, got {bad}")
    return seats, error


class GpioBidBox:
    """The bidding box's buttons and LEDs; puts `Input`s on `out`, never calls the engine.

    pins: the pin map (validated; DEFAULT_PINS if None).
    pin_factory: passed to every gpiozero device (tests: MockFactory()).
    debounce, hold: seconds (see debounce.py).
    clock: seconds, monotonic; a fake clock goes with auto_settle=False.
    auto_settle: run the settle thread; without it, call `settle()` yourself.
    """

    def __init__(
        self,
        pins: Mapping[str, int] | None,
        out: queue.Queue,
        *,
        pin_factory=None,
        debounce: float = DEBOUNCE,
        hold: float = HOLD,
        clock: Callable[[], float] = time.monotonic,
        auto_settle: bool = True,
    ):
        self.pins = validate_pins(DEFAULT_PINS if pins is None else pins)
        self._out = out
        self._clock = clock
        self._cond = threading.Condition()  # guards all state below; wakes the thread
        self._level: str | None = None  # a level key waiting for its strain
        self._undo_held = False  # UNDO reached its hold: MENU sent, release is silent
        self._closed = False
        self._buttons: dict[str, DigitalInputDevice] = {}
        self._leds: dict[str, LED] = {}
        self._debouncers: dict[str, Debouncer] = {}
        try:
            for name in BUTTONS:
                self._add_button(name, pin_factory, debounce, hold)
            for name in LEDS:
                if name in self.pins:
                    self._leds[name] = LED(self.pins[name], pin_factory=pin_factory)
        except Exception:
            self._close_devices()  # release what was claimed, so a retry can succeed
            raise
        self._thread = None
        if auto_settle:
            self._thread = threading.Thread(target=self._settle_loop, name="bidbox", daemon=True)
            self._thread.start()

    def _add_button(self, name: str, pin_factory, debounce: float, hold: float) -> None:
        button = DigitalInputDevice(
            self.pins[name], pull_up=True, bounce_time=None, pin_factory=pin_factory
        )
        self._buttons[name] = button
        self._debouncers[name] = Debouncer(
            debounce,
            hold if name == "UNDO" else None,  # only UNDO has a hold gesture
            pressed=button.is_active,
            clock=self._clock,
        )
        button.when_activated = partial(self._edge, name, True)
        button.when_deactivated = partial(self._edge, name, False)

    # -- inputs -------------------------------------------------------------

    @property
    def pending_level(self) -> str | None:
        """The level key waiting for a strain, if any."""
        return self._level

    def settle(self) -> None:
        """Report whatever has settled by now (the settle thread calls this too)."""
        with self._cond:
            self._settle_all(self._clock())

    def _edge(self, name: str, pressed: bool) -> None:
        # Called from gpiozero's callback thread (on MockFactory: the test's thread).
        with self._cond:
            if self._closed:
                return
            now = self._clock()
            # Settle every button first: a late settle must not let this edge
            # overtake an earlier press on another key (e.g. "3" then "NT").
            self._settle_all(now)
            self._debouncers[name].update(pressed, now)
            self._cond.notify()

    def _settle_all(self, now: float) -> None:
        due = [
            (event.at, index, name, event.kind)
            for index, (name, debouncer) in enumerate(self._debouncers.items())
            for event in debouncer.settle(now)
        ]
        for _at, _index, name, kind in sorted(due):
            self._on_event(name, kind)

    def _settle_loop(self) -> None:
        with self._cond:
            while not self._closed:
                self._settle_all(self._clock())
                deadlines = [d.deadline() for d in self._debouncers.values()]
                deadlines = [d for d in deadlines if d is not None]
                timeout = max(0.0, min(deadlines) - self._clock()) if deadlines else None
                self._cond.wait(timeout)

    def _on_event(self, name: str, kind: str) -> None:
        if name == "UNDO":
            self._on_undo(kind)
        elif kind == PRESS:
            self._on_press(name)

    def _on_undo(self, kind: str) -> None:
        if kind == PRESS:
            self._undo_held = False
        elif kind == HOLD_EVENT:
            self._undo_held = True
            self._put(KEY, "MENU")
        elif kind == RELEASE and not self._undo_held:
            self._put(KEY, "UNDO")

    def _on_press(self, name: str) -> None:
        if name in LEVELS:
            self._level = name  # a second level replaces the first
        elif name in STRAINS:
            if self._level is None:
                self._put(ERROR, msg("press a level first"))
            else:
                self._put(CALL, self._level + name)
        elif name in CALL_KEYS:
            self._put(CALL, name)
        else:
            self._put(KEY, name)

    def _put(self, kind: str, value: str) -> None:
        self._level = None  # any call or key ends a half-made bid
        self._out.put(Input(kind, value, source=SOURCE))

    # -- outputs ------------------------------------------------------------

    def set_leds(self, turn_seats: Iterable[int] | int = (), error: bool = False) -> None:
        """Light the turn LEDs of `turn_seats` and the error LED; all others go dark.

        turn_seats: a set of seats, or the protocol's LEDS byte (see leds_from).
        A seat whose LED is not wired (seat2/seat3 on a two-player box) is ignored.
        """
        seats, error = leds_from(turn_seats, error)
        for seat, name in enumerate(SEAT_LEDS):
            if name in self._leds:
                self._leds[name].value = seat in seats
        self._leds["error"].value = error

    def beep(self, pattern: int) -> None:
        """The GPIO box has no buzzer: the screen and the serial devices sound instead."""

    def acknowledge(self, item: Input) -> None:
        """A key press is put on the queue once and never resent: nothing to stop."""

    def forget(self, item: Input) -> None:
        """A press that could not be stored is gone (the screen says so): no resend."""

    # -- lifetime -----------------------------------------------------------

    def close(self) -> None:
        """Stop the settle thread and release every pin (safe to call twice)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join()
        self._close_devices()

    def _close_devices(self) -> None:
        for device in [*self._buttons.values(), *self._leds.values()]:
            device.close()

    def __enter__(self) -> GpioBidBox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
