"""Protocol v1 between the table (host) and its scanner and bidding box (devices).

Byte-exact description: PROTOCOL.md beside this file. This module is written
in the Python that MicroPython also runs (no dataclasses, typing or enum),
because the firmware imports this very file.

On the wire each frame is COBS(body) followed by one 0x00 byte; the body is
type (1 byte), seq (1 byte), payload (0..200 bytes), CRC-16/CCITT-FALSE of
type, seq and payload (high byte first).
"""

VERSION = 1

# Device to host.
HELLO = 0x01
CARD = 0x02
CALL = 0x03
KEY = 0x04
HEARTBEAT = 0x05
ERROR = 0x06
# Host to device.
ACK = 0x81
LEDS = 0x82
BEEP = 0x83
IDENTIFY = 0x84
# Host to a camera scanner (PROTOCOL.md, "A camera scanner"); other devices ignore them.
LEARN = 0x85
PREVIEW = 0x86

TYPE_NAMES = {
    HELLO: "HELLO",
    CARD: "CARD",
    CALL: "CALL",
    KEY: "KEY",
    HEARTBEAT: "HEARTBEAT",
    ERROR: "ERROR",
    ACK: "ACK",
    LEDS: "LEDS",
    BEEP: "BEEP",
    IDENTIFY: "IDENTIFY",
    LEARN: "LEARN",
    PREVIEW: "PREVIEW",
}
# Inputs: sent one at a time and resent until acknowledged.
RELIABLE = (CARD, CALL, KEY)

MAX_PAYLOAD = 200
MIN_BODY = 4  # type, seq, two CRC bytes
MAX_BODY = MAX_PAYLOAD + MIN_BODY
# COBS adds one byte per 254 bytes of body (and one at the start).
MAX_ENCODED = MAX_BODY + MAX_BODY // 254 + 1

CARD_UID = 0x00  # CARD payload: 0x00 then the raw tag UID
CARD_CODE = 0x01  # CARD payload: 0x01 then an ASCII card code such as SA

KEYS = ("OK", "UNDO", "MENU")

# ERROR reasons of a camera scanner (PROTOCOL.md, "A camera scanner").
LAY_AGAIN = "lay-again"  # a card lies still on the spot but the camera is not sure of it
NO_CAMERA = "no-camera"  # the camera cannot be opened or stopped giving pictures
NO_PROFILE = "no-profile"  # no camera profile: the deck is not paired by camera yet
PROFILE_DAMAGED = "profile-damaged"  # the camera profile cannot be read
NO_OPENCV = "no-opencv"  # the camera process lacks OpenCV or numpy (the [camera] extra)
NOT_IN_DECK = "not-in-deck"  # LEARN asked for a card the profile's deck does not have
SAVE_FAILED = "cannot save the camera profile: "  # then why, in the OS's words

# LEDS payload: one byte, bit n lights seat n's turn LED (n = 0..3), bit 7 the error LED.
LED_ERROR = 0x80
# BEEP payload: one byte, the pattern.
BEEP_OK = 1
BEEP_ERROR = 2
BEEP_ATTENTION = 3

RESEND_MS = 200
HEARTBEAT_MS = 1000
QUEUE_SIZE = 32


class ProtocolError(ValueError):
    """A frame that cannot be built or read."""


# -- CRC and COBS ----------------------------------------------------------------
def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, not reflected, no final xor."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        crc &= 0xFFFF
    return crc


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result has no 0x00 byte."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data):
    """Undo cobs_encode; ProtocolError when `data` is not valid COBS."""
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ProtocolError("zero byte inside a frame")
        end = i + code
        if end > n:
            raise ProtocolError("COBS block runs past the frame")
        block = data[i + 1 : end]
        if 0 in block:
            raise ProtocolError("zero byte inside a frame")
        out.extend(block)
        i = end
        if code < 255 and i < n:
            out.append(0)
    return bytes(out)


# -- frames -----------------------------------------------------------------------
class Frame:
    """One decoded frame: its type, seq and payload."""

    def __init__(self, ftype, seq, payload=b""):
        self.type = ftype
        self.seq = seq
        self.payload = bytes(payload)

    def __eq__(self, other):
        return (
            isinstance(other, Frame)
            and self.type == other.type
            and self.seq == other.seq
            and self.payload == other.payload
        )

    def __repr__(self):
        name = TYPE_NAMES.get(self.type, hex(self.type))
        return f"Frame({name}, seq={self.seq}, {self.payload!r})"

    @property
    def text(self):
        """The payload as ASCII/UTF-8 text (CALL, KEY, ERROR, HELLO)."""
        return self.payload.decode("utf-8")


def frame_body(ftype, seq, payload=b""):
    """The body of a frame: type, seq, payload and CRC (before COBS)."""
    if not 0 <= ftype <= 255 or ftype not in TYPE_NAMES:
        raise ProtocolError(f"unknown frame type {ftype}")
    if not 0 <= seq <= 255:
        raise ProtocolError("seq must be 0..255")
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError(f"payload longer than {MAX_PAYLOAD} bytes")
    body = bytearray((ftype, seq))
    body.extend(payload)
    crc = crc16(body)
    body.append(crc >> 8)
    body.append(crc & 0xFF)
    return bytes(body)


def encode_frame(ftype, seq, payload=b""):
    """The bytes to put on the wire for one frame."""
    return cobs_encode(frame_body(ftype, seq, payload)) + b"\x00"


def decode_body(body):
    """A Frame from a decoded body; ProtocolError with the reason otherwise."""
    if len(body) < MIN_BODY or len(body) > MAX_BODY:
        raise ProtocolError("bad length")
    if crc16(body[:-2]) != (body[-2] << 8) | body[-1]:
        raise ProtocolError("bad CRC")
    if body[0] not in TYPE_NAMES:
        raise ProtocolError("unknown type")
    return Frame(body[0], body[1], body[2:-2])


class Decoder:
    """Turns a byte stream into frames. Never raises: bad frames are dropped,
    counted by reason, and the next 0x00 byte starts afresh."""

    def __init__(self):
        self._buffer = bytearray()
        self._overflow = False
        self.frames = 0
        self.dropped = {}  # reason -> count

    def feed(self, data):
        """Feed received bytes; returns the complete valid frames among them."""
        frames = []
        for byte in data:
            if byte != 0:
                if len(self._buffer) < MAX_ENCODED:
                    self._buffer.append(byte)
                else:
                    self._overflow = True
                continue
            frame = self._end_of_frame()
            if frame is not None:
                frames.append(frame)
        return frames

    def _end_of_frame(self):
        raw, overflow = bytes(self._buffer), self._overflow
        self._buffer = bytearray()
        self._overflow = False
        if not raw and not overflow:
            return None  # 0x00 between frames: harmless padding
        try:
            if overflow:
                raise ProtocolError("bad length")
            frame = decode_body(cobs_decode(raw))
        except ProtocolError as error:
            reason = str(error)
            if reason.startswith("zero") or reason.startswith("COBS"):
                reason = "bad COBS"
            self.dropped[reason] = self.dropped.get(reason, 0) + 1
            return None
        self.frames += 1
        return frame

    @property
    def dropped_total(self):
        return sum(self.dropped.values())


# -- payloads ----------------------------------------------------------------------
def hello_payload(kind, fw, ident, boot, extra=None):
    """HELLO payload: UTF-8 key=value pairs separated by ';'."""
    fields = [("kind", kind), ("fw", fw), ("id", ident), ("boot", str(boot))]
    for key in sorted(extra or {}):
        fields.append((key, extra[key]))
    text = ";".join(k + "=" + str(v) for k, v in fields)
    return text.encode("utf-8")


def parse_hello(payload):
    """The HELLO fields as a dict; ProtocolError when a required one is missing or
    the text is not UTF-8. (The table reads HELLO more leniently: device/hal/hello.py.)"""
    try:
        text = payload.decode("utf-8")
    except UnicodeError:
        raise ProtocolError("HELLO is not UTF-8") from None
    fields = {}
    for item in text.split(";"):
        if not item:
            continue
        if "=" not in item:
            raise ProtocolError("HELLO field without '='")
        key, value = item.split("=", 1)
        fields[key] = value
    for key in ("kind", "fw", "id", "boot"):
        if key not in fields:
            raise ProtocolError("HELLO without " + key)
    if fields["kind"] not in ("scanner", "bidbox", "combo"):
        raise ProtocolError("HELLO kind must be scanner, bidbox or combo")
    return fields


def card_code_payload(code):
    return bytes((CARD_CODE,)) + code.encode("ascii")


def learn_payload(code):
    """LEARN payload: the card code to learn next, or None to stop learning."""
    return b"" if code is None else code.encode("ascii")


def preview_payload(on):
    """PREVIEW payload: one byte, 1 to write what the camera sees, 0 to stop."""
    return bytes((1 if on else 0,))


def card_uid_payload(uid):
    if not 1 <= len(uid) <= MAX_PAYLOAD - 1:
        raise ProtocolError("a tag UID is 1 to 199 bytes")
    return bytes((CARD_UID,)) + bytes(uid)


def parse_card(payload):
    """("code", "SA") or ("uid", b"..."); ProtocolError for anything else."""
    if len(payload) < 2:
        raise ProtocolError("CARD payload too short")
    if payload[0] == CARD_CODE:
        return ("code", payload[1:].decode("ascii"))
    if payload[0] == CARD_UID:
        return ("uid", bytes(payload[1:]))
    raise ProtocolError("CARD payload must start with 0x00 (UID) or 0x01 (code)")


# -- delivery (device side) -------------------------------------------------------
class Outbox:
    """A device's sending side: every frame takes the next seq (0..255, wrapping);
    inputs (CARD, CALL, KEY) go one at a time and are resent every RESEND_MS
    until acknowledged, the rest wait in order in a queue of QUEUE_SIZE.

    A new input never gets the seq of the input before it (the counter skips
    that value when it wraps onto it), so the host's "same seq as the last
    input I applied" test cannot mistake a new input for a resend. Nor does
    any other frame take the seq of the input in flight: the host acknowledges
    HELLO and ERROR too, and a device that answers many IDENTIFYs while it
    resends (the host reconnecting) would take such an ACK for its input's.

    `poll(now_ms)` returns the frames (encoded) that are due now.
    """

    def __init__(self, queue_size=QUEUE_SIZE):
        self.queue_size = queue_size
        self._seq = 0
        self._queue = []  # (type, payload) waiting
        self._pending = None  # (seq, encoded frame) waiting for its ACK
        self._last_input_seq = None
        self._sent_at = 0
        self._last_frame_at = None
        self.resends = 0
        self.dropped = 0

    def _next_seq(self):
        seq = self._seq
        self._seq = (self._seq + 1) & 0xFF
        return seq

    def frame(self, ftype, payload=b""):
        """An unacknowledged frame (HELLO, HEARTBEAT, ERROR) with the next seq
        that is not the seq of the input in flight."""
        seq = self._next_seq()
        if self._pending is not None and seq == self._pending[0]:
            seq = self._next_seq()
        return encode_frame(ftype, seq, payload)

    def put(self, ftype, payload):
        """Queue an input; False (and nothing queued) when the queue is full."""
        if len(self._queue) >= self.queue_size:
            self.dropped += 1
            return False
        self._queue.append((ftype, bytes(payload)))
        return True

    @property
    def waiting(self):
        """Inputs not yet acknowledged, the one in flight included."""
        return len(self._queue) + (1 if self._pending else 0)

    @property
    def pending_seq(self):
        return self._pending[0] if self._pending else None

    def ack(self, seq):
        """An ACK arrived; True when it acknowledged the input in flight."""
        if self._pending is None or self._pending[0] != seq:
            return False
        self._pending = None
        return True

    def poll(self, now_ms, heartbeat=True):
        """Frames due now: the next input, a resend, or a heartbeat."""
        out = []
        if self._pending is None and self._queue:
            ftype, payload = self._queue.pop(0)
            seq = self._next_seq()
            if seq == self._last_input_seq:
                seq = self._next_seq()
            self._last_input_seq = seq
            self._pending = (seq, encode_frame(ftype, seq, payload))
            self._sent_at = now_ms
            out.append(self._pending[1])
        elif self._pending is not None and _elapsed(now_ms, self._sent_at) >= RESEND_MS:
            self._sent_at = now_ms
            self.resends += 1
            out.append(self._pending[1])
        if out:
            self._last_frame_at = now_ms
        elif heartbeat and (
            self._last_frame_at is None or _elapsed(now_ms, self._last_frame_at) >= HEARTBEAT_MS
        ):
            self._last_frame_at = now_ms
            out.append(self.frame(HEARTBEAT))
        return out


def _elapsed(now, then):
    """Milliseconds from `then` to `now` on a counter that may wrap (ticks_ms style)."""
    return (now - then) & 0x3FFFFFFF
