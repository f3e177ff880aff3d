"""The firmware under CPython.

The behaviour checks live in mp_checks.py, so that the very same expectations
also run under the real MicroPython (test_micropython.py); here pytest runs
each one as its own test. Below them: what only CPython can test.
"""

import ast
import contextlib
import io
import runpy
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol
from firmware_bridge.firmware import app
from tests.firmware import fake_hw, mp_checks

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware_bridge" / "firmware"


@pytest.fixture(autouse=True)
def boot_file_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(mp_checks, "TMP", str(tmp_path))


@pytest.mark.parametrize("check", mp_checks.CHECKS, ids=lambda c: c.__name__[len("check_") :])
def test_firmware(check):
    check()


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_from_the_host_are_survived(noise):
    bench = fake_hw.Bench()
    bench.line.to_device.extend(noise)
    bench.run(20)
    bench.line.to_device.extend(b"\x00")  # ends whatever the noise left unfinished
    bench.send(protocol.LEDS, b"\x03")
    bench.run(10)
    assert bench.hw.leds == 0x03


# MicroPython has these (the Pico's build); protocol.py is copied beside the firmware.
MICROPYTHON_IMPORTS = {"firmware_bridge", "protocol", "app", "board", "keys", "mfrc522"}
MICROPYTHON_IMPORTS |= {"machine", "micropython", "os", "random", "select", "sys", "time"}


@pytest.mark.parametrize(
    "path", sorted(FIRMWARE.glob("*.py")) + [FIRMWARE.parent / "protocol.py"], ids=lambda p: p.name
)
def test_firmware_imports_only_what_the_pico_has(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name.split(".")[0] in MICROPYTHON_IMPORTS, f"{path.name} imports {name}"


def test_usb_serial_turns_off_ctrl_c_and_passes_0x03(monkeypatch):
    board = mp_checks.load_board()
    kbd_intr = []
    monkeypatch.setitem(sys.modules, "micropython", SimpleNamespace(kbd_intr=kbd_intr.append))
    stdin = SimpleNamespace(buffer=io.BytesIO(b"\x03\x00ab"))
    stdout = SimpleNamespace(buffer=io.BytesIO())
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)

    class Poll:  # select.poll on stdin: ready while bytes are left
        def register(self, stream, mask):
            assert stream is stdin

        def poll(self, timeout):
            assert timeout == 0  # never blocks the loop
            return [1] if stdin.buffer.tell() < len(stdin.buffer.getvalue()) else []

    monkeypatch.setitem(sys.modules, "select", SimpleNamespace(poll=Poll, POLLIN=1))
    serial = board.UsbSerial()
    assert kbd_intr == [-1]
    assert serial.read() == b"\x03\x00ab"
    assert serial.read() == b""
    serial.write(b"\x00\n\x03")
    assert stdout.buffer.getvalue() == b"\x00\n\x03"  # raw: no "\r\n"


class Runaway(BaseException):
    """main.py's loop ran on (not an Exception: main.py must not catch it)."""


class Clock:
    """time.ticks_ms and time.sleep_ms for main.py; stops a loop that never ends."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms
        if self.now > 60_000:
            raise Runaway


def run_main(monkeypatch, hw):
    """Run main.py with fake app/board/machine/time modules around `hw`."""
    resets = []

    def reset():
        resets.append(True)
        raise SystemExit  # the real reset never returns

    maintenance = []
    board = SimpleNamespace(
        Hardware=lambda: hw, MAINTENANCE_KEY="MENU", maintenance=maintenance.append
    )
    monkeypatch.setitem(sys.modules, "app", app)
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "machine", SimpleNamespace(reset=reset))
    monkeypatch.setitem(sys.modules, "time", Clock())
    with contextlib.suppress(SystemExit):  # from machine.reset()
        runpy.run_path(str(FIRMWARE / "main.py"))
    return maintenance, resets


def test_main_reports_a_crash_then_resets(monkeypatch):
    hw = fake_hw.FakeHw()
    turns = []

    def held_keys():  # the 50th turn of the loop hits a bug
        turns.append(1)
        if len(turns) == 50:
            raise ZeroDivisionError("division by zero")
        return []

    hw.held_keys = held_keys
    maintenance, resets = run_main(monkeypatch, hw)
    frames = protocol.Decoder().feed(hw.line.take())
    assert [f.type for f in frames] == [protocol.HELLO, protocol.ERROR]
    assert frames[1].text == "crash: ZeroDivisionError: division by zero"
    assert resets == [True] and maintenance == []


def test_main_with_the_maintenance_key_held_does_not_start(monkeypatch):
    hw = fake_hw.FakeHw()
    hw.down = ["MENU"]
    maintenance, resets = run_main(monkeypatch, hw)
    assert maintenance == [hw] and resets == []
    assert hw.line.take() == b""
