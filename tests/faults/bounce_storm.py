"""Bounce storm: the GPIO bidding box (device.hal.bidbox_gpio) on gpiozero's
MockFactory with a fake clock, under a storm of bouncy presses over every key.

Each press bounces on closing and on opening (up to 12 flickers, each shorter
than the debounce time), may glitch open mid-press, may roll over into the
next key while still held, and UNDO is sometimes held into MENU. Between
presses, spikes shorter than the debounce time hit random keys. Settling is
sometimes left to the next edge. The box must put exactly the inputs a small
model of its rules expects: one per press (none for a level on its own).
"""

from __future__ import annotations

import queue
import random
from collections import Counter

from gpiozero.pins.mock import MockFactory

from device.hal.bidbox_gpio import BUTTONS, DEFAULT_PINS, LEVELS, STRAINS, GpioBidBox
from device.hal.debounce import DEBOUNCE, HOLD
from device.hal.events import CALL, ERROR, KEY

FLICKER_MAX_S = DEBOUNCE * 0.45  # each half of a flicker: two stay under the debounce time
SETTLED_S = DEBOUNCE + 0.002


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Storm:
    """A MockFactory box, a fake clock, and a finger with a tremor."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.factory = MockFactory()
        self.clock = Clock()
        self.out: queue.Queue = queue.Queue()
        self.box = GpioBidBox(
            DEFAULT_PINS, self.out, pin_factory=self.factory, clock=self.clock, auto_settle=False
        )
        self.kinds: Counter = Counter()

    def pin(self, key: str):
        return self.factory.pin(DEFAULT_PINS[key])

    def _maybe_settle(self) -> None:
        if self.rng.random() < 0.7:  # else the next edge settles it
            self.box.settle()

    def flicker(self, key: str, closed: bool) -> None:
        """Bounce, then leave the contact `closed` (or open) for good."""
        pin, rng = self.pin(key), self.rng
        to, back = (pin.drive_low, pin.drive_high) if closed else (pin.drive_high, pin.drive_low)
        for _ in range(rng.randrange(13)):
            to()
            self.clock.advance(rng.uniform(0.0001, FLICKER_MAX_S))
            back()
            self.clock.advance(rng.uniform(0.0001, FLICKER_MAX_S))
        to()
        self.clock.advance(rng.uniform(SETTLED_S, 0.05))
        self._maybe_settle()

    def spike(self) -> None:
        """A contact that closes for less than the debounce time: nothing."""
        pin = self.pin(self.rng.choice(BUTTONS))
        pin.drive_low()
        self.clock.advance(self.rng.uniform(0.0001, DEBOUNCE * 0.9))
        pin.drive_high()
        self.clock.advance(SETTLED_S)
        self.kinds["spikes"] += 1

    def press(self, key: str, then: str | None = None) -> None:
        """One bouncy press of `key`; with `then`, roll over into it while still held."""
        rng = self.rng
        self.flicker(key, True)
        if rng.random() < 0.15:  # a glitch: the contact opens for a moment
            self.pin(key).drive_high()
            self.clock.advance(rng.uniform(0.0001, FLICKER_MAX_S))
            self.pin(key).drive_low()
            self.kinds["glitches"] += 1
        if key == "UNDO" and rng.random() < 0.3:
            self.clock.advance(HOLD + rng.uniform(0.01, 0.5))  # held into MENU
            self.kinds["holds"] += 1
        else:
            self.clock.advance(rng.uniform(0, HOLD * 0.6))
        if then is not None:
            self.flicker(then, True)  # both held now
            self.kinds["rollovers"] += 1
        self.flicker(key, False)
        if then is not None:
            self.clock.advance(rng.uniform(0, HOLD * 0.3))
            self.flicker(then, False)
        self.box.settle()

    def inputs(self) -> list[tuple[str, str]]:
        got = []
        while not self.out.empty():
            item = self.out.get_nowait()
            got.append((item.kind, item.value))
        return got


def expected_inputs(presses: list[tuple[str, bool]]) -> list[tuple[str, str]]:
    """The box's rules in small: (key, held into MENU) in order -> inputs."""
    level, out = None, []
    for key, held in presses:
        if key in LEVELS:
            level = key
            continue
        if key in STRAINS:
            out.append((CALL, level + key) if level else (ERROR, "press a level first"))
        elif key == "UNDO":
            out.append((KEY, "MENU" if held else "UNDO"))
        else:
            out.append((KEY if key == "OK" else CALL, key))
        level = None
    return out


def run(presses: int = 100_000, seed: int = 1) -> dict:
    storm = Storm(seed)
    rng, done = storm.rng, []
    try:
        while len(done) < presses:
            for _ in range(rng.randrange(3)):
                storm.spike()
            key = rng.choice(BUTTONS)
            holds = storm.kinds["holds"]
            # Roll over only between keys that put their input on the press (not UNDO).
            then = None
            if key != "UNDO" and rng.random() < 0.1:
                then = rng.choice([b for b in BUTTONS if b not in (key, "UNDO")])
            storm.press(key, then)
            done.append((key, storm.kinds["holds"] > holds))
            if then is not None:
                done.append((then, False))
        got = storm.inputs()
    finally:
        storm.box.close()
    want = expected_inputs(done)
    problems = [] if got == want else [f"{len(got)} inputs, the model expects {len(want)}"]
    return {
        "presses": len(done),
        "inputs": len(got),
        "expected": len(want),
        **storm.kinds,
        "problems": problems,
    }


def summary(result: dict) -> str:
    return (
        f"bounce storm: {result['presses']} bouncy presses ({result.get('rollovers', 0)} rolled "
        f"over, {result.get('glitches', 0)} glitches, {result.get('holds', 0)} held into MENU, "
        f"{result.get('spikes', 0)} spikes between), {result['inputs']} inputs, "
        f"{result['expected']} expected"
    )
