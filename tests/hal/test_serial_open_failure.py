"""Issue 9, point 6: a scanner or bidding box whose URL cannot be opened never stops
the table: the device shows as failing with the reason (once, on the screen and in
the log), and it keeps trying until the device is there."""

import logging
import queue
import subprocess
import sys
import time

import pytest
import serial

from device.hal.events import CONNECTED, LOST
from device.hal.serial_device import SerialDevice, open_failure
from device.sim.devices import SimDevice
from device.sim.links import PtyLink


def items(inputs: queue.Queue) -> list:
    found = []
    while not inputs.empty():
        found.append(inputs.get_nowait())
    return found


class CountingOpener:
    def __init__(self):
        self.calls = 0

    def __call__(self, url, **options):
        self.calls += 1
        return serial.serial_for_url(url, **options)


@pytest.mark.parametrize(
    "url,reason",
    [
        ("/dev/nonexistent", "No such file or directory"),
        ("socket://127.0.0.1:1", "Connection refused"),
        ("nonsense://x", "invalid URL, protocol 'nonsense' not known"),
    ],
)
def test_a_url_that_cannot_be_opened_says_why_once_and_keeps_trying(url, reason, caplog):
    inputs, opener = queue.Queue(), CountingOpener()
    device = SerialDevice(url, inputs, "scanner", retry=0.02, opener=opener)
    with caplog.at_level(logging.INFO, logger="device.hal.serial_device"):
        device.start()
        end = time.monotonic() + 5
        while opener.calls < 5 and time.monotonic() < end:
            time.sleep(0.01)
        alive = device._thread.is_alive()
        device.stop()
    assert opener.calls >= 5 and alive  # still retrying, not dead on the first failure
    said = items(inputs)
    assert [(i.kind, i.source) for i in said] == [(LOST, "scanner")]  # once, not per try
    assert said[0].value == f"scanner cannot be opened ({url}): {reason}"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [f"{said[0].value}; retrying every 0.0 s"]


def test_the_device_connects_once_it_is_there(tmp_path):
    inputs = queue.Queue()
    path = tmp_path / "scanner"
    device = SerialDevice(str(path), inputs, "scanner", retry=0.05).start()
    sim = None
    try:
        first = inputs.get(timeout=5)
        assert (first.kind, first.value) == (
            LOST,
            f"scanner cannot be opened ({path}): No such file or directory",
        )
        sim = SimDevice("scanner", "SIM-SCANNER", PtyLink(path)).start()
        second = inputs.get(timeout=5)
        assert second.kind == CONNECTED and device.connected
    finally:
        device.stop()
        if sim is not None:
            sim.stop()


def test_a_lost_device_is_announced_by_lost_alone(tmp_path):
    """After an unplug the LOST says it: the failed reopens add nothing."""
    inputs = queue.Queue()
    path = tmp_path / "scanner"
    sim = SimDevice("scanner", "SIM-SCANNER", PtyLink(path)).start()
    device = SerialDevice(str(path), inputs, "scanner", retry=0.02).start()
    try:
        assert inputs.get(timeout=5).kind == CONNECTED
        sim.stop()  # the pty and its link are gone
        lost = inputs.get(timeout=10)
        assert (lost.kind, lost.value) == (LOST, "scanner disconnected")
        time.sleep(0.3)  # many failed reopens
        assert items(inputs) == []
    finally:
        device.stop()


def test_open_failure_keeps_the_reason_alone():
    error = serial.SerialException(2, "could not open port /x: [Errno 2] No such file: '/x'")
    assert open_failure(error) == "No such file"
    assert open_failure(ValueError("invalid URL")) == "invalid URL"
    assert open_failure(OSError()) == "OSError"


def test_the_table_starts_with_devices_that_cannot_be_opened(tmp_path):
    """As a user runs it: the table plays on, and the log (stderr) says why."""
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--config", "/dev/null"]
        + ["--scanner", "nonsense://x", "--bidbox", "socket://127.0.0.1:1"]
        + ["--data-dir", str(tmp_path), "--new", "plain", "--players", "Anna", "Ben"],
        input="sheet\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "scanner cannot be opened (nonsense://x): invalid URL" in done.stderr
    assert "bidbox cannot be opened (socket://127.0.0.1:1): Connection refused" in done.stderr
    assert "deal 1, auction (none yet): Ben to call" in done.stdout  # the table is up
    assert "Plain Honeymoon: Anna v Ben" in done.stdout  # and answers


@pytest.mark.parametrize(
    "lang,shown",
    [
        ("en", "Card scanner cannot be opened (nonsense://x): invalid URL"),
        ("nl", "Kaartscanner kan niet worden geopend (nonsense://x): invalid URL"),
    ],
)
def test_the_screen_shows_the_device_failing_with_the_reason(monkeypatch, lang, shown):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from device.engine.events import Setup
    from device.engine.game import Game
    from device.loop import TableLoop
    from device.table import Table
    from device.ui.app import App
    from device.ui.screens.base import UiState

    inputs = queue.Queue()
    device = SerialDevice("nonsense://x", inputs, "scanner", retry=0.05).start()
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, inputs, {"scanner": device}), UiState(scanner=True, lang=lang))
    try:
        end = time.monotonic() + 5
        while app.ui.devices.get("scanner") != "lost" and time.monotonic() < end:
            app.step(0.01)
        assert app.ui.devices == {"scanner": "lost"}  # the device line: scanner not connected
        notice = app.ui.notice_for("device.scanner").text(app.t)  # until it is tapped away
        assert notice.startswith(shown)
        assert table.game.phase == "auction"  # the table goes on
    finally:
        device.stop()
