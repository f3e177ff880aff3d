"""Two players with dummies on the devices: a Double Dummy record's steps (the opening
lead, then the dummies scanned in turn, OK for the rest); `honeymoon status --json`
while the dummies are laid out, through the real `honeymoon run --headless`.
(The whole rubber through the devices: tests/forms/test_every_form_at_the_table.py.)"""

from __future__ import annotations

import json

from device.engine.record import play_record, to_record
from device.robots import play_rubber
from tests.at_the_table import honeymoon, play_at_the_table


def rubber(form: str = "double-dummy") -> dict:
    """A whole rubber by the robots. Double Dummy: six deals, one thrown in, dummies
    laid out in full, in part and skipped; Single Dummy: eight, the face-up dummy and
    the face-down one chosen; Exposed Dummy: five, tricks of three; semi-exposed
    dummies: six, cards turned up from the piles (scanned, or OK)."""
    seeds = {"double-dummy": 9, "single-dummy": 3, "exposed-dummy": 22}
    seed = seeds.get(form, 5)
    return to_record(play_rubber(seed, form, ("Anna", "Ben")))


def test_a_double_dummy_record_plays_through_the_devices_steps():
    from device.sim.script import record_steps

    record = rubber()
    deals = record["deals"]
    assert any("cards" not in d for d in deals)  # a deal thrown in
    laid_out = [len(sum(d.get("shown", {}).values(), [])) for d in deals if "cards" in d]
    assert 26 in laid_out and any(n < 26 for n in laid_out)  # in full, and not
    steps = record_steps(record)
    first = deals[0]
    calls = [("bidbox", c) for c in first["calls"]]
    assert steps[: len(calls)] == calls  # the first speaker's calls on the bidding box
    lead = len(calls)
    assert steps[lead] == ("scanner", first["cards"][0])  # the opening lead, then ...
    shown = first.get("shown", {})
    dummies = [("scanner", c) for c in shown.get("S", [])]  # ... South's dummy first
    assert steps[lead + 1 : lead + 1 + len(dummies)] == dummies
    oks = sum(step == ("bidbox", "OK") for step in steps)
    assert oks >= len(deals) - 1  # next deal; and a dummy not laid out in full


def test_status_while_the_dummies_are_laid_out(tmp_path):
    """Stopped after the opening lead (Ben declares 3NT, Anna's dummy led): status says
    the dummy phase and the declarer; the journal replays into that phase."""
    whole = rubber()
    first = whole["deals"][0]
    assert first["calls"] == ["P", "3NT", "P"]
    record = {**whole, "deals": [{"calls": first["calls"], "cards": first["cards"][:1]}]}
    assert play_record(record).phase == "dummy"
    data = play_at_the_table(tmp_path, record)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["phase"] == "dummy" and status["declarer"] == "Ben"
    exported = json.loads(honeymoon("export", "--data-dir", str(data), "--format", "json").stdout)
    assert exported["deals"] == record["deals"]


def test_the_dummies_are_scanned_in_turn_though_the_record_lists_west_first():
    """A record's `shown` may list West's dummy first: the steps scan South's while it is
    laid out, OK for the rest of it, then West's (all 13: no OK), as at the table."""
    from device.sim.script import record_steps
    from tests.forms.test_dummies import FULL_DEAL_CARDS, HEARTS, SPADES, full_deal_record

    record = full_deal_record()
    assert list(record["deals"][0]["shown"]) == ["W", "S"]
    steps = record_steps(record)
    south, west = SPADES.split()[1:], HEARTS.split()
    assert steps[:3] == [("bidbox", "1S"), ("bidbox", "P"), ("scanner", FULL_DEAL_CARDS[0])]
    laid = [("scanner", c) for c in south] + [("bidbox", "OK")] + [("scanner", c) for c in west]
    assert steps[3 : 3 + len(laid)] == laid
    assert steps[3 + len(laid)] == ("scanner", FULL_DEAL_CARDS[1])
