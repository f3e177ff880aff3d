"""A whole rubber of Honeymoon Bridge read by the camera, end to end and headless:
`honeymoon run --headless --simulate --scanner camera:dir:PATH --record R` starts the real
camera process on the folder camera PATH; the simulated player lays every card of the
record as a photo of a synthetic deck, the bidding box is simulated on a pty, and each
input is counted accepted or refused (the first refusal stops the record). Then the
stored rubber is the record's, the table never loaded OpenCV or numpy, and nothing it
started (the camera process, the photographer) outlives it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from device.engine.record import play_record
from device.sim.script import record_steps
from tests.at_the_table import (
    PLAYED,
    RECORD_S,
    Lines,
    check_stored,
    end_group,
    left_running,
    robot_record,
    seats,
    started,
)

HEAVY = ("cv2", "numpy")
SHORT_RUBBER = 35  # the robots' seed whose rubber is won in two deals: 52 cards laid


def play_through_the_camera(tmp_path, record: dict) -> tuple[str, str]:
    """`record` played at the headless table through the simulated camera: its `played`
    line and what the table said; the table stopped, its modules written to modules.txt."""
    (tmp_path / "record.json").write_text(json.dumps(record))
    spot, data, modules = tmp_path / "spot", tmp_path / "data", tmp_path / "modules.txt"
    command = [sys.executable, "-m", "tests.camera.modules_at_exit", str(modules), "run"]
    command += ["--headless", "--simulate", "--scanner", f"camera:dir:{spot}"]
    command += ["--record", str(tmp_path / "record.json"), "--speed", "0"]
    command += ["--config", os.devnull, "--data-dir", str(data), "--new", record["game"]]
    command += seats(record)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", TMPDIR=str(tmp_path))
    log = tmp_path / "table.log"
    with (
        open(log, "w") as errors,
        started(command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env) as app,
    ):
        out = Lines(app.stdout)
        played = out.wait_for("played ", RECORD_S)
        status = end_group(app)
    said = out.text() + log.read_text(errors="replace")
    assert played is not None, said
    assert status == 0 and "Traceback" not in said, said
    assert left_running(tmp_path) == [], "left running"
    assert [p.name for p in tmp_path.glob("honeymoon-*")] == [], "temporary folders left"
    assert list(spot.glob("*")) == [], "the simulated player's photos left"
    return played, said


def test_a_whole_rubber_of_honeymoon_bridge_through_the_camera_process(tmp_path):
    record = robot_record("draw-and-discard", {}, seed=SHORT_RUBBER)
    expected = play_record(record)
    assert expected.phase == "finished" and len(record["deals"]) > 1
    steps = record_steps(record)
    cards = sum(device == "scanner" for device, _ in steps)
    played, said = play_through_the_camera(tmp_path, record)
    done, total, accepted, refused = map(int, PLAYED.search(played).groups())
    assert (total, refused) == (len(steps), 0), said  # the first refusal stops the record
    assert done == accepted == len(steps) and cards >= 52, said
    check_stored(tmp_path / "data", record, expected)
    loaded = set((tmp_path / "modules.txt").read_text().split())
    assert "device.hal.camera_line" in loaded  # the scanner was the camera's line ...
    assert not {name for name in loaded if name.split(".")[0] in HEAVY}  # ... OpenCV elsewhere
    assert not {name for name in loaded if name.startswith("device.camera")}


def test_a_hand_of_abridged_through_the_camera_reads_the_coloured_deck_beside(tmp_path):
    """The camera reads with both profiles; the aBRIDGEd deck's photos are made while the
    table starts, and its cards are read as its own."""
    from device.engine.record import to_record
    from device.robots import play_rubber

    record = json.loads(json.dumps(to_record(play_rubber(1, "abridged"))))
    record = {**record, "deals": record["deals"][:1]}
    steps = record_steps(record)
    played, said = play_through_the_camera(tmp_path, record)
    assert f"played {len(steps)} of {len(steps)} inputs: {len(steps)} accepted" in played, said


def test_cards_typed_at_the_terminal_are_laid_under_the_camera(tmp_path):
    """`run --text --simulate --scanner camera:dir:PATH`: each card typed is laid as a photo
    and read by the camera process before the next line is taken."""
    steps = record_steps(robot_record("draw-and-discard", {}))
    first = next(i for i, (device, _) in enumerate(steps) if device == "scanner")
    lines = [what for _, what in steps[: first + 6]]
    command = [sys.executable, "-m", "device.cli", "run", "--text", "--simulate"]
    command += ["--scanner", f"camera:dir:{tmp_path / 'spot'}", "--config", os.devnull]
    command += ["--data-dir", str(tmp_path / "data"), "--new", "draw-and-discard"]
    command += ["--players", "Anna", "Ben", "--first-dealer", "Anna"]
    env = dict(os.environ, TMPDIR=str(tmp_path))
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    with started(command, text=True, env=env, **pipes) as app:
        said, _ = app.communicate("\n".join(lines) + "\n", timeout=RECORD_S)
    played = [line for line in said.splitlines() if " plays " in line]
    cards = [what for device, what in steps[first : first + 6]]
    assert [line.split(" plays ")[1][:2] for line in played] == cards, said
    assert "!" not in "".join(line for line in said.splitlines() if "plays" in line), said
    assert left_running(tmp_path) == []
