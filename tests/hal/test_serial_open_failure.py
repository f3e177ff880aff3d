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
from device.hal.serial_device import SerialDevice, in_use, open_failure
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
        notice = app.ui.notices.notice_for("device.scanner").text(app.t)  # until it is tapped away
        assert notice.startswith(shown)
        assert table.game.phase == "auction"  # the table goes on
    finally:
        device.stop()


# -- issue 20, item 3: a serial port is opened exclusively -----------------------------
def in_use_message(path) -> str:
    from device.engine.message import msg

    return msg("the {source} port {url} is in use by another program", source="scanner", url=path)


def test_a_second_opener_of_a_port_is_refused_loudly_and_takes_over_once_it_is_free(
    tmp_path, caplog
):
    """Two tables (two data folders, or a stale one left running) on one pty: the
    second does not share the bytes; it says who holds the port, keeps trying, and
    gets the device once the first lets go."""
    path = tmp_path / "scanner"
    sim = SimDevice("scanner", "SIM-SCANNER", PtyLink(path), seed=1).start()
    first_inputs, second_inputs = queue.Queue(), queue.Queue()
    first = SerialDevice(str(path), first_inputs, "scanner", retry=0.02).start()
    second = None
    try:
        assert first_inputs.get(timeout=5).kind == CONNECTED
        opener = CountingOpener()
        with caplog.at_level(logging.INFO, logger="device.hal.serial_device"):
            second = SerialDevice(str(path), second_inputs, "scanner", retry=0.02, opener=opener)
            second.start()
            said = second_inputs.get(timeout=5)
            end = time.monotonic() + 5
            while opener.calls < 5 and time.monotonic() < end:
                time.sleep(0.01)
        assert (said.kind, said.value) == (LOST, in_use_message(path))
        assert opener.calls >= 5 and second._thread.is_alive() and not second.connected
        assert items(second_inputs) == []  # said once, not at every try
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert warnings == [f"{said.value}; retrying every 0.0 s"]
        sim.card("SA")  # the device's bytes go to the first table alone
        card = first_inputs.get(timeout=5)
        assert card.value == "SA" and second.stats["frames"] == 0
        first.acknowledge(card)
        assert sim.wait_delivered(5)
        first.stop()  # the first table ends: the second takes the port over
        assert second_inputs.get(timeout=5).kind == CONNECTED and second.connected
    finally:
        first.stop()
        if second is not None:
            second.stop()
        sim.stop()


class TakenOnReplug(PtyLink):
    """A pty that another program opens (and flocks, as pyserial does) before the
    table sees it back: the lock is taken before the path is published."""

    def replug_taken(self) -> int:
        import fcntl
        import os

        real, self.path = self.path, self.path.with_name("staging")
        try:
            self.open()
        finally:
            self.path = real
        held = os.open(os.ttyname(self._slave), os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        real.with_name("staging").replace(real)
        return held


def test_a_port_taken_after_an_unplug_is_said_after_the_lost(tmp_path):
    """The device was connected; while it was away another program opened it: the
    table says so, though it said LOST already."""
    import os

    path = tmp_path / "scanner"
    link = TakenOnReplug(path)
    sim = SimDevice("scanner", "SIM-SCANNER", link, seed=1).start()
    inputs = queue.Queue()
    device = SerialDevice(str(path), inputs, "scanner", retry=0.02).start()
    held = None
    try:
        assert inputs.get(timeout=5).kind == CONNECTED
        with sim._lock:
            link.close()  # unplugged
            lost = inputs.get(timeout=5)
            assert (lost.kind, lost.value) == (LOST, "scanner disconnected")
            held = link.replug_taken()  # back, and another program got it first
        said = inputs.get(timeout=5)
        assert (said.kind, said.value) == (LOST, in_use_message(path))
        os.close(held)
        held = None
        assert inputs.get(timeout=5).kind == CONNECTED
    finally:
        if held is not None:
            os.close(held)
        device.stop()
        sim.stop()


def test_in_use_is_told_from_other_open_failures():
    import errno

    locked = serial.SerialException(errno.EAGAIN, "Could not exclusively lock port /x: ...")
    assert in_use(locked) and in_use(OSError(errno.EBUSY, "Device or resource busy"))
    assert not in_use(serial.SerialException(errno.ENOENT, "could not open port /x"))
    assert not in_use(ValueError("invalid URL")) and not in_use(serial.SerialException("x"))


@pytest.mark.parametrize("url", ["socket://127.0.0.1:{port}", "loop://"])
def test_urls_that_are_not_device_paths_open_as_before(url):
    """pyserial's exclusive is a flock on a device path: socket:// and loop:// take
    the option and open as they did."""
    from device.sim.links import TcpLink

    link = TcpLink("127.0.0.1", 0)
    link.open()
    try:
        port = serial.serial_for_url(url.format(port=link.port), timeout=0.05, exclusive=True)
        port.close()
    finally:
        link.close()


@pytest.mark.parametrize(
    "lang,shown",
    [
        ("en", "Card scanner port /dev/ttyACM0 is in use by another program: close that program."),
        ("nl", "Kaartscanner: aansluiting /dev/ttyACM0 is in gebruik door een ander programma"),
    ],
)
def test_the_screen_says_the_port_is_in_use(lang, shown):
    from device.ui.i18n import Catalog
    from device.ui.screens.base import DeviceNotice

    notice = DeviceNotice("scanner", in_use_message("/dev/ttyACM0"))
    assert notice.text(Catalog(lang)).startswith(shown)


def test_a_second_table_on_a_taken_port_says_so_and_plays_on(tmp_path):
    """As a user meets it: one table holds the scanner's port, a second one (its own
    data folder) is started on the same port; it says who holds it, and answers."""
    path = tmp_path / "scanner"
    sim = SimDevice("scanner", "SIM-SCANNER", PtyLink(path), seed=1).start()
    inputs = queue.Queue()
    first = SerialDevice(str(path), inputs, "scanner", retry=0.02).start()
    try:
        assert inputs.get(timeout=5).kind == CONNECTED
        done = subprocess.run(
            [sys.executable, "-m", "device.cli", "run", "--text", "--config", "/dev/null"]
            + ["--scanner", str(path), "--bidbox", "none", "--data-dir", str(tmp_path / "b")]
            + ["--new", "plain", "--players", "Anna", "Ben"],
            input="sheet\nquit\n",
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert first.connected  # the first table kept its device
    finally:
        first.stop()
        sim.stop()
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{in_use_message(path)}; retrying every 0.5 s" in done.stderr
    assert "Plain Honeymoon: Anna v Ben" in done.stdout  # the table is up and answers
