import json

import pytest

from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.robots import play_rubber

from .helpers import deal_cards


def record(*deals, game="draw-and-discard", first="Anna", **extra):
    return {"game": game, "players": ["Anna", "Ben"], "first_dealer": first, "deals": list(deals)}


def test_seed_000_examples_as_a_record():
    # Ben deals first, so Anna speaks first; then Ben's 3NT doubled goes 1 down.
    rec = record(
        {"calls": ["4S", "P"], "cards": deal_cards(0, 11, "S")},
        {"calls": ["3NT", "X", "P"], "cards": deal_cards(1, 8, None)},
        first="Ben",
    )
    report = sheet_report(play_record(rec))
    assert report["deals"][0] == {
        "number": 1,
        "dealer": "Ben",
        "contract": "4S",
        "declarer": "Anna",
        "tricks": 11,
        "vulnerable": [],
        "score": {"Anna": {"below": 120, "above": 30}, "Ben": {"below": 0, "above": 0}},
    }
    second = report["deals"][1]
    assert second["vulnerable"] == ["Anna"]  # Anna's game in deal 1
    assert (second["contract"], second["declarer"], second["tricks"]) == ("3NTX", "Ben", 8)
    assert second["score"]["Anna"] == {"below": 0, "above": 100}
    assert report["games"] == {"Anna": 1, "Ben": 0}
    assert report["finished"] is False and report["winner"] is None
    # Unfinished: Anna has the only game: +300.
    assert report["totals"] == {"Anna": 120 + 30 + 100 + 300, "Ben": 0}


def test_thrown_in_deal_reads_pass_and_next_dealer_deals():
    rec = record({"calls": ["P", "P"]}, {"calls": ["1C", "P"], "cards": deal_cards(0, 7, "C")})
    deals = sheet_report(play_record(rec))["deals"]
    assert deals[0]["contract"] == "pass" and deals[0]["declarer"] is None
    assert deals[0]["dealer"] == "Anna" and deals[1]["dealer"] == "Ben"
    assert deals[1]["declarer"] == "Anna" and deals[1]["score"]["Anna"]["below"] == 20


def test_claim_and_honours_in_a_record():
    rec = record(
        {
            "calls": ["1NT", "X", "P"],
            "cards": deal_cards(1, 13, None)[:6],
            "claim": {"by": "Anna", "tricks": 3, "accepted": True},
            "honours": {"Ben": 150},
        }
    )
    deal = sheet_report(play_record(rec))["deals"][0]
    # Ben (non-dealer) bid 1NT doubled; he won 3 tricks, Anna claimed 3 of 10: Ben has 10.
    assert deal["declarer"] == "Ben" and deal["tricks"] == 10
    assert deal["score"]["Ben"] == {"below": 80, "above": 50 + 300 + 150}


def test_whole_rubber_round_trips_through_a_record():
    game = play_rubber(7)
    rec = to_record(game)
    assert json.loads(json.dumps(rec)) == rec
    again = play_record(rec)
    assert sheet_report(again) == sheet_report(game)
    assert sheet_report(again)["finished"] is True


@pytest.mark.parametrize(
    "deals,message",
    [
        ([{"calls": ["2C", "1H"]}], "deal 1, call 2: 1H is not higher than 2C"),
        (
            [{"calls": ["1S", "P"], "cards": ["SK", "S2", "SK"]}],
            "deal 1, trick 2: SK was already played",
        ),
        ([{"calls": ["1S", "P"], "cards": ["ZZ"]}], "deal 1, trick 1: 'ZZ' is not a card"),
        ([{"calls": ["1S"]}, {"calls": []}], "deal 1: the auction is not over"),
        ([{"calls": ["1S", "P"], "cards": ["SA"]}, {}], "deal 1: play is not over (trick 1 of 13)"),
        ([{"calls": ["P", "P"], "claim": {"by": "Ben", "tricks": 1}}], "deal 1, claim: a claim is"),
        (
            [{"calls": ["1S", "P"], "claim": {"by": "Eve", "tricks": 1}}],
            "deal 1, claim: 'Eve' is not",
        ),
        ([{"calls": ["P", "P"], "honours": {"Ben": 100}}], "deal 1, honours: there are no honours"),
        ([{"calls": ["P"], "bids": []}], "deal 1: unknown key 'bids'"),
        ([{"calls": "1S P"}], "deal 1: calls must be a list of strings"),
        (
            [{"calls": ["P", "P"]}] * 2 + [{"calls": ["Q"]}],
            "deal 3, call 1: 'Q' is not a call",
        ),
    ],
)
def test_illegal_records_name_the_place(deals, message):
    with pytest.raises(RecordError) as error:
        play_record(record(*deals))
    assert str(error.value).startswith(message)


@pytest.mark.parametrize(
    "rec,message",
    [
        ([], "record: must be a JSON object"),
        ({"players": "Anna"}, "players: must be a list of names"),
        ({"players": ["Anna", "Ben"], "first_dealer": "Eve"}, "first_dealer: 'Eve'"),
        ({"players": ["Anna", "Ben"], "rules": 1}, "record: unknown key 'rules'"),
        ({"players": ["Anna", "Ben"], "deals": {}}, "deals: must be a list"),
    ],
)
def test_bad_record_shapes(rec, message):
    with pytest.raises(RecordError, match=message):
        play_record(rec)


def test_setup_errors_from_records_are_rule_errors():
    from device.engine.errors import RuleError

    with pytest.raises(RuleError, match="^record: unknown game 'poker'"):
        play_record({"game": "poker", "players": ["Anna", "Ben"]})


def test_a_game_in_its_draw_phase_writes_the_deals_before_it():
    from device.engine.game import Game

    rubber = play_rubber(7)
    game = Game(rubber.setup)
    assert to_record(game)["deals"] == []  # the first draw phase: nothing played yet
    for event in rubber.inputs:
        game.apply(event)
        if game.deal.number == 2:
            break
    assert game.phase == "draw"
    record = to_record(game)
    assert len(record["deals"]) == 1
    assert sheet_report(play_record(record)) == sheet_report(game)


def robot(form, players=("Anna", "Ben")):
    import random

    from device.engine.events import Setup
    from device.engine.game import Game
    from device.robots import play_out

    return json.loads(
        json.dumps(to_record(play_out(Game(Setup(form, players, 0)), random.Random(3))))
    )


def refused(record) -> str:
    with pytest.raises(RecordError) as error:
        play_record(record)
    return str(error.value)


def test_a_bad_value_in_any_field_is_refused_with_its_place():
    four = robot("abridged", ("Anna", "Ben", "Carla", "Dirk"))
    hand = next(i for i, d in enumerate(four["deals"]) if len(d.get("strengths", [])) >= 2)
    at = f"deal {hand + 1}, strengths, 2"
    four["deals"][hand]["strengths"][1] = "²"  # str.isdigit() says yes; int() crashes on it
    assert refused(four) == f"{at}: not a number: ²"
    four["deals"][hand]["strengths"][1] = "٣"  # int() takes it as 3: still not the table's
    assert refused(four) == f"{at}: not a number: ٣"
    four["deals"][hand]["strengths"][1] = 10**5000
    assert refused(four) == f"{at}: not a number a hand can have: it is far too large"
    single = robot("single-dummy")
    single["deals"][0]["dummy"] = ["face-up"]  # a list where a word goes
    assert refused(single) == 'deal 1, dummy: must be "face-up" or "face-down"'
    plain = robot("plain")
    plain["first_dealer"] = 10**5000  # repr() of it would raise
    assert refused(plain) == "first_dealer: a number of over 18 digits is not one of the players"
    plain = robot("plain")
    plain["deals"][0]["calls"][0] = "9" * 5000
    message = refused(plain)
    assert message.startswith("deal 1, call 1: '999") and len(message) <= 220
    plain = robot("plain")
    plain["options"] = {"honours": 10**5000}
    assert refused(plain) == "options, 'honours': a number of over 18 digits is no option's value"
