"""`honeymoon analyze`: a game record or a stored rubber, text or JSON; bad
arguments end in one line and exit status 2."""

import json
import re

import pytest

from device.cli import main
from device.engine.game import Game
from device.engine.record import to_record
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def rubber():
    return play_rubber(2, "plain")


@pytest.fixture
def record_file(tmp_path, rubber):
    path = tmp_path / "rubber.json"
    path.write_text(json.dumps(to_record(rubber)))
    return str(path)


def test_json_of_one_deal(capsys, record_file, rubber):
    status, out, err = run(capsys, "analyze", record_file, "--deal", "3", "--json")
    assert (status, err) == (0, "")
    (deal,) = json.loads(out)["deals"]
    assert deal["deal"] == 3 and deal["reviewed"] is True
    assert len(deal["table"]) == 10
    assert {(e["declarer"], e["leader"]) for e in deal["table"]} == {
        ("Anna", "Ben"),
        ("Ben", "Anna"),
    }
    assert deal["made"] == rubber.deals[2].won
    moved = sum(c["after"] - c["before"] for c in deal["costly"])
    assert deal["double_dummy"] + moved == deal["made"]
    assert set(deal["par"]) == {"contract", "declarer", "tricks", "score"}


def test_text_of_every_deal(capsys, record_file, rubber):
    status, out, _ = run(capsys, "analyze", record_file)
    assert status == 0
    finished = [d for d in rubber.deals if d.outcome is not None]
    assert out.count("Deal ") == len(finished)
    assert "Par: " in out and "not reviewed: thrown in" in out


def test_a_stored_rubber(tmp_path, capsys, rubber):
    table = Table(Game(rubber.setup), journal=Journal(tmp_path / FILENAME))
    for event in rubber.inputs[: len(rubber.inputs) // 2]:
        assert table.apply(event).accepted
    status, out, err = run(capsys, "analyze", "--data-dir", str(tmp_path), "--json")
    assert status == 0
    deals = json.loads(out)["deals"]
    done = [d.number for d in table.game.deals if d.outcome is not None]
    assert [d["deal"] for d in deals] == done


@pytest.mark.parametrize(
    "argv,words",
    [
        ([], "FILE or --data-dir"),
        (["--deal", "0"], "a deal number from 1"),
        (["--deal", "99"], "no finished deal 99"),
        (["--rubber", "1"], "--rubber goes with --data-dir"),
        (["--data-dir", "/nonexistent/x"], ""),
    ],
)
def test_bad_arguments(capsys, record_file, argv, words):
    argv = argv if argv[:1] in ([], ["--data-dir"]) else [record_file, *argv]
    status, out, err = run(capsys, "analyze", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_a_file_that_is_not_a_record(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("[1, 2")
    status, _, err = run(capsys, "analyze", str(path))
    assert status == 2 and err.count("\n") == 1 and "x.json" in err


def test_the_documented_fields_are_the_ones_printed(capsys, record_file):
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "analysis.md").read_text()
    rows = [line.split("|")[1] for line in doc.splitlines() if line.startswith("| `")]
    documented = {name for row in rows for name in re.findall(r"`(\w+)`", row)}
    _, out, _ = run(capsys, "analyze", record_file, "--deal", "3", "--json")
    (deal,) = json.loads(out)["deals"]
    assert documented == set(deal)
    for field in ("table", "par", "costly"):
        entry = deal[field][0] if isinstance(deal[field], list) else deal[field]
        row = next(r for r in doc.splitlines() if r.startswith(f"| `{field}`"))
        assert set(re.findall(r'"(\w+)"', row.split("|")[2].split(":")[0])) == set(entry)


def test_one_trick_is_said_in_the_singular():
    from device.analysis.report import tricks_words

    assert (tricks_words(1), tricks_words(0), tricks_words(9)) == (
        "1 trick",
        "0 tricks",
        "9 tricks",
    )
