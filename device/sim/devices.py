"""Simulated scanner and bidding box: they speak protocol v1 exactly as the
firmware does (HELLO at start and on IDENTIFY, a heartbeat every second, each
input resent every 200 ms until acknowledged), over a pty or a TCP socket.

Faults can be injected on purpose: garbage bytes, bad CRCs, duplicated
frames, and an unplug and replug.

The table answers every input it took with an ACK and then a BEEP on the device
that made it: the short click (BEEP_OK) or the attention beep when it was
accepted (stored), two low beeps (BEEP_ERROR) when it was refused. `answer()`
waits for both, so that whoever plays through these devices can tell a stored
input from a refused one (both are acknowledged, and never resent).
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from firmware_bridge import protocol as p

TICK_S = 0.005
ANSWER_S = 5.0  # the BEEP follows its ACK at once; only an unplug between them loses it
ACCEPTED, REFUSED, UNANSWERED, UNACKNOWLEDGED = "accepted", "refused", "unanswered", None
FIRMWARE = "sim-1"
LEVELS = tuple("1234567")
STRAINS = ("C", "D", "H", "S", "NT")


@dataclass
class Faults:
    """Chances per frame sent (0..1)."""

    garbage: float = 0.0  # random bytes before the frame (which may swallow it)
    bad_crc: float = 0.0  # one byte of the frame flipped: the host drops it, we resend
    duplicate: float = 0.0  # the frame sent twice

    @staticmethod
    def parse(specs: list[str]) -> Faults:
        """From ["garbage=0.1", "bad-crc=0.05"]; ValueError with the reason."""
        faults = Faults()
        for spec in specs:
            name, _, value = spec.partition("=")
            field = name.strip().replace("-", "_")
            if field not in ("garbage", "bad_crc", "duplicate"):
                raise ValueError(f"unknown fault {name!r} (garbage, bad-crc, duplicate)")
            try:
                chance = float(value or "0.1")
            except ValueError:
                chance = math.nan  # refused just below, in the same words
            if not 0 <= chance <= 1:
                raise ValueError(f"fault {name}: a chance from 0 to 1, not {value}")
            setattr(faults, field, chance)
        return faults


class SimDevice:
    """One simulated device on a link. Thread-safe `press`/`card`/`key` calls queue inputs.
    It implements device.sim.interface.Simulated."""

    decks: Path | None = None  # a serial device reads tags: the table's deck profiles

    def __init__(self, kind: str, ident: str, link, faults: Faults | None = None, seed=None):
        self.kind = kind
        self.ident = ident
        self.link = link
        self.faults = faults or Faults()
        self.rng = random.Random(seed)
        self.boot = self.rng.randrange(1, 1 << 30)
        self.outbox = p.Outbox()
        self.leds = 0
        self.beeps: list[int] = []
        self.acked = 0  # inputs acknowledged by the host
        self.dropped_inputs = 0
        self._lock = threading.Lock()
        self._acked_event = threading.Condition(self._lock)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._decoder = p.Decoder()
        self._level: str | None = None
        self._answer_due = False  # the input in flight was acknowledged: its BEEP comes next
        self._answer: int | None = None  # that BEEP's pattern
        self.host_heard = threading.Event()  # the table has opened the port and spoken

    # -- inputs ------------------------------------------------------------------------
    def card(self, code: str | None = None, uid: bytes | None = None) -> bool:
        payload = p.card_uid_payload(uid) if uid is not None else p.card_code_payload(code)
        return self._put(p.CARD, payload)

    def call(self, text: str) -> bool:
        return self._put(p.CALL, text.encode("ascii"))

    def key(self, name: str) -> bool:
        return self._put(p.KEY, name.encode("ascii"))

    def press(self, button: str) -> bool:
        """A bidding-box button, as the firmware reads them: a level, then a strain."""
        button = button.upper()
        if button in LEVELS:
            self._level = button  # a second level replaces the first
            return True
        if button in STRAINS:
            level, self._level = self._level, None
            return level is not None and self.call(level + button)
        if button in ("P", "X", "XX"):
            self._level = None
            return self.call(button)
        if button in p.KEYS:
            return self.key(button)
        raise ValueError(f"no button {button!r} on the bidding box")

    def _put(self, ftype: int, payload: bytes) -> bool:
        with self._lock:
            ok = self.outbox.put(ftype, payload)
        if not ok:
            self.dropped_inputs += 1  # the firmware beeps an error here
        return ok

    @property
    def waiting(self) -> int:
        with self._lock:
            return self.outbox.waiting

    def wait_delivered(self, timeout: float = 10.0) -> bool:
        """Block until every queued input is acknowledged (or the timeout passes)."""
        end = time.monotonic() + timeout
        with self._lock:
            while self.outbox.waiting:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._acked_event.wait(left)
        return True

    def answer(self, timeout: float = 10.0) -> str | None:
        """How the table answered the one input queued: ACCEPTED or REFUSED by the
        BEEP after its ACK, UNANSWERED when the ACK came but no BEEP within ANSWER_S
        (the cable pulled between them), None when no ACK came within `timeout`."""
        if not self.wait_delivered(timeout):
            return UNACKNOWLEDGED
        end = time.monotonic() + ANSWER_S
        with self._lock:
            while self._answer_due:
                left = end - time.monotonic()
                if left <= 0:
                    self._answer_due = False
                    return UNANSWERED
                self._acked_event.wait(left)
            pattern, self._answer = self._answer, None
        return REFUSED if pattern == p.BEEP_ERROR else ACCEPTED

    # -- life ---------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """Its link's port, which the table opens."""
        return self.link.url

    def wait_ready(self, timeout: float = 0.0) -> bool:
        """Ready as soon as started: its link is open and its HELLO is queued."""
        return True

    def attach(self, device) -> None:
        """Nothing to do: it hears the table's answers over its own link."""

    def start(self) -> SimDevice:
        self.link.open()
        self._send(self._hello())
        self._thread = threading.Thread(target=self._run, name=f"sim-{self.kind}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        with self._lock:  # after an unplug's replug, never before it
            self.link.close()

    def unplug(self, seconds: float = 1.0) -> None:
        """Pull the cable for a while; queued inputs wait, as in the firmware."""
        with self._lock:
            self.link.close()
        if self._stop.wait(seconds):
            return  # stopped meanwhile: no new pty, no link left behind
        with self._lock:
            if self._stop.is_set():
                return
            self.link.open()
            self._decoder = p.Decoder()
        self._send(self._hello())

    def _hello(self) -> bytes:
        payload = p.hello_payload(self.kind, FIRMWARE, self.ident, self.boot)
        with self._lock:
            return self.outbox.frame(p.HELLO, payload)

    def _run(self) -> None:
        while not self._stop.is_set():
            data = self.link.read(TICK_S)
            for frame in self._decoder.feed(data):
                self._command(frame)
            with self._lock:
                due = self.outbox.poll(int(time.monotonic() * 1000)) if self.link.is_open else []
            for wire in due:
                self._send(wire)

    def _command(self, frame: p.Frame) -> None:
        self.host_heard.set()
        if frame.type == p.ACK and frame.payload:
            with self._lock:
                if self.outbox.ack(frame.payload[0]):
                    self.acked += 1
                    self._answer_due, self._answer = True, None
                    self._acked_event.notify_all()
        elif frame.type == p.IDENTIFY:
            self._send(self._hello())
        elif frame.type == p.LEDS and frame.payload:
            self.leds = frame.payload[0]
        elif frame.type == p.BEEP and frame.payload:
            self.beeps.append(frame.payload[0])
            with self._lock:
                if self._answer_due:  # the answer to the input just acknowledged
                    self._answer_due, self._answer = False, frame.payload[0]
                    self._acked_event.notify_all()

    def _send(self, wire: bytes) -> None:
        rng, faults = self.rng, self.faults
        if rng.random() < faults.garbage:
            self.link.write(bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 40))))
        if rng.random() < faults.bad_crc:
            broken = bytearray(wire)
            broken[rng.randrange(len(broken) - 1)] ^= 1 << rng.randrange(8)
            wire = bytes(broken)
        with self._lock:
            self.link.write(wire)
            if rng.random() < faults.duplicate:
                self.link.write(wire)
