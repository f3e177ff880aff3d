"""What the table asks of a device: one small declared interface, and a null device.

The table's loop (device/loop.py) answers every device through these five calls and
nothing else, so it never asks a device what it can do: a serial scanner, a serial or
GPIO bidding box and a camera all implement `Device`; a device that is absent (the
screen's own inputs, a box not plugged in) is the `NullDevice`, which hears every
call and does nothing.

A scanner that is a camera also implements `Camera` (it learns cards, shows what it
sees, keeps its profiles): the screen pairs a deck with it and opens the camera page
only for one. A Pico scanner (SerialDevice) is not one: it ignores LEARN and has no
preview folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .events import Input


@runtime_checkable
class Device(Protocol):
    """A device at the table, as the loop answers it."""

    def acknowledge(self, item: Input) -> None:
        """`item` is stored (or refused): the device stops resending it."""

    def forget(self, item: Input) -> None:
        """`item` could not be stored: its resend is to be handed over again."""

    def set_leds(self, mask: int) -> None:
        """The turn LEDs (bit n: seat n) and the error LED (protocol.LED_ERROR)."""

    def beep(self, pattern: int) -> None:
        """Sound a protocol BEEP_* pattern, where the device has a buzzer."""

    def close(self) -> None:
        """Let the device go (its thread, its port or its pins); safe to call twice."""


@runtime_checkable
class Camera(Device, Protocol):
    """A scanner that is a camera: it learns cards and shows what it sees."""

    preview_dir: Path | None  # where it writes what it sees (None once it has stopped)
    decks: Path | None  # where it keeps its profiles (None: the data folder's decks/)

    def learn(self, card: str | None) -> None:
        """Learn `card` from the next card laid still on the spot (None: stop)."""

    def preview(self, on: bool) -> None:
        """Write what it sees into `preview_dir`, or stop."""


class NullDevice:
    """A device that is not there: every call is heard and does nothing."""

    def acknowledge(self, item: Input) -> None:
        pass  # nothing resends: nothing to stop

    def forget(self, item: Input) -> None:
        pass  # nothing resends: nothing to hand over again

    def set_leds(self, mask: int) -> None:
        pass  # no LEDs

    def beep(self, pattern: int) -> None:
        pass  # no buzzer

    def close(self) -> None:
        pass  # nothing held


NULL_DEVICE = NullDevice()
