"""Serial fuzz: a million or more random and mutated bytes mixed with valid
CARD, CALL and KEY frames, written into a real pty and read by the real driver
(device.hal.serial_device.SerialDevice), with this process as the table.

Every valid input frame is preceded by a 0x00, so no junk can swallow it, and
every piece of junk is checked before it is used: if it would decode to a frame
by itself (a CRC that matches by chance), it is drawn again. So the driver
must hand over exactly the valid inputs, in order: anything else is a phantom,
anything missing a loss. Its frame and drop counts must equal those of a
reference Decoder run over the same bytes.
"""

from __future__ import annotations

import os
import queue
import random
import threading
import time
import tty
from collections import Counter

from device.hal.events import CALL, CARD, CONNECTED, ERROR, KEY
from device.hal.serial_device import SerialDevice
from firmware_bridge import protocol as p

CARDS = [s + r for s in "SHDC" for r in "AKQJT98765432"]
CALLS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
CALLS += ["P", "X", "XX"]
UNKNOWN_TYPES = [t for t in range(256) if t not in p.TYPE_NAMES]


class Stream:
    """The bytes to send and the inputs they must give, built segment by segment."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        hello = p.encode_frame(p.HELLO, 0, p.hello_payload("combo", "fz", "FZ", 1))
        self.pieces: list[tuple[bytes, int | None]] = [(hello, None)]  # (bytes, input seq)
        self.size = len(hello)
        self.seq = 0
        self.last_input: bytes | None = None  # the previous valid input frame, for duplicates
        self.last_input_seq: int | None = None
        self.expected: list[tuple] = []  # (kind, value, uid) of every valid input
        self.junk: Counter = Counter()  # pieces of junk by kind
        self.valid: Counter = Counter()  # valid frames by kind

    def _next_seq(self, is_input: bool) -> int:
        self.seq = (self.seq + 1) & 0xFF
        if is_input and self.seq == self.last_input_seq:  # as the Outbox does
            self.seq = (self.seq + 1) & 0xFF
        return self.seq

    def build(self, size: int) -> Stream:
        while self.size < size:
            self._junk()
            self._add(b"\x00")  # the delimiter: whatever came before ends here
            self._valid()
        return self

    def _add(self, data: bytes, input_seq: int | None = None) -> None:
        self.pieces.append((data, input_seq))
        self.size += len(data)

    @property
    def data(self) -> bytes:
        return b"".join(piece for piece, _ in self.pieces)

    # -- junk: nothing in it may come out as a frame -----------------------------------
    def _junk(self) -> None:
        makers = {
            "noise": self._noise,
            "bit flips": self._bit_flips,
            "truncated": self._truncated,
            "overlong": self._overlong,
            "unknown type": self._unknown_type,
            "short body": self._short_body,
            "bad CRC": self._bad_crc,
            "none": bytes,
        }
        kind = self.rng.choice([*makers, "noise"])  # noise twice as often
        for _ in range(100):
            piece = makers[kind]()
            if not p.Decoder().feed(piece + b"\x00"):
                break
            self.junk["redrawn (decoded by chance)"] += 1
        else:
            raise AssertionError(f"no junk of kind {kind} that does not decode")
        self._add(piece)
        self.junk[kind] += 1

    def _noise(self) -> bytes:
        return self.rng.randbytes(self.rng.randrange(1, 600))

    def _some_frame(self) -> bytes:
        """A valid input frame, to be broken."""
        ftype, payload, _ = self._input()
        return p.encode_frame(ftype, self.rng.randrange(256), payload)

    def _bit_flips(self) -> bytes:
        frame = bytearray(self._some_frame())
        for _ in range(self.rng.randrange(1, 4)):
            frame[self.rng.randrange(len(frame))] ^= 1 << self.rng.randrange(8)
        return bytes(frame)

    def _truncated(self) -> bytes:
        frame = self._some_frame()
        return frame[: self.rng.randrange(1, len(frame) - 1)]

    def _overlong(self) -> bytes:
        return bytes(self.rng.randrange(1, 256) for _ in range(self.rng.randrange(210, 700)))

    def _unknown_type(self) -> bytes:
        body = bytes([self.rng.choice(UNKNOWN_TYPES), 0]) + b"xy"
        crc = p.crc16(body)
        return p.cobs_encode(body + bytes([crc >> 8, crc & 0xFF]))

    def _short_body(self) -> bytes:
        return p.cobs_encode(self.rng.randbytes(self.rng.randrange(1, p.MIN_BODY)))

    def _bad_crc(self) -> bytes:
        body = bytearray(p.frame_body(p.CALL, self.rng.randrange(256), b"1NT"))
        body[-1] ^= 1 + self.rng.randrange(255)
        return p.cobs_encode(bytes(body))

    # -- valid frames ------------------------------------------------------------------
    def _valid(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.05 and self.last_input is not None:  # the same frame again: a resend
            self._add(self.last_input)
            self.valid["duplicate"] += 1
            return
        if roll < 0.1:  # frames that are not inputs
            ftype = rng.choice([p.HEARTBEAT, p.ACK, p.LEDS])
            payload = b"" if ftype == p.HEARTBEAT else bytes([rng.randrange(256)])
            self._add(p.encode_frame(ftype, self._next_seq(False), payload))
            self.valid[p.TYPE_NAMES[ftype]] += 1
            return
        ftype, payload, expected = self._input()
        seq = self._next_seq(True)
        frame = p.encode_frame(ftype, seq, payload)
        self._add(frame, seq)
        self.last_input, self.last_input_seq = frame, seq
        self.expected.append(expected)
        self.valid[expected[0]] += 1

    def _input(self) -> tuple[int, bytes, tuple]:
        """(type, payload, the input the table must get) of a random input frame."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.03:  # a CARD whose payload is neither a UID nor a code: an ERROR
            return p.CARD, bytes([rng.randrange(2, 256)]) + b"??", (ERROR, None, None)
        if roll < 0.45:
            card = rng.choice(CARDS)
            return p.CARD, p.card_code_payload(card), (CARD, card, None)
        if roll < 0.55:
            uid = rng.randbytes(rng.choice([4, 7, 10]))
            return p.CARD, p.card_uid_payload(uid), (CARD, "", uid)
        if roll < 0.9:
            call = rng.choice(CALLS)
            return p.CALL, call.encode(), (CALL, call, None)
        key = rng.choice(p.KEYS)
        return p.KEY, key.encode(), (KEY, key, None)


class HostEnd:
    """The device's end of the pty: writes the stream as a device would (each input
    only once the previous one is acknowledged), reads what the driver sends back."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.heard: Counter = Counter()
        self.identified = threading.Event()
        self._acked = threading.Condition()
        self._ack_seqs: set[int] = set()
        self._stop = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        decoder = p.Decoder()
        while not self._stop.is_set():
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            for frame in decoder.feed(data):
                self.heard[p.TYPE_NAMES.get(frame.type, "?")] += 1
                if frame.type == p.IDENTIFY:
                    self.identified.set()
                elif frame.type == p.ACK and frame.payload:
                    with self._acked:
                        self._ack_seqs.add(frame.payload[0])
                        self._acked.notify_all()

    def feed(self, pieces, timeout: float = 5.0) -> None:
        pending = bytearray()
        for data, input_seq in pieces:
            pending += data
            if input_seq is None and len(pending) < 4096:
                continue
            with self._acked:
                self._ack_seqs.discard(input_seq)
            self._write(pending)
            pending.clear()
            if input_seq is not None:
                with self._acked:
                    if not self._acked.wait_for(lambda s=input_seq: s in self._ack_seqs, timeout):
                        raise TimeoutError(f"no ACK for the input with seq {input_seq}")
        self._write(pending)

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.master, view) :]

    def close(self) -> None:
        self._stop.set()
        for fd in (self.master, self.slave):
            os.close(fd)


def run(size: int = 1_000_000, seed: int = 1) -> dict:
    stream = Stream(random.Random(seed)).build(size)
    reference = p.Decoder()
    reference_frames = len(reference.feed(stream.data))
    host = HostEnd()
    inputs: queue.Queue = queue.Queue()
    driver = SerialDevice(host.path, inputs, "scanner").start()
    started = time.monotonic()
    try:
        if not host.identified.wait(5):
            raise AssertionError("the driver never sent IDENTIFY")
        failed: list[Exception] = []
        writer = threading.Thread(target=_catching(host.feed, failed), args=(stream.pieces,))
        writer.start()
        got, events = act_as_table(driver, inputs, writer, len(stream.expected))
        alive, stats = driver._thread.is_alive(), dict(driver.stats)
    finally:
        driver.stop()
        host.close()
    sent = set(stream.expected)
    phantoms = sum(1 for g in got if g not in sent)
    checks = [
        (got == stream.expected, f"{len(got)} inputs handed over, {len(stream.expected)} sent"),
        (not failed, f"the writer failed: {failed}"),
        (alive, "the driver's reader thread died"),
        (events == {CONNECTED: 1}, f"connection events {dict(events)}, expected 1 CONNECTED"),
        (stats["duplicates"] == stream.valid["duplicate"], "duplicates not all suppressed"),
        (stats["frames"] == reference_frames, f"the reference decoded {reference_frames} frames"),
        (stats["dropped"] == reference.dropped_total, "drops differ from the reference's"),
    ]
    return {
        "bytes": stream.size,
        "valid inputs": len(stream.expected),
        "delivered": len(got) - phantoms,
        "phantoms": phantoms,
        "duplicates sent": stream.valid["duplicate"],
        "driver": stats,
        "junk": dict(stream.junk),
        "dropped": dict(reference.dropped),
        "seconds": time.monotonic() - started,
        "problems": [message for ok, message in checks if not ok],
    }


def _catching(function, failed: list):
    def run(*args):
        try:
            function(*args)
        except Exception as error:  # reported as a problem, not lost in a thread
            failed.append(error)

    return run


def act_as_table(driver, inputs: queue.Queue, writer: threading.Thread, expected: int):
    """Take every input, acknowledge it; until the writer is done, all came, and 0.5 s more."""
    got, events = [], Counter()
    end = time.monotonic() + 300
    while time.monotonic() < end:
        try:
            item = inputs.get(timeout=0.1)
        except queue.Empty:
            if not writer.is_alive() and len(got) >= expected:
                end = min(end, time.monotonic() + 0.5)  # a little longer, for any phantom
            continue
        if item.seq is None:
            events[item.kind] += 1
            continue
        got.append((item.kind, None if item.kind == ERROR else item.value, item.uid))
        driver.acknowledge(item)
    return got, events


def summary(result: dict) -> str:
    dropped = ", ".join(f"{reason} {n}" for reason, n in sorted(result["dropped"].items()))
    junk = sum(n for kind, n in result["junk"].items() if not kind.startswith("redrawn"))
    return (
        f"serial fuzz: {result['bytes']:,} bytes ({junk} pieces of junk, "
        f"{result['valid inputs']} valid inputs), {result['delivered']} delivered, "
        f"{result['phantoms']} phantoms, {result['driver']['duplicates']} of "
        f"{result['duplicates sent']} resent frames suppressed, dropped "
        f"{sum(result['dropped'].values())} ({dropped})"
    )
