"""Draw / Pick-Up on the command line: `demo --game draw-pick-up`, `replay` of a
record with its pickups (and one line with the place for a bad one), the text
console's line for the pick-up and what it says of each decision, and the
history of a rubber stopped in the pick-up next to a finished one."""

import json

from device.console import describe, status
from device.engine.cards import Card
from device.engine.events import CardShown, PickUp, Setup
from device.engine.game import Game
from device.engine.record import sheet_report, to_record
from device.robots import play_rubber
from device.store.history import replay_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from tests.commands import finished_after_a_stopped_one, run

FORM = "draw-pick-up"


def test_demo_plays_a_rubber_of_draw_pick_up(capsys):
    code, out, err = run(capsys, "demo", "--game", FORM, "--seed", "3")
    assert code == 0 and err == "" and out.startswith("Draw / Pick-Up: Anna v Ben")
    code, out, err = run(capsys, "demo", "--game", "pick-up", "--seed", "3", "--json")
    assert code == 0 and json.loads(out) == json.loads(
        json.dumps(sheet_report(play_rubber(3, FORM)))
    )


def test_replay_reads_the_pickups_and_names_the_place_of_a_bad_one(capsys, monkeypatch):
    record = to_record(play_rubber(5, FORM))
    code, out, err = run(capsys, "replay", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["finished"]
    record["deals"][1]["pickups"][4]["card"] = record["deals"][1]["pickups"][0]["card"]
    code, out, err = run(capsys, "replay", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("deal 2, pickups 5: ") and "was already turned up" in err


def test_the_console_says_what_the_pick_up_waits_for_and_what_was_decided():
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {}))
    assert status(game) == "deal 1, stock card 1 of 26: Anna turns up the top card (scan it)"
    game.apply(CardShown(Card.parse("SK")))
    assert status(game) == "deal 1, stock card 1 of 26: SK face up; Anna: ok takes it, P rejects it"
    done = game.apply(PickUp(False))
    assert describe(game, done) == "Anna rejects SK"
    done = game.apply(PickUp(True))
    assert describe(game, done) == "Ben takes SK"
    assert status(game) == "deal 1, stock card 2 of 26: Anna turns up the top card (scan it)"
    done = game.apply(CardShown(Card.parse("H2")))
    assert describe(game, done) == "H2 turned up"
    game.apply(PickUp(False))
    done = game.apply(PickUp(False))
    assert describe(game, done) == "Ben rejects H2 too: it is out of play"
    assert status(game) == "deal 1, stock card 3 of 26: Ben turns up the top card (scan it)"


def test_the_history_keeps_a_rubber_stopped_in_the_pick_up_and_a_finished_one(tmp_path):
    rubber = play_rubber(4, FORM)
    journal = Journal(tmp_path / FILENAME)
    stopped = Table(Game(rubber.setup), journal=journal)
    for event in rubber.inputs[:30]:  # into the first deal's pick-up
        assert stopped.apply(event).accepted
    assert stopped.game.phase == "pick-up"
    stopped.stop_early()  # a new rubber stopped it
    results = finished_after_a_stopped_one(journal, rubber)
    first = replay_rubber(journal, results[0]["rubber"])
    assert first.problem is None and first.game.phase == "pick-up"
    assert first.game.snapshot() == stopped.game.snapshot()
    last = replay_rubber(journal, results[1]["rubber"]).game
    assert sheet_report(last) == sheet_report(rubber)
    journal.close()
