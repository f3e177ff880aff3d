import json
import subprocess
import sys

import pytest

from tests.commands import run
from tests.engine.helpers import deal_cards


@pytest.mark.parametrize(
    "argv,expected",
    [
        (
            ["4S", "11"],
            {"declarer": {"below": 120, "above": 30}, "defenders": {"below": 0, "above": 0}},
        ),
        (
            ["3NTX", "8"],
            {"declarer": {"below": 0, "above": 0}, "defenders": {"below": 0, "above": 100}},
        ),
        (
            ["3NTX", "8", "--vulnerable"],
            {"declarer": {"below": 0, "above": 0}, "defenders": {"below": 0, "above": 200}},
        ),
        (
            ["6hxx", "12", "--vulnerable"],
            {"declarer": {"below": 720, "above": 850}, "defenders": {"below": 0, "above": 0}},
        ),
        (
            ["4H", "11", "--scoring", "chicago"],
            {"declarer": {"below": 120, "above": 330}, "defenders": {"below": 0, "above": 0}},
        ),
        (
            ["4HX", "11", "--scoring", "chicago"],
            {"declarer": {"below": 240, "above": 450}, "defenders": {"below": 0, "above": 0}},
        ),
        (
            ["2D", "8", "--scoring", "chicago", "--deal", "4"],
            {"declarer": {"below": 40, "above": 100}, "defenders": {"below": 0, "above": 0}},
        ),
        (
            ["7NT", "13", "--vulnerable", "--scoring", "chicago", "--deal", "4"],
            {"declarer": {"below": 220, "above": 2000}, "defenders": {"below": 0, "above": 0}},
        ),
    ],
)
def test_score_prints_json(capsys, argv, expected):
    status, out, _ = run(capsys, "score", *argv)
    assert status == 0 and json.loads(out) == expected


@pytest.mark.parametrize(
    "argv,message",
    [
        (["8S", "3"], "'8S' is not a contract"),
        (["4S", "14"], "TRICKS must be 0 to 13, not 14"),
        (["4S", "x"], "TRICKS must be a number"),
        (["4S"], "TRICKS is missing"),
        (["4S", "10", "--scoring", "duplicate"], "invalid choice: 'duplicate'"),
        (["4S", "10", "--scoring", "chicago", "--deal", "5"], "--deal must be 1 to 4"),
    ],
)
def test_score_refuses_bad_arguments_in_one_line(capsys, argv, message):
    status, out, err = run(capsys, "score", *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_score_reads_many_deals_from_stdin(capsys, monkeypatch):
    lines = "4S 11\n\n3NTX 8 --vulnerable\nbad 3\n4H 11 --scoring chicago\n"
    status, out, err = run(capsys, "score", "-", stdin=lines, monkeypatch=monkeypatch)
    results = [json.loads(line) for line in out.splitlines()]
    assert [r.get("declarer", {}).get("below") for r in results] == [120, 0, None, 120]
    assert results[1]["defenders"]["above"] == 200
    assert results[2] == {"error": "line 4: 'bad' is not a contract (like 4S, 3NTX or 6HXX)"}
    assert status == 2 and "line 4" in err


def test_replay_prints_the_sheet(capsys, tmp_path):
    record = {
        "game": "draw-and-discard",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"calls": ["4S", "P"], "cards": deal_cards(0, 11, "S")}],
    }
    path = tmp_path / "rubber.json"
    path.write_text(json.dumps(record))
    status, out, _ = run(capsys, "replay", str(path))
    report = json.loads(out)
    assert status == 0
    assert report["deals"][0]["score"]["Anna"] == {"below": 120, "above": 30}
    assert report["totals"] == {"Anna": 450, "Ben": 0} and report["finished"] is False


@pytest.mark.parametrize(
    "text,message",
    [
        (
            '{"players": ["Anna", "Ben"], "deals": [{"calls": ["2C", "1H"]}]}',
            "deal 1, call 2: 1H is not higher than 2C",
        ),
        ('{"players": ["Anna", "Ben"],', "standard input: line 1 column"),
        ('{"players": ["Anna"]}', "record: draw-and-discard is played by 2 players, not 1"),
    ],
)
def test_replay_refuses_an_illegal_record_in_one_line(capsys, monkeypatch, text, message):
    status, out, err = run(capsys, "replay", "-", stdin=text, monkeypatch=monkeypatch)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.strip().startswith(message)


def test_replay_missing_file(capsys, tmp_path):
    status, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert status == 2 and "No such file" in err


def test_demo_prints_a_finished_sheet(capsys):
    status, out, _ = run(capsys, "demo", "--seed", "5")
    assert status == 0 and "Anna" in out and "wins by" in out
    status, again, _ = run(capsys, "demo", "--seed", "5")
    assert again == out
    status, report, _ = run(capsys, "demo", "--seed", "5", "--json")
    assert json.loads(report)["finished"] is True


def test_console_script_help_for_each_command():
    for argv in ([], ["score"], ["replay"], ["demo"], ["forms"]):
        done = subprocess.run(
            [sys.executable, "-m", "device.cli", *argv, "--help"], capture_output=True, text=True
        )
        assert done.returncode == 0 and "usage: honeymoon" in done.stdout


def test_no_command_is_a_one_line_error(capsys):
    status, _, err = run(capsys)
    assert status == 2 and err.count("\n") == 1


@pytest.mark.parametrize("form", ["chicago", "rubber-bridge"])
def test_demo_plays_each_four_player_form_to_the_end(capsys, form):
    status, out, _ = run(capsys, "demo", "--game", form, "--seed", "3", "--json")
    report = json.loads(out)
    assert status == 0 and report["finished"] is True
    assert set(report["totals"]) == {"Anna & Carla", "Ben & Dirk"}
    assert all(set(d["vulnerable"]) <= set(report["totals"]) for d in report["deals"])
    if form == "chicago":
        counted = [d for d in report["deals"] if d["contract"] != "pass"]
        assert len(counted) == 4 and report["deals"][-1]["vulnerable"] == list(report["totals"])
    status, text, _ = run(capsys, "demo", "--game", form, "--players", "N", "E", "S", "W")
    assert status == 0 and "N & S" in text and "E & W" in text


def test_demo_and_run_refuse_a_wrong_number_of_players_in_one_line(capsys, tmp_path):
    status, out, err = run(capsys, "demo", "--game", "chicago", "--players", "Anna", "Ben")
    assert status == 2 and out == ""
    assert err == (
        "honeymoon demo: --players: chicago is played by 4 players, not 2: give 4 names\n"
    )
    status, _, err = run(capsys, "demo", "--players", "A", "B", "C", "D")
    assert status == 2 and "draw-and-discard is played by 2 players, not 4" in err
    argv = ["run", "--text", "--data-dir", str(tmp_path), "--new", "chicago", "--players", "A"]
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.count("\n") == 1 and "played by 4 players, not 1" in err
    assert not (tmp_path / "journal.sqlite3").exists()  # refused before anything started


def test_run_new_chicago_without_the_draw_then_status(tmp_path):
    folder = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--config", "/dev/null"]
        + ["--data-dir", folder, "--new", "chicago", "--players", "Ann", "Bob", "Cy", "Di"]
        + ["--first-dealer", "Cy"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    status, out, _ = run_status(folder)
    assert status == 0
    assert json.loads(out) == {
        "game": "chicago",
        "phase": "auction",
        "deal": 1,
        "dealer": "Cy",
        "turn": "Cy",  # the dealer speaks first
        "hand": "S",
        "calls": [],
        "contract": None,
        "declarer": None,
        "tricks": [],
        "totals": {"Ann & Cy": 0, "Bob & Di": 0},
    }


def run_status(folder):
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "status", "--json", "--data-dir", folder],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_status_in_the_dummy_phase_from_the_journal(tmp_path, capsys):
    from device.engine.events import Setup
    from device.engine.game import Game
    from device.hal.events import CALL, CARD, Input
    from device.store.journal import FILENAME, Journal
    from device.table import Table

    journal = Journal(tmp_path / FILENAME)
    table = Table(Game(Setup("rubber-bridge", ("Ann", "Bob", "Cy", "Di"), 2)), journal=journal)
    for text in ("P", "1H", "P", "P", "P"):  # Cy deals; Di (West) declares 1H
        assert table.handle(Input(CALL, text)).accepted
    for item in (Input(CARD, "SA"), Input(CARD, "S2"), Input(CARD, "S3")):
        assert table.handle(item).accepted  # North leads; East's (dummy's) cards are shown
    journal.close()
    status, out, _ = run(capsys, "status", "--data-dir", str(tmp_path))
    report = json.loads(out)
    assert report["phase"] == "dummy" and report["turn"] == "Di" and report["hand"] == "E"
    assert report["declarer"] == "Di" and report["contract"] == "1H"
    status, out, _ = run(capsys, "export", "--format", "json", "--data-dir", str(tmp_path))
    record = json.loads(out)
    assert record["game"] == "rubber-bridge" and record["first_dealer"] == "Cy"
    assert record["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert record["deals"] == [
        {"calls": ["P", "1H", "P", "P", "P"], "cards": ["SA"], "shown": {"E": ["S2", "S3"]}}
    ]
