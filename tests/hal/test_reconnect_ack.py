"""Issue 20, item 3: every resend of an input that was stored or refused is
acknowledged, whatever the connection did in between. The device is driven
frame by frame on a real pty (the table opens its path, as it opens
/dev/serial/by-id/...): it sends, the link drops before the ACK arrives, the
table stores or refuses meanwhile, the device comes back (the same boot, HELLO
again when asked), resends, and must get its ACK, the input applied once."""

from __future__ import annotations

import queue
import threading
import time

import pytest

from device.engine.events import Setup
from device.engine.game import Game
from device.hal.events import CALL, CONNECTED, LOST
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.sim.links import PtyLink, TcpLink
from device.store.journal import Journal
from device.table import Table
from firmware_bridge import protocol as p

HELLO = b"kind=bidbox;fw=1;id=BOX;boot=7"
SESSION = ("bidbox/BOX", 7)


class HandDevice:
    """A device the test drives one frame at a time, on a pty (or a TCP socket)."""

    def __init__(self, link):
        self.link = link
        self.decoder = p.Decoder()
        self.heard: list[p.Frame] = []  # every frame from the host, on every connection

    def plug(self) -> None:
        self.link.open()
        self.decoder = p.Decoder()

    def unplug(self) -> None:
        self.link.close()

    def send(self, ftype: int, seq: int, payload: bytes = b"") -> None:
        self.link.write(p.encode_frame(ftype, seq, payload))

    def listen(self, until, timeout: float = 5.0) -> bool:
        """Read the host's frames until `until(frames heard)` holds."""
        end = time.monotonic() + timeout
        while not until(self.heard) and time.monotonic() < end:
            self.heard += self.decoder.feed(self.link.read(0.02))
        return until(self.heard)

    def acks(self, seq: int) -> int:
        return sum(1 for f in self.heard if f.type == p.ACK and f.payload == bytes([seq]))

    def identifies(self) -> int:
        return sum(1 for f in self.heard if f.type == p.IDENTIFY)

    def answer_identify(self, seq: int) -> None:
        """Wait for the host's IDENTIFY on this connection, then say HELLO."""
        asked = self.identifies()
        assert self.listen(lambda _: self.identifies() > asked)
        self.send(p.HELLO, seq, HELLO)


def until(check, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while not check() and time.monotonic() < end:
        time.sleep(0.01)
    return check()


def take(inputs: queue.Queue, kind: str, timeout: float = 5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        item = inputs.get(timeout=max(0.01, end - time.monotonic()))
        if item.kind == kind:
            return item
        assert item.kind != CALL, f"handed over again: {item}"
    raise AssertionError(f"no {kind}")


def calls(inputs: queue.Queue) -> list:
    found = []
    while not inputs.empty():
        item = inputs.get_nowait()
        if item.kind == CALL:
            found.append(item)
    return found


@pytest.fixture
def rig(tmp_path):
    """(device, driver, inputs): the hand device on a pty, the driver on its path,
    connected; both stopped at the end."""
    device = HandDevice(PtyLink(tmp_path / "bidbox"))
    device.plug()
    inputs: queue.Queue = queue.Queue()
    driver = SerialDevice(str(tmp_path / "bidbox"), inputs, "bidbox", retry=0.05)
    driver.start()
    try:
        device.answer_identify(0)
        assert take(inputs, CONNECTED).session == SESSION
        yield device, driver, inputs
    finally:
        driver.stop()
        device.unplug()


def drop_the_link(device: HandDevice, driver: SerialDevice, inputs: queue.Queue) -> None:
    device.unplug()
    assert take(inputs, LOST).value == "bidbox disconnected"


@pytest.mark.parametrize("when", ["link down", "reopened, before its HELLO"])
def test_an_ack_given_while_the_device_reconnects_reaches_its_resend(rig, when):
    device, driver, inputs = rig
    device.send(p.CALL, 1, b"1S")
    call = take(inputs, CALL)
    drop_the_link(device, driver, inputs)
    if when == "link down":
        driver.acknowledge(call)  # the table stored it: its ACK has no line to go on
    device.plug()
    asked = device.identifies()
    assert device.listen(lambda _: device.identifies() > asked)  # the table opened the port
    if when != "link down":
        driver.acknowledge(call)  # stored while the table waits for the device's HELLO
    device.send(p.HELLO, 2, HELLO)  # the same boot: the seq counts on
    device.send(p.CALL, 1, b"1S")  # the very same frame, resent
    assert device.listen(lambda _: device.acks(1) == 1)  # it can stop resending
    assert until(lambda: driver.stats["duplicates"] == 1) and calls(inputs) == []


def test_a_resend_after_many_reconnects_gets_its_ack_and_is_not_new(rig):
    """A device that keeps coming back while its input is being stored: each
    reconnect costs it a HELLO and, here, a dozen ERRORs (a reader it cannot
    find), so its seq runs round past its input's."""
    device, driver, inputs = rig
    device.send(p.CALL, 1, b"1S")
    call = take(inputs, CALL)
    seq = 1
    for time_ in range(1, 21):
        drop_the_link(device, driver, inputs)
        device.plug()
        seq = (seq + 1) & 0xFF
        device.answer_identify(seq)
        for _ in range(12):
            seq = (seq + 1) & 0xFF
            device.send(p.ERROR, seq, b"RC522 not found")
        device.send(p.CALL, 1, b"1S")
        frames = 2 + 14 * time_
        assert until(lambda frames=frames: driver.stats["frames"] == frames)  # all read
    # At the 19th return (HELLO 236, ERRORs 237..248) seq 1 lay 9 ahead on the run.
    driver.acknowledge(call)
    device.send(p.CALL, 1, b"1S")
    assert device.listen(lambda _: device.acks(1) >= 1)
    assert calls(inputs) == []  # 260 frames later, still a resend


def test_a_hello_with_the_seq_of_the_input_in_flight_is_not_acknowledged(rig):
    """An older firmware's HELLO may take the seq of the input it resends: its ACK
    would end the resends of an input the table has not stored yet."""
    device, driver, inputs = rig
    device.send(p.CALL, 1, b"1S")
    call = take(inputs, CALL)
    drop_the_link(device, driver, inputs)
    device.plug()
    device.answer_identify(1)  # the counter went round onto the input's seq
    device.send(p.HEARTBEAT, 2)
    assert device.listen(lambda _: device.acks(2) == 1)  # heard, the HELLO too
    assert device.acks(1) == 0 and driver.connected
    driver.acknowledge(call)  # now stored: its own ACK
    assert device.listen(lambda _: device.acks(1) == 1)


class Gate:
    """A slow part of the table: `entered` is set once it has begun, and it ends
    when the test sets `go`."""

    def __init__(self):
        self.entered, self.go = threading.Event(), threading.Event()

    def wait(self) -> None:
        self.entered.set()
        assert self.go.wait(10), "the test never let the table go on"


class SlowJournal(Journal):
    """A journal whose store takes as long as the test wants."""

    def __init__(self, path, gate: Gate):
        super().__init__(path)
        self.gate = gate

    def append(self, *args, **kwargs):
        self.gate.wait()
        super().append(*args, **kwargs)


class SlowTable(Table):
    """A table busy for as long as the test wants before it refuses an input."""

    gate: Gate | None = None

    def refused(self, reason):
        if self.gate is not None:
            self.gate.wait()
        return super().refused(reason)


class Loop:
    """The table's loop in its own thread, as the app runs it: the journal (a SQLite
    connection belongs to its thread), the table and the loop are made there."""

    def __init__(self, path, gate: Gate, driver: SerialDevice, inputs: queue.Queue):
        self._stop, self.outcomes, self.table = threading.Event(), [], None
        self._thread = threading.Thread(target=self._run, args=(path, gate, driver, inputs))
        self._thread.start()
        assert until(lambda: self.table is not None)

    def _run(self, path, gate, driver, inputs):
        journal = SlowJournal(path, gate)
        table = SlowTable(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
        table.gate = gate
        loop = TableLoop(table, inputs, {"bidbox": driver})
        self.table = table
        while not self._stop.is_set():
            self.outcomes += loop.step(0.02)
        journal.close()

    def finish(self, gate: Gate) -> None:
        """Let the table finish with the input, and wait until it has answered."""
        gate.go.set()
        assert until(lambda: any(item.kind == CALL for item, _ in self.outcomes))

    def stop(self):
        self._stop.set()
        self._thread.join(5)


@pytest.mark.parametrize("done", ["while the link is down", "before the HELLO", "after it"])
@pytest.mark.parametrize("call", [b"1S", b"1Q"], ids=["stored", "refused"])
def test_a_slow_table_while_the_link_drops_acknowledges_and_applies_once(tmp_path, done, call):
    """The table stores (1S) or refuses (1Q) slowly; meanwhile the link drops and
    the device comes back. Its resend is acknowledged whenever the table finishes."""
    device = HandDevice(PtyLink(tmp_path / "bidbox"))
    device.plug()
    inputs: queue.Queue = queue.Queue()
    driver = SerialDevice(str(tmp_path / "bidbox"), inputs, "bidbox", retry=0.05).start()
    gate = Gate()
    loop = Loop(tmp_path / "journal.sqlite3", gate, driver, inputs)
    try:
        device.answer_identify(0)
        assert until(lambda: driver.connected)
        device.send(p.CALL, 1, call)
        assert gate.entered.wait(5)  # the table is at it, slowly
        device.unplug()
        assert until(lambda: not driver.connected)
        if done == "while the link is down":
            loop.finish(gate)
        device.plug()
        asked = device.identifies()
        assert device.listen(lambda _: device.identifies() > asked)
        if done == "before the HELLO":
            loop.finish(gate)
        device.send(p.HELLO, 2, HELLO)
        assert until(lambda: driver.connected)
        loop.finish(gate)
        for _ in range(10):  # resent every 200 ms until acknowledged
            device.send(p.CALL, 1, call)
            if device.listen(lambda _: device.acks(1) >= 1, timeout=0.2):
                break
        assert device.acks(1) >= 1
    finally:
        gate.go.set()
        loop.stop()
        driver.stop()
        device.unplug()
    handed = [outcome.accepted for item, outcome in loop.outcomes if item.kind == CALL]
    table, journal = loop.table, Journal(tmp_path / "journal.sqlite3")
    if call == b"1S":
        assert handed == [True] and len(table.game.events) == 1
        assert journal.applied() == {SESSION: 1}
        assert len(journal.rubber(table.rubber).events) == 1
    else:  # refused once; its resend answered without a second refusal
        assert handed == [False] and table.game.events == []
        assert journal.applied() == {}
    journal.close()


def test_the_same_over_a_socket(tmp_path):
    """socket://: the table reconnects to the device's server after the drop."""
    device = HandDevice(TcpLink("127.0.0.1", 0))
    device.plug()
    inputs: queue.Queue = queue.Queue()
    driver = SerialDevice(device.link.url, inputs, "bidbox", retry=0.05).start()
    try:
        device.answer_identify(0)
        assert take(inputs, CONNECTED).session == SESSION
        device.send(p.CALL, 1, b"1S")
        call = take(inputs, CALL)
        device.link._client.close()  # the connection drops; the device listens on
        device.link._client = None
        assert take(inputs, LOST, timeout=10).kind == LOST
        device.answer_identify(2)
        assert until(lambda: driver.connected)
        driver.acknowledge(call)
        device.send(p.CALL, 1, b"1S")
        assert device.listen(lambda _: device.acks(1) >= 1)
        assert calls(inputs) == []
    finally:
        driver.stop()
        device.unplug()
