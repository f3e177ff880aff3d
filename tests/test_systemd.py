"""On the Pi: the unit (verified, sandboxed), the install script into a
temporary root, systemd's notify protocol, and a bad config file."""

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SYSTEMD = REPO / "systemd"
UNIT = SYSTEMD / "honeymoon-table.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze not found: the unit checks are skipped"
)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("root")
    install = [str(SYSTEMD / "install.sh"), "--root", str(root), "--no-deps"]
    done = subprocess.run(["sh", *install], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return root, install


def test_install_writes_every_file(installed):
    root, _ = installed
    assert (root / "etc/honeymoon-table/config.toml").read_text() == (
        SYSTEMD / "config.toml"
    ).read_text()
    assert (root / "etc/systemd/system/honeymoon-table.service").read_bytes() == (UNIT.read_bytes())
    assert (root / "etc/udev/rules.d/99-honeymoon-table.rules").read_bytes() == (
        (SYSTEMD / "99-honeymoon-table.rules").read_bytes()
    )
    assert (root / "var/lib/honeymoon-table").is_dir()
    app = root / "opt/honeymoon-table/venv/bin/honeymoon"
    assert app.is_file() and os.access(app, os.X_OK)
    cfg = root / "opt/honeymoon-table/venv/pyvenv.cfg"
    assert "include-system-site-packages = true" in cfg.read_text()


@needs_analyze
def test_unit_verifies(installed, tmp_path):
    root, _ = installed
    # Verify the unit as installed: its ExecStart must point at the installed app.
    text = UNIT.read_text().replace("/opt/honeymoon-table", str(root / "opt/honeymoon-table"))
    unit = tmp_path / "honeymoon-table.service"
    unit.write_text(text)
    done = subprocess.run([ANALYZE, "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_install_again_keeps_the_config_then_uninstall_keeps_the_journal(installed):
    root, install = installed
    config = root / "etc/honeymoon-table/config.toml"
    config.write_text('[screen]\nlanguage = "nl"\n')
    journal = root / "var/lib/honeymoon-table/journal.sqlite3"
    journal.write_bytes(b"the evening's rubbers")
    again = subprocess.run(["sh", *install], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "kept the config" in again.stdout
    assert config.read_text() == '[screen]\nlanguage = "nl"\n'
    gone = subprocess.run(["sh", *install[:3], "--uninstall"], capture_output=True, text=True)
    assert gone.returncode == 0
    assert not (root / "etc/systemd/system/honeymoon-table.service").exists()
    assert not (root / "etc/udev/rules.d/99-honeymoon-table.rules").exists()
    assert not (root / "opt/honeymoon-table").exists()
    assert config.exists() and journal.read_bytes() == b"the evening's rubbers"
    subprocess.run(["sh", *install[:3], "--purge"], check=True, capture_output=True)
    assert not config.exists() and not journal.exists()


def test_install_refuses_unknown_options():
    done = subprocess.run(["sh", str(SYSTEMD / "install.sh"), "--bogus"], capture_output=True)
    assert done.returncode == 2 and b"unknown option --bogus" in done.stderr


@needs_analyze
def test_unit_sandbox_exposure_is_two_or_lower():
    done = subprocess.run(
        [ANALYZE, "security", "--offline=true", str(UNIT)], capture_output=True, text=True
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout + done.stderr)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= 2.0


def test_unit_and_rules_say_what_the_issue_asks():
    unit = UNIT.read_text()
    for setting in (
        "Type=notify",
        "WatchdogSec=",
        "Restart=on-failure",
        "StartLimitBurst=",
        "StateDirectory=honeymoon-table",
        "SupplementaryGroups=gpio dialout video input render",
        "SDL_VIDEODRIVER=kmsdrm",
        "TTYPath=/dev/tty1",
    ):
        assert setting in unit
    assert unit.index("StartLimitBurst") < unit.index("[Service]")  # start limits in [Unit]
    rules = (SYSTEMD / "99-honeymoon-table.rules").read_text()
    assert 'SYMLINK+="honeymoon-scanner"' in rules and 'ATTRS{idVendor}=="2e8a"' in rules
    assert rules.count('ENV{ID_MM_DEVICE_IGNORE}="1"') == rules.count("SYMLINK+=")


def test_the_unit_allows_the_serial_lines_the_protocol_offers():
    """USB CDC, USB serial and the Pi's UART (PROTOCOL.md), and no more than that."""
    unit = UNIT.read_text()
    lines = unit.splitlines()
    allowed = {line.split("=", 1)[1] for line in lines if line.startswith("DeviceAllow=")}
    serial = {"char-ttyACM rw", "char-ttyUSB rw", "char-ttyAMA rw", "/dev/ttyS0 rw"}
    assert serial | {"/dev/serial0 rw"} <= allowed and "DevicePolicy=closed" in unit
    # char-ttyS (or char-tty) is major 4, shared with the virtual consoles: never whole.
    assert not {"char-ttyS rw", "char-tty rw", "char-ttyS", "char-tty"} & allowed
    protocol = (REPO / "firmware_bridge" / "PROTOCOL.md").read_text()
    assert "USB CDC serial" in protocol and "a UART at 115200 8N1" in protocol


def test_the_readme_and_the_rules_say_how_to_use_the_uart():
    readme = (REPO / "README.md").read_text()
    pi = readme[readme.index("## On a Raspberry Pi") :]
    pi = pi[: pi.index("\n## ", 1)]
    for needed in (
        "enable_uart=1",
        "/boot/firmware/config.txt",
        "raspi-config",
        'scanner = "/dev/serial0"',
        "115200",
        "GPIO 14",
        "GPIO 15",
        "GP0",
        "GP1",
    ):
        assert needed in pi, needed
    assert "/dev/serial0" in (SYSTEMD / "99-honeymoon-table.rules").read_text()


# -- notify ---------------------------------------------------------------------------
@pytest.fixture
def notify_socket(tmp_path, monkeypatch):
    address = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    yield sock
    sock.close()


def test_app_says_ready_after_its_first_frame_and_pings_the_watchdog(notify_socket, monkeypatch):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import queue

    from device.engine.events import Setup
    from device.engine.game import Game
    from device.loop import TableLoop
    from device.table import Table
    from device.ui.app import App
    from device.ui.screens.base import UiState

    monkeypatch.setenv("WATCHDOG_USEC", "100000")  # ping every 0.05 s
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    app = App(TableLoop(Table(Game(Setup("plain", ("A", "B"), 0))), queue.Queue()), UiState())
    frames = []
    app.run(until=lambda a: frames.append(a.frames) or len(frames) > 8)
    messages = [notify_socket.recv(64) for _ in range(3)]
    assert messages[0] == b"READY=1" and frames[0] >= 1  # the first frame was drawn
    assert messages[1:] == [b"WATCHDOG=1", b"WATCHDOG=1"]


def test_nothing_is_sent_without_systemd(monkeypatch):
    from device.notify import notify, watchdog_interval

    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert notify("READY=1") is False and watchdog_interval() is None


# -- config ---------------------------------------------------------------------------
def test_a_bad_config_names_the_line_and_the_table_starts_anyway(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[devices]\nscanner = "none"\nbidbox = none\n')
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--config", str(config)]
        + ["--data-dir", str(tmp_path), "--new", "plain", "--players", "Anna", "Ben"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
    )
    assert done.returncode == 0
    assert "line 3" in done.stderr and "starting with the defaults" in done.stderr
    assert "Traceback" not in done.stderr
    assert "Anna to call" in done.stdout or "auction" in done.stdout


def test_no_screen_is_a_one_line_message_not_a_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--data-dir", str(tmp_path)]
        + ["--new", "plain", "--players", "Anna", "Ben", "--config", os.devnull],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
        env={**os.environ, "SDL_VIDEODRIVER": "no-such-driver"},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no screen" in done.stderr and "--headless" in done.stderr
