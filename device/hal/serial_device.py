"""A protocol-v1 device (scanner, serial bidding box) on a serial line.

The port is opened with pyserial's `serial_for_url`, so a real device
(`/dev/serial/by-id/...`), a pty, `socket://host:port` or `loop://` are all
the same to this code. A reader thread turns frames into `Input`s on the
table's queue and never touches the screen or the engine. The table calls
`acknowledge(input)` once the input is stored (or refused): only then does
the device hear its ACK, so an input is never lost between the two.

An ACK the table gives while the link is down, or reopened but not yet
told who is there (no HELLO), has no line to go on: the input is marked
answered all the same, so its resend after the reconnect is acknowledged
(and not handed over again). The reader thread and the table's thread
decide this under one lock, so no ACK falls between the two.

After an unplug (SerialException or OSError, or 3 s of silence) the thread
says LOST, retries every 0.5 s, and says CONNECTED when the device is back.

A device path is opened exclusively (pyserial's `exclusive`, a POSIX flock):
a second program that opens it the same way, such as a second table with
another data folder or a stale one, is refused instead of sharing its bytes.
The one that finds it taken says so ("the scanner port /dev/ttyACM0 is in use
by another program") and keeps trying, so it takes over once the port is free.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import queue
import threading
import time
from pathlib import Path

import serial

from device.engine.message import msg
from firmware_bridge import protocol as p

from .events import CALL, CARD, CONNECTED, ERROR, KEY, LOST, Input
from .hello import AfterHello, Hello, read_hello, wrong_port
from .text import safe_text

log = logging.getLogger(__name__)

RETRY_S = 0.5
LOST_AFTER_S = 3.0
READ_TIMEOUT_S = 0.05
IDENTIFY_AGAIN_S = 1.0


class SerialDevice:
    """One serial device. `start()` runs its reader thread; `stop()` ends it."""

    preview_dir: Path | None = None  # where a camera writes what it sees (camera_line.py)

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
        self._before: dict = {}  # session -> _last, _last_frame, _since_hello, _hellos before
        # What the reader and the table's thread (acknowledge, forget) share: _last,
        # _last_frame, _before, _since_hello and session.
        self._state = threading.Lock()
        self._hellos = 0  # good HELLOs heard, for forget()
        self._port = None
        self._write_lock = threading.Lock()
        self._seq = 0
        self._leds = 0
        self._learning: str | None = None  # the card a camera is asked to learn
        self._previewing = False  # a camera is asked to write its preview
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.session: tuple[str, int] | None = None
        self.hello: Hello | None = None
        # Which frames came after the latest HELLO, and whether an input did:
        # PROTOCOL.md, "A device that reuses its boot number".
        self._after_hello = AfterHello()
        self._since_hello = False
        self._last_frame: dict[tuple[str, int], tuple[int, bytes]] = {}  # type, payload
        self._said: set[str] = set()  # bad HELLOs already shown for this connection
        self._misplaced: str | None = None  # shown when a device is on the other's port
        self.connected = False
        self._said_failing = False  # the screen has heard why the device is not there
        self._said_in_use = False  # ... and that another program holds the port, this outage
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

    def close(self) -> None:
        """The Device interface's name for stop() (a camera's stop removes its folder too)."""
        self.stop()

    def acknowledge(self, done: Input) -> None:
        """The table has stored (or refused) `done`: let the device stop resending it.
        When its session is not the one on the line now (the link is down, or back but
        without a HELLO yet), the ACK waits for the input's resend (see _input)."""
        if done.session is None or done.seq is None:
            return
        with self._state:
            if self._last.get(done.session, (None,))[0] == done.seq:
                # Only the latest input is marked; an older ACK must not roll the state back.
                self._last[done.session] = (done.seq, True)
            if done.session == self.session:
                self._send(p.ACK, bytes([done.seq]))

    def forget(self, done: Input) -> None:
        """The table could not store `done` (a full disk): no ACK, and its resend is
        handed over again instead of being dropped as a duplicate. The device sends
        one input at a time, so nothing newer of the session has come meanwhile."""
        if done.session is None or done.seq is None:
            return
        with self._state:
            if self._last.get(done.session) != (done.seq, False):
                return
            before = (None, None, self._since_hello, self._hellos)
            last, frame, since, hellos = self._before.pop(done.session, before)
            if hellos == self._hellos:  # no HELLO since: what came after it is as it was
                self._since_hello = since
            for table, value in ((self._last, last), (self._last_frame, frame)):
                if value is None:
                    table.pop(done.session, None)
                else:
                    table[done.session] = value

    def set_leds(self, mask: int) -> None:
        """Turn LEDs: bit n for seat n, p.LED_ERROR for the error LED."""
        self._leds = mask & 0xFF
        self._send(p.LEDS, bytes([self._leds]))

    def beep(self, pattern: int) -> None:
        self._send(p.BEEP, bytes([pattern]))

    def learn(self, card: str | None) -> None:
        """A camera scanner learns `card` from the next card laid still on its spot (None:
        stop learning) and answers with a CARD of it once learnt and saved. A Pico scanner
        ignores LEARN (PROTOCOL.md, "A camera scanner")."""
        self._learning = card
        self._send(p.LEARN, p.learn_payload(card))

    def preview(self, on: bool) -> None:
        """A camera scanner writes what it sees into `preview_dir`, about 5 times a second."""
        self._previewing = bool(on)
        self._send(p.PREVIEW, p.preview_payload(on))

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
                self.inputs.put(
                    Input(LOST, msg("{source} disconnected", source=self.name), self.name)
                )
            self._stop.wait(self.retry)

    def _connect(self) -> bool:
        try:
            # exclusive: a flock on a device path (socket:// and loop:// ignore it). Not
            # TIOCEXCL: a pty's other end keeps the tty open, so that would outlast our
            # close and refuse our own reopen.
            port = self._open(
                self.url,
                baudrate=115200,
                timeout=READ_TIMEOUT_S,
                write_timeout=0.5,
                exclusive=True,
            )
        except (serial.SerialException, OSError, ValueError) as error:  # ValueError: bad URL
            self._cannot_open(error)
            return False
        self._said_in_use = False
        with self._state:
            self.session = None  # before the port: no ACK of the last link goes on this one
        with self._write_lock:
            self._port = port
        self._after_hello.forget()
        self._said.clear()
        self._misplaced = None
        self._send(p.IDENTIFY)
        return True

    def _cannot_open(self, error: Exception) -> None:
        """The first failure to open says why, on the screen (as LOST) and in the log; the
        retries every `retry` seconds stay quiet (an outage after a connection has said
        LOST already). A port that another program holds is said too, once per outage,
        even after another reason: the players must stop that program."""
        url = _printable(self.url)
        if in_use(error) and not self._said_in_use:
            self._said_failing = self._said_in_use = True
            message = msg(
                "the {source} port {url} is in use by another program", source=self.name, url=url
            )
        elif self._said_failing:
            log.info("%s: %s", self.name, error)
            return
        else:
            self._said_failing = True
            message = msg(
                "{source} cannot be opened ({url}): {reason}",
                source=self.name,
                url=url,
                reason=_printable(open_failure(error)),
            )
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
        after_hello = frame.type != p.HELLO and self._after_hello.saw(frame.seq)
        if frame.type == p.HELLO:
            self._hello(frame)
        elif frame.type in p.RELIABLE:
            self._input(frame, after_hello)
            return  # acknowledged by the table, once stored
        elif frame.type == p.ERROR:
            self.inputs.put(Input(ERROR, safe_text(frame.payload), self.name, session=self.session))
        if not self._in_flight(frame.seq):
            self._send(p.ACK, bytes([frame.seq]))

    def _in_flight(self, seq: int) -> bool:
        """Whether `seq` is that of the session's input the table has not answered yet.
        A HELLO or ERROR with that seq (a firmware from before PROTOCOL.md said to skip
        it, its counter gone round while it answered IDENTIFY again and again) gets no
        ACK: the device would take it for its input's, and give the input up."""
        with self._state:
            return self.session is not None and self._last.get(self.session) == (seq, False)

    def _hello(self, frame: p.Frame) -> None:
        try:
            hello = read_hello(frame.payload, self.name)
        except p.ProtocolError as error:  # its inputs wait unacknowledged for a good HELLO
            self._say(msg("{source}: bad HELLO ({reason})", source=self.name, reason=error))
            return
        if hello.session != self.session:
            for problem in hello.problems:
                log.warning("%s: HELLO with %s", self.name, problem)
        with self._state:
            self.hello, self.session = hello, hello.session
            self._after_hello.hello(frame.seq)
            self._since_hello = False
            self._hellos += 1
        if not self.connected:
            self.connected = True
            self.inputs.put(Input(CONNECTED, hello.kind, self.name, session=hello.session))
        misplaced = wrong_port(hello.kind, self.name)
        if misplaced and misplaced != self._misplaced:  # its inputs are taken all the same
            log.warning("%s", misplaced)
            self.inputs.put(Input(ERROR, misplaced, self.name, session=hello.session))
        self._misplaced = misplaced
        if self._leds:
            self._send(p.LEDS, bytes([self._leds]))
        # What a camera was asked, again: a camera process started again knows nothing of it.
        if self._learning is not None:
            self._send(p.LEARN, p.learn_payload(self._learning))
        if self._previewing:
            self._send(p.PREVIEW, p.preview_payload(True))

    def _say(self, message: str) -> None:
        """An ERROR for the screen and the log, once per connection (a device asked
        again and again who it is would otherwise beep every second)."""
        if message not in self._said:
            self._said.add(message)
            log.warning("%s", message)
            self.inputs.put(Input(ERROR, message, self.name))

    def _input(self, frame: p.Frame, after_hello: bool) -> None:
        with self._state:
            session = self.session
            if session is None:
                return  # no HELLO yet: the device resends, and we ask who it is
            if self._is_resend(session, frame, after_hello):
                self.stats["duplicates"] += 1
                if self._last[session][1]:  # stored or refused, but the ACK was lost
                    self._send(p.ACK, bytes([frame.seq]))
                return  # else the table is still at it: acknowledge() answers
            # What forget() puts back when the table cannot store this input.
            self._before[session] = (
                self._last.get(session),
                self._last_frame.get(session),
                self._since_hello,
                self._hellos,
            )
            self._last[session] = (frame.seq, False)
            self._last_frame[session] = (frame.type, frame.payload)
            self._since_hello = True
            self.inputs.put(_to_input(frame, self.name, session))

    def _is_resend(self, session: tuple[str, int], frame: p.Frame, after_hello: bool) -> bool:
        """Rule 6 of PROTOCOL.md (the seq of the last input of the session), kept
        safe from a device that reuses its boot number: a resend is the very same
        frame, and when the last input came before the latest HELLO (another
        connection, or a device that restarted), a resend was sent before it too.

        While the table has not answered the last input yet, the very same frame is
        its resend whatever the run says: a device sends nothing new before its ACK,
        and one that reconnects again and again spends a seq on every HELLO, so
        its run of seqs can come round past the input's."""
        last = self._last.get(session)
        if last is None or last[0] != frame.seq:
            return False
        known = self._last_frame.get(session)  # unknown after a restart of the table
        if known is not None and known != (frame.type, frame.payload):
            return False  # the same seq with other contents: a new input
        return not last[1] or self._since_hello or not after_hello

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


def in_use(error: Exception) -> bool:
    """Whether opening failed because another program holds the port: its flock
    (pyserial's "Could not exclusively lock port", EWOULDBLOCK) or its TIOCEXCL
    (EBUSY)."""
    busy = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY)
    return isinstance(error, (serial.SerialException, OSError)) and error.errno in busy


def open_failure(error: Exception) -> str:
    """The reason in pyserial's "could not open port X: [Errno 2] No such file or
    directory: 'X'" alone: "No such file or directory"."""
    text = str(error)
    if "] " in text:
        text = text.rsplit("] ", 1)[1].split(": ", 1)[0]
    return text or type(error).__name__


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else "?" for c in text)


def _to_input(frame: p.Frame, name: str, session: tuple[str, int]) -> Input:
    """The Input for a CARD, CALL or KEY frame; an ERROR input when its payload is bad."""
    seq = frame.seq
    if frame.type == p.CARD:
        try:
            form, value = p.parse_card(frame.payload)
        except p.ProtocolError as error:
            said = msg("{name} sent a bad card: {reason}", name=name, reason=error)
            return Input(ERROR, said, name, session=session, seq=seq)
        except UnicodeError:  # a code that is not ASCII
            code = safe_text(frame.payload[1:])
            said = msg("{name} sent a bad card: {reason}", name=name, reason=code)
            return Input(ERROR, said, name, session=session, seq=seq)
        if form == "uid":
            return Input(CARD, "", name, uid=value, session=session, seq=seq)
        return Input(CARD, safe_text(value), name, session=session, seq=seq)
    kind = CALL if frame.type == p.CALL else KEY
    text = frame.payload.decode("utf-8", "replace").strip()
    return Input(kind, safe_text(text), name, session=session, seq=seq)
