"""On the Pi: the unit (verified, sandboxed), the install script into a
temporary root, systemd's notify protocol, a bad config file, and the appliance's
ways out: Quit restarted by the unit, Shut down allowed by polkit to the table's
user and to nothing else."""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SYSTEMD = REPO / "systemd"
UNIT = SYSTEMD / "honeymoon-table.service"
POLKIT_RULE = SYSTEMD / "polkit-honeymoon-table.rules"
POLKIT_INSTALLED = "etc/polkit-1/rules.d/60-honeymoon-table.rules"
PI_DOC = REPO / "docs" / "pi.md"  # the Pi, in full: the README says it in brief
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze not found: the unit checks are skipped"
)


# What the installed package is built from: not a checkout's work of its own.
NOT_SOURCE = (".venv", ".git", "node_modules", "build", "*.egg-info", "__pycache__", ".*_cache")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The install from a copy of the source: pip builds the package in its folder
    (build/), which a second suite running in this checkout would build in too."""
    source = tmp_path_factory.mktemp("source") / "honeymoon-table"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(*NOT_SOURCE, ".hypothesis"))
    root = tmp_path_factory.mktemp("root")
    install = [str(source / "systemd" / "install.sh"), "--root", str(root), "--no-deps"]
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
    assert (root / POLKIT_INSTALLED).read_bytes() == POLKIT_RULE.read_bytes()
    assert (root / POLKIT_INSTALLED).stat().st_mode & 0o777 == 0o644  # polkitd reads it
    assert (root / "var/lib/honeymoon-table").is_dir()
    app = root / "opt/honeymoon-table/venv/bin/honeymoon"
    assert app.is_file() and os.access(app, os.X_OK)
    cfg = root / "opt/honeymoon-table/venv/pyvenv.cfg"
    assert "include-system-site-packages = true" in cfg.read_text()
    docs = root / "opt/honeymoon-table"  # the unit's Documentation=, and what it links to
    assert (docs / "README.md").is_file() and (docs / "docs/pi.md").is_file()


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
    assert "(with analysis; no test or lint tools)" in again.stdout
    config.write_text('[devices]\nscanner = "camera:/dev/video0"\n')  # OpenCV, now
    camera = subprocess.run(["sh", *install], capture_output=True, text=True, timeout=300)
    assert camera.returncode == 0 and "(with analysis,camera; " in camera.stdout
    gone = subprocess.run(["sh", *install[:3], "--uninstall"], capture_output=True, text=True)
    assert gone.returncode == 0
    assert not (root / "etc/systemd/system/honeymoon-table.service").exists()
    assert not (root / "etc/udev/rules.d/99-honeymoon-table.rules").exists()
    assert not (root / POLKIT_INSTALLED).exists()  # Shut down is no longer allowed
    assert not (root / "opt/honeymoon-table").exists()
    assert config.exists() and journal.read_bytes() == b"the evening's rubbers"
    subprocess.run(["sh", *install[:3], "--purge"], check=True, capture_output=True)
    assert not config.exists() and not journal.exists()


def test_every_dependency_is_pinned_and_make_and_the_install_use_the_pins():
    """constraints.txt names every distribution this suite runs with, at the version
    installed, and both make and install.sh install with it; ruff is pinned exactly."""
    from importlib import metadata

    pins = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.lower().replace("_", "-")] = version
    ours = {"honeymoon-table", "setuptools", "wheel"}
    for dist in metadata.distributions():
        name = dist.metadata["Name"].lower().replace("_", "-")
        if name not in ours:
            assert pins.get(name) == dist.version, f"{name} {dist.version} is not pinned"
    assert "-c constraints.txt" in (REPO / "Makefile").read_text()
    assert '-c "$SRC/constraints.txt"' in (SYSTEMD / "install.sh").read_text()
    dev = (REPO / "pyproject.toml").read_text().split("dev = [", 1)[1].split("]", 1)[0]
    assert f'"ruff=={pins["ruff"]}"' in dev


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
    pi = PI_DOC.read_text()  # the README's Pi section links to it
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


# -- the appliance: Quit restarts, Shut down powers off ---------------------------------
def unit_values(key: str) -> list[str]:
    """Every value the unit gives `key`, each list setting split into its words."""
    lines = UNIT.read_text().splitlines()
    return [
        word
        for line in lines
        if line.startswith(f"{key}=")
        for word in line[len(key) + 1 :].split()
    ]


def restarted(status: int) -> bool:
    """Whether systemd restarts the unit after its main process exits with `status`
    (systemd.service(5): Restart=on-failure restarts an unclean exit code, one that is
    neither 0 nor in SuccessExitStatus=; RestartForceExitStatus= restarts whatever
    Restart= says)."""
    [policy] = unit_values("Restart")
    assert policy == "on-failure", "this reading of the policy is for on-failure"
    if str(status) in unit_values("RestartForceExitStatus"):
        return True
    clean = status == 0 or str(status) in unit_values("SuccessExitStatus")
    return not clean


def test_the_units_policy_restarts_a_quit_and_a_crash_but_not_a_stop():
    from device.appliance import EXIT_RESTART, MARK

    assert restarted(EXIT_RESTART)  # Quit on the appliance: the table starts again
    assert str(EXIT_RESTART) in unit_values("SuccessExitStatus")  # and it is no failure
    assert restarted(1) and restarted(2)  # a crash, a refused start: as before
    assert not restarted(0)  # systemctl stop, a shutdown (SIGTERM: SDL's QUIT)
    assert f"{MARK}=1" in unit_values("Environment")  # what makes it the appliance


def test_quit_ends_the_real_table_with_the_status_its_unit_restarts_on(
    tmp_path, monkeypatch, notify_socket
):
    from device.appliance import EXIT_RESTART, MARK

    monkeypatch.setenv(MARK, "1")  # as honeymoon-table.service starts it
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef0123456789abcdef")
    status = quit_by_touch(tmp_path, notify_socket, "confirm-restart")
    assert status == EXIT_RESTART and restarted(status)


def test_on_a_laptop_quit_ends_the_real_table_with_status_0(tmp_path, monkeypatch, notify_socket):
    from device.appliance import MARK

    monkeypatch.delenv(MARK, raising=False)
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    assert quit_by_touch(tmp_path, notify_socket, "confirm-quit") == 0


def quit_by_touch(tmp_path, notify_socket, confirm: str) -> int:
    """`honeymoon run --headless` in this process, driven as a finger would: Escape
    opens the menu, a tap on Quit (or Restart), a tap on Yes; its exit status. Each
    step waits for the screen before it (its screenshot), not for a time."""
    from device.cli import main
    from device.ui.actions import Overlay
    from device.ui.screens import menu
    from device.ui.screens.base import UiState

    shots = tmp_path / "shots"
    argv = ["run", "--headless", "--screenshot-dir", str(shots), "--config", os.devnull]
    argv += ["--data-dir", str(tmp_path / "data"), "--scanner", "none", "--bidbox", "none"]
    argv += ["--new", "plain", "--players", "Anna", "Ben"]
    appliance = confirm == "confirm-restart"
    power_off = appliance and shutil.which("busctl") is not None  # as the app finds it
    shown = menu.items(None, UiState(restarts=appliance, power_off=power_off))
    way_out = next(item for item in shown if item[1] == Overlay(confirm))
    steps = [
        ("menu", centre(menu.item_rect(shown.index(way_out), len(shown)))),
        (confirm, centre(menu.YES)),
    ]
    failed: list[str] = []
    driver = threading.Thread(target=drive, args=(notify_socket, shots, steps, failed))
    driver.start()
    try:
        status = main(argv)
    finally:
        driver.join()
    assert not failed, failed
    return status


def centre(rect) -> tuple[int, int]:
    x, y, w, h = rect
    return int(x + w / 2), int(y + h / 2)


def drive(notify_socket, shots: Path, steps, failed: list[str]) -> None:
    """Escape once the first frame is up, then each tap once its screen is shown; on a
    screen that never comes, the table is closed (SDL's QUIT) and the test fails."""
    import pygame

    notify_socket.settimeout(60)
    try:
        assert notify_socket.recv(64) == b"READY=1"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        for screen, pos in steps:
            wait_for_screen(shots, screen)
            tap = {"button": 1, "pos": pos, "touch": False}
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, tap))
    except (AssertionError, OSError, TimeoutError) as error:
        failed.append(repr(error))
        pygame.event.post(pygame.event.Event(pygame.QUIT))


def wait_for_screen(shots: Path, screen: str, limit_s: float = 60) -> None:
    deadline = time.monotonic() + limit_s
    while not list(shots.glob(f"*-{screen}-en.png")):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the {screen} screen never came")
        time.sleep(0.02)


NODE = shutil.which("node")
# Actions the rule must leave alone, besides every action this machine's polkit knows.
OTHER_ACTIONS = (
    "org.freedesktop.login1.power-off-ignore-inhibit",
    "org.freedesktop.login1.reboot",
    "org.freedesktop.login1.reboot-multiple-sessions",
    "org.freedesktop.login1.halt",
    "org.freedesktop.login1.suspend",
    "org.freedesktop.login1.hibernate",
    "org.freedesktop.login1.inhibit-block-shutdown",
    "org.freedesktop.login1.set-wall-message",
    "org.freedesktop.login1.manage",
    "org.freedesktop.systemd1.manage-units",
    "org.freedesktop.systemd1.manage-unit-files",
    "org.freedesktop.policykit.exec",
    "org.freedesktop.packagekit.package-install",
)
POWER_OFF = (
    "org.freedesktop.login1.power-off",
    "org.freedesktop.login1.power-off-multiple-sessions",  # someone logged in over SSH
)
# polkit's own rule API, as polkitd gives it to a rules file: each rule is asked in
# turn, the first answer other than null or undefined counts.
POLKIT_HARNESS = """
const rules = [];
const polkit = {
  Result: {NO: "no", YES: "yes", AUTH_SELF: "auth_self", AUTH_ADMIN: "auth_admin",
           NOT_HANDLED: null},
  addRule: (rule) => rules.push(rule), log: () => {},
};
new Function("polkit", require("fs").readFileSync(process.argv[1], "utf8"))(polkit);
const answers = JSON.parse(process.argv[2]).map(([id, user]) => {
  for (const rule of rules) {
    const said = rule({id: id}, {user: user, local: true, active: true});
    if (said !== null && said !== undefined) return said;
  }
  return null;
});
console.log(JSON.stringify(answers));
"""


def known_actions() -> set[str]:
    found = set()
    for policy in Path("/usr/share/polkit-1/actions").glob("*.policy"):
        found |= set(re.findall(r'<action id="([^"]+)"', policy.read_text(errors="replace")))
    return found


@pytest.mark.skipif(NODE is None, reason="node not found: the polkit rule is not run")
def test_the_polkit_rule_lets_the_tables_user_power_off_and_nothing_else():
    actions = sorted(known_actions() | set(OTHER_ACTIONS) | set(POWER_OFF))
    cases = [(action, user) for action in actions for user in ("honeymoon", "pi", "root")]
    done = subprocess.run(
        [NODE, "-e", POLKIT_HARNESS, str(POLKIT_RULE), json.dumps(cases)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answers = dict(zip(cases, json.loads(done.stdout), strict=True))
    granted = {case: said for case, said in answers.items() if said is not None}
    assert granted == {(action, "honeymoon"): "yes" for action in POWER_OFF}


def test_the_rule_names_the_units_user_and_the_command_the_table_sends():
    from device.appliance import POWER_OFF as COMMAND

    [user] = unit_values("User")
    assert f"USER_NAME={user}" in (SYSTEMD / "install.sh").read_text()
    assert f'subject.user === "{user}"' in POLKIT_RULE.read_text()
    # logind's PowerOff is what asks polkit for power-off (or -multiple-sessions).
    assert COMMAND[0] == "busctl" and "org.freedesktop.login1" in COMMAND
    assert COMMAND[-3:] == ("PowerOff", "b", "false")  # not interactive: yes, or why not
    # The sandbox lets it through: the system bus is an AF_UNIX socket; NoNewPrivileges
    # stays (it is why sudo could not be the way).
    assert "AF_UNIX" in unit_values("RestrictAddressFamilies")
    assert unit_values("NoNewPrivileges") == ["yes"]


def test_the_readme_says_what_restart_and_shut_down_do_on_the_pi():
    pi = PI_DOC.read_text()
    for needed in (
        "**Restart**",
        "**Shut down**",
        "status 75",
        "RestartForceExitStatus=75",
        "polkitd",
        "60-honeymoon-table.rules",
        "PowerOff",
        "On a laptop",
    ):
        assert needed in pi, needed
