"""Draw Bridge through the commands and the journal: `status --json` and `export`
(json and pbn) in the draw tricks (the top card's phase too) and after them, stopped
there or stopped early; the exported draw tricks play back; `replay` of a record
with and without `draw_cards`, and a record whose draw_cards are wrong refused with
its place; `demo --game draw-bridge`; the history of rubbers stopped in the draw
tricks and finished."""

import json

import pytest

from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import play_record, sheet_report, to_record
from device.robots import play_rubber
from device.store.history import replay_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from tests.at_the_table import robot_rubber
from tests.commands import check_status, finished_after_a_stopped_one, run

FORM = "draw-bridge"


def stored(folder, rubber: Game, phase: str, later: bool, early: bool) -> Table:
    """The rubber stored input by input to halfway through its first `phase` (in deal 1
    or a later one); then left there, or stopped early there."""
    probe, at, deal = Game(rubber.setup), [], None
    for i, event in enumerate(rubber.inputs):
        if probe.phase == phase and (probe.deal.number > 1) == later:
            deal = deal or probe.deal.number
            at += [i] if probe.deal.number == deal else []
        probe.apply(event)
    table = Table(Game(rubber.setup), journal=Journal(folder / FILENAME))
    for event in rubber.inputs[: at[len(at) // 2]]:
        assert table.apply(event).accepted
    assert table.game.phase == phase and (table.game.deal.number > 1) == later
    if early:
        table.stop_early()
    return table


CASES = [
    (top, phase, later, early)
    for top, phases in ((False, ("draw-tricks",)), (True, ("draw-top", "draw-tricks")))
    for phase in phases + ("auction", "play", "deal-end")
    for later in (False, True)
    for early in (False, True)
    if phase.startswith("draw") or not (top and early)
]


@pytest.mark.parametrize("top,phase,later,early", CASES)
def test_status_and_export_in_the_draw_tricks_and_after(tmp_path, capsys, top, phase, later, early):
    rubber = robot_rubber(FORM, {"top_card_shown": top})
    game = stored(tmp_path, rubber, phase, later, early).game
    where = ("--data-dir", str(tmp_path))
    shown = check_status(capsys, tmp_path, FORM, phase, game)
    if phase.startswith("draw"):
        assert shown["turn"] == game.players[game.turn]

    status, out, err = run(capsys, "export", "--format", "json", *where)
    assert status == 0 and err == ""
    record = json.loads(out)
    assert record["options"]["top_card_shown"] is top
    last = record["deals"][-1]
    assert last["draw_cards"] == [str(c) for c in game.form.draw_cards(game.deal)]
    if top:
        assert last["draw_top"] == [str(c) for c in game.deal.own.draw_top]
    again = play_record(record)  # the draw tricks so far play back, in their phase
    assert again.phase == phase and again.snapshot() == game.snapshot()

    status, out, err = run(capsys, "export", "--format", "pbn", *where)
    assert status == 0 and err == "" and out.startswith("% PBN 2.1\n")
    assert out.count("[Event ") == sum(1 for d in game.deals if d.outcome is not None)


def test_replay_with_and_without_draw_cards(capsys, monkeypatch):
    record = json.loads(json.dumps(to_record(play_rubber(2, FORM))))
    assert all(len(d["draw_cards"]) == 26 for d in record["deals"])
    status, out, err = run(capsys, "replay", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert status == 0 and err == ""
    expected = json.loads(json.dumps(sheet_report(play_record(record))))
    assert json.loads(out) == expected and json.loads(out)["finished"]
    without = dict(
        record, deals=[{k: v for k, v in d.items() if k != "draw_cards"} for d in record["deals"]]
    )
    status, out, err = run(
        capsys, "replay", "-", stdin=json.dumps(without), monkeypatch=monkeypatch
    )
    assert status == 0 and err == "" and json.loads(out) == expected


@pytest.mark.parametrize(
    "change,message",
    [
        (
            lambda cards: cards[:25] + cards[:1],
            "deal 1, draw_cards, card 26: {0} was already played",
        ),
        (
            lambda cards: cards + ["C2"],
            "deal 1, draw_cards, card 27: the draw tricks have 26 cards",
        ),
        (lambda cards: cards[:3] + ["ZZ"], "deal 1, draw_cards: 'ZZ' is not a card"),
    ],
)
def test_a_record_whose_draw_cards_are_wrong_is_refused_with_its_place(
    capsys, monkeypatch, change, message
):
    record = json.loads(json.dumps(to_record(play_rubber(2, FORM))))
    first = record["deals"][0]
    first["draw_cards"] = change(first["draw_cards"])
    status, out, err = run(capsys, "replay", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert status != 0 and out == ""
    assert message.format(first["draw_cards"][0]) in err and err.count("\n") == 1


def test_a_dead_card_in_the_play_of_a_record_is_refused(capsys, monkeypatch):
    record = json.loads(json.dumps(to_record(play_rubber(2, FORM))))
    deal = next(d for d in record["deals"] if d.get("cards"))
    deal["cards"][0] = deal["draw_cards"][0]
    status, out, err = run(capsys, "replay", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert status != 0 and "played in a draw trick: it is dead" in err


def test_demo_plays_a_rubber_of_draw_bridge(capsys):
    status, out, err = run(capsys, "demo", "--game", FORM, "--seed", "3")
    assert status == 0 and err == "" and out.startswith("Draw Bridge: Anna v Ben")
    status, out, err = run(capsys, "demo", "--game", FORM, "--seed", "3", "--json")
    assert status == 0 and json.loads(out) == json.loads(
        json.dumps(sheet_report(play_rubber(3, FORM)))
    )


def test_the_history_keeps_rubbers_stopped_in_the_draw_tricks_and_finished(tmp_path):
    rubber = robot_rubber(FORM, {"top_card_shown": True})
    stored(tmp_path, rubber, "draw-tricks", True, early=True)  # a new rubber stopped it
    journal = Journal(tmp_path / FILENAME)
    results = finished_after_a_stopped_one(journal, rubber)
    for result in results:
        replayed = replay_rubber(journal, result["rubber"])
        assert replayed.problem is None and replayed.kept == replayed.stored
    last = replay_rubber(journal, results[1]["rubber"]).game
    assert sheet_report(last) == sheet_report(rubber)
    journal.close()


def test_the_console_and_the_hints_say_what_the_draw_tricks_wait_for():
    from device.console import status
    from device.engine.cards import Card
    from device.engine.events import CardPlayed, CardShown
    from device.hints import next_step
    from device.ui.i18n import Catalog

    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {"top_card_shown": True}))
    assert status(game) == "deal 1, draw trick 1 of 13 (none yet): scan the top card of the stock"
    assert Catalog("nl").error(next_step(game)) == "scan de bovenste kaart van de stapel"
    game.apply(CardShown(Card.parse("SA")))
    game.apply(CardPlayed(Card.parse("C2")))
    assert status(game) == "deal 1, draw trick 1 of 13 (C2): Ben to play"
    assert next_step(game) == "play Ben's card"


def test_the_documented_draw_bridge_record_plays_back_as_described():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "game-record.md").read_text()
    section = text.split("## Draw Bridge: the draw tricks", 1)[1]
    record = json.loads(re.search(r"```jsonc\n(.*?)```", section, re.S).group(1))
    game = play_record(record)
    deal = game.deals[0]
    assert game.phase == "deal-end" and str(deal.contract) == "1H" and deal.declarer == 0
    winners = [trick.winner for trick in deal.own.draw.tricks]
    assert winners[:2] == [1, 0]  # Ben won the first (he drew SA), Anna the second (SK)
    assert deal.tricks == 8 and len(game.form.draw_cards(deal)) == 26
