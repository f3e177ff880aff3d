"""What the table makes of a HELLO's values (device/hal/hello.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import Call
from device.engine.events import CallMade, Setup
from device.hal.hello import DERIVED_BOOT, boot_number, read_hello, same_id, wrong_port
from device.store.journal import Journal
from firmware_bridge.protocol import ProtocolError

INT64 = 1 << 63


@pytest.mark.parametrize(
    "raw,boot",
    [
        (b"0", 0),
        (b"7", 7),
        (b"-17", -17),
        (b"007", 7),
        (b"999999999999999999", 999999999999999999),  # 18 digits: itself
        (b"-999999999999999999", -999999999999999999),
    ],
)
def test_a_plain_boot_number_is_itself(raw, boot):
    assert boot_number(raw) == boot


@pytest.mark.parametrize(
    "raw",
    [b"9999999999999999999", b"9" * 200, b"-" + b"9" * 40, b"", b"seven", b"+7", b" 7", b"1e9"]
    + [b"0x1F", b"\x00", b"\xff\xfe", b"7\n", "٣".encode()],  # an Arabic-Indic 3
)
def test_any_other_boot_is_a_stable_number_above_the_plain_ones(raw):
    boot = boot_number(raw)
    assert DERIVED_BOOT <= boot < INT64 and boot_number(raw) == boot


def test_derived_boot_numbers_differ_for_different_texts():
    raws = [b"", b"a", b"b", b"\xff", b"\xfe", b"9" * 19, b"9" * 20, b"-" + b"9" * 19]
    assert len({boot_number(raw) for raw in raws}) == len(raws)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=190))
def test_any_boot_bytes_fit_a_64_bit_integer(raw):
    assert -INT64 <= boot_number(raw) < INT64


def test_a_good_hello():
    hello = read_hello(b"kind=scanner;fw=1.0;id=E6614C;boot=7;seats=2", "scanner")
    assert (hello.kind, hello.fw, hello.ident) == ("scanner", "1.0", "E6614C")
    assert hello.session == ("scanner/E6614C", 7) and hello.problems == ()


@pytest.mark.parametrize(
    "payload,problem",
    [
        (b"kind=scanner;fw=1;id=A;boot=x", "boot 'x' is not a number of up to 18 digits"),
        (b"kind=scanner;fw=1;id=;boot=1", "an empty id"),
        (b"kind=scanner;fw=1;id=\x00A;boot=1", "an odd id '\\x00A'"),
        (b"kind=toaster;fw=1;id=A;boot=1", "unknown kind 'toaster'"),
        (b"kind=\x1b[2J;fw=1;id=A;boot=1", "unknown kind '\\x1b[2J'"),
    ],
)
def test_odd_values_are_taken_and_named_safely(payload, problem):
    hello = read_hello(payload, "bidbox")
    assert problem in hello.problems
    assert all(text.isprintable() for text in (hello.kind, hello.fw, hello.ident, *hello.problems))


@pytest.mark.parametrize(
    "payload,missing",
    [
        (b"", "no kind, fw, id, boot"),
        (b"kind=scanner;fw=1;id=A", "no boot"),
        (b"kind=scanner;fw=1;boot=1;idA", "no id"),  # an item without '=' is no field
        (b"\xff\x00;;;", "no kind, fw, id, boot"),
    ],
)
def test_a_hello_without_a_required_field_is_refused(payload, missing):
    with pytest.raises(ProtocolError, match=f"^{missing}$"):
        read_hello(payload, "scanner")


def test_the_session_key_holds_the_port_and_keeps_odd_ids_apart():
    keys = {
        read_hello(b"kind=scanner;fw=1;id=" + ident + b";boot=1", port).key
        for ident in (b"", b"\xff", b"\xfe", b"\x00", b"A")
        for port in ("scanner", "bidbox")
    }
    assert len(keys) == 10
    assert read_hello(b"kind=scanner;fw=1;id=\xff;boot=1", "bidbox").key == "bidbox/\\xff"


def test_odd_sessions_are_stored_in_the_journal_and_read_back(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    rubber = journal.new_rubber(Setup("plain", ("Anna", "Ben"), 0))
    sessions = []
    for ident, boot in [(b"\x00\xff", b"9" * 150), (b"", b"-" + b"9" * 18), (b"A" * 150, b"")]:
        session = read_hello(b"kind=bidbox;fw=1;id=" + ident + b";boot=" + boot, "bidbox").session
        journal.append(rubber, CallMade(Call.parse("1S")), session, 3)
        sessions.append(session)
    journal.close()
    assert Journal(tmp_path / "journal.sqlite3").applied() == {s: 3 for s in sessions}


@pytest.mark.parametrize(
    "kind,port,message",
    [
        ("bidbox", "scanner", "the bidding box is plugged into the scanner's port"),
        ("scanner", "bidbox", "the scanner is plugged into the bidding box's port"),
        ("scanner", "scanner", None),
        ("bidbox", "bidbox", None),
        ("combo", "scanner", None),
        ("combo", "bidbox", None),
        ("toaster", "scanner", None),  # unknown: its inputs tell
        ("bidbox", "keyboard", None),  # not a port with a kind
    ],
)
def test_wrong_port(kind, port, message):
    assert wrong_port(kind, port) == message


def test_same_id_on_two_ports_only():
    assert same_id(("scanner/X", 1), ("bidbox/X", 9))
    assert not same_id(("scanner/X", 1), ("scanner/X", 2))  # one port: a reboot
    assert not same_id(("scanner/X", 1), ("bidbox/Y", 1))
    assert same_id(("scanner/", 1), ("bidbox/", 1))  # two empty ids
