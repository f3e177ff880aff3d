"""The history's reading of the journal: each finished rubber with its id (a damaged
result in its place, said), and a rubber's sheet replayed from its stored inputs,
as far as they can be read."""

import pytest

from device.engine.game import Game
from device.engine.record import sheet_report
from device.hal.events import CALL, Input
from device.robots import play_rubber
from device.store.history import replay_rubber, stored_results
from device.store.journal import Journal
from device.table import Table


def played(journal, seed, form="plain", players=("Anna", "Ben")):
    """A robot rubber through a table into the journal; the robots' own game."""
    expected = play_rubber(seed, form, players)
    table = Table(Game(expected.setup), journal=journal)
    for event in expected.inputs:
        assert table.apply(event).accepted
    return table.rubber, expected


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    yield journal
    journal.close()


def test_each_finished_rubber_comes_with_its_id_and_the_one_in_progress_does_not(journal):
    first, one = played(journal, 1)
    second, two = played(journal, 2, "draw-and-discard")
    in_progress = Table(Game(one.setup), journal=journal)
    assert in_progress.handle(Input(CALL, "1S")).accepted and journal.unfinished() is not None
    results = stored_results(journal)
    assert [r["rubber"] for r in results] == [first, second]
    assert results[1]["totals"] == sheet_report(two)["totals"]
    assert {k: v for k, v in results[0].items() if k != "rubber"} in journal.finished_results()


def test_a_result_that_cannot_be_read_is_kept_in_its_place_as_damaged(journal):
    first, _ = played(journal, 1)
    second, _ = played(journal, 2)
    journal.db.execute("UPDATE rubbers SET result = 'not json' WHERE id = ?", (first,))
    results = stored_results(journal)
    assert results[0] == {"rubber": first, "damaged": True}
    assert results[1]["rubber"] == second and "totals" in results[1]


def test_a_closed_journal_gives_an_empty_history_not_an_error(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    played(journal, 1)
    journal.close()
    assert stored_results(journal) == []


@pytest.mark.parametrize("seed,form", [(1, "plain"), (3, "draw-and-discard")])
def test_a_rubber_replays_to_the_sheet_its_robots_played(journal, seed, form):
    rubber, expected = played(journal, seed, form)
    replayed = replay_rubber(journal, rubber)
    assert replayed.problem is None and replayed.kept == replayed.stored == len(expected.events)
    assert sheet_report(replayed.game) == sheet_report(expected)


def test_a_damaged_input_replays_the_rubber_up_to_it(journal):
    rubber, expected = played(journal, 1)
    ids = [i for (i,) in journal.db.execute("SELECT id FROM events WHERE rubber = ?", (rubber,))]
    journal.db.execute("UPDATE events SET event = '{oops' WHERE id = ?", (ids[10],))
    replayed = replay_rubber(journal, rubber)
    assert (replayed.kept, replayed.stored, replayed.problem) == (10, len(ids), "damaged")
    again = Game(expected.setup)
    for event in expected.inputs[:10]:
        again.apply(event)
    assert replayed.game.snapshot() == again.snapshot()


def test_a_rubber_whose_setup_cannot_be_read_has_no_game(journal):
    rubber, _ = played(journal, 1)
    journal.db.execute("UPDATE rubbers SET setup = 'garbage' WHERE id = ?", (rubber,))
    replayed = replay_rubber(journal, rubber)
    assert replayed.game is None and replayed.problem == "damaged"


def test_a_rubber_that_is_not_there_has_no_game(journal):
    replayed = replay_rubber(journal, 42)
    assert replayed.game is None and replayed.problem == "damaged"


def test_a_disk_that_fails_is_said_as_such(journal, monkeypatch):
    from device.store.journal import StorageError

    rubber, _ = played(journal, 1)

    class Failing:  # a disk that fails under the journal's reads
        def execute(self, *args):
            raise StorageError("io", "disk I/O error")

    monkeypatch.setattr(journal, "db", Failing())
    replayed = replay_rubber(journal, rubber)
    assert replayed.game is None and replayed.problem == "io"
