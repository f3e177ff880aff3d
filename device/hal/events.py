"""One input type for everything the table can receive from its devices."""

from __future__ import annotations

from dataclasses import dataclass

CARD = "card"  # a card was seen: `value` is its code ("SA"), or `uid` its raw tag
CALL = "call"  # a call was pressed: "1S", "3NT", "P", "X", "XX"
KEY = "key"  # a key was pressed: "OK", "UNDO", "MENU"
CONNECTED = "connected"  # a device said HELLO: `value` is its kind
LOST = "lost"  # a device went away: `value` says why
ERROR = "error"  # a device reported a problem: `value` is its reason

KINDS = (CARD, CALL, KEY, CONNECTED, LOST, ERROR)


@dataclass(frozen=True)
class Input:
    """Something a device (or the screen) says to the table.

    source: which device ("scanner", "bidbox", "touch", "keyboard").
    session: (device id, boot number) of a serial device, for exactly-once.
    seq: the frame's seq within that session; None for non-serial inputs.
    """

    kind: str
    value: str = ""
    source: str = ""
    uid: bytes | None = None
    session: tuple[str, int] | None = None
    seq: int | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown input kind {self.kind!r}")

    def __str__(self) -> str:
        what = self.value or (self.uid.hex() if self.uid else "")
        return f"{self.source or 'device'} {self.kind} {what}".strip()
