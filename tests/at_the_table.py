"""A game record played at the table as a user would: `honeymoon sim-devices
--record` over ptys into the real `honeymoon run --headless --new FORM`, and the
`honeymoon` command run on what it stored.

Every process a test starts here is its own: `started()` runs it in a session of
its own and ends the whole group with the block (SIGTERM, then SIGKILL), Linux
sends it SIGTERM should the test's process die first, and `play_at_the_table`
checks that no process naming the test's folder and no pty link is left."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "device.cli"]


def robot_rubber(form: str, options: dict, seed: int = 4):
    """A whole rubber of `form` by the robots, Anna and Ben, Anna dealing first."""
    import random

    from device.engine.events import Setup
    from device.engine.game import Game
    from device.robots import play_out

    return play_out(Game(Setup(form, ("Anna", "Ben"), 0, options)), random.Random(seed))


def robot_record(form: str, options: dict, seed: int = 4) -> dict:
    """The record of robot_rubber(), as its JSON reads back."""
    from device.engine.record import to_record

    return json.loads(json.dumps(to_record(robot_rubber(form, options, seed))))


def honeymoon(*argv, stdin=None) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [*CLI, *argv], input=stdin, capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done


# -- processes a test owns: each in its own session, ended with everything it started --
STOP_S = 30.0  # SIGTERM to SIGKILL: the table ends in 2 s, a busy machine may take longer


def _die_with_us():
    """In the child before exec: SIGTERM to it when the test's process dies, even by
    kill -9 (the ctypes function was looked up before the fork)."""
    if _PRCTL is not None:
        _PRCTL(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG


def _find_prctl():
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    return ctypes.CDLL(None, use_errno=True).prctl


_PRCTL = _find_prctl()


@contextmanager
def started(command: list[str], **popen) -> Iterator[subprocess.Popen]:
    """A process that does not outlive the block: its own session (so its children,
    a review worker, end with it), SIGTERM to the whole group at the end, SIGKILL
    after STOP_S, and SIGTERM from Linux should the test's process die first."""
    process = subprocess.Popen(
        command, cwd=REPO, start_new_session=True, preexec_fn=_die_with_us, **popen
    )
    try:
        yield process
    finally:
        end_group(process)


def end_group(process: subprocess.Popen, timeout: float = STOP_S) -> int:
    """SIGTERM to the process's group, SIGKILL if it is not gone within `timeout`;
    the group's other members are killed either way. Returns its exit status."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # a child left behind in its session
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    return process.returncode


def left_running(folder: Path, within: float = 5.0) -> list[str]:
    """Processes whose command line names `folder` (a test's tmp_path): none may be
    left once the test's processes ended. One killed a moment ago may take a little
    while to go: they are given `within` seconds."""
    end = time.monotonic() + within
    while True:
        found = _naming(str(folder))
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.05)


def _naming(mine: str) -> list[str]:
    named = re.compile(re.escape(mine) + r"(?=/|\s|$)")  # test_x_1 is not test_x_10
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # ended meanwhile
        line = " ".join(w.decode(errors="replace") for w in words if w)
        if named.search(line) and not _zombie(entry):
            found.append(f"{entry.name}: {line}")
    return found


def _zombie(entry: Path) -> bool:
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


class Lines:
    """A process's output read on a thread, so that a test waits for a line with a
    time limit instead of a readline that may never return."""

    def __init__(self, stream):
        self.lines: list[str] = []
        self._done = threading.Condition()
        self._ended = False
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            with self._done:
                self.lines.append(line)
                self._done.notify_all()
        with self._done:
            self._ended = True
            self._done.notify_all()

    def wait_for(self, start: str, timeout: float) -> str | None:
        """The first line that starts with `start`; None at the end or the time limit."""
        end = time.monotonic() + timeout
        with self._done:
            while True:
                for line in self.lines:
                    if line.startswith(start):
                        return line
                left = end - time.monotonic()
                if self._ended or left <= 0:
                    return None
                self._done.wait(left)

    def text(self, timeout: float = 10.0) -> str:
        """Everything, once the stream has ended (or as far as it came)."""
        self._thread.join(timeout)
        with self._done:
            return "".join(self.lines)


# -- the table and its simulated devices ------------------------------------------------
PLAYED = re.compile(r"played (\d+) of (\d+) inputs: (\d+) accepted, (\d+) refused")
START_S = 60.0  # sim-devices up and its links made
RECORD_S = 600.0  # the whole record; sim-devices stops by itself at any step that hangs


def sim_devices(links: Path, *argv: str) -> contextlib.AbstractContextManager:
    """`honeymoon sim-devices --dir LINKS ARGV...`, its output and errors in one pipe
    (text), for one reader: a pipe nobody reads could fill and stop it."""
    command = [*CLI, "sim-devices", "--dir", str(links), *argv]
    return started(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@contextmanager
def table(
    links: Path, data: Path, log: Path, *argv: str, env: dict | None = None
) -> Iterator[subprocess.Popen]:
    """`honeymoon run --headless` on the simulated devices in `links`; its log to a file
    (a pipe nobody reads while it plays could fill and stop it)."""
    command = [*CLI, "run", "--headless", "--scanner", str(links / "scanner")]
    command += ["--bidbox", str(links / "bidbox"), "--config", os.devnull]
    command += ["--data-dir", str(data), *argv]
    env = dict(env or os.environ, SDL_VIDEODRIVER="dummy")
    with (
        open(log, "w") as out,
        started(command, stdout=subprocess.DEVNULL, stderr=out, env=env) as app,
    ):
        yield app


def play_at_the_table(tmp_path: Path, record: dict, refusals: int = 0) -> Path:
    """The record through the simulated devices into the headless app; returns the
    data folder once every input is answered (stored, or refused: `refusals` of
    them are expected, a record's inputs being legal) and the app is stopped.
    Nothing started here outlives it: no process, no pty link."""
    from device.sim.script import record_steps

    (tmp_path / "record.json").write_text(json.dumps(record))
    links, data, log = tmp_path / "links", tmp_path / "data", tmp_path / "table.log"
    play = ["--record", str(tmp_path / "record.json"), "--speed", "0"]
    with sim_devices(links, *play) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S), out.text()  # the links are made
        with table(links, data, log, "--new", record["game"], *_seats(record)) as app:
            try:
                sim.wait(RECORD_S)
            finally:
                status = end_group(app)
        said = out.text()
    assert left_running(tmp_path) == [], "left running"
    assert not any(links.glob("*")), f"links left: {list(links.glob('*'))}"
    log_text = log.read_text(errors="replace")
    steps = len(record_steps(record))
    counted = PLAYED.search(said)
    assert counted, said + log_text
    done, total, accepted, refused = map(int, counted.groups())
    assert total == steps and refused == refusals, _refused(said, log_text)
    assert done == accepted + refused == steps, said + log_text
    assert "Traceback" not in log_text, log_text
    assert status == 0, f"the table ended with {status}: {log_text}"
    assert sim.returncode == (0 if refusals == 0 else 1), said
    return data


def _seats(record: dict) -> list[str]:
    return ["--players", *record["players"], "--first-dealer", record["first_dealer"]]


def _refused(said: str, log: str) -> str:
    """What was refused (sim-devices says) and why (the table's log says)."""
    why = [line for line in log.splitlines() if " refused " in line]
    return f"{said}\nthe table: " + ("\n".join(why) or log)


def check_stored(data: Path, record: dict, expected) -> str:
    """The finished rubber the table stored in `data`, through the commands: `status
    --json` says the game, its deals and totals as `expected` (the record's own replay)
    does; `export --format json` gives the record's deals, which `replay` scores the
    same; `export --format pbn` an event for each deal played. Returns the export."""
    from device.engine.record import sheet_report

    report = sheet_report(expected)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["game"] == record["game"] and status["phase"] == "finished"
    assert status["deal"] == len(record["deals"]) and status["totals"] == report["totals"]
    exported = honeymoon("export", "--data-dir", str(data), "--format", "json").stdout
    assert json.loads(exported)["deals"] == record["deals"]  # the phases as scanned
    replayed = json.loads(honeymoon("replay", "-", stdin=exported).stdout)
    assert replayed == json.loads(json.dumps(report)) and replayed["finished"]
    text = honeymoon("export", "--data-dir", str(data), "--format", "pbn").stdout
    played = [d for d in expected.deals if d.outcome is not None]
    assert text.startswith("% PBN 2.1\n") and text.count("[Event ") == len(played)
    return exported


# -- stopped by a signal -------------------------------------------------------------
ENDED_S = 20.0  # pass or fail only: a loaded machine is slow; the figure is the bench's
WORKER = "device.analysis.worker"


def group(pgid: int) -> dict[int, str]:
    """The live processes of a process group: pid -> command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(stat[2]) == pgid and stat[0] != "Z":
            found[int(entry.name)] = line
    return found


def wait_for_worker(app: subprocess.Popen, timeout: float = 120.0) -> int:
    """The pid of the review worker the table started (in its process group)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert app.poll() is None, "the table ended by itself"
        workers = [pid for pid, line in group(app.pid).items() if WORKER in line]
        if workers:
            return workers[0]
        time.sleep(0.005)
    raise AssertionError("no review was started")


def stop(app: subprocess.Popen, worker: int, signum: int) -> float:
    """The signal to the table alone (as a terminal's Ctrl-C or systemd would, not its
    group), while its worker runs; how long it took to end."""
    assert Path(f"/proc/{worker}").exists(), "the review ended before the signal"
    sent = time.monotonic()
    os.kill(app.pid, signum)
    status = app.wait(ENDED_S)
    took = time.monotonic() - sent
    assert status == 0, f"exit status {status}"
    end = time.monotonic() + 5.0  # one told to end with the table may take a moment
    while group(app.pid) and time.monotonic() < end:
        time.sleep(0.01)
    assert group(app.pid) == {}, "the review worker outlived the table"
    return took


def without_dds(folder: Path) -> dict[str, str]:
    """The environment of a process whose reviews cannot reach DDS: endplay hidden
    behind a package that will not import, as on a table without the [analysis] extra.
    A three-hand review then takes seconds (device/analysis/fourth_seat.py), long
    enough to be caught at work."""
    shadow = folder / "no-endplay"
    (shadow / "endplay").mkdir(parents=True, exist_ok=True)
    (shadow / "endplay" / "__init__.py").write_text("raise ImportError('hidden')\n")
    path = [str(shadow), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def one_deal(form: str) -> dict:
    """The first deal of a robot rubber of `form`, played out (its result on the screen)."""
    record = robot_record(form, {})
    return {**record, "deals": record["deals"][:1]}


def seats(record: dict) -> list[str]:
    return ["--players", *record["players"], "--first-dealer", record["first_dealer"]]


def stop_while_reviewing(tmp_path: Path, signum: int) -> float:
    """The headless table plays a deal of Exposed Dummy from sim-devices, which then
    ends (its links with it: the table reopens both devices every 0.5 s); while the
    deal's review runs, `signum` to the table. Seconds from the signal to its end
    (status 0, its worker gone, no traceback, nothing left running)."""
    from device.sim.script import record_steps

    record = one_deal("exposed-dummy")  # three hands without DDS: seconds of work
    (tmp_path / "record.json").write_text(json.dumps(record))
    links, log = tmp_path / "links", tmp_path / "table.log"
    play = ["--record", str(tmp_path / "record.json"), "--speed", "0"]
    with sim_devices(links, *play) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S), out.text()
        argv = ["--new", "exposed-dummy", *seats(record)]
        with table(links, tmp_path / "data", log, *argv, env=without_dds(tmp_path)) as app:
            assert sim.wait(RECORD_S) == 0, out.text()  # every input stored
            steps = len(record_steps(record))
            assert f"played {steps} of {steps} inputs: {steps} accepted, 0 refused" in out.text()
            # sim-devices is gone, its links with it: the table reopens both every 0.5 s
            took = stop(app, wait_for_worker(app), signum)
    text = log.read_text()
    assert "Traceback" not in text, text
    assert left_running(tmp_path) == []
    return took
