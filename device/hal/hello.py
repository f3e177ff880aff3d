"""What the table makes of a device's HELLO, whatever its values hold.

PROTOCOL.md asks for `kind`, `fw`, `id` and `boot`. A HELLO that lacks one
of them is refused (the device's inputs wait, unacknowledged, until it sends
a good one). Any *value* is taken: a boot number that is huge, negative, not
a number or empty, an empty or odd id, control characters, invalid UTF-8.
What is odd is listed in `problems`, for the log.

The session that keeps inputs exactly-once is (`key`, `boot`):

- `key` is the port's name and the id ("scanner/E6614C"), so two devices that
  give the same id, on two ports, never share a session;
- `boot` always fits SQLite's INTEGER (the journal stores it): a decimal of up
  to 18 digits is itself; anything else (too big, not a number, empty) is a
  number made from its bytes, from 10**18 up, the same at every HELLO.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from device.engine.message import Message, msg
from firmware_bridge.protocol import ProtocolError

from .text import safe_text

KINDS = ("scanner", "bidbox", "combo")
REQUIRED = ("kind", "fw", "id", "boot")
DERIVED_BOOT = 10**18  # derived boot numbers start here: above every plain one
_PLAIN_BOOT = re.compile(rb"-?[0-9]{1,18}")
# What a port is for: the kinds that belong on it.
PORT_KINDS = {"scanner": ("scanner", "combo"), "bidbox": ("bidbox", "combo")}


@dataclass(frozen=True)
class Hello:
    kind: str  # safe text: scanner, bidbox, combo, or whatever the device said
    fw: str  # safe text
    ident: str  # the id as safe text, for messages
    key: str  # the session's device key: port and raw id
    boot: int  # the session's boot number, fits a 64-bit signed integer
    problems: tuple[str, ...] = ()

    @property
    def session(self) -> tuple[str, int]:
        return (self.key, self.boot)


def read_hello(payload: bytes, port: str) -> Hello:
    """The HELLO heard on `port`; ProtocolError (a safe one-line reason) when a
    required field is missing."""
    fields = _fields(bytes(payload))
    missing = [name for name in REQUIRED if name not in fields]
    if missing:
        raise ProtocolError("no " + ", ".join(missing))
    raw_id, raw_boot = fields["id"], fields["boot"]
    kind = safe_text(fields["kind"], 20)
    boot, problems = boot_number(raw_boot), []
    if kind not in KINDS:
        problems.append(f"unknown kind '{kind}'")
    if not _PLAIN_BOOT.fullmatch(raw_boot):
        problems.append(f"boot '{safe_text(raw_boot, 24)}' is not a number of up to 18 digits")
    ident = safe_text(raw_id, 24)
    if not raw_id:
        problems.append("an empty id")
    elif ident != raw_id.decode("utf-8", "replace"):
        problems.append(f"an odd id '{ident}'")
    key = port + "/" + raw_id.decode("utf-8", "backslashreplace")
    return Hello(kind, safe_text(fields["fw"], 20), ident, key, boot, tuple(problems))


def boot_number(raw: bytes) -> int:
    """The boot number the session uses for the text `raw`: see the module's doc."""
    if _PLAIN_BOOT.fullmatch(raw):
        return int(raw)
    digest = hashlib.sha256(b"boot:" + raw).digest()
    return DERIVED_BOOT + int.from_bytes(digest[:7], "big")  # < 2**63


def wrong_port(kind: str, port: str) -> Message | None:
    """The message when a device of `kind` sits on the port meant for another
    (a bidding box on the scanner's port); None when it fits or is unknown."""
    fits = PORT_KINDS.get(port)
    if fits is None or kind in fits or kind not in KINDS:
        return None
    if kind == "bidbox":
        return msg("the bidding box is plugged into the scanner's port")
    return msg("the scanner is plugged into the bidding box's port")


def same_id(session: tuple[str, int], other: tuple[str, int]) -> bool:
    """Whether two sessions on two different ports come from devices that give
    the same id (their inputs stay apart all the same: the port is in the key)."""
    port, _, ident = session[0].partition("/")
    other_port, _, other_ident = other[0].partition("/")
    return port != other_port and ident == other_ident


LOST_IN_A_ROW = 16  # frames the line may swallow in a row without breaking a run


class AfterHello:
    """Which frames a device sent after its latest HELLO, told by their seq.

    After a HELLO the device counts on from its seq, one for every frame
    (heartbeats, errors, inputs), so those frames make a run: each a little
    ahead of the one before (a few may be lost on the line). An input resent
    from before the HELLO keeps its older seq, behind the run. A device that
    resends sends nothing else but HELLO and ERROR, so the run cannot come
    round to that seq meanwhile.
    """

    def __init__(self):
        self._last: int | None = None  # the seq of the run's latest frame

    def hello(self, seq: int) -> None:
        self._last = seq

    def forget(self) -> None:
        """A new connection: no HELLO heard on it yet."""
        self._last = None

    def saw(self, seq: int) -> bool:
        """Note a frame that is not a HELLO; True when it goes on the run."""
        if self._last is None or not 1 <= (seq - self._last) & 0xFF <= LOST_IN_A_ROW + 1:
            return False
        self._last = seq
        return True


def _fields(payload: bytes) -> dict[str, bytes]:
    """key=value pairs split on ';' (as in protocol.parse_hello, the last of a
    repeated key counts); an item without '=' is skipped."""
    fields: dict[str, bytes] = {}
    for item in payload.split(b";"):
        name, sep, value = item.partition(b"=")
        if sep:
            fields[name.decode("utf-8", "replace")] = value
    return fields
