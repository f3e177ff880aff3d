"""Draw Bridge on the devices: `honeymoon sim-devices --record` scans the draw tricks
(each trick's top card first when it is shown) before the calls; a record without
them cannot be played on the devices.
The whole rubber through the devices: tests/forms/test_every_form_at_the_table.py."""

from __future__ import annotations

import pytest

from device.engine.record import RecordError, play_record
from device.sim.script import record_steps
from tests.at_the_table import robot_record

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
