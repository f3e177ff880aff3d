"""The GPIO bidding box on gpiozero's MockFactory: keys, bids, hold, bounce, LEDs, pin maps.

Most tests use a fake clock and call `box.settle()` where the settle thread
would, so bounce timings are exact and the suite is fast. A press is the pin
driven low (the button shorts the pulled-up pin to ground).
"""

import queue
import random
import threading
import time

import pytest
from gpiozero import LED
from gpiozero.exc import GPIOPinInUse
from gpiozero.pins.mock import MockFactory

from device.engine.calls import Call
from device.hal.bidbox_gpio import (
    BUTTONS,
    DEFAULT_PINS,
    LEVELS,
    STRAINS,
    GpioBidBox,
    validate_pins,
)
from device.hal.debounce import DEBOUNCE, HOLD, HOLD_EVENT, PRESS, RELEASE, Debouncer, Event
from device.hal.events import CALL, ERROR, KEY, Input
from firmware_bridge.protocol import LED_ERROR

BOUNCE_GAP = 0.004  # well inside the debounce window
SETTLED = DEBOUNCE + 0.005  # well past it
TWO_PLAYER_PINS = {k: v for k, v in DEFAULT_PINS.items() if k not in ("seat2", "seat3")}


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class Rig:
    """A MockFactory bidding box with a fake clock, and a finger to press its keys."""

    def __init__(self, pins=DEFAULT_PINS):
        self.factory = MockFactory()
        self.clock = FakeClock()
        self.out = queue.Queue()
        self.box = GpioBidBox(
            pins, self.out, pin_factory=self.factory, clock=self.clock, auto_settle=False
        )

    def pin(self, key):
        return self.factory.pin(self.box.pins[key])

    def bounce(self, key, to_pressed, times, gap=BOUNCE_GAP):
        """`times` fast flickers (to the new level and back) before the level takes."""
        pin = self.pin(key)
        first, second = (
            (pin.drive_low, pin.drive_high) if to_pressed else (pin.drive_high, pin.drive_low)
        )
        for _ in range(times):
            first()
            self.clock.advance(gap)
            second()
            self.clock.advance(gap)
        first()

    def down(self, key, bounces=0):
        self.bounce(key, True, bounces)
        self.clock.advance(SETTLED)
        self.box.settle()

    def up(self, key, bounces=0):
        self.bounce(key, False, bounces)
        self.clock.advance(SETTLED)
        self.box.settle()

    def press(self, *keys, bounces=0, hold_for=0.1):
        for key in keys:
            self.down(key, bounces)
            self.clock.advance(hold_for)
            self.box.settle()
            self.up(key, bounces)

    def inputs(self):
        got = []
        while not self.out.empty():
            got.append(self.out.get_nowait())
        return got

    def values(self):
        return [(i.kind, i.value) for i in self.inputs()]


@pytest.fixture
def rig():
    rig = Rig()
    yield rig
    rig.box.close()


# -- the debouncer on its own ------------------------------------------------


def test_debouncer_counts_a_press_only_after_the_level_is_stable():
    deb = Debouncer(0.02, clock=lambda: 0.0)
    assert deb.update(True, 1.0) == []
    assert deb.settle(1.019) == [] and not deb.pressed
    assert deb.deadline() == 1.0 + 0.02
    assert deb.settle(1.0 + 0.02) == [Event(PRESS, 1.0 + 0.02)] and deb.pressed
    assert deb.deadline() is None  # no hold configured: nothing more to wait for
    assert deb.update(False, 2.0) == [] and deb.settle(2.05) == [Event(RELEASE, 2.02)]


def test_debouncer_ignores_flicker_and_repeated_samples():
    deb = Debouncer(0.02, clock=lambda: 0.0)
    events = []
    for at, level in [(1.0, True), (1.005, False), (1.01, True), (1.015, False), (1.02, True)]:
        events += deb.update(level, at)
    events += deb.update(True, 1.03)  # a poll sample at the same level changes nothing
    assert events == []
    assert deb.settle(1.05) == [Event(PRESS, 1.02 + 0.02)]
    assert deb.update(False, 1.06) + deb.update(True, 1.07) + deb.settle(2.0) == []


def test_debouncer_settles_on_the_next_edge_when_settle_was_not_called():
    deb = Debouncer(0.02, clock=lambda: 0.0)
    deb.update(True, 1.0)
    assert deb.update(False, 1.5) == [Event(PRESS, 1.02)]


def test_debouncer_reports_a_hold_once_and_only_for_a_long_press():
    deb = Debouncer(0.02, 1.0, clock=lambda: 0.0)
    deb.update(True, 1.0)
    assert deb.settle(1.5) == [Event(PRESS, 1.02)]
    assert deb.deadline() == 2.0
    assert deb.settle(1.99) == []
    assert deb.settle(2.5) == [Event(HOLD_EVENT, 2.0)]
    assert deb.settle(5.0) == [] and deb.deadline() is None
    deb.update(False, 6.0)
    assert [e.kind for e in deb.settle(6.1)] == [RELEASE]
    events = deb.update(True, 7.0) + deb.update(False, 7.9) + deb.settle(9.0)
    assert [e.kind for e in events] == [PRESS, RELEASE]  # 0.9 s: no hold


def test_debouncer_postpones_a_hold_that_falls_inside_a_glitch():
    deb = Debouncer(0.02, 1.0, clock=lambda: 0.0)
    deb.update(True, 1.0)
    assert deb.update(False, 1.995) == [Event(PRESS, 1.02)]  # opens just before the hold...
    assert deb.settle(2.01) == []
    assert deb.update(True, 2.005) == []  # ...and closes again within the debounce window
    assert deb.settle(2.5) == [Event(HOLD_EVENT, 2.005)]


def test_debouncer_treats_a_button_held_at_start_as_settled():
    deb = Debouncer(0.02, 1.0, pressed=True, clock=lambda: 0.0)
    assert deb.settle(10.0) == [] and deb.pressed
    deb.update(False, 11.0)
    assert deb.settle(12.0) == [Event(RELEASE, 11.02)]


def test_debouncer_refuses_bad_timings():
    with pytest.raises(ValueError, match="debounce"):
        Debouncer(0)
    with pytest.raises(ValueError, match="hold"):
        Debouncer(0.02, 0.01)


# -- keys, calls and bids ------------------------------------------------------


@pytest.mark.parametrize("key", ["P", "X", "XX"])
def test_call_keys_put_calls(rig, key):
    rig.down(key)
    assert rig.inputs() == [Input(CALL, key, source="bidbox")]  # on press, not release
    rig.up(key)
    assert rig.inputs() == []
    assert Call.parse(key).text == key


def test_ok_puts_a_key_on_press(rig):
    rig.down("OK")
    assert rig.inputs() == [Input(KEY, "OK", source="bidbox")]
    rig.up("OK")
    assert rig.inputs() == []


def test_undo_puts_a_key_on_release(rig):
    rig.down("UNDO")
    assert rig.inputs() == []  # might still become a hold
    rig.up("UNDO")
    assert rig.inputs() == [Input(KEY, "UNDO", source="bidbox")]


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_then_a_strain_makes_a_bid(rig, level):
    for strain in STRAINS:
        rig.press(level)
        assert rig.inputs() == [] and rig.box.pending_level == level
        rig.press(strain)
        assert rig.inputs() == [Input(CALL, level + strain, source="bidbox")]
        assert Call.parse(level + strain).text == level + strain
        assert rig.box.pending_level is None


def test_a_second_level_replaces_the_first(rig):
    rig.press("3", "5", "H")
    assert rig.values() == [(CALL, "5H")]


def test_a_strain_without_a_level_is_an_error(rig):
    rig.press("NT")
    assert rig.inputs() == [Input(ERROR, "press a level first", source="bidbox")]
    rig.press("2", "NT", "NT")
    assert rig.values() == [(CALL, "2NT"), (ERROR, "press a level first")]


@pytest.mark.parametrize("key", ["P", "X", "XX", "OK", "UNDO"])
def test_any_other_key_drops_a_pending_level(rig, key):
    rig.press("4", key, "S")
    values = rig.values()
    assert len(values) == 2 and values[1] == (ERROR, "press a level first")


# -- hold ----------------------------------------------------------------------


def test_holding_undo_puts_menu_while_held_and_nothing_on_release(rig):
    rig.down("UNDO")
    rig.clock.advance(HOLD - SETTLED - 0.01)
    rig.box.settle()
    assert rig.inputs() == []
    rig.clock.advance(0.02)
    rig.box.settle()
    assert rig.inputs() == [Input(KEY, "MENU", source="bidbox")]
    rig.clock.advance(5)
    rig.box.settle()
    rig.up("UNDO", bounces=3)
    assert rig.inputs() == []  # one MENU, no UNDO


def test_a_press_just_short_of_the_hold_is_undo(rig):
    rig.press("UNDO", hold_for=HOLD - 2 * SETTLED)
    assert rig.values() == [(KEY, "UNDO")]
    rig.press("UNDO", hold_for=HOLD)
    assert rig.values() == [(KEY, "MENU")]


def test_holding_another_key_is_one_press(rig):
    rig.press("P", hold_for=3 * HOLD)
    assert rig.values() == [(CALL, "P")]


def test_a_glitch_during_a_hold_neither_releases_nor_repeats(rig):
    rig.down("UNDO")
    rig.clock.advance(0.5)
    rig.bounce("UNDO", False, 0)  # contact opens...
    rig.clock.advance(BOUNCE_GAP)
    rig.pin("UNDO").drive_low()  # ...and closes again within the debounce window
    rig.clock.advance(HOLD)
    rig.box.settle()
    rig.up("UNDO")
    assert rig.values() == [(KEY, "MENU")]


# -- bounce ----------------------------------------------------------------------


def test_a_bouncy_press_is_one_input(rig):
    rig.bounce("P", True, 5)
    assert rig.inputs() == []  # still bouncing: nothing counts yet
    rig.clock.advance(SETTLED)
    assert rig.inputs() == []  # settled, but no edge came: only settle() reports it
    rig.box.settle()
    assert rig.values() == [(CALL, "P")]
    rig.up("P", bounces=5)
    rig.press("P", bounces=7)
    assert rig.values() == [(CALL, "P")]


def test_a_bouncy_bid_is_one_call(rig):
    rig.press("6", "C", bounces=4)
    assert rig.values() == [(CALL, "6C")]


def test_a_press_shorter_than_the_debounce_is_ignored(rig):
    rig.pin("X").drive_low()
    rig.clock.advance(DEBOUNCE / 2)
    rig.pin("X").drive_high()
    rig.clock.advance(1)
    rig.box.settle()
    assert rig.inputs() == []


def test_late_settling_keeps_the_order_of_presses(rig):
    # No settle() between keys: each edge settles what was due before it.
    for key in ["3", "NT"]:
        rig.bounce(key, True, 2)
        rig.clock.advance(0.1)
        rig.bounce(key, False, 2)
        rig.clock.advance(0.1)
    assert rig.values() == [(CALL, "3NT")]


def test_presses_settled_together_are_taken_in_the_order_they_happened(rig):
    rig.pin("NT").drive_low()
    rig.clock.advance(DEBOUNCE / 4)
    rig.pin("3").drive_low()  # before NT has settled: both settle in one go below
    rig.clock.advance(1)
    rig.box.settle()
    assert rig.values() == [(ERROR, "press a level first")]  # NT first, then level 3
    assert rig.box.pending_level == "3"


def test_settle_thread_reports_presses_without_further_edges():
    factory, out = MockFactory(), queue.Queue()
    with GpioBidBox(DEFAULT_PINS, out, pin_factory=factory, debounce=0.01, hold=0.2) as box:
        pin = factory.pin(DEFAULT_PINS["P"])
        for _ in range(3):  # flickers back to back: far inside 10 ms
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        assert out.get(timeout=2) == Input(CALL, "P", source="bidbox")
        pin.drive_high()
        undo = factory.pin(DEFAULT_PINS["UNDO"])
        undo.drive_low()
        assert out.get(timeout=2) == Input(KEY, "MENU", source="bidbox")  # while held
        undo.drive_high()
        time.sleep(0.05)
        assert out.empty()
        thread = box._thread
    assert not thread.is_alive()


# -- the acceptance test -------------------------------------------------------

ONE_INPUT_KEYS = ["P", "X", "XX", "OK", "UNDO", *STRAINS]  # strains alone: an error each


def expected_inputs(keys):
    """What the box should put for these key presses (a tiny model of its rules)."""
    level, out = None, []
    for key in keys:
        if key in LEVELS:
            level = key
            continue
        if key in STRAINS:
            out.append((CALL, level + key) if level else (ERROR, "press a level first"))
        else:
            out.append((KEY if key in ("OK", "UNDO") else CALL, key))
        level = None
    return out


def bouncy_presses(rig, keys, seed):
    """Press `keys` with random bounce, glitches, hold times and (sometimes) late settling."""
    rng = random.Random(seed)
    for key in keys:
        rig.bounce(key, True, rng.randrange(6), gap=rng.uniform(0.0005, 0.009))
        rig.clock.advance(rng.uniform(SETTLED, 0.1))
        if rng.random() < 0.7:  # else the next edge settles it
            rig.box.settle()
        if rng.random() < 0.2:  # a glitch mid-press
            rig.bounce(key, False, 0)
            rig.clock.advance(rng.uniform(0.0005, 0.009))
            rig.pin(key).drive_low()
        rig.clock.advance(rng.uniform(0, 0.4))  # total stays well under HOLD
        rig.bounce(key, False, rng.randrange(6), gap=rng.uniform(0.0005, 0.009))
        rig.clock.advance(rng.uniform(SETTLED, 0.3))
        if rng.random() < 0.7:
            rig.box.settle()
    rig.box.settle()


def test_ten_thousand_bouncy_presses_give_exactly_ten_thousand_inputs(rig):
    rng = random.Random(2024)
    keys = [rng.choice(ONE_INPUT_KEYS) for _ in range(10_000)]
    bouncy_presses(rig, keys, seed=1)
    got = rig.values()
    assert len(got) == 10_000
    assert got == expected_inputs(keys)


def test_thousands_of_bouncy_presses_over_every_key_give_the_modelled_inputs(rig):
    rng = random.Random(7)
    keys = [rng.choice(BUTTONS) for _ in range(3_000)]
    bouncy_presses(rig, keys, seed=2)
    assert rig.values() == expected_inputs(keys)


# -- LEDs ----------------------------------------------------------------------


def lit(rig):
    names = ["seat0", "seat1", "seat2", "seat3", "error"]
    return {name for name in names if name in rig.box.pins and rig.pin(name).state}


def test_leds_start_dark_and_follow_set_leds(rig):
    assert lit(rig) == set()
    rig.box.set_leds({0})
    assert lit(rig) == {"seat0"}
    rig.box.set_leds({1, 3}, error=True)
    assert lit(rig) == {"seat1", "seat3", "error"}
    rig.box.set_leds(0b0101)  # the protocol's LEDS byte: bit n is seat n...
    assert lit(rig) == {"seat0", "seat2"}
    rig.box.set_leds(LED_ERROR | 0b0010)  # ...and bit 7 the error LED
    assert lit(rig) == {"seat1", "error"}
    rig.box.set_leds()
    assert lit(rig) == set()


def test_set_leds_refuses_seats_that_do_not_exist(rig):
    for bad in ({4}, {-1}, 0x10, 0x40, 0x100, -1):
        with pytest.raises(ValueError, match="seats|bits 0..3"):
            rig.box.set_leds(bad)


def test_a_two_player_box_ignores_seats_it_has_no_led_for():
    rig = Rig(TWO_PLAYER_PINS)
    try:
        rig.box.set_leds({1, 2}, error=True)
        assert lit(rig) == {"seat1", "error"}
    finally:
        rig.box.close()


# -- pin maps and pins -----------------------------------------------------------


def test_default_pins_are_valid_and_distinct():
    assert validate_pins(DEFAULT_PINS) == DEFAULT_PINS
    assert set(BUTTONS) <= set(DEFAULT_PINS) and len(BUTTONS) == 17
    assert len(set(DEFAULT_PINS.values())) == len(DEFAULT_PINS) == 22
    assert validate_pins(TWO_PLAYER_PINS) == TWO_PLAYER_PINS


@pytest.mark.parametrize(
    "change, message",
    [
        ({"Pass": 2}, r"unknown .*'Pass'"),
        ({"OK": None}, r"missing \['OK'\]"),
        ({"seat1": None, "error": None}, r"missing \['seat1', 'error'\]"),
        ({"X": DEFAULT_PINS["XX"]}, r"BCM pin 16 is used twice: by 'X' and 'XX'"),
        ({"error": 28}, r"'error' must be a BCM number 0..27, got 28"),
        ({"1": -1}, r"'1' must be a BCM number"),
        ({"1": "4"}, r"'1' must be a BCM number"),
        ({"1": True}, r"'1' must be a BCM number"),
    ],
)
def test_bad_pin_maps_are_refused_with_the_problem_named(change, message):
    pins = {**DEFAULT_PINS, **change}
    pins = {k: v for k, v in pins.items() if v is not None}
    with pytest.raises(ValueError, match=message):
        validate_pins(pins)
    with pytest.raises(ValueError, match=message):
        GpioBidBox(pins, queue.Queue(), pin_factory=MockFactory())


def test_close_releases_the_pins_and_ignores_later_edges(rig):
    rig.box.close()
    rig.box.close()  # twice is fine
    rig.pin("P").drive_low()
    rig.clock.advance(1)
    assert rig.inputs() == []
    again = GpioBidBox(DEFAULT_PINS, queue.Queue(), pin_factory=rig.factory, auto_settle=False)
    again.close()


def test_a_failed_start_releases_the_pins_it_took():
    factory = MockFactory()
    squatter = LED(DEFAULT_PINS["error"], pin_factory=factory)  # the last device we'd claim
    with pytest.raises(GPIOPinInUse):
        GpioBidBox(DEFAULT_PINS, queue.Queue(), pin_factory=factory)
    squatter.close()
    GpioBidBox(DEFAULT_PINS, queue.Queue(), pin_factory=factory).close()
    assert not [t for t in threading.enumerate() if t.name == "bidbox"]
