"""What `honeymoon run --simulate` asks of a simulated device: one declared interface.

A simulated device is the far end of the wire (it speaks the real protocol, or lays
photos for the real camera process), so it is not a device.hal Device: the table
never answers it directly. Both kinds, the serial SimDevice and the camera's player
SimCamera, implement the whole of `Simulated`; what only one of them needs is a no-op
(or None) on the other, so the table never asks which kind it has.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from device.hal.interface import Device


@runtime_checkable
class Simulated(Protocol):
    kind: str  # "scanner" or "bidbox"
    decks: Path | None  # its own deck profiles (a simulated camera's); None: the table's

    @property
    def url(self) -> str | None:
        """The port the table opens for it; None: the table opens the scanner it was given
        (a simulated camera lays photos for the real camera process)."""

    def start(self) -> Simulated:
        """Begin (open its link, or photograph its deck in the background)."""

    def stop(self) -> None:
        """End, letting its link or its helper processes go."""

    def wait_ready(self, timeout: float = ...) -> bool:
        """Block until the table may open it; False if it cannot be ready."""

    def attach(self, device: Device) -> None:
        """Hear the table's answers through the table's own device for it."""

    def card(self, code: str | None = None, uid: bytes | None = None) -> bool:
        """A card is scanned (or laid on the spot)."""

    def answer(self, timeout: float = 10.0) -> str | None:
        """How the table answered the latest input, as a person at the table hears it."""
