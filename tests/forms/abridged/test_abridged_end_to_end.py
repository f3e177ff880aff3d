"""aBRIDGEd on the devices: `honeymoon sim-devices --record` says the declaring on the
bidding box (Pass on P, Play and Ten on OK, the colours and the numbers as bids) and
types the coloured deck's cards; the game tests/forms/test_every_form_at_the_table.py
plays through the devices."""

from __future__ import annotations

import json

import pytest

from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.robots import play_rubber
from device.sim.keyboard import parse_tokens
from device.sim.script import record_steps


def game_record(seed: int) -> dict:
    return json.loads(json.dumps(to_record(play_rubber(seed, "abridged"))))


def test_the_declaring_goes_on_the_bidding_box_by_the_mapping():
    record = game_record(3)
    first = record["deals"][0]
    steps = record_steps(record)
    assert first["declaring"][:4] == ["Pass"] * 4 and first["declaring"][4:8] == [8, 13, 13, 6]
    assert steps[:4] == [("bidbox", "P")] * 4
    assert steps[4:8] == [("bidbox", "1D"), ("bidbox", "6D"), ("bidbox", "6D"), ("bidbox", "6C")]
    assert ("bidbox", "OK") in steps  # Play, Ten, or the dummy laid out without scanning
    assert all(device == "scanner" for device, _ in steps[-52:])


def test_a_number_no_bid_says_is_refused_for_the_devices():
    record = game_record(3)
    record["deals"][0]["declaring"][4:8] = [1, 1, 1, 37]  # 37: no call stands for it
    record["deals"][0]["strengths"] = [1, 1, 1, 37]
    assert play_record(record).phase == "finished"
    with pytest.raises(RecordError, match="deal 1: stated is not made on the devices"):
        record_steps(record)


def test_cards_of_the_coloured_deck_are_typed():
    assert parse_tokens("R14 g2 B10 p ok") == [
        ("scanner", "R14", ()),
        ("scanner", "G2", ()),
        ("scanner", "B10", ()),
        ("bidbox", "P", ("P",)),
        ("bidbox", "OK", ("OK",)),
    ]


def test_the_game_the_devices_play_is_declared_seven_then_play():
    """The game tests/forms/test_every_form_at_the_table.py plays (seed 3)."""
    replayed = json.loads(json.dumps(sheet_report(play_record(game_record(3)))))
    assert replayed["finished"] and replayed["winner"]
    assert [h["declaration"] for h in replayed["hands"]] == ["Seven", "Play", "Play", "Play"]
