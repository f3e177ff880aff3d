"""The bidding box's keys, LEDs and their pins on the Pi's header (BCM numbers).

Apart from device/hal/bidbox_gpio.py so that the config file's [gpio] map is checked
without gpiozero: a machine with no GPIO still reads, and says what is wrong with, the
pins it is given.
"""

from __future__ import annotations

from collections.abc import Mapping

LEVELS = ("1", "2", "3", "4", "5", "6", "7")
STRAINS = ("C", "D", "H", "S", "NT")
CALL_KEYS = ("P", "X", "XX")
BUTTONS = LEVELS + STRAINS + CALL_KEYS + ("OK", "UNDO")
SEAT_LEDS = ("seat0", "seat1", "seat2", "seat3")
LEDS = SEAT_LEDS + ("error",)
ALL_SEATS = (1 << len(SEAT_LEDS)) - 1
REQUIRED = BUTTONS + ("seat0", "seat1", "error")  # seat2/seat3 LEDs are optional

# BCM numbers. Leaves free 0/1 (HAT ID EEPROM), 2/3 (I2C) and 14/15 (UART, for
# a serial scanner); the LEDs sit on the SPI pins, so move them in the config
# file if a device needs SPI. Exactly 22 header pins remain for 17 + 5.
DEFAULT_PINS: dict[str, int] = {
    "1": 4,
    "2": 17,
    "3": 27,
    "4": 22,
    "5": 5,
    "6": 6,
    "7": 13,
    "C": 19,
    "D": 26,
    "H": 18,
    "S": 23,
    "NT": 24,
    "P": 25,
    "X": 12,
    "XX": 16,
    "OK": 20,
    "UNDO": 21,
    "seat0": 7,
    "seat1": 8,
    "seat2": 9,
    "seat3": 10,
    "error": 11,
}

MAX_BCM = 27  # the 40-pin header carries BCM 0..27


def validate_pins(pins: Mapping[str, int]) -> dict[str, int]:
    """Check a pin map (e.g. the config file's) and return it as a plain dict.

    Raises ValueError naming unknown keys, missing keys, bad numbers or a pin
    used twice.
    """
    unknown = [name for name in pins if name not in BUTTONS + LEDS]
    if unknown:
        raise ValueError(
            f"unknown bidding box pin names {unknown}; known: {', '.join(BUTTONS + LEDS)}"
        )
    missing = [name for name in REQUIRED if name not in pins]
    if missing:
        raise ValueError(f"bidding box pin map is missing {missing}")
    used: dict[int, str] = {}
    for name, pin in pins.items():
        if isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= MAX_BCM:
            raise ValueError(f"pin for {name!r} must be a BCM number 0..{MAX_BCM}, got {pin!r}")
        if pin in used:
            raise ValueError(f"BCM pin {pin} is used twice: by {used[pin]!r} and {name!r}")
        used[pin] = name
    return dict(pins)
