"""`honeymoon history [--json] [--data-dir DIR]`: the history in figures, read from
the journal without changing any of its files."""

import json

from device.engine.game import Game
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from tests.commands import run


def stored(folder, *rubbers):
    """Robot rubbers `(seed, form, players)` played through a table into a journal in
    `folder`; the robots' games."""
    journal = Journal(folder / FILENAME)
    games = []
    for seed, form, players in rubbers:
        game = play_rubber(seed, form, players)
        table = Table(Game(game.setup), journal=journal)
        for event in game.inputs:
            assert table.apply(event).accepted
        games.append(game)
    journal.close()
    return games


def test_history_json_gives_each_couple_and_partnership_per_form(tmp_path, capsys):
    games = stored(
        tmp_path,
        (1, "plain", ("Anna", "Ben")),
        (2, "plain", ("Ben", "Anna")),
        (185, "rubber-bridge", ("Anna", "Ben", "Carla", "Dirk")),
    )
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    status, out, err = run(capsys, "history", "--json", "--data-dir", str(tmp_path))
    assert (status, err) == (0, "")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # never changed
    figures = json.loads(out)
    (couple,) = figures["couples"]
    assert couple["players"] == ["Anna", "Ben"] and couple["form"] == "plain"
    assert couple["played"] == 2 and [row["rubber"] for row in couple["balance"]] == [1, 2]
    assert sum(couple["won"].values()) + couple["ties"] == 2
    assert set(couple["contracts"]) == {"Anna", "Ben"}
    assert set(couple["contracts"]["Anna"]) == {"1", "2", "3", "4", "5", "6", "7"}
    four = games[2]
    assert len(figures["partnerships"]) == 2
    for group in figures["partnerships"]:
        assert group["form"] == "rubber-bridge" and group["played"] == 1
        assert group["balance"][0]["rubber"] == 3
    mine, theirs = (g["balance"][0]["balance"] for g in figures["partnerships"])
    assert mine == -theirs == four.sheet.totals()[0] - four.sheet.totals()[1]


def test_history_in_lines(tmp_path, capsys):
    stored(tmp_path, (1, "plain", ("Anna", "Ben")))
    status, out, _ = run(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0
    (line,) = out.splitlines()
    assert line.startswith("plain, Anna & Ben: 1 played; ") and " won; " in line


def test_no_journal_is_no_history(tmp_path, capsys):
    status, out, err = run(capsys, "history", "--json", "--data-dir", str(tmp_path))
    assert (status, err) == (0, "")
    assert json.loads(out) == {"couples": [], "partnerships": []}
    assert run(capsys, "history", "--data-dir", str(tmp_path))[1] == "no finished rubber yet\n"
    assert list(tmp_path.iterdir()) == []  # nothing made


def test_a_result_that_cannot_be_read_is_left_out_and_said(tmp_path, capsys):
    stored(tmp_path, (1, "plain", ("Anna", "Ben")), (2, "plain", ("Anna", "Ben")))
    journal = Journal(tmp_path / FILENAME)
    journal.db.execute("UPDATE rubbers SET result = 'not json' WHERE id = 1")
    journal.close()
    status, out, err = run(capsys, "history", "--json", "--data-dir", str(tmp_path))
    assert status == 0
    assert err == "warning: 1 finished rubber(s) cannot be read: left out\n"
    (couple,) = json.loads(out)["couples"]
    assert [row["rubber"] for row in couple["balance"]] == [2]


def test_a_file_that_is_not_a_journal_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / FILENAME).write_bytes(b"this is not a database" * 100)
    status, out, err = run(capsys, "history", "--json", "--data-dir", str(tmp_path))
    assert status == 2 and out == ""
    assert err.startswith("the journal cannot be read: ") and err.count("\n") == 1
