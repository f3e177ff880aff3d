"""Power cut: kill -9 of the real app at random moments while simulated devices
play robot rubbers into it over ptys, then restart it and go on.

This process holds the simulated scanner and bidding box, so it knows which
inputs were pressed and which acknowledged. After every cut the journal must
hold every acknowledged input exactly once, in order, and may lack only the
one input in flight (its device resends it). After each rubber the journal's
events equal the record's, and its sheet equals `honeymoon replay` of it.

Kills are spread over the phases: each planned kill picks a phase in turn,
then an input of that phase at random, and lands just before that input (the
table idle), 0-12 ms after it is pressed (before, during or after the commit
that stores it), or 0-0.4 s into one of the restarts around it (before READY,
or while a resend is handled). The phase counted is the one the journal shows
after the cut. Each rubber ends with a drill: its last input cut 0-4 ms after
the press, again and again from the same journal, because that input also
ends the rubber, which the journal records in a commit of its own.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from device.engine.game import Game
from device.engine.record import play_record, sheet_report, to_record
from device.robots import play_rubber
from device.sim.devices import SimDevice
from device.sim.links import PtyLink
from device.sim.script import press, record_steps
from device.store.journal import FILENAME, Journal
from device.store.status import load_game
from firmware_bridge import protocol as p

from . import REPO

PHASES = ("draw", "auction", "play", "deal-end")
KINDS = ("scanner", "bidbox")
PLAYERS = ("Anna", "Ben")
KILLS_PER_RUBBER = 64
DELIVERY_TIMEOUT_S = 20.0
# Press to ACK takes 1-4 ms here: most cuts during an input land within that.
IN_FLIGHT_S = (0.003, 0.003, 0.012)


class Sim(SimDevice):
    """A simulated device that notes when a (re)started app asks who it is."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.identified = threading.Event()

    def _command(self, frame: p.Frame) -> None:
        if frame.type == p.IDENTIFY:
            self.identified.set()
        super()._command(frame)


class App:
    """`honeymoon run --headless` in a subprocess, with a fake NOTIFY_SOCKET for READY=1."""

    def __init__(self, folder: Path, sims: dict[str, Sim], first_dealer: str):
        self.folder, self.sims, self.first_dealer = folder, sims, first_dealer
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(str(folder / "notify"))
        self.log = open(folder / "app.log", "wb")  # noqa: SIM115 - closed in close()
        self.proc: subprocess.Popen | None = None
        self.drawn = self.ready = False

    def spawn(self) -> None:
        self._drain()
        for sim in self.sims.values():
            sim.identified.clear()
        command = [sys.executable, "-m", "device.cli", "run", "--headless"]
        command += ["--scanner", self.sims["scanner"].link.url]
        command += ["--bidbox", self.sims["bidbox"].link.url]
        command += ["--data-dir", str(self.data_dir()), "--config", os.devnull]
        if self.starts_rubber():
            command += ["--new", "draw-and-discard", "--players", *PLAYERS]
            command += ["--first-dealer", self.first_dealer]
        env = dict(os.environ, PYTHONPATH=str(REPO), NOTIFY_SOCKET=str(self.folder / "notify"))
        self.proc = subprocess.Popen(
            command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log
        )
        self.drawn = self.ready = False

    def data_dir(self) -> Path:
        """Where the app keeps its journal."""
        return self.folder

    def starts_rubber(self) -> bool:
        """Whether this start begins the rubber: no rubber stored yet (or again)."""
        return not stored(self.folder).rubber

    def wait_ready(self, timeout: float = 15.0) -> None:
        """Until the app has drawn its first frame and opened both ports."""
        if self.ready:
            return
        self.notify.settimeout(timeout)
        while not self.drawn:
            self.drawn = self.notify.recv(64) == b"READY=1"
        for sim in self.sims.values():
            if not sim.identified.wait(timeout):
                raise TimeoutError(f"the app never opened the {sim.kind}")
        time.sleep(0.01)  # the HELLO answering IDENTIFY is on its way
        self.ready = True

    def drew_first_frame(self) -> bool:
        """Whether READY=1 has come, without waiting for it."""
        self.notify.setblocking(False)
        try:
            while not self.drawn:
                self.drawn = self.notify.recv(64) == b"READY=1"
        except BlockingIOError:
            pass
        return self.drawn

    def kill(self) -> int | None:
        """SIGKILL; returns the exit status if the app had already ended by itself."""
        early = self.proc.poll()
        if early is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        time.sleep(0.01)  # let the sims read what the app wrote before dying
        return early

    def _drain(self) -> None:
        self.notify.setblocking(False)
        try:
            while self.notify.recv(64):
                pass
        except BlockingIOError:
            pass
        self.notify.setblocking(True)

    def close(self) -> str:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()
        self.notify.close()
        self.log.close()
        return (self.folder / "app.log").read_text(errors="replace")


@dataclass
class Stored:
    """What the journal holds: the rubber, its events as dicts, its phase, when it ended."""

    rubber: int | None = None
    events: list = field(default_factory=list)
    phase: str | None = None
    finished: float | None = None


def stored(folder: Path) -> Stored:
    path = folder / FILENAME
    if not path.exists():
        return Stored()
    journal = Journal(path)
    try:
        rubbers = journal.rubbers()
        if not rubbers:
            return Stored()
        rubber = journal.rubber(rubbers[-1][0])
        game = Game(rubber.setup)
        game.replay(rubber.events)
        return Stored(rubber.id, [e.to_dict() for e in rubber.events], game.phase, rubber.finished)
    finally:
        journal.close()


def plan_kills(phases: list[str], kills: int, rng: random.Random) -> Counter:
    """Input index -> kills there: phases taken in turn, an input of that phase at random."""
    where = [[i for i, ph in enumerate(phases) if ph == phase] for phase in PHASES]
    where = [inputs for inputs in where if inputs]
    plan: Counter = Counter()
    for k in range(kills):
        plan[rng.choice(where[k % len(where)])] += 1
    return plan


class Round:
    """One rubber played into a fresh data dir, with `kills` cuts along the way and
    `drill` more at its last input."""

    def __init__(self, seed: int, kills: int, drill: int, rng, totals: Counter, problems: list):
        self.rng, self.drill, self.totals, self.problems = rng, drill, totals, problems
        self.record = to_record(play_rubber(seed))
        self.steps = record_steps(self.record)
        expected = play_record(self.record)
        self.expected = [e.to_dict() for e in expected.events]
        game, phases = Game(expected.setup), []
        for event in expected.events:  # the phase each input is made in
            phases.append(game.phase)
            game.apply(event)
        assert len(self.steps) == len(self.expected), "one device input per engine event"
        self.plan = plan_kills(phases, kills, rng)
        self.pressed = 0  # inputs pressed on the devices so far
        self.acked_before = 0  # inputs acknowledged to devices no longer in use
        self.retired: list[Sim] = []

    def play(self) -> None:
        with tempfile.TemporaryDirectory(prefix="faults-power-") as name:
            self.folder = Path(name)
            self.sims = self._new_sims()
            self.app = App(self.folder, self.sims, self.record["first_dealer"])
            try:
                self.app.spawn()
                self._steps()  # the app ends killed, the journal checked
                self._check_sheet()
            finally:
                log = self.app.close()
                for sim in self.retired + list(self.sims.values()):
                    sim.stop()
                    self.totals["resends"] += sim.outbox.resends
            if "Traceback" in log:
                self.problems.append("the app crashed:\n" + log[-3000:])
            self.totals["rubbers"] += 1

    def _new_sims(self) -> dict[str, Sim]:
        links = self.folder / "links"
        return {
            kind: Sim(kind, f"SIM-{kind.upper()}", PtyLink(links / kind)).start() for kind in KINDS
        }

    def _steps(self) -> None:
        rng = self.rng
        for i, (device, what) in enumerate(self.steps):
            if i == len(self.steps) - 1 and self.drill:
                return self._drill_last_input(device, what)
            after = sum(rng.random() < 0.5 for _ in range(self.plan[i]))
            for k in range(self.plan[i] - after):  # before this input: idle, then restarts
                time.sleep(rng.uniform(0, 0.05) if k == 0 else rng.uniform(0, 0.4))
                self._cut()
            if after:
                self.app.wait_ready()
            press(self.sims, device, what)
            self.pressed += 1
            for k in range(after):  # while it is sent, stored, acknowledged; then restarts
                time.sleep(
                    rng.uniform(0, rng.choice(IN_FLIGHT_S)) if k == 0 else rng.uniform(0, 0.4)
                )
                self._cut()
            self._delivered(device, what)
        self._settle_and_kill()
        self._check_journal()

    def _delivered(self, device: str, what: str) -> None:
        if not self.sims[device].wait_delivered(DELIVERY_TIMEOUT_S):
            raise AssertionError(f"input {self.pressed} ({what}) was never acknowledged")
        self.totals["inputs"] += 1

    def _drill_last_input(self, device: str, what: str) -> None:
        """Cut 0-4 ms after the rubber's last input is pressed, again and again from the
        same journal: before, between and after the commits that store it and end the
        rubber. Fresh devices each time (the journal goes back, their seqs must not)."""
        self._settle_and_kill()
        snapshot = self.folder / "snapshot"
        snapshot.mkdir()
        for part in self.folder.glob(FILENAME + "*"):
            shutil.copy(part, snapshot)
        for attempt in range(self.drill):
            if attempt:
                for part in self.folder.glob(FILENAME + "*"):
                    part.unlink()
                for part in snapshot.iterdir():
                    shutil.copy(part, self.folder)
                self.pressed -= 1
            self.retired += self.sims.values()
            for sim in self.sims.values():
                sim.stop()
            self.sims = self.app.sims = self._new_sims()
            self.acked_before = self.pressed
            self.app.spawn()
            self.app.wait_ready()
            press(self.sims, device, what)
            self.pressed += 1
            time.sleep(self.rng.uniform(0, 0.004))
            self._cut(drill=True)
            self._delivered(device, what)
            self._settle_and_kill()
            if not self._check_journal():
                return  # once is enough for this rubber

    def _settle_and_kill(self) -> None:
        self.app.wait_ready()
        time.sleep(0.2)  # settled: nothing more should happen
        self.app.kill()

    def _cut(self, drill: bool = False) -> None:
        """Kill the app, check the journal against what the devices saw, restart."""
        in_startup = not self.app.drew_first_frame()
        early = self.app.kill()
        if early is not None:
            self.problems.append(f"the app ended by itself with status {early}")
        # Read before the journal: an ACK is sent only after its input is stored.
        acked = self.acked_before + sum(sim.acked for sim in self.sims.values())
        journal = stored(self.folder)
        count, kill = len(journal.events), self.totals["kills"] + 1
        self.totals["kills"] += 1
        self.totals["startup"] += in_startup
        self.totals["last input"] += drill
        self.totals[f"phase {journal.phase or 'before the rubber'}"] += 1
        if count < acked:
            self.totals["lost"] += acked - count
            self.problems.append(f"kill {kill}: {acked} inputs acknowledged, {count} stored")
        if count > self.pressed or journal.events != self.expected[:count]:
            self.totals["doubled"] += max(1, count - self.pressed)
            self.problems.append(f"kill {kill}: the journal's events are not the inputs made")
        elif count < self.pressed:
            self.totals["in flight, resent"] += 1  # the cost: the input being committed
        elif acked < self.pressed:
            self.totals["stored, re-acked"] += 1  # its resend must not be applied again
        self.app.spawn()

    def _check_journal(self) -> bool:
        """The journal, the rubber over: its events are the record's, and it is finished."""
        journal = stored(self.folder)
        count, expected = len(journal.events), len(self.expected)
        if journal.events != self.expected:
            self.totals["lost" if count < expected else "doubled"] += abs(expected - count) or 1
            self.problems.append(f"the journal has {count} events, the record {expected}")
        if journal.finished is None:
            self.totals["left unfinished"] += 1
            self.problems.append(
                "the rubber's last input is stored, but after a restart the journal still has "
                "the rubber unfinished (no result in the history; the app resumes it)"
            )
        return journal.events == self.expected and journal.finished is not None

    def _check_sheet(self) -> None:
        """The journal's sheet against `honeymoon replay` of the record."""
        path = self.folder / "record.json"
        path.write_text(json.dumps(self.record))
        replay = subprocess.run(
            [sys.executable, "-m", "device.cli", "replay", str(path)],
            cwd=REPO,
            env=dict(os.environ, PYTHONPATH=str(REPO)),
            capture_output=True,
            text=True,
            check=True,
        )
        journal = Journal(self.folder / FILENAME)
        try:
            sheet = sheet_report(load_game(journal)[1])
        finally:
            journal.close()
        if sheet == json.loads(replay.stdout):
            self.totals["sheets equal"] += 1
        else:
            self.problems.append("the journal's sheet differs from honeymoon replay's")


def run(kills: int = 512, seed: int = 1, drill: int = 5, max_deals: int | None = None) -> dict:
    """Cut the power `kills` times over as many rubbers as it takes.

    drill: cuts at each rubber's last input (counted in `kills`);
    max_deals: only rubbers of at most that many deals (short runs).
    """
    rng = random.Random(seed)
    totals: Counter = Counter()
    problems: list[str] = []
    while totals["kills"] < kills:
        rubber_seed = rng.randrange(1 << 30)
        if max_deals and len(play_rubber(rubber_seed).deals) > max_deals:
            continue
        planned = max(0, min(KILLS_PER_RUBBER, kills - totals["kills"] - drill))
        try:
            Round(rubber_seed, planned, drill, rng, totals, problems).play()
        except (AssertionError, TimeoutError) as error:  # a stall: an input never acknowledged
            problems.append(f"rubber {totals['rubbers'] + 1} (seed {rubber_seed}): {error}")
            break
    counts = ("kills", "startup", "last input", "rubbers", "left unfinished", "inputs")
    counts += ("lost", "doubled")
    return {**dict.fromkeys(counts, 0), **totals, "problems": problems}


def summary(result: dict) -> str:
    phases = [f"{ph} {result.get(f'phase {ph}', 0)}" for ph in PHASES + ("finished",)]
    phases.append(f"before the rubber began {result.get('phase before the rubber', 0)}")
    return (
        f"power cut: {result['kills']} kills ({', '.join(phases)}; {result['startup']} during "
        f"startup, {result['last input']} at a rubber's last input), {result['rubbers']} "
        f"rubbers ({result['left unfinished']} left unfinished), {result['inputs']} inputs, "
        f"{result['lost']} lost, {result['doubled']} doubled, "
        f"{result.get('in flight, resent', 0)} cut in flight and resent, "
        f"{result.get('stored, re-acked', 0)} stored before their ACK and not applied again, "
        f"{result.get('resends', 0)} resends, "
        f"{result.get('sheets equal', 0)} of {result['rubbers']} sheets equal to honeymoon replay's"
    )
