"""Draw Bridge end to end, as a user would: `honeymoon sim-devices --record` scans
the draw tricks (each trick's top card first when it is shown), bids on the bidding
box and scans the play of a whole rubber over ptys into the real `honeymoon run
--headless --new draw-bridge` (the top card option remembered from the start screen
in prefs.json); then `status --json`, `export --format json` | `replay` and
`export --format pbn` are checked against the record's own replay."""

from __future__ import annotations

import json
import random

import pytest

from device.engine.events import NextDeal, Setup
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.robots import deal_inputs
from device.sim.script import record_steps
from tests.at_the_table import honeymoon, play_at_the_table


def rubber(top_card_shown: bool, seed: int = 4) -> dict:
    """A whole rubber by the robots, Anna dealing first."""
    rng = random.Random(seed)
    game = Game(Setup("draw-bridge", ("Anna", "Ben"), 0, {"top_card_shown": top_card_shown}))
    while True:
        for event in deal_inputs(game, rng):
            game.apply(event)
        if game.phase == "finished":
            return json.loads(json.dumps(to_record(game)))
        game.apply(NextDeal())


def test_the_draw_tricks_are_scanned_before_the_calls():
    record = rubber(True)
    first = record["deals"][0]
    steps = record_steps(record)
    tops, cards = first["draw_top"], first["draw_cards"]
    scanned = [("scanner", c) for i in range(13) for c in [tops[i], *cards[2 * i : 2 * i + 2]]]
    assert steps[:39] == scanned  # each trick's top card, then its two cards
    assert steps[39] == ("bidbox", first["calls"][0])
    plain = record_steps(rubber(False))
    assert all(device == "scanner" for device, _ in plain[:26])


def test_a_deal_without_draw_cards_cannot_be_played_on_the_devices():
    record = rubber(False)
    del record["deals"][0]["draw_cards"]
    assert play_record(record).phase == "finished"  # a valid record ...
    with pytest.raises(RecordError, match="deal 1: without draw_cards the draw tricks are"):
        record_steps(record)  # ... whose skip is made on the screen


@pytest.mark.parametrize("top_card_shown", [False, True])
def test_a_whole_rubber_of_draw_bridge_headless_through_the_simulated_devices(
    tmp_path, top_card_shown
):
    record = rubber(top_card_shown)
    expected = play_record(record)
    assert expected.phase == "finished" and len(record["deals"]) > 1
    assert all(len(d["draw_cards"]) == 26 for d in record["deals"])
    data = tmp_path / "data"
    data.mkdir()
    (data / "prefs.json").write_text(json.dumps({"options": {"top_card_shown": top_card_shown}}))
    play_at_the_table(tmp_path, record)
    report = sheet_report(expected)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["game"] == "draw-bridge" and status["phase"] == "finished"
    assert status["deal"] == len(record["deals"]) and status["totals"] == report["totals"]
    exported = honeymoon("export", "--data-dir", str(data), "--format", "json").stdout
    assert json.loads(exported)["options"] == record["options"]
    assert json.loads(exported)["deals"] == record["deals"]  # the draw tricks as scanned
    replayed = json.loads(honeymoon("replay", "-", stdin=exported).stdout)
    assert replayed == json.loads(json.dumps(report)) and replayed["finished"]
    text = honeymoon("export", "--data-dir", str(data), "--format", "pbn").stdout
    played = [d for d in expected.deals if d.outcome is not None]
    assert text.startswith("% PBN 2.1\n") and text.count("[Event ") == len(played)
