"""The real `honeymoon run --headless` with hostile devices on ptys: it stays up,
takes every valid input once, and prints no traceback."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from device.engine.events import Setup
from device.engine.game import Game
from device.hal.events import CALL, Input
from device.store.journal import FILENAME, Journal
from device.table import Table
from firmware_bridge import protocol as p
from tests.at_the_table import START_S, STOP_S, started
from tests.faults.hostile_devices import BAD_TEXTS, Hostile

REPO = Path(__file__).resolve().parents[2]


def tick_until(devices, done, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for device in devices:
            device.tick()
        if done():
            return True
        time.sleep(0.002)
    return False


def test_run_headless_survives_hostile_devices_and_loses_nothing(tmp_path):
    # A bidding box on the scanner's port, both with one odd id, boots that are no numbers.
    scanner = Hostile("scanner", tmp_path, b"\x00\x1b[2J\xff", b"9" * 60)
    scanner.fields[b"kind"] = b"bidbox"
    bidbox = Hostile("bidbox", tmp_path, b"\x00\x1b[2J\xff", b"abc\x00")
    devices = (scanner, bidbox)
    command = [sys.executable, "-m", "device.cli", "run", "--headless", "--new", "plain"]
    command += ["--players", "Anna", "Ben", "--first-dealer", "Anna"]
    command += ["--scanner", scanner.link.url, "--bidbox", bidbox.link.url]
    command += ["--data-dir", str(tmp_path / "data")]
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("HONEYMOON_CONFIG", None)
    log = open(tmp_path / "app.log", "wb")  # noqa: SIM115 - closed below
    reference = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))

    def put(device, ftype, payload):
        device.put(ftype, payload)
        assert tick_until(devices, lambda: device.outbox.waiting == 0), payload

    def call(device, text):
        put(device, p.CALL, text.encode())
        assert reference.handle(Input(CALL, text, "reference")).accepted

    with started(command, env=env, stdout=log, stderr=log) as app:  # its group ends here
        try:
            both = lambda: scanner.identified and bidbox.identified  # noqa: E731
            assert tick_until(devices, both, START_S)  # the table started, a busy machine too
            for device in devices:  # text the screen, the log and the terminal must not obey
                device.send(p.ERROR, b"\x00\x1b]0;owned\x07\xe2\x80\xae" + b"x" * 150)
                device.hello(b"kind=scanner;fw=\x00")  # refused: no id, no boot
                for text in BAD_TEXTS:
                    put(device, p.CALL, text)
            call(scanner, "1S")  # a call from a bidding box on the scanner's port is a call
            last = bidbox.outbox._last_input_seq
            bidbox.reboot()  # the same boot: its seq restarts, and meets the last one again
            bidbox.run_seq_to(last)
            call(bidbox, "2S")
            bidbox.deaf = 1  # its ACK missed: the resend crosses a HELLO
            bidbox.put(p.CALL, b"P")
            assert tick_until(devices, lambda: bidbox.deaf == 0)
            bidbox.hello()
            assert tick_until(devices, lambda: bidbox.outbox.waiting == 0)
            reference.handle(Input(CALL, "P", "reference"))
            time.sleep(0.3)
            assert app.poll() is None, "the table went down"
        finally:
            if app.poll() is None:
                app.send_signal(signal.SIGINT)  # as Ctrl-C: it ends by itself
                with contextlib.suppress(subprocess.TimeoutExpired):
                    app.wait(STOP_S)
            log.close()
            for device in devices:
                device.close()
    output = (tmp_path / "app.log").read_text(errors="replace")
    assert "Traceback" not in output, output
    assert "\x00" not in output and "\x1b" not in output  # made safe before the terminal
    journal = Journal(tmp_path / "data" / FILENAME)
    rubber = journal.rubber(journal.unfinished())
    assert [e.to_dict() for e in rubber.events] == [e.to_dict() for e in reference.game.events]
    assert len(rubber.events) == 3
    assert {key.split("/")[0] for key, _ in journal.applied()} == {"scanner", "bidbox"}
