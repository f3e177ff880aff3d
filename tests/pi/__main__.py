"""`make pi-check`: from nothing to the table playing a deal under systemd on arm64.

Run as root on an x86_64 Debian machine with debootstrap, systemd-nspawn and
qemu-user-static (binfmt): `sudo make pi-check` (`sudo apt install debootstrap
qemu-user-static binfmt-support systemd-container` first). The steps, each timed:

1. debootstrap an arm64 Debian 12 (the base of Raspberry Pi OS) into a fresh folder;
2. boot it with systemd-nspawn: its own systemd as PID 1, every arm64 program run
   by qemu-user through binfmt;
3. inside, only what the README's Pi section installs with apt (docs/pi.md's step 2,
   the same line; python3-lgpio comes
   from Raspberry Pi OS's own archive, which a plain Debian 12 lacks: it is named and
   skipped; this check's bidding box is serial), then a clone and `make install`;
4. systemd starts honeymoon-table.service as its user, in its sandbox, with a
   drop-in for what a container lacks (no screen: SDL's dummy driver; the simulated
   devices are ptys); the table says READY=1 and keeps the watchdog fed;
5. `honeymoon sim-devices` plays a deal into it through its scanner and bidding box
   (every input accepted); the journal is where docs/pi.md says;
6. a restart resumes the rubber: the table's status is the same before and after;
7. `honeymoon analyze` reviews an Exposed Dummy deal in the installed venv, DDS's
   library (endplay's arm64 wheel) loaded the way device/analysis/fourth_seat.py
   loads it; its seconds under emulation are printed.

Everything it made (the folder, the container and its processes) is removed at the
end, pass or fail; `--keep` keeps the folder to look into.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MIRROR = "http://deb.debian.org/debian"
SUITE = "bookworm"
NOT_IN_DEBIAN = {"python3-lgpio": "Raspberry Pi OS's own archive"}
HOST_TOOLS = ("debootstrap", "systemd-nspawn", "nsenter", "git")
HOST_APT = "apt install debootstrap qemu-user-static binfmt-support systemd-container"
BINFMT = Path("/proc/sys/fs/binfmt_misc")
UNIT = "honeymoon-table.service"
APP = "/opt/honeymoon-table/venv/bin/honeymoon"
STATE = "/var/lib/honeymoon-table"
LINKS = "/run/honeymoon-sim"
# The host's certificate bundle: the package registries answer through it.
CA_BUNDLE = Path(os.environ.get("PIP_CERT", "/etc/ssl/certs/ca-certificates.crt"))
PIP_SETTINGS = ("PIP_DEFAULT_TIMEOUT", "PIP_DISABLE_PIP_VERSION_CHECK", "PIP_INDEX_URL")

CONFIG = f"""# make pi-check: the simulated devices' pty links, and a form without a draw phase.
[devices]
scanner = "{LINKS}/scanner"
bidbox = "{LINKS}/bidbox"

[game]
form = "plain"
players = ["Anna", "Ben"]
"""

# What a container has not, and only that: the sandbox is the installed unit's.
DROP_IN = """# make pi-check: what the container lacks.
[Service]
# No screen: pygame's dummy video driver (the table still draws every frame).
Environment=SDL_VIDEODRIVER=dummy
# The simulated scanner and bidding box are ptys (a Pi's are ttyACM, ttyUSB, ttyAMA).
DeviceAllow=char-pts rw
"""

# What qemu-user cannot emulate, and only that (on a Pi the unit runs as installed):
# each line was found failing here, with the error it gave.
EMULATION = """# make pi-check: what qemu-user cannot emulate (a real arm64 kernel can).
[Service]
# "Failed to set up network namespacing: Input/output error": qemu-user does not
# translate the netlink set-up of a new namespace's loopback.
PrivateNetwork=no
"""

# The first start begins a rubber (a table at home starts it by touch); the restart
# then runs the unit's own ExecStart.
NEW_RUBBER = "--new plain --players Anna Ben --first-dealer Anna"
FIRST_START = f"""# make pi-check: the first start begins a rubber.
[Service]
ExecStart=
ExecStart={APP} run --config /etc/honeymoon-table/config.toml {NEW_RUBBER}
"""


class CheckFailed(Exception):
    pass


class Steps:
    """Each step's name and time, printed as it ends and again at the end."""

    def __init__(self):
        self.done: list[tuple[str, float, str]] = []

    @contextmanager
    def step(self, name: str):
        start = time.monotonic()
        print(f"-- {name} ...", flush=True)
        try:
            yield
        except BaseException:
            self.done.append((name, time.monotonic() - start, "FAILED"))
            raise
        seconds = time.monotonic() - start
        self.done.append((name, seconds, "ok"))
        print(f"   {name}: {seconds:.1f} s", flush=True)

    def summary(self) -> str:
        lines = [f"{seconds:8.1f} s  {result:6}  {name}" for name, seconds, result in self.done]
        total = sum(seconds for _, seconds, _ in self.done)
        return "\n".join(lines + [f"{total:8.1f} s  in all"])


class Container:
    """The arm64 root booted by systemd-nspawn; commands run in it with nsenter."""

    def __init__(self, root: Path, log: Path):
        self.root = root
        self.log = log
        self.nspawn: subprocess.Popen | None = None
        self.leader: int | None = None

    def boot(self, limit: float = 600) -> str:
        with open(self.log, "ab") as out:
            self.nspawn = subprocess.Popen(
                ["systemd-nspawn", "-D", str(self.root), "-b", "--machine=honeymoon-pi-check"]
                + ["--register=no", "--keep-unit", "--console=passive"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.nspawn.poll() is not None:
                raise CheckFailed(f"the container stopped at boot: see {self.log}")
            self.leader = self.leader or _child_of(self.nspawn.pid)
            if self.leader:
                state = self.run(["systemctl", "is-system-running"], check=False).stdout.strip()
                if state in ("running", "degraded"):
                    return state
            time.sleep(2)
        raise CheckFailed(f"the container's systemd did not finish booting in {limit:.0f} s")

    def run(self, command, check=True, env=(), timeout=1800, **kw) -> subprocess.CompletedProcess:
        done = subprocess.run(
            self.command(command, env), capture_output=True, text=True, timeout=timeout, **kw
        )
        if check and done.returncode != 0:
            raise CheckFailed(
                f"{' '.join(command)} exited {done.returncode}:\n{done.stdout[-3000:]}"
                f"\n{done.stderr[-3000:]}"
            )
        return done

    def command(self, command, env=()) -> list[str]:
        """`command` in the container with its own environment, none of the host's."""
        clean = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        clean += ["HOME=/root", "LANG=C.UTF-8", *env]
        return ["nsenter", "-t", str(self.leader), "-a", "/usr/bin/env", "-i", *clean, *command]

    def stop(self) -> None:
        """Power the container off from inside (qemu-user maps the real-time signals
        systemd takes from outside to others), then kill what is left."""
        if self.nspawn is None or self.nspawn.poll() is not None:
            return
        if self.leader:
            with contextlib.suppress(subprocess.SubprocessError, OSError):
                self.run(["systemctl", "poweroff", "--no-block"], check=False, timeout=60)
                self.nspawn.wait(timeout=180)
                return
        os.killpg(self.nspawn.pid, signal.SIGKILL)
        self.nspawn.wait()


def _child_of(pid: int) -> int | None:
    """The container's PID 1 as the host sees it: systemd-nspawn's child."""
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = (task / "children").read_text().split()
        if children:
            return int(children[0])
    return None


def host_ready() -> None:
    """Root, the tools, and binfmt running arm64 programs through qemu."""
    if os.geteuid() != 0:
        raise CheckFailed("run it as root: sudo make pi-check")
    missing = [tool for tool in HOST_TOOLS if shutil.which(tool) is None]
    if missing:
        raise CheckFailed(f"{', '.join(missing)} not found: {HOST_APT}")
    if not (BINFMT / "status").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], check=False)
    if not (BINFMT / "qemu-aarch64").exists() and shutil.which("update-binfmts"):
        subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], check=False)
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists() or "enabled" not in entry.read_text():
        raise CheckFailed(f"binfmt does not run arm64 programs (no {entry}): {HOST_APT}")


def readme_packages() -> list[str]:
    """What the README's Pi section installs with apt, read from the README."""
    text = (REPO / "README.md").read_text()
    section = text.split("## On a Raspberry Pi", 1)[1]
    line = next(x for x in section.splitlines() if "sudo apt install -y" in x)
    return line.split("sudo apt install -y", 1)[1].split()


def a_deal() -> dict:
    """A record of one deal of Plain Honeymoon Bridge with a contract, Anna dealing."""
    for seed in range(100):
        record = robot_record(seed, "plain")
        first = record["deals"][0]
        if record["first_dealer"] == "Anna" and first.get("cards"):
            return {**record, "deals": [first]}
    raise CheckFailed("no robot rubber of Plain starts with Anna dealing a played deal")


def robot_record(seed: int, form: str) -> dict:
    sys.path.insert(0, str(REPO))
    from device.engine.record import to_record
    from device.robots import play_rubber

    return to_record(play_rubber(seed, form))


def review_three_hands(container: Container, root: Path) -> None:
    """The first played deal of a robot rubber of Exposed Dummy, reviewed by the
    installed `honeymoon analyze`, DDS's library loaded first on its own."""
    record = robot_record(1, "exposed-dummy")
    played = next(deal for deal in record["deals"] if deal.get("cards"))
    (root / "root/exposed-dummy.json").write_text(json.dumps({**record, "deals": [played]}))
    python = str(Path(APP).parent / "python")
    loaded = "from device.analysis.fourth_seat import library; print(library() is not None)"
    if container.run([python, "-c", loaded]).stdout.strip() != "True":
        raise CheckFailed("DDS's library did not load from endplay's arm64 wheel")
    started = time.monotonic()
    done = container.run([APP, "analyze", "/root/exposed-dummy.json", "--json"])
    took = time.monotonic() - started
    deals = json.loads(done.stdout)["deals"]
    if not deals or not deals[0].get("reviewed"):
        raise CheckFailed(f"the deal was not reviewed: {done.stdout[:500]}")
    deal = deals[0]
    print(f"   DD {deal['double_dummy']} tricks; {deal['nodes']} positions searched")
    print(f"   the review {deal['seconds']:.1f} s under emulation ({took:.1f} s with start-up)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="make pi-check", description=__doc__.split("\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the folder at the end")
    parser.add_argument("--dir", default="/var/tmp", help="where to make the folder")
    args = parser.parse_args(argv)
    steps = Steps()
    work = Path(args.dir) / f"honeymoon-pi-check-{os.getpid()}"
    container = Container(work / "root", work / "boot.log")
    try:
        host_ready()
        work.mkdir(parents=True)
        check(steps, container, work)
    except CheckFailed as failure:
        print(f"pi-check FAILED: {failure}", file=sys.stderr)
        return_code = 1
    else:
        return_code = 0
    finally:
        with steps.step("clean up"):
            container.stop()
            if not args.keep:
                shutil.rmtree(work, ignore_errors=True)
    print(steps.summary())
    print("pi-check passed" if return_code == 0 else "pi-check failed")
    return return_code


def check(steps: Steps, container: Container, work: Path) -> None:
    root = container.root
    with steps.step(f"debootstrap arm64 Debian 12 ({SUITE})"):
        with open(work / "debootstrap.log", "wb") as log:
            subprocess.run(
                ["debootstrap", "--arch=arm64", "--include=systemd-sysv,dbus,ca-certificates"]
                + [SUITE, str(root), MIRROR],
                check=True,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        (root / "etc/hostname").write_text("honeymoon-pi\n")
    with steps.step("boot it with systemd-nspawn"):
        print(f"   systemd says: {container.boot()}")
    with steps.step("apt install what the README's Pi section names"):
        install_packages(container)
    with steps.step("clone and sudo make install"):
        install_table(container, root)
    with steps.step("the unit starts the table: READY=1, watchdog fed"):
        start_table(container, root)
    with steps.step("simulated devices play a deal through it"):
        status = play_deal(container)
    with steps.step("a restart resumes the rubber"):
        restart_resumes(container, root, status)
    with steps.step("an Exposed Dummy deal reviewed through DDS"):
        review_three_hands(container, root)


def install_packages(container: Container) -> None:
    apt = ["DEBIAN_FRONTEND=noninteractive"]
    container.run(["apt-get", "update", "-q"], env=apt)
    wanted = readme_packages()
    for name in wanted:
        if name in NOT_IN_DEBIAN:
            print(f"   {name}: not in Debian 12 ({NOT_IN_DEBIAN[name]}): skipped")
    packages = [name for name in wanted if name not in NOT_IN_DEBIAN]
    print(f"   apt-get install {' '.join(packages)}")
    container.run(["apt-get", "install", "-y", "-q", *packages], env=apt)


def install_table(container: Container, root: Path) -> None:
    clone = root / "root/honeymoon-table"
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(clone)], check=True)
    # The host's bundle in the container's place: pip, git and apt trust what it trusts.
    shutil.copy(CA_BUNDLE, root / "etc/ssl/certs/ca-certificates.crt")
    env = [f"{key}={os.environ[key]}" for key in PIP_SETTINGS if key in os.environ]
    done = container.run(["sh", "-c", "cd /root/honeymoon-table && make install"], env=env)
    print("   " + "\n   ".join(done.stdout.strip().splitlines()[-4:]))
    (root / "etc/honeymoon-table/config.toml").write_text(CONFIG)
    drop_ins = root / f"etc/systemd/system/{UNIT}.d"
    drop_ins.mkdir(parents=True, exist_ok=True)
    (drop_ins / "pi-check.conf").write_text(DROP_IN)
    (drop_ins / "pi-check-emulation.conf").write_text(EMULATION)
    (drop_ins / "pi-check-first-start.conf").write_text(FIRST_START)
    container.run(["systemctl", "daemon-reload"])
    enabled = container.run(["systemctl", "is-enabled", UNIT], check=False).stdout.strip()
    if enabled != "enabled":
        raise CheckFailed(f"make install did not enable {UNIT} ({enabled})")


def unit_state(container: Container) -> dict:
    keys = "ActiveState,SubState,NRestarts,MainPID,WatchdogTimestampMonotonic,User"
    done = container.run(["systemctl", "show", "-p", keys, UNIT])
    return dict(line.split("=", 1) for line in done.stdout.strip().splitlines())


def start_table(container: Container, root: Path) -> None:
    # /run is the container's own tmpfs: made and written from inside.
    container.run(["install", "-d", "-o", "honeymoon", "-g", "honeymoon", LINKS])
    deal = ["runuser", "-u", "honeymoon", "--", "sh", "-c", f"cat > {LINKS}/deal.json"]
    container.run(deal, input=json.dumps(a_deal()))
    container.sim = subprocess.Popen(  # type: ignore[attr-defined]
        container.command(
            ["runuser", "-u", "honeymoon", "--", APP, "sim-devices", "--dir", LINKS]
            + ["--record", f"{LINKS}/deal.json", "--speed", "0"]
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    wait_for_line(container.sim, "bidbox: ", 300)  # type: ignore[attr-defined]
    started = time.monotonic()
    container.run(["systemctl", "start", UNIT], timeout=600)  # Type=notify: until READY=1
    state = unit_state(container)
    if state["ActiveState"] != "active":
        raise CheckFailed(f"{UNIT} is {state}: {journal(container)}")
    print(f"   READY=1 {time.monotonic() - started:.1f} s after systemctl start")
    first = state["WatchdogTimestampMonotonic"]
    time.sleep(25)  # more than WatchdogSec=10: a table that stopped pinging is killed
    later = unit_state(container)
    if later["ActiveState"] != "active" or later["NRestarts"] != "0":
        raise CheckFailed(f"the table did not keep running: {later}: {journal(container)}")
    if later["WatchdogTimestampMonotonic"] == first:
        raise CheckFailed("the table did not ping the watchdog in 25 s")
    user = container.run(["ps", "-o", "user=", "-p", later["MainPID"]]).stdout.strip()
    print(f"   runs as {user}, watchdog pinged, no restart")
    if user != "honeymoon":
        raise CheckFailed(f"the table runs as {user}, not honeymoon")


def wait_for_line(process: subprocess.Popen, text: str, limit: float) -> str:
    deadline = time.monotonic() + limit
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise CheckFailed("sim-devices ended early:\n" + "".join(seen))
        seen.append(line)
        if text in line:
            return line
    raise CheckFailed(f"sim-devices did not say {text!r} in {limit:.0f} s")


def play_deal(container: Container) -> dict:
    sim = container.sim  # type: ignore[attr-defined]
    try:
        out, _ = sim.communicate(timeout=1800)
    except subprocess.TimeoutExpired:
        sim.kill()
        raise CheckFailed("the deal was not played in 30 minutes") from None
    said = [line for line in out.splitlines() if line.startswith("played ")]
    print(f"   sim-devices: {said[-1] if said else out[-500:]}")
    if sim.returncode != 0 or not said or not said[-1].endswith(", 0 refused"):
        raise CheckFailed(f"sim-devices exited {sim.returncode}:\n{out[-3000:]}")
    journal_file = container.root / STATE.lstrip("/") / "journal.sqlite3"
    if not journal_file.is_file():
        raise CheckFailed(f"no journal at {STATE}/journal.sqlite3 (docs/pi.md's place)")
    print(f"   journal: {STATE}/journal.sqlite3, {journal_file.stat().st_size} bytes")
    return table_status(container)


def table_status(container: Container) -> dict:
    done = container.run(
        ["runuser", "-u", "honeymoon", "--", APP, "status", "--json", "--data-dir", STATE]
    )
    return json.loads(done.stdout)


def restart_resumes(container: Container, root: Path, before: dict) -> None:
    (root / f"etc/systemd/system/{UNIT}.d/pi-check-first-start.conf").unlink()
    container.run(["systemctl", "daemon-reload"])
    container.run(["systemctl", "restart", UNIT], timeout=600)
    state = unit_state(container)
    if state["ActiveState"] != "active":
        raise CheckFailed(f"after the restart {UNIT} is {state}: {journal(container)}")
    after = table_status(container)
    if after != before:
        raise CheckFailed(f"the restart did not resume the rubber: {before} then {after}")
    print(f"   resumed: {json.dumps(after)[:200]}")


def journal(container: Container) -> str:
    done = container.run(["journalctl", "-u", UNIT, "--no-pager", "-n", "40"], check=False)
    return done.stdout


if __name__ == "__main__":
    sys.exit(main())
