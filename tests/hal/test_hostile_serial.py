"""The serial driver against hostile devices: any HELLO value, odd text, a
device that reboots with the same boot number, two devices with one id, a
bidding box on the scanner's port. Frames are written by hand into a fake
line, so each case is exact."""

import logging
import queue
import threading
import time

import pytest

from device.engine.events import Setup
from device.engine.game import Game
from device.hal.events import CALL, CARD, CONNECTED, ERROR, KEY
from device.hal.hello import DERIVED_BOOT, LOST_IN_A_ROW, AfterHello
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.store.journal import Journal
from device.table import Table
from firmware_bridge import protocol as p

HELLO = b"kind=scanner;fw=1;id=E661;boot=5"
INT64 = 1 << 63


class Line:
    """A fake serial port: the test writes the device's frames, reads the host's."""

    def __init__(self):
        self.to_host: queue.Queue = queue.Queue()
        self.written = bytearray()
        self._lock = threading.Lock()
        self.in_waiting = 0

    def open(self, url, **options):
        return self

    def read(self, size):
        try:
            return self.to_host.get(timeout=0.02)
        except queue.Empty:
            return b""

    def write(self, data):
        with self._lock:
            self.written.extend(data)
        return len(data)

    def close(self):
        pass

    def send(self, ftype, seq, payload=b""):
        self.to_host.put(p.encode_frame(ftype, seq, payload))

    def from_host(self) -> list:
        with self._lock:
            data = bytes(self.written)
        return p.Decoder().feed(data)

    def acks(self) -> list[int]:
        return [f.payload[0] for f in self.from_host() if f.type == p.ACK]


@pytest.fixture
def rig():
    """(line, inputs, driver) for one device on the scanner's port."""
    made = []

    def make(port="scanner", applied=None):
        line, inputs = Line(), queue.Queue()
        driver = SerialDevice("fake", inputs, port, applied, opener=line.open).start()
        made.append(driver)
        return line, inputs, driver

    yield make
    for driver in made:
        driver.stop()


def take(inputs, timeout=2.0):
    return inputs.get(timeout=timeout)


def nothing(inputs, wait=0.3) -> bool:
    try:
        item = inputs.get(timeout=wait)
    except queue.Empty:
        return True
    raise AssertionError(f"unexpected {item}")


def until(check, timeout=2.0):
    end = time.monotonic() + timeout
    while not check() and time.monotonic() < end:
        time.sleep(0.01)
    return check()


# -- any HELLO value ---------------------------------------------------------------------
ODD_HELLOS = [
    (b"kind=scanner;fw=1;id=E661;boot=" + b"9" * 150, "huge boot"),
    (b"kind=scanner;fw=1;id=E661;boot=-" + b"9" * 40, "hugely negative boot"),
    (b"kind=scanner;fw=1;id=E661;boot=-3", "negative boot"),
    (b"kind=scanner;fw=1;id=E661;boot=", "empty boot"),
    (b"kind=scanner;fw=1;id=E661;boot=seven", "boot not a number"),
    (b"kind=scanner;fw=1;id=E661;boot=9223372036854775808", "boot past SQLite's INTEGER"),
    (b"kind=scanner;fw=1;id=E661;boot=\x00\x01\xff", "boot of control bytes"),
    (b"kind=scanner;fw=1;id=;boot=1", "empty id"),
    (b"kind=scanner;fw=1;id=\x00\x1b[2J;boot=1", "id with NUL and escape"),
    (b"kind=scanner;fw=1;id=\xff\xfe\xfd;boot=1", "id of invalid UTF-8"),
    (b"kind=scanner;fw=1;id=" + b"I" * 170 + b";boot=1", "very long id"),
    (b"kind=scanner;fw=\x00\x07\x1b;id=A;boot=1;x=\xff;\x00=\x00;junk", "odd fw, keys, items"),
    (b"kind=toaster;fw=1;id=A;boot=1", "unknown kind"),
    (b"kind=scanner;fw=1;id=A;id=B;boot=1;boot=2", "repeated keys: the last counts"),
]


@pytest.mark.parametrize("hello", [h for h, _ in ODD_HELLOS], ids=[n for _, n in ODD_HELLOS])
def test_any_hello_value_connects_and_its_inputs_are_taken(rig, hello):
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, hello)
    connected = take(inputs)
    assert connected.kind == CONNECTED and connected.value.isprintable()
    key, boot = connected.session
    assert key.startswith("scanner/") and -INT64 <= boot < INT64
    line.send(p.CALL, 1, b"1S")
    call = take(inputs)
    assert (call.kind, call.value, call.session, call.seq) == (CALL, "1S", (key, boot), 1)
    driver.acknowledge(call)
    assert until(lambda: 1 in line.acks())


def test_the_same_hello_gives_the_same_session_every_time(rig):
    """A derived boot number is stable: a restart of the table still finds its seq."""
    sessions = []
    for _ in range(2):
        line, inputs, _ = rig()
        line.send(p.HELLO, 0, b"kind=scanner;fw=1;id=\xff;boot=" + b"9" * 60)
        sessions.append(take(inputs).session)
    assert sessions[0] == sessions[1] and sessions[0][1] >= DERIVED_BOOT


@pytest.mark.parametrize("missing", ["kind", "fw", "id", "boot"])
def test_a_hello_without_a_field_is_refused_once_and_its_inputs_wait(rig, missing):
    line, inputs, driver = rig()
    fields = {"kind": "scanner", "fw": "1", "id": "A", "boot": "1"}
    del fields[missing]
    bad = ";".join(f"{k}={v}" for k, v in fields.items()).encode()
    for seq in range(3):  # asked again and again, it says it again: one message
        line.send(p.HELLO, seq, bad)
    refused = take(inputs)
    assert (refused.kind, refused.value) == (ERROR, f"scanner: bad HELLO (no {missing})")
    line.send(p.CALL, 3, b"1S")
    assert nothing(inputs) and 3 not in line.acks()  # waits, unacknowledged: not lost
    line.send(p.HELLO, 4, b"kind=scanner;fw=1;id=A;boot=1")
    assert take(inputs).kind == CONNECTED
    line.send(p.CALL, 3, b"1S")  # the resend
    assert take(inputs).value == "1S"


def test_a_bad_hello_after_a_good_one_keeps_the_session(rig):
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, HELLO)
    session = take(inputs).session
    line.send(p.HELLO, 1, b"kind=scanner;id=X")
    assert take(inputs).kind == ERROR
    line.send(p.CALL, 2, b"2C")
    assert take(inputs).session == session == driver.session


# -- text payloads -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "ftype,payload,kind,value",
    [
        (p.CALL, b"1\x00S", CALL, "1\\x00S"),
        (p.CALL, b"1S\x00", CALL, "1S\\x00"),
        (p.CALL, b"\x1b[2J3NT", CALL, "\\x1b[2J3NT"),
        (p.CALL, b"\xff\xfe", CALL, "\ufffd\ufffd"),
        (p.CALL, b" 2H\r\n", CALL, "2H"),  # surrounding white space, as before
        (p.KEY, b"O\x00K", KEY, "O\\x00K"),
        (p.KEY, "\u202eOK".encode(), KEY, "\\u202eOK"),
        (p.CARD, b"\x01S\x00A", CARD, "S\\x00A"),
        (p.CARD, b"\x01\xc3\xa9", ERROR, "scanner sent a bad card: \u00e9"),
        (p.CARD, b"\x01\xff\x00", ERROR, "scanner sent a bad card: \ufffd\\x00"),
        (p.CARD, b"\x07", ERROR, "scanner sent a bad card: CARD payload too short"),
        (p.CALL, b"7" * 200, CALL, "7" * 57 + "..."),
    ],
)
def test_text_in_a_payload_is_made_safe(rig, ftype, payload, kind, value):
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, HELLO)
    take(inputs)
    line.send(ftype, 1, payload)
    item = take(inputs)
    assert (item.kind, item.value, item.seq) == (kind, value, 1)
    assert item.value.isprintable()


def test_an_error_frame_is_made_safe(rig):
    line, inputs, driver = rig()
    line.send(p.ERROR, 0, b"\x00\x1b]0;title\x07" + b"x" * 180)  # before any HELLO, too
    item = take(inputs)
    assert item.kind == ERROR and item.value.startswith("\\x00\\x1b]0;title\\x07xxx")
    assert item.value.isprintable() and len(item.value) == 60


def test_the_table_refuses_odd_text_and_stays_as_it_was(rig):
    line, inputs, driver = rig("bidbox")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    loop = TableLoop(table, inputs, {"bidbox": driver})
    line.send(p.HELLO, 0, HELLO.replace(b"scanner", b"bidbox"))
    loop.handle(take(inputs))
    for seq, payload in enumerate([b"1\x00S", b"P\x00", b"\xe2\x80\xaeXX"], 1):
        line.send(p.CALL, seq, payload)
        outcome = loop.handle(take(inputs))
        assert not outcome.accepted and outcome.message.isprintable()
        assert "is not a call" in outcome.message
    assert table.game.events == [] and until(lambda: line.acks()[-3:] == [1, 2, 3])


# -- a device that reboots with the same boot number -----------------------------------------
def test_a_reboot_with_the_same_boot_is_not_taken_for_a_resend(rig):
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, HELLO)
    take(inputs)
    line.send(p.CALL, 1, b"P")
    driver.acknowledge(take(inputs))
    line.send(p.HELLO, 0, HELLO)  # rebooted: seq from 0 again, the same boot
    line.send(p.CALL, 1, b"P")  # a new pass with the seq (and bytes) of the old one
    again = take(inputs)
    assert (again.value, again.seq) == ("P", 1) and driver.stats["duplicates"] == 0
    driver.acknowledge(again)
    line.send(p.CALL, 1, b"P")  # now its resend (the ACK was lost): not applied twice
    assert nothing(inputs) and driver.stats["duplicates"] == 1
    assert until(lambda: line.acks().count(1) == 3)  # and acknowledged again


def test_a_resend_across_a_hello_is_still_a_resend(rig):
    """The device answered IDENTIFY while it resent its input: the same boot, a new
    HELLO, and the input's seq from before that HELLO."""
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, HELLO)
    take(inputs)
    line.send(p.CALL, 1, b"1S")
    call = take(inputs)
    line.send(p.HELLO, 2, HELLO)
    line.send(p.CALL, 1, b"1S")
    assert nothing(inputs) and 1 not in line.acks()  # not stored yet: no ACK
    driver.acknowledge(call)
    line.send(p.HELLO, 3, HELLO)
    line.send(p.CALL, 1, b"1S")
    assert nothing(inputs) and until(lambda: line.acks().count(1) == 2)


def test_after_a_restart_of_the_table_a_resend_and_a_reboot_are_told_apart(rig):
    """The journal's seq for the session: before the HELLO it is a resend, after it new."""
    session = ("scanner/E661", 5)
    line, inputs, driver = rig(applied={session: 7})
    line.send(p.HELLO, 8, HELLO)
    take(inputs)
    line.send(p.CALL, 7, b"1S")  # stored before the cut, its ACK lost
    assert nothing(inputs) and until(lambda: 7 in line.acks())
    line, inputs, driver = rig(applied={session: 7})
    line.send(p.HELLO, 0, HELLO)  # the device rebooted with the same boot
    for seq in range(1, 7):
        line.send(p.HEARTBEAT, seq)
    take(inputs)
    line.send(p.CALL, 7, b"1S")
    assert take(inputs).seq == 7


def test_the_same_seq_with_other_contents_is_a_new_input(rig):
    """A reboot whose HELLO was lost on the line: only the contents tell."""
    line, inputs, driver = rig()
    line.send(p.HELLO, 0, HELLO)
    take(inputs)
    line.send(p.CALL, 1, b"1S")
    driver.acknowledge(take(inputs))
    line.send(p.CALL, 1, b"2S")
    assert take(inputs).value == "2S"


def test_a_reboot_long_ago_is_told_apart_by_the_run_of_seqs(rig):
    """Minutes of heartbeats after a reboot with the same boot: the input that
    gets the old seq comes at the end of the run that began at the HELLO."""
    line, inputs, driver = rig(applied={("scanner/E661", 5): 100})
    line.send(p.HELLO, 0, HELLO)
    take(inputs)
    for seq in range(1, 100):  # a few lost on the line: the run goes on
        if seq % 7:
            line.send(p.HEARTBEAT, seq)
    line.send(p.CALL, 100, b"1S")
    assert take(inputs).seq == 100


def test_after_hello_follows_the_run_of_seqs():
    run = AfterHello()
    assert not run.saw(1)  # no HELLO yet
    run.hello(250)
    assert [run.saw(seq) for seq in (251, 0, 17, 17)] == [True, True, True, False]
    assert not run.saw(249)  # from before the HELLO: a resend
    assert not run.saw(17 + LOST_IN_A_ROW + 2)  # too far ahead to be the run
    assert run.saw(17 + LOST_IN_A_ROW + 1)
    run.forget()
    assert not run.saw(35)


# -- two devices, one id; a device on the other's port -----------------------------------------
def test_two_devices_with_one_id_keep_their_sessions_apart(rig, tmp_path, caplog):
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    scanner_line, inputs, scanner = rig("scanner")
    bidbox_line = Line()
    bidbox = SerialDevice("fake", inputs, "bidbox", opener=bidbox_line.open).start()
    loop = TableLoop(table, inputs, {"scanner": scanner, "bidbox": bidbox})
    try:
        scanner_line.send(p.HELLO, 0, b"kind=scanner;fw=1;id=TWIN;boot=1")
        with caplog.at_level(logging.WARNING, logger="device.loop"):
            loop.handle(take(inputs))
            bidbox_line.send(p.HELLO, 0, b"kind=bidbox;fw=1;id=TWIN;boot=1")
            loop.handle(take(inputs))
        assert "scanner and bidbox give the same id" in caplog.text
        # Both at seq 1 in "the same" (id, boot): neither may be taken for the other's
        # resend (a scanner that sends calls is odd, but its calls are calls).
        scanner_line.send(p.CALL, 1, b"1S")
        assert loop.handle(take(inputs)).accepted
        bidbox_line.send(p.CALL, 1, b"2S")
        assert loop.handle(take(inputs)).accepted
        scanner_line.send(p.CALL, 2, b"P")
        assert loop.handle(take(inputs)).accepted
        assert journal.applied() == {("scanner/TWIN", 1): 2, ("bidbox/TWIN", 1): 1}
        assert [str(e.call) for e in journal.rubber(table.rubber).events] == ["1S", "2S", "P"]
    finally:
        bidbox.stop()
        journal.close()


@pytest.mark.parametrize(
    "port,kind,message",
    [
        ("scanner", "bidbox", "the bidding box is plugged into the scanner's port"),
        ("bidbox", "scanner", "the scanner is plugged into the bidding box's port"),
        ("scanner", "combo", None),
        ("bidbox", "combo", None),
        ("bidbox", "toaster", None),
    ],
)
def test_a_device_on_the_other_port_is_said_and_its_inputs_taken(rig, port, kind, message):
    line, inputs, driver = rig(port)
    hello = f"kind={kind};fw=1;id=A;boot=1".encode()
    line.send(p.HELLO, 0, hello)
    assert take(inputs).kind == CONNECTED
    if message:
        said = take(inputs)
        assert (said.kind, said.value, said.source) == (ERROR, message, port)
    line.send(p.HELLO, 1, hello)  # asked again: said once
    line.send(p.CALL, 2, b"1S")  # a call is a call, whichever port it came through
    assert take(inputs).kind == CALL and nothing(inputs)
    line.send(p.HELLO, 3, hello.replace(kind.encode(), port.encode()))
    line.send(p.HELLO, 4, hello)  # plugged wrongly again: said again
    if message:
        assert take(inputs).value == message
    assert nothing(inputs)
