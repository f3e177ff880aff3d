"""Two players with dummies end to end, as a user would: `honeymoon sim-devices
--record` plays a whole rubber of Double Dummy (thrown-in deals, dummies laid out
in full, in part and skipped with OK) over ptys into the real `honeymoon run
--headless --new double-dummy --players A B --first-dealer A`; then `honeymoon
status --json` (the dummies' phase too), `export --format json` | `replay` and
`export --format pbn` are checked against the record's own replay."""

from __future__ import annotations

import json

import pytest

from device.engine.record import play_record, sheet_report, to_record
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


@pytest.mark.parametrize(
    "form", ["double-dummy", "single-dummy", "exposed-dummy", "semi-exposed-dummies"]
)
def test_a_whole_rubber_with_dummies_headless_through_the_simulated_devices(tmp_path, form):
    record = rubber(form)
    expected = play_record(record)
    assert expected.phase == "finished"
    if form == "single-dummy":  # both choices made with the bidding box: OK and P
        assert {d.get("dummy") for d in record["deals"]} >= {"face-up", "face-down"}
    if form == "semi-exposed-dummies":  # cards turned up: scanned, and skipped with OK
        turned = [card for d in record["deals"] for card in d.get("turned_up", [])]
        assert turned and None in turned and any(card for card in turned)
    data = play_at_the_table(tmp_path, record)
    report = sheet_report(expected)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["game"] == form and status["phase"] == "finished"
    assert status["deal"] == len(record["deals"]) and status["totals"] == report["totals"]
    assert set(status["totals"]) == {"Anna", "Ben"}
    exported = honeymoon("export", "--data-dir", str(data), "--format", "json").stdout
    assert json.loads(exported)["deals"] == json.loads(json.dumps(record["deals"]))
    replayed = json.loads(honeymoon("replay", "-", stdin=exported).stdout)
    assert replayed == json.loads(json.dumps(report))
    assert replayed["finished"] and all("vulnerable" in d for d in replayed["deals"])
    text = honeymoon("export", "--data-dir", str(data), "--format", "pbn").stdout
    pbn = pytest.importorskip("endplay.parsers.pbn", reason="endplay not installed")
    boards = pbn.loads(text)
    deals = [d for d in expected.deals if d.outcome is not None]
    assert [b.board_num for b in boards] == [d.number for d in deals]
    seats = expected.form.seat_names()
    names = dict(zip(seats, expected.form.hand_names(("Anna", "Ben")), strict=True))
    for board, deal in zip(boards, deals, strict=True):
        compass = ("North", "East", "South", "West")
        assert [board.info[s] for s in compass] == [names.get(s[0], "-") for s in compass]
        if deal.contract is not None:  # every card was played: each hand in play whole
            hands = board.deal.to_pbn()[2:].split()
            whole = [13 if seat in seats else 0 for seat in "NESW"]
            assert [len(h.replace(".", "")) for h in hands] == whole
            assert board.contract.declarer.abbr == "NE"[deal.declarer]
            assert board.contract.result == deal.tricks - deal.contract.tricks_needed


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
