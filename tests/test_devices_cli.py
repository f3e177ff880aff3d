"""End to end without a Pi: `honeymoon sim-devices` plays a whole rubber through
ptys into `honeymoon run`, whose sheet must equal `honeymoon replay`'s."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from device.engine.record import sheet_report, to_record
from device.robots import play_rubber
from device.sheet_text import render_sheet
from device.sim.script import record_steps
from tests.at_the_table import (
    RECORD_S,
    START_S,
    STOP_S,
    Lines,
    left_running,
    sim_devices,
    started,
    table,
)

CLI = [sys.executable, "-m", "device.cli"]


def short_rubber():
    for seed in range(100):
        game = play_rubber(seed)
        if len(game.deals) <= 3:
            return game
    raise AssertionError("no short rubber")


def test_a_rubber_through_the_simulated_devices(tmp_path):
    game = short_rubber()
    record = to_record(game)
    (tmp_path / "rubber.json").write_text(json.dumps(record))
    links = tmp_path / "links"
    faults = ["--fault", "bad-crc=0.05", "--fault", "duplicate=0.1"]
    play = ["--record", str(tmp_path / "rubber.json"), "--speed", "0", *faults]
    first = record["first_dealer"]
    command = [*CLI, "run", "--scanner", str(links / "scanner"), "--bidbox", str(links / "bidbox")]
    command += ["--new", "draw-and-discard", "--players", "Anna", "Ben", "--first-dealer", first]
    command += ["--config", "/dev/null", "--data-dir", str(tmp_path), "--text"]
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with sim_devices(links, *play) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S), out.text()  # the links exist now
        with started(command, text=True, **pipes) as table:
            assert sim.wait(RECORD_S) == 0, out.text()
            # Each deal: 26 draw turns (OK each), the calls and the cards.
            steps = sum(
                26 + len(d.get("calls", [])) + len(d.get("cards", [])) for d in record["deals"]
            )
            steps += len(record["deals"]) - 1
            assert f"played {steps} of {steps} inputs: {steps} accepted, 0 refused" in out.text()
            shown, errors = table.communicate("sheet\nquit\n", timeout=RECORD_S)
    assert table.returncode == 0, errors
    assert "\n! " not in shown, shown  # no input was refused
    assert render_sheet(game).splitlines()[-2] in shown  # the totals line
    totals = sheet_report(game)["totals"]
    assert f"{totals['Anna']:>12} | {totals['Ben']:<12}" in shown
    assert left_running(tmp_path) == [] and list(links.glob("*")) == []


def test_the_first_refusal_stops_the_record_and_says_what_and_why(tmp_path):
    """A record of Draw and Discard played into a table of Plain: its first input (OK
    for a draw turn) is refused; sim-devices says so and stops (status 1), the app's
    log says why."""
    record = to_record(short_rubber())
    (tmp_path / "record.json").write_text(json.dumps(record))
    links, log = tmp_path / "links", tmp_path / "table.log"
    with sim_devices(links, "--record", str(tmp_path / "record.json"), "--speed", "0") as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S), out.text()
        plain = ["--new", "plain", "--players", "Anna", "Ben"]
        with table(links, tmp_path / "data", log, *plain):
            assert sim.wait(RECORD_S) == 1, out.text()
    said = out.text()
    assert "stopping: input 1 (bidbox OK) was refused by the table\n" in said
    assert f"played 1 of {len(record_steps(record))} inputs: 0 accepted, 1 refused\n" in said
    assert "bidbox: key OK refused: OK is not used in the auction" in log.read_text()
    assert left_running(tmp_path) == [] and list(links.glob("*")) == []


def waiting_sim(tmp_path) -> list[str]:
    """sim-devices playing a record to a table that never comes (it waits for it)."""
    (tmp_path / "record.json").write_text(json.dumps(to_record(short_rubber())))
    play = ["--record", str(tmp_path / "record.json"), "--speed", "0"]
    return [*CLI, "sim-devices", "--dir", str(tmp_path / "links"), *play]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_sim_devices_removes_its_links_however_it_is_stopped(tmp_path, signum):
    links = tmp_path / "links"
    with started(waiting_sim(tmp_path), stdout=subprocess.PIPE, text=True) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S) and (links / "scanner").is_symlink()
        os.kill(sim.pid, signum)
        assert sim.wait(STOP_S) == 1  # the record was not played
    said = out.text()
    assert "played 0 of " in said and f"stopping: stopped by {signal.Signals(signum).name}" in said
    assert not links.exists()  # made for the links: gone with them


def test_sim_devices_ends_with_its_parent_even_killed(tmp_path):
    """Whoever started sim-devices to play a record dies by kill -9: sim-devices gets
    SIGTERM from Linux (not from a teardown) and removes its links."""
    links = tmp_path / "links"
    parent = (
        "import subprocess, sys, time\n"
        f"subprocess.Popen({waiting_sim(tmp_path)!r})\n"
        "time.sleep(600)\n"
    )
    with started([sys.executable, "-c", parent]) as starter:
        end = time.monotonic() + START_S
        while not (links / "bidbox").is_symlink() and time.monotonic() < end:
            time.sleep(0.02)
        assert (links / "bidbox").is_symlink()
        os.kill(starter.pid, signal.SIGKILL)
        starter.wait()
        end = time.monotonic() + STOP_S
        while (links.exists() or left_running(tmp_path)) and time.monotonic() < end:
            time.sleep(0.05)
    assert not links.exists() and left_running(tmp_path) == []


def test_sim_devices_on_the_keyboard_ends_with_its_input(tmp_path):
    links = tmp_path / "links"
    command = [*CLI, "sim-devices", "--dir", str(links)]
    with started(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as sim:
        out = Lines(sim.stdout)
        assert out.wait_for("bidbox: ", START_S) and (links / "bidbox").is_symlink()
        sim.stdin.close()  # Ctrl-D
        assert sim.wait(STOP_S) == 0
    assert not links.exists()


def test_sim_devices_help_and_bad_fault():
    done = subprocess.run([*CLI, "sim-devices", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "protocol v1" in done.stdout
    bad = subprocess.run(
        [*CLI, "sim-devices", "--fault", "meteor=1"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "unknown fault 'meteor'" in bad.stderr


def test_sim_devices_refuses_a_bad_four_player_record_in_one_line(tmp_path):
    from tests.fourplay import chicago_record

    record = chicago_record(1, ())
    deal = dict(record["deals"][0])
    deal["shown"] = {"X": ["SA"]}
    (tmp_path / "bad.json").write_text(json.dumps({**record, "deals": [deal]}))
    bad = subprocess.run(
        [
            *CLI,
            "sim-devices",
            "--dir",
            str(tmp_path / "links"),
            "--record",
            str(tmp_path / "bad.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert "deal 1, shown: 'X' is not a seat (N, E, S, W)" in bad.stderr
    claim = {**record["deals"][0], "cards": record["deals"][0]["cards"][:4]}
    claim.pop("shown", None)
    claim["claim"] = {"by": "Anna", "tricks": 9, "accepted": True}
    (tmp_path / "claim.json").write_text(json.dumps({**record, "deals": [claim]}))
    refused = subprocess.run(
        [
            *CLI,
            "sim-devices",
            "--dir",
            str(tmp_path / "links"),
            "--record",
            str(tmp_path / "claim.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 2
    assert "deal 1: claims and honours are made on the screen" in refused.stderr


@pytest.mark.parametrize("late", [False, True])
def test_a_stop_while_the_links_are_being_made_leaves_none(tmp_path, monkeypatch, late):
    """A stop signal (its KeyboardInterrupt) as the second link is made, or just after
    both, before the record starts: the links made go with the folder made for them.
    Seen under load: a parent killed as soon as the links appeared left them behind."""
    from device.cli import build_parser
    from device.sim import main as sim
    from device.sim.devices import SimDevice

    links = tmp_path / "links"
    args = build_parser().parse_args(["sim-devices", "--dir", str(links)])
    start = SimDevice.start

    def start_then_stop(device):
        if device.kind == "bidbox" and not late:
            raise KeyboardInterrupt("SIGTERM")
        return start(device)

    def stopped_before_the_record(args, sims, steps):
        assert (links / "scanner").is_symlink() and (links / "bidbox").is_symlink()
        raise KeyboardInterrupt("SIGTERM")

    monkeypatch.setattr(SimDevice, "start", start_then_stop)
    if late:
        monkeypatch.setattr(sim, "run_sims", stopped_before_the_record)
    with pytest.raises(KeyboardInterrupt):
        sim.main(args, steps=None)
    assert not links.exists()
