"""Draw Bridge end to end, as a user would: `honeymoon sim-devices --record` scans
the draw tricks (each trick's top card first when it is shown), bids on the bidding
box and scans the play of a whole rubber over ptys into the real `honeymoon run
--headless --new draw-bridge` (the top card option remembered from the start screen
in prefs.json); then `status --json`, `export --format json` | `replay` and
`export --format pbn` are checked against the record's own replay."""

from __future__ import annotations

import json

import pytest

from device.engine.record import RecordError, play_record
from device.sim.script import record_steps
from tests.at_the_table import check_stored, play_at_the_table, robot_record

SHORT_RUBBER = 18  # the robots' seed whose rubbers take 6 deals with either option (seed 4: 45)


def rubber(top_card_shown: bool) -> dict:
    """A whole rubber by the robots, Anna dealing first."""
    return robot_record("draw-bridge", {"top_card_shown": top_card_shown}, SHORT_RUBBER)


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
    exported = check_stored(data, record, expected)  # the draw tricks as scanned
    assert json.loads(exported)["options"] == record["options"]
