"""A protocol-v1 device (scanner, serial bidding box) on a serial line.

The port is opened with pyserial's `serial_for_url`, so a real device
(`/dev/serial/by-id/...`), a pty, `socket://host:port` or `loop://` are all
the same to this code. A reader thread turns frames into `Input`s on the
table's queue and never touches the screen or the engine. The table calls
`acknowledge(input)` once the input is stored (or refused): only then does
the device hear its ACK, so an input is never lost between the two.

After an unplug (SerialException or OSError, or 3 s of silence) the thread
says LOST, retries every 0.5 s, and says CONNECTED when the device is back.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time

import serial

from firmware_bridge import protocol as p

from .events import CALL, CARD, CONNECTED, ERROR, KEY, LOST, Input

log = logging.getLogger(__name__)

RETRY_S = 0.5
LOST_AFTER_S = 3.0
READ_TIMEOUT_S = 0.05
IDENTIFY_AGAIN_S = 1.0


class SerialDevice:
    """One serial device. `start()` runs its reader thread; `stop()` ends it."""

    def __init__(
        self,
        url: str,
        inputs: queue.Queue,
        name: str = "scanner",
        applied: dict[tuple[str, int], int] | None = None,
        retry: float = RETRY_S,
        lost_after: float = LOST_AFTER_S,
        opener=serial.serial_for_url,
    ):
        self.url = url
        self.name = name
        self.inputs = inputs
        self.retry = retry
        self.lost_after = lost_after
        self._open = opener
        # session -> (seq of the last input handed to the table, whether it was acknowledged)
        self._last: dict[tuple[str, int], tuple[int, bool]] = {
            s: (seq, True) for s, seq in (applied or {}).items()
        }
        self._port = None
        self._write_lock = threading.Lock()
        self._seq = 0
        self._leds = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.session: tuple[str, int] | None = None
        self.hello: dict[str, str] = {}
        self.connected = False
        self._said_failing = False  # the screen has heard why the device is not there
        self.stats = {"frames": 0, "dropped": 0, "duplicates": 0, "reconnects": 0}

    # -- the table's side ----------------------------------------------------------
    def start(self) -> SerialDevice:
        self._thread = threading.Thread(target=self._run, name=f"serial-{self.name}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self._close()

    def acknowledge(self, done: Input) -> None:
        """The table has stored (or refused) `done`: let the device stop resending it."""
        if done.session is None or done.session != self.session or done.seq is None:
            return  # from another session: that device has rebooted and forgotten it
        if self._last.get(done.session, (None,))[0] == done.seq:
            # Only the latest input is marked; an older ACK must not roll the state back.
            self._last[done.session] = (done.seq, True)
        self._send(p.ACK, bytes([done.seq]))

    def set_leds(self, mask: int) -> None:
        """Turn LEDs: bit n for seat n, p.LED_ERROR for the error LED."""
        self._leds = mask & 0xFF
        self._send(p.LEDS, bytes([self._leds]))

    def beep(self, pattern: int) -> None:
        self._send(p.BEEP, bytes([pattern]))

    # -- the reader thread -------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self._connect():
                    self._read_until_lost()
            except (serial.SerialException, OSError) as error:
                log.info("%s: %s", self.name, error)
            self._close()
            if self.connected:
                self.connected = False
                self.stats["reconnects"] += 1
                self._said_failing = True  # this outage is announced: no open failure below
                self.inputs.put(Input(LOST, f"{self.name} disconnected", self.name))
            self._stop.wait(self.retry)

    def _connect(self) -> bool:
        try:
            port = self._open(self.url, baudrate=115200, timeout=READ_TIMEOUT_S, write_timeout=0.5)
        except (serial.SerialException, OSError, ValueError) as error:  # ValueError: bad URL
            self._cannot_open(error)
            return False
        with self._write_lock:
            self._port = port
        self.session = None
        self._send(p.IDENTIFY)
        return True

    def _cannot_open(self, error: Exception) -> None:
        """The first failure to open says why, on the screen (as LOST) and in the log; the
        retries every `retry` seconds stay quiet (an outage after a connection has said
        LOST already)."""
        if self._said_failing:
            log.info("%s: %s", self.name, error)
            return
        self._said_failing = True
        url = _printable(self.url)
        message = f"{self.name} cannot be opened ({url}): {_printable(open_failure(error))}"
        log.warning("%s; retrying every %.1f s", message, self.retry)
        self.inputs.put(Input(LOST, message, self.name))

    def _read_until_lost(self) -> None:
        decoder = p.Decoder()
        heard = asked = time.monotonic()
        while not self._stop.is_set():
            data = self._port.read(max(1, self._port.in_waiting))
            now = time.monotonic()
            if data:
                heard = now
                for frame in decoder.feed(data):
                    self._handle(frame)
                self.stats["dropped"] = decoder.dropped_total
            if now - heard > self.lost_after:
                raise OSError(f"no frame for {self.lost_after:.1f} s")
            if self.session is None and now - asked > IDENTIFY_AGAIN_S:
                asked = now
                self._send(p.IDENTIFY)

    def _handle(self, frame: p.Frame) -> None:
        self.stats["frames"] += 1
        if frame.type == p.HELLO:
            self._hello(frame)
        elif frame.type in p.RELIABLE:
            self._input(frame)
            return  # acknowledged by the table, once stored
        elif frame.type == p.ERROR:
            self.inputs.put(Input(ERROR, _text(frame), self.name, session=self.session))
        self._send(p.ACK, bytes([frame.seq]))

    def _hello(self, frame: p.Frame) -> None:
        try:
            hello = p.parse_hello(frame.payload)
            session = (hello["id"], int(hello["boot"]))
        except (p.ProtocolError, UnicodeError, ValueError) as error:
            self.inputs.put(Input(ERROR, f"{self.name}: bad HELLO ({error})", self.name))
            return
        self.hello, self.session = hello, session
        if not self.connected:
            self.connected = True
            self.inputs.put(Input(CONNECTED, hello["kind"], self.name, session=session))
        if self._leds:
            self._send(p.LEDS, bytes([self._leds]))

    def _input(self, frame: p.Frame) -> None:
        session = self.session
        if session is None:
            return  # no HELLO yet: the device resends, and we ask who it is
        last = self._last.get(session)
        if last is not None and last[0] == frame.seq:
            self.stats["duplicates"] += 1
            if last[1]:  # applied and acknowledged, but the ACK was lost: say it again
                self._send(p.ACK, bytes([frame.seq]))
            return
        self._last[session] = (frame.seq, False)
        self.inputs.put(_to_input(frame, self.name, session))

    # -- writing -------------------------------------------------------------------------
    def _send(self, ftype: int, payload: bytes = b"") -> None:
        with self._write_lock:
            if self._port is None:
                return
            wire = p.encode_frame(ftype, self._seq, payload)
            self._seq = (self._seq + 1) & 0xFF
            try:
                self._port.write(wire)
            except (serial.SerialException, OSError) as error:
                log.info("%s: write failed: %s", self.name, error)  # the reader notices too

    def _close(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()


def open_failure(error: Exception) -> str:
    """The reason in pyserial's "could not open port X: [Errno 2] No such file or
    directory: 'X'" alone: "No such file or directory"."""
    text = str(error)
    if "] " in text:
        text = text.rsplit("] ", 1)[1].split(": ", 1)[0]
    return text or type(error).__name__


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else "?" for c in text)


def _text(frame: p.Frame) -> str:
    return frame.payload.decode("utf-8", "replace")


def _to_input(frame: p.Frame, name: str, session: tuple[str, int]) -> Input:
    """The Input for a CARD, CALL or KEY frame; an ERROR input when its payload is bad."""
    seq = frame.seq
    if frame.type == p.CARD:
        try:
            form, value = p.parse_card(frame.payload)
        except (p.ProtocolError, UnicodeError) as error:
            return Input(ERROR, f"{name} sent a bad card: {error}", name, session=session, seq=seq)
        if form == "uid":
            return Input(CARD, "", name, uid=value, session=session, seq=seq)
        return Input(CARD, value, name, session=session, seq=seq)
    kind = CALL if frame.type == p.CALL else KEY
    return Input(kind, _text(frame).strip(), name, session=session, seq=seq)
