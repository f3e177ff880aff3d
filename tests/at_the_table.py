"""A game record played at the table as a user would: `honeymoon sim-devices
--record` over ptys into the real `honeymoon run --headless --new FORM`, and the
`honeymoon` command run on what it stored."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
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
        [*CLI, *argv], input=stdin, capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done


def play_at_the_table(tmp_path: Path, record: dict) -> Path:
    """The record through the simulated devices into the headless app; returns the
    data folder once every input is acknowledged (so stored) and the app is stopped."""
    (tmp_path / "record.json").write_text(json.dumps(record))
    links, data = tmp_path / "links", tmp_path / "data"
    sim = subprocess.Popen(
        [*CLI, "sim-devices", "--dir", str(links), "--record", str(tmp_path / "record.json")]
        + ["--speed", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert sim.stdout.readline().startswith("scanner: ")  # the links exist now
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    app = subprocess.Popen(
        [*CLI, "run", "--headless", "--scanner", str(links / "scanner")]
        + ["--bidbox", str(links / "bidbox"), "--new", record["game"]]
        + ["--players", *record["players"], "--first-dealer", record["first_dealer"]]
        + ["--config", os.devnull, "--data-dir", str(data)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=env,
    )
    try:
        out, errors = sim.communicate(timeout=240)
    finally:
        sim.kill()
        if app.poll() is None:
            app.send_signal(signal.SIGTERM)
        _, log = app.communicate(timeout=30)
    from device.sim.script import record_steps

    steps = len(record_steps(record))
    assert f"played {steps} of {steps} inputs" in out, out + errors + log
    assert "Traceback" not in log, log
    return data


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
