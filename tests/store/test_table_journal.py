"""The table with a journal: stored before accepted, retracted when it cannot be."""

from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import sheet_report
from device.hal.events import CALL, KEY, Input
from device.robots import play_rubber
from device.store.history import couple_stats, rubber_result
from device.store.journal import Journal
from device.table import Table


def test_each_accepted_input_is_in_the_journal_with_its_session(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    assert table.handle(Input(CALL, "1S", "bidbox", session=("BOX", 2), seq=5)).accepted
    assert not table.handle(Input(CALL, "1C", "bidbox", session=("BOX", 2), seq=6)).accepted
    assert table.handle(Input(CALL, "P", "touch")).accepted
    stored = journal.rubber(table.rubber)
    assert [e.to_dict()["call"] for e in stored.events] == ["1S", "P"]
    assert journal.applied() == {("BOX", 2): 5}  # the refused call stored nothing


def test_an_input_that_cannot_be_stored_is_refused_and_changes_nothing(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    table.handle(Input(CALL, "1S"))
    before = table.game.snapshot()
    journal.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    for item in (Input(CALL, "P"), Input(KEY, "UNDO")):
        outcome = table.handle(item)
        assert not outcome.accepted and "could not be stored: disk full" in outcome.message
        assert outcome.unstored and table.storage_error is not None
        assert table.game.snapshot() == before
    journal.db.execute("DROP TRIGGER full")
    assert table.handle(Input(CALL, "P")).accepted
    assert table.storage_error is None  # storing works again: no more mark


def test_a_finished_rubber_is_kept_with_its_result_and_reopened_by_undo(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    expected = play_rubber(4, "plain")
    table = Table(Game(expected.setup), journal=journal)
    for event in expected.inputs:
        assert table.apply(event).accepted
    assert journal.unfinished() is None
    (result,) = journal.finished_results()
    assert result["totals"] == sheet_report(expected)["totals"]
    assert table.handle(Input(KEY, "UNDO")).accepted
    assert journal.unfinished() == table.rubber
    stored = journal.rubber(table.rubber)
    replayed = Game(stored.setup)
    replayed.replay(stored.events)
    assert replayed.snapshot() == table.game.snapshot()


def test_couple_stats_count_wins_points_slams_and_contracts():
    results = [rubber_result(play_rubber(seed, "plain")) for seed in range(4)]
    results.append(rubber_result(play_rubber(9, "plain", ("Carl", "Dora"))))
    couples = couple_stats(results)
    assert [c["players"] for c in couples] == [["Anna", "Ben"], ["Carl", "Dora"]]
    anna_ben = couples[0]
    assert anna_ben["rubbers"] == 4
    wins = sum(r["winner"] == "Anna" for r in results[:4])
    assert anna_ben["by_player"]["Anna"]["won"] == wins
    assert anna_ben["by_player"]["Ben"]["won"] == 4 - wins
    declared = sum(1 for r in results[:4] for d in r["deals"] if d["declarer"] == "Ben")
    ben = anna_ben["by_player"]["Ben"]
    assert ben["made"] + ben["failed"] == declared
    assert ben["points"] == sum(r["totals"]["Ben"] for r in results[:4])


def test_a_rubber_stopped_early_goes_into_the_history_with_its_bonuses(tmp_path):
    from tests.engine.helpers import deal_cards

    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 1)), journal=journal)
    for call in ("4S", "P"):
        table.handle(Input(CALL, call))
    for card in deal_cards(0, 10, "S"):
        assert table.handle(Input("card", card)).accepted
    table.stop_early()
    assert journal.unfinished() is None
    (result,) = journal.finished_results()
    assert result["stopped"] and result["winner"] is None
    assert result["totals"] == {"Anna": 120 + 300, "Ben": 0}  # the only game: +300
    table.stop_early()  # twice is once
    assert len(journal.finished_results()) == 1


def test_the_last_input_and_the_rubbers_end_share_one_transaction(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    expected = play_rubber(1, "plain")
    table = Table(Game(expected.setup), journal=journal)
    for event in expected.inputs[:-1]:
        assert table.apply(event).accepted
    journal.db.execute(
        "CREATE TRIGGER cut BEFORE UPDATE ON rubbers BEGIN SELECT RAISE(ABORT, 'power cut'); END"
    )
    outcome = table.apply(expected.inputs[-1])  # the end cannot be stored: nor can the input
    assert not outcome.accepted and "power cut" in outcome.message
    assert len(journal.rubber(table.rubber).events) == len(expected.inputs) - 1
    journal.db.execute("DROP TRIGGER cut")
    assert table.apply(expected.inputs[-1]).accepted
    assert journal.unfinished() is None and len(journal.finished_results()) == 1
