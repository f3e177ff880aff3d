"""End to end without a Pi: `honeymoon sim-devices` plays a whole rubber through
ptys into `honeymoon run`, whose sheet must equal `honeymoon replay`'s."""

import json
import subprocess
import sys

from device.engine.record import sheet_report, to_record
from device.robots import play_rubber
from device.sheet_text import render_sheet

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
    sim = subprocess.Popen(
        [*CLI, "sim-devices", "--dir", str(links), "--record", str(tmp_path / "rubber.json")]
        + ["--speed", "0", "--fault", "bad-crc=0.05", "--fault", "duplicate=0.1"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert sim.stdout.readline().startswith("scanner: ")  # the links exist now
    first = record["first_dealer"]
    table = subprocess.Popen(
        [*CLI, "run", "--scanner", str(links / "scanner"), "--bidbox", str(links / "bidbox")]
        + ["--new", "draw-and-discard", "--players", "Anna", "Ben", "--first-dealer", first]
        + ["--config", "/dev/null", "--data-dir", str(tmp_path), "--text"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, _ = sim.communicate(timeout=120)
        # Each deal: 26 draw turns (OK each), the calls and the cards.
        steps = sum(26 + len(d.get("calls", [])) + len(d.get("cards", [])) for d in record["deals"])
        assert f"played {steps + len(record['deals']) - 1} of" in out
        shown, errors = table.communicate("sheet\nquit\n", timeout=30)
    finally:
        sim.kill()
        table.kill()
    assert "\n! " not in shown, shown  # no input was refused
    assert render_sheet(game).splitlines()[-2] in shown  # the totals line
    totals = sheet_report(game)["totals"]
    assert f"{totals['Anna']:>12} | {totals['Ben']:<12}" in shown


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
