"""Issue 9, point 6: every command, every bad argument ends with exit status 2 and
one line on standard error that names the place; never a traceback."""

import copy
import io
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import main

CLI = [sys.executable, "-m", "device.cli"]
DOC = Path(__file__).parent.parent / "docs" / "game-record.md"
# One value of each JSON type; a field is tried with every type but its own.
JSON_VALUES = {"null": None, "number": 7, "string": "x", "list": ["x"], "object": {"a": 1}}
BOOLEANS = {"true": True, "false": False}


def doc_record() -> dict:
    """The example record of docs/game-record.md: every field there is."""
    return json.loads(DOC.read_text().split("```json\n")[1].split("```")[0])


def json_type(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return {type(None): "null", str: "string", list: "list", dict: "object"}[type(value)]


def field_paths(value, path=()):
    """Every place in a record, with its value: (("deals", 2, "claim", "tricks"), 4), ..."""
    if path:
        yield path, value
    if isinstance(value, dict | list):
        children = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in children:
            yield from field_paths(child, path + (key,))


def with_value(record: dict, path: tuple, value) -> dict:
    changed = copy.deepcopy(record)
    parent = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return changed


def run(capsys, monkeypatch, *argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused(status, err, where=""):
    assert status == 2, (where, status, err)
    assert err.count("\n") == 1 and err.endswith("\n"), (where, err)
    assert "Traceback" not in err and "cannot go on" not in err, (where, err)


def wrong_type_cases(record: dict) -> list[tuple[tuple, str, object]]:
    """(place, type name, value) for every place and every JSON type but its own."""
    cases = []
    for path, original in field_paths(record):
        for name, value in {**JSON_VALUES, **BOOLEANS}.items():
            if json_type(value) != json_type(original):
                cases.append((path, name, value))
    return cases


def test_every_field_of_a_record_with_every_wrong_json_type(capsys, monkeypatch):
    record = doc_record()
    status, out, _ = run(capsys, monkeypatch, "replay", "-", stdin=json.dumps(record))
    assert status == 0 and json.loads(out)["totals"] == {"Anna": 150, "Ben": 540}
    cases = wrong_type_cases(record)
    places = {path for path, _, _ in cases}
    assert {("game",), ("players",), ("first_dealer",), ("options",), ("deals",)} <= places
    assert {("deals", 3, "claim", "accepted"), ("deals", 3, "honours", "Ben")} <= places
    assert len(cases) > 400  # every call and card of every deal, too
    for path, name, value in cases:
        text = json.dumps(with_value(record, path, value))
        status, out, err = run(capsys, monkeypatch, "replay", "-", stdin=text)
        assert_refused(status, err, f"{path} = {name}")
        assert out == ""


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"game": 5, "players": ["Anna", "Ben"]}', "game: must be the name of a game form"),
        ('{"players": ["Anna", "Ben"], "first_dealer": null}', "first_dealer: null is not"),
        ('{"players": []}', "record: draw-and-discard is played by 2 players, not 0"),
        (
            '{"players": ["Anna", "Ben"], "options": {"honours": "a\\nb"}}',
            "record: option honours must be one of false, true, not a\\nb",
        ),
        ("[" * 100_000 + "]" * 100_000, "standard input: nested more than 32 levels deep"),
        ('{"a": ' * 5_000 + "1" + "}" * 5_000, "standard input: nested more than 32 levels"),
        (
            '{"players": ["Anna", "Ben"], "deals": ' + "[" * 40 + "]" * 40 + "}",
            "standard input: nested",
        ),
        ('{"players": ["Anna", "Ben"], "x": 1' + "0" * 5_000 + "}", "standard input: Exceeds"),
        ("", "standard input: line 1 column 1: Expecting value"),
        (
            '{"players": ["Anna", "Ben"], "deals": [{"calls": ["1H", "P"], "cards": ["CA"], '
            '"claim": {"by": "Anna", "tricks": 3}, "honours": {"Anna": 100.0}}]}',
            "deal 1, honours: must be {NAME: 100 or 150}",
        ),
    ],
)
def test_odd_records_in_one_line(capsys, monkeypatch, text, message):
    status, out, err = run(capsys, monkeypatch, "replay", "-", stdin=text)
    assert_refused(status, err)
    assert err.startswith(message), err
    assert out == ""


def cli(*argv, stdin=None, timeout=30):
    return subprocess.run(
        [*CLI, *argv], input=stdin, capture_output=True, timeout=timeout, text=stdin is not None
    )


def test_replay_of_bad_files_as_a_user_runs_it(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"players": ["Ren\xe9", "Ben"]}')
    (tmp_path / "folder").mkdir()
    cases = {
        deep: "deep.json: nested more than 32 levels deep",
        latin: "latin.json: not UTF-8 text",
        tmp_path / "folder": "folder: Is a directory",
        tmp_path / "missing.json": "missing.json: No such file or directory",
    }
    for path, message in cases.items():
        done = cli("replay", str(path))
        err = done.stderr.decode()
        assert_refused(done.returncode, err, path)
        assert err.strip().endswith(message)


def test_replay_of_a_stream_without_end_or_a_pipe(tmp_path):
    """/dev/zero is refused by its size, never read to its end; a record through a
    pipe (a FIFO, as `replay <(zcat record.json.gz)` gives) is read as a file is."""
    done = cli("replay", "/dev/zero")
    assert_refused(done.returncode, done.stderr.decode(), "/dev/zero")
    assert done.stderr.decode().strip().endswith("/dev/zero: over 64 MB: not a game record")
    record = json.dumps({"players": ["Anna", "Ben"], "deals": []}).encode()
    fifo = tmp_path / "record.fifo"
    os.mkfifo(fifo)
    replay = subprocess.Popen([*CLI, "replay", str(fifo)], stdout=subprocess.PIPE)
    try:
        with open(fifo, "wb") as pipe:
            pipe.write(record)
        out, _ = replay.communicate(timeout=30)
    finally:
        replay.kill()
        replay.wait()
    assert replay.returncode == 0 and json.loads(out)["deals"] == []


# -- sim-devices ---------------------------------------------------------------------
def test_sim_devices_bad_arguments(tmp_path, capsys, monkeypatch):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    bad_record = tmp_path / "bad.json"
    bad_record.write_text('{"players": ["Anna", "Ben"], "deals": [{"calls": 5}]}')
    claim = tmp_path / "claim.json"
    claim.write_text(json.dumps(doc_record()))
    (tmp_path / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    cases = [
        (["--tcp", "-1"], "argument --tcp: a TCP port from 0"),
        (["--tcp", "70000"], "not 70000"),
        (["--tcp", "65535"], "(it uses PORT+1 too), not 65535"),
        (["--tcp", "http"], "not 'http'"),
        (["--dir", str(a_file)], "a-file: not a folder"),
        (["--dir", str(a_file / "sub")], "Not a directory"),
        (["--dir", str(tmp_path / "none" / "links")], "No such file or directory"),
        (["--dir", "/proc/self"], "the scanner cannot open /proc/self/scanner"),
        (["--record", str(tmp_path / "none.json")], "none.json: No such file"),
        (["--record", str(tmp_path)], "Is a directory"),
        (["--record", str(bad_record)], "deal 1: calls must be a list of strings"),
        (["--record", str(claim)], "deal 3: claims and honours are made on the screen"),
        (["--record", str(tmp_path / "deep.json")], "deep.json: nested more than 32"),
        (["--fault", "meteor=1"], "unknown fault 'meteor'"),
        (["--fault", "bad-crc=x"], "fault bad-crc: a chance from 0 to 1, not x"),
        (["--fault", "garbage=2"], "a chance from 0 to 1, not 2"),
        (["--fault", "duplicate=nan"], "not nan"),
        (["--speed", "-1"], "argument --speed: inputs per second, 0 (no wait) or more"),
        (["--speed", "nan"], "not nan"),
        (["--speed", "fast"], "not 'fast'"),
        (["--unplug-every", "0"], "argument --unplug-every: seconds above 0"),
        (["--unplug-every", "-2"], "not -2"),
        (["--unplug-every", "inf"], "not inf"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ]
    for argv, message in cases:
        status, out, err = run(capsys, monkeypatch, "sim-devices", *argv)
        assert_refused(status, err, argv)
        assert message in err, (argv, err)


def _taken_with_a_free_port_below() -> socket.socket:
    """A listening socket on a port whose port below is free now (another suite on the
    machine may hold any port: try a few)."""
    for _ in range(50):
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        with socket.socket() as below:
            try:
                below.bind(("127.0.0.1", taken.getsockname()[1] - 1))
                return taken
            except OSError:
                taken.close()
    raise AssertionError("no free port below a free port in 50 tries")


def test_sim_devices_on_a_port_in_use(capsys, monkeypatch):
    taken = _taken_with_a_free_port_below()
    port = taken.getsockname()[1]
    try:
        status, _, err = run(capsys, monkeypatch, "sim-devices", "--tcp", str(port))
        assert_refused(status, err)
        assert f"the scanner cannot open socket://127.0.0.1:{port}: Address already in use" in err
        # The scanner opens on port-1, the bidding box cannot: the scanner is closed again.
        status, _, err = run(capsys, monkeypatch, "sim-devices", "--tcp", str(port - 1))
        assert_refused(status, err)
        assert f"the bidbox cannot open socket://127.0.0.1:{port}" in err
        with socket.socket() as again:
            again.bind(("127.0.0.1", port - 1))  # free: the scanner's port was closed
    finally:
        taken.close()


def test_sim_devices_as_a_user_runs_it(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    for argv in (["--tcp", "-1"], ["--dir", str(a_file)], ["--speed", "x"]):
        done = cli("sim-devices", *argv, stdin="")
        assert_refused(done.returncode, done.stderr, argv)


# -- run -------------------------------------------------------------------------------
RUN_CASES = [
    (["--size", "0", "480"], "argument --size: a width and height from 240 to 3840 pixels"),
    (["--size", "800", "-480"], "not -480"),
    (["--size", "100000", "480"], "not 100000"),
    (["--size", "wide", "480"], "not 'wide'"),
    (["--size", "800"], "argument --size: expected 2 arguments"),
    (["--rotation", "45"], "invalid choice: 45"),
    (["--lang", "fr"], "invalid choice: 'fr'"),
    (["--players", "Anna"], "--players: give 2, 3 or 4 names, not 1"),
    (["--new", "chicago", "--players", "A", "B"], "chicago is played by 4 players, not 2"),
]


@pytest.mark.parametrize("argv,message", RUN_CASES)
def test_run_bad_arguments_before_anything_starts(tmp_path, capsys, monkeypatch, argv, message):
    status, out, err = run(capsys, monkeypatch, "run", "--data-dir", str(tmp_path), *argv)
    assert_refused(status, err, argv)
    assert message in err and out == ""
    assert list(tmp_path.iterdir()) == []  # no journal, no lock: nothing started


def test_run_with_a_screenshot_folder_that_cannot_be(tmp_path, capsys, monkeypatch):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    data = tmp_path / "data"
    cases = {
        str(a_file): "a-file: not a folder",
        str(a_file / "shots"): "cannot write there (Not a directory)",
        "/proc/self": "--screenshot-dir /proc/self: cannot write there",
    }
    for folder, message in cases.items():
        status, _, err = run(
            capsys, monkeypatch, "run", "--headless", "--data-dir", str(data),
            "--screenshot-dir", folder,
        )  # fmt: skip
        assert_refused(status, err, folder)
        assert message in err
    assert not data.exists()


def test_run_as_a_user_runs_it(tmp_path):
    for argv in (["--size", "0", "0"], ["--screenshot-dir", "/proc/self"]):
        done = cli("run", "--headless", "--data-dir", str(tmp_path), *argv, stdin="")
        assert_refused(done.returncode, done.stderr, argv)


# -- every other command ---------------------------------------------------------------
SWEEP = [
    ["score", "4S", "ten"],
    ["score", "4S", "-1"],
    ["score", "4S", "99999999999999999999999"],
    ["score", "", "1"],
    ["score", "4S", "10", "--deal", "x"],
    ["score", "4S", "10", "--scoring", "chicago", "--deal", "0"],
    ["score", "4S", "10", "--scoring", "duplicate"],
    ["score", "4S", "10", "--bogus"],
    ["score", "4S", "10", "extra"],
    ["demo", "--seed", "x"],
    ["demo", "--seed", "1.5"],
    ["demo", "--game", "nope"],
    ["demo", "--game", ""],
    ["demo", "--players", "Anna", "Anna"],
    ["demo", "--players", "", "Ben"],
    ["demo", "--players", "Anna"],
    ["demo", "--bogus"],
    ["status", "--bogus"],
    ["status", "--json", "yes"],
    ["export", "--format", "xml"],
    ["export", "--format", ""],
    ["export", "--rubber", "x"],
    ["export", "--rubber", "0"],
    ["export", "--rubber", "-1"],
    ["export", "--rubber", "99999999999999999999999"],
    ["replay"],
    ["replay", "a.json", "b.json"],
    ["replay", "--bogus", "a.json"],
    ["analyze"],
    ["analyze", "a.json", "--data-dir", "x"],
    ["analyze", "no-such-record.json"],
    ["analyze", "a.json", "--deal", "0"],
    ["analyze", "--rubber", "x"],
    ["analyze", "--bogus"],
    ["bogus"],
    [],
    ["--bogus"],
]


@pytest.mark.parametrize("argv", SWEEP, ids=lambda argv: " ".join(argv) or "nothing")
def test_every_command_refuses_bad_values_in_one_line(capsys, monkeypatch, tmp_path, argv):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    status, out, err = run(capsys, monkeypatch, *argv)
    assert_refused(status, err, argv)
    assert out == ""


def test_status_and_export_of_odd_data_folders(tmp_path, capsys, monkeypatch):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    (tmp_path / "odd" / "journal.sqlite3").mkdir(parents=True)
    for folder in (a_file, tmp_path / "none", tmp_path / "odd"):
        for argv in (["status", "--json"], ["export", "--format", "json"], ["export"], ["analyze"]):
            status, out, err = run(capsys, monkeypatch, *argv, "--data-dir", str(folder))
            assert_refused(status, err, (folder, argv))


def test_output_that_cannot_be_written_is_one_line(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run([*CLI, "demo"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr == "honeymoon demo: cannot write the output: No space left on device\n"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--new", "nope"], "unknown game 'nope'"),
        (["--new", "plain", "--players", "Anna", "Anna"], "the players need different names"),
        (["--new", "plain", "--first-dealer", "Zed"], "--first-dealer 'Zed' is not one of"),
    ],
)
def test_a_bad_new_rubber_leaves_the_one_in_progress_alone(tmp_path, argv, message):
    from device.engine.events import Setup
    from device.engine.game import Game
    from device.store.journal import FILENAME, Journal
    from device.table import Table

    journal = Journal(tmp_path / FILENAME)
    Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    journal.close()
    done = cli(
        "run", "--text", "--config", "/dev/null", "--data-dir", str(tmp_path), *argv, stdin=""
    )
    assert_refused(done.returncode, done.stderr, argv)
    assert message in done.stderr
    journal = Journal(tmp_path / FILENAME)
    assert [(number, end) for number, _, end in journal.rubbers()] == [(1, None)]  # not stopped
    journal.close()
