"""`record_steps` for four at the table: the calls from the dealer, the cards in play
order, the dummy's shown cards scanned after the opening lead (or OK to skip it),
and OK for the next deal; fed to the table, the steps give the record's game."""

import pytest

from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report
from device.hal.events import CALL, CARD, KEY, Input
from device.sim.keyboard import BIDBOX, SCANNER, input_kind
from device.sim.script import record_steps
from device.table import Table
from tests.fourplay import chicago_record, rubber_record, shown_record


def through_the_table(record):
    """Each step as its device's input to a table: all accepted; the game at the end."""
    expected = play_record(record)
    table = Table(Game(Setup(record["game"], tuple(record["players"]), _first(record))))
    for number, (device, what) in enumerate(record_steps(record), 1):
        kind = input_kind(device, what)
        outcome = table.handle(Input(kind, what, device))
        assert outcome.accepted, f"step {number}: {device} {what}: {outcome.text}"
    assert table.game.inputs == expected.inputs
    assert sheet_report(table.game) == sheet_report(expected)
    return table.game


def _first(record):
    return record["players"].index(record["first_dealer"])


@pytest.mark.parametrize(
    "record",
    [chicago_record(1), shown_record(chicago_record(4, (0, 2))), rubber_record()],
    ids=["chicago", "chicago-shown", "rubber"],
)
def test_the_steps_played_into_a_table_give_the_record(record):
    game = through_the_table(record)
    assert game.phase == "finished"


def test_calls_from_the_dealer_then_the_lead_then_the_dummy():
    record = shown_record(chicago_record(1, ()))
    steps = record_steps(record)
    deal = record["deals"][0]
    calls = len(deal["calls"])
    assert steps[:calls] == [(BIDBOX, c) for c in deal["calls"]]  # the dealer's call first
    lead, *_ = deal["cards"]
    assert steps[calls] == (SCANNER, lead)  # the opening lead ...
    dummy = next(iter(deal["shown"].values()))
    laid = steps[calls + 1 : calls + 1 + len(dummy)]
    assert laid == [(SCANNER, c) for c in dummy]  # ... the dummy's 13, scanned: no OK
    assert steps[calls + 1 + 13] == (SCANNER, deal["cards"][1])
    per_deal = [len(d["calls"]) + len(d.get("cards", ())) + 13 for d in record["deals"]]
    assert len(steps) == sum(per_deal) + len(record["deals"]) - 1  # OK between deals


def test_without_shown_ok_skips_the_dummy_and_in_part_ok_after_the_cards():
    record = chicago_record(1, ())
    deal = dict(record["deals"][0])
    deal.pop("shown", None)
    calls = len(deal["calls"])
    steps = record_steps({**record, "deals": [deal]})
    assert steps[calls : calls + 3] == [(SCANNER, deal["cards"][0]), (BIDBOX, "OK")] + [
        (SCANNER, deal["cards"][1])
    ]
    dummy = shown_record(record)["deals"][0]["shown"]
    seat, cards = next(iter(dummy.items()))
    part = {**deal, "shown": {seat: cards[:3]}}
    steps = record_steps({**record, "deals": [part]})
    assert steps[calls + 1 : calls + 5] == [(SCANNER, c) for c in cards[:3]] + [(BIDBOX, "OK")]
    through_the_table({**record, "deals": [part]})


def test_a_thrown_in_chicago_deal_is_its_four_passes_then_ok():
    record = chicago_record(1, (1,))
    steps = record_steps(record)
    at = len(record_steps({**record, "deals": record["deals"][:1]}))
    assert steps[at : at + 6] == [(BIDBOX, "OK")] + [(BIDBOX, "P")] * 4 + [(BIDBOX, "OK")]


def test_a_claim_is_made_on_the_screen():
    record = chicago_record(1, ())
    deal = {**record["deals"][0], "cards": record["deals"][0]["cards"][:4]}
    deal["claim"] = {"by": "Anna", "tricks": 9, "accepted": True}
    deal.pop("shown", None)
    with pytest.raises(RecordError, match="deal 1: claims and honours are made on the screen"):
        record_steps({**record, "deals": [deal]})


def test_two_player_steps_are_as_before():
    from device.engine.record import to_record
    from device.robots import play_rubber

    record = to_record(play_rubber(3))
    steps = record_steps(record)
    first = record["deals"][0]
    assert steps[:26] == [(BIDBOX, "OK")] * 26  # the draw turns
    assert steps[26 : 26 + len(first["calls"])] == [(BIDBOX, c) for c in first["calls"]]
    count = sum(26 + len(d["calls"]) + len(d.get("cards", ())) for d in record["deals"])
    assert len(steps) == count + len(record["deals"]) - 1
    assert {kind for kind in (input_kind(d, w) for d, w in steps)} == {CARD, CALL, KEY}
