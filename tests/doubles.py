"""Test doubles the tests share, each written once."""

from __future__ import annotations

from device.hal.interface import NullDevice


class NotingDevice(NullDevice):
    """A device that notes what the table and its loop ask of it: `said` in order
    (("ack", seq), ("forget", seq), ("beep", pattern)), and the beeps and LED masks
    apart (`beeps`, `leds`)."""

    def __init__(self):
        self.said: list[tuple] = []
        self.beeps: list[int] = []
        self.leds: list[int] = []

    def acknowledge(self, item) -> None:
        self.said.append(("ack", item.seq))

    def forget(self, item) -> None:
        self.said.append(("forget", item.seq))

    def beep(self, pattern: int) -> None:
        self.said.append(("beep", pattern))
        self.beeps.append(pattern)

    def set_leds(self, mask: int) -> None:
        self.leds.append(mask)
