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
