"""Draw / Pick-Up (seed 002): 13 each, 26 in the stock turned up one by one; the
player whose turn it is takes the card (OK; one other card is discarded face
down) or rejects it (P): the opponent then takes it, or rejects it too and it
is dead. The last card each player took is known in their hand; a card taken
by one player is refused from the other; a card both rejected is dead."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import PASS, Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    PickUp,
    Setup,
    Undone,
    event_from_dict,
)
from device.engine.game import Game
from device.engine.record import RecordError, play_record, to_record
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.forms.draw_pick_up.rules import DrawPickUp
from device.robots import play_rubber
from tests.engine import test_properties as properties
from tests.engine.helpers import check_random_game

ANNA, BEN = 0, 1
# The 26 stock cards: the hearts, S2..S8 and D2..D7.
STOCK = [f"H{r}" for r in "23456789TJQKA"] + [f"S{r}" for r in "2345678"]
STOCK += [f"D{r}" for r in "234567"]


def game(dealer=BEN, **options):
    return Game(Setup("draw-pick-up", ("Anna", "Ben"), dealer, options))


def c(text):
    return Card.parse(text)


def pick(g, card, *decisions):
    """Turn `card` up and take (True) or reject (False) it, in turn."""
    g.apply(CardShown(c(card)))
    for take in decisions:
        g.apply(PickUp(take))


def refused(g, event, match):
    before = g.snapshot()
    with pytest.raises(RuleError, match=match):
        g.apply(event)
    assert g.snapshot() == before


def through_the_stock(g):
    """Every stock card not turned up yet rejected by both."""
    turned = {str(card) for card, _ in g.deal.own.pickups}
    for card in STOCK:
        if card not in turned:
            pick(g, card, False, False)


def test_the_non_dealer_turns_up_first_and_takes_or_rejects():
    g = game(dealer=BEN)
    assert g.phase == "pick-up" and g.turn == ANNA
    pick(g, "SA", True)  # Anna takes it: Ben's turn
    assert g.turn == BEN and g.deal.own.pickups == [(c("SA"), ANNA)]
    pick(g, "S2", False)  # Ben rejects it: Anna decides on it
    assert g.turn == ANNA and g.deal.own.turned == c("S2")
    g.apply(PickUp(True))  # Anna takes it: her turn is used, Ben turns the next
    assert g.turn == BEN and g.deal.own.pickups[-1] == (c("S2"), ANNA)
    pick(g, "S3", False, False)  # rejected by both: dead; Anna turns the next
    assert g.turn == ANNA and g.deal.own.pickups[-1] == (c("S3"), None)
    assert g.deal.own.turned is None
    pick(g, "S4", False, True)  # Anna rejects, Ben takes: Anna's turn next
    assert g.turn == ANNA and g.deal.own.pickups[-1] == (c("S4"), BEN)


def test_the_auction_starts_when_the_stock_is_empty():
    g = game(dealer=ANNA)
    assert g.turn == BEN  # the non-dealer
    through_the_stock(g)
    assert g.phase == "auction" and g.turn == BEN and len(g.deal.own.pickups) == 26
    assert g.form.dead(g.deal) == tuple(c(t) for t in STOCK)


def test_the_last_card_taken_is_known_and_an_earlier_one_is_refused_from_the_other():
    g = game(dealer=BEN)
    pick(g, "H2", True)  # Anna takes H2 ...
    pick(g, "H3", False, False)  # Ben and Anna reject H3: dead; Anna turns next
    pick(g, "H4", True)  # ... and then H4: she may have discarded H2 for it
    through_the_stock(g)  # the rest dead
    assert g.form.held_before_play(g.deal) == ((ANNA, c("H4")),)
    for call in ("P", "1C", "P"):  # Anna speaks first; Ben declares, Anna leads
        g.apply(CallMade(Call.parse(call)))
    assert g.phase == "play" and g.turn == ANNA and g.deal.declarer == BEN
    assert g.exposed(ANNA) == (c("H4"),)  # known in her hand, shown on the screen
    assert g.exposed(BEN) == ()
    g.apply(CardPlayed(c("C2")))  # Anna leads a club
    refused(g, CardPlayed(c("H4")), "H4 was taken by Anna: it is dead for Ben")
    refused(g, CardPlayed(c("H2")), "H2 was taken by Anna: it is dead for Ben")
    refused(g, CardPlayed(c("H3")), "H3 was rejected by both players: it is dead")
    refused(g, CardPlayed(c("S5")), "dead")  # every other stock card was rejected
    g.apply(CardPlayed(c("C3")))  # Ben wins the trick
    g.apply(CardPlayed(c("D9")))  # Ben leads a diamond
    g.apply(CardPlayed(c("H2")))  # Anna may still hold H2 (or have discarded it)
    assert g.exposed(ANNA) == (c("H4"),)


def test_follow_suit_is_checked_for_the_card_known_in_the_hand():
    g = game(dealer=ANNA)  # Ben turns first
    pick(g, "S2", False, True)  # Ben rejects S2, Anna takes it: known in her hand
    through_the_stock(g)
    g.apply(CallMade(Call.parse("1C")))  # Ben speaks first and declares
    g.apply(CallMade(PASS))
    assert g.turn == ANNA and g.exposed(ANNA) == (c("S2"),)
    g.apply(CardPlayed(c("D8")))  # Anna leads a diamond
    g.apply(CardPlayed(c("DA")))  # Ben wins and leads a spade
    g.apply(CardPlayed(c("SA")))
    refused(g, CardPlayed(c("C2")), "Anna must follow suit")  # S2 is in her hand
    g.apply(CardPlayed(c("S2")))
    assert g.exposed(ANNA) == ()
    g.apply(CardPlayed(c("SK")))  # Ben leads again: Anna's hand is unknown now
    g.apply(CardPlayed(c("C2")))
    assert g.deal.play.revokes == []


def test_undo_goes_back_through_the_pick_up():
    g = game(dealer=BEN)
    states = [g.snapshot()]
    for event in (
        CardShown(c("SA")),
        PickUp(False),
        PickUp(True),
        CardShown(c("S2")),
        PickUp(False),
        PickUp(False),
    ):
        g.apply(event)
        states.append(g.snapshot())
    for expected in reversed(states[:-1]):
        g.apply(Undone())
        assert g.snapshot() == expected
    assert g.phase == "pick-up" and g.turn == ANNA and g.deal.own.pickups == []


def test_bad_inputs_are_refused_and_change_nothing():
    g = game(dealer=BEN)
    refused(g, PickUp(True), "no stock card is face up")
    refused(g, PickUp(False), "no stock card is face up")
    refused(g, CallMade(Call.parse("1S")), "the auction starts when the stock is empty")
    refused(g, CardPlayed(c("SA")), "the play starts after the auction")
    refused(g, ClaimMade(3, ANNA), "a claim is made during play")
    refused(g, CardShown(c("SA"), ANNA), "nobody's until it is taken")
    g.apply(CardShown(c("SA")))
    refused(g, CardShown(c("SA")), "SA is face up, for Anna to decide")
    refused(g, CardShown(c("SK")), "SA is face up")
    refused(g, PickUp(True, BEN), "it is Anna's turn to take or reject SA")
    g.apply(PickUp(True))
    refused(g, CardShown(c("SA")), "SA was already turned up")
    refused(g, CardShown(ABRIDGED.parse("R14")), "not a card of the standard deck")
    refused(g, ClaimAnswered(True), "there is no claim to answer")


def test_the_keys_at_the_table():
    form = DrawPickUp()
    assert form.input_for("pick-up", "OK") == PickUp(True)
    assert form.input_for("pick-up", "call", PASS) == PickUp(False)
    assert form.input_for("pick-up", "call", Call.parse("1S")) == CallMade(Call.parse("1S"))
    assert form.input_for("pick-up", "card", c("SA")) == CardShown(c("SA"))
    assert form.input_for("auction", "call", PASS) == CallMade(PASS)
    assert form.input_for("play", "card", c("SA")) == CardPlayed(c("SA"))
    assert form.input_for("deal-end", "OK") is not None


def test_the_event_goes_to_the_journal_and_back():
    event = PickUp(False, BEN)
    assert event.to_dict() == {"type": "pick-up", "take": False, "seat": BEN}
    assert event_from_dict(event.to_dict()) == event


def test_stopping_early_starts_the_auction_and_keeps_what_is_known():
    g = game(dealer=BEN)
    pick(g, "SA", True)
    g.apply(DrawPhaseEnded())
    assert g.phase == "auction"
    assert g.form.taken_by(g.deal, ANNA) == (c("SA"),)  # dead for Ben
    assert g.form.held_before_play(g.deal) == ()  # Anna may have discarded it since
    g.apply(Undone())
    assert g.phase == "pick-up" and g.turn == BEN


# -- the record ------------------------------------------------------------------
def test_the_record_holds_the_pickups_before_the_calls_and_replays_them():
    g = game(dealer=BEN)
    pick(g, "H2", True)
    pick(g, "H3", False, True)
    pick(g, "H4", False, False)
    through_the_stock(g)
    g.apply(CallMade(PASS))
    g.apply(CallMade(PASS))  # thrown in
    record = to_record(g)
    deal = record["deals"][0]
    assert list(deal) == ["pickups", "calls"]
    assert deal["pickups"][:3] == [
        {"card": "H2", "taken_by": "Anna"},
        {"card": "H3", "taken_by": "Anna"},
        {"card": "H4", "taken_by": None},
    ]
    assert len(deal["pickups"]) == 26
    again = play_record(json.loads(json.dumps(record)))
    assert again.snapshot() == g.snapshot()


@pytest.mark.parametrize(
    "spell",
    [
        lambda card, who: [card, who],
        lambda card, who: {"card": card, "by": who},
        lambda card, who: {"card": card, "took": who},
        lambda card, who: {"card": card, "player": who},
    ],
)
def test_other_spellings_of_who_took_a_card_are_read_as_taken_by(spell):
    g = game(dealer=BEN)
    pick(g, "H2", True)
    pick(g, "H3", False, True)
    pick(g, "H4", False, False)
    through_the_stock(g)
    record = json.loads(json.dumps(to_record(g)))
    canonical = record["deals"][0]["pickups"]
    record["deals"][0]["pickups"] = [spell(p["card"], p["taken_by"]) for p in canonical]
    assert play_record(record).snapshot() == g.snapshot()


def test_a_record_without_pickups_is_valid():
    record = {
        "game": "draw-pick-up",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"calls": ["1C", "P"], "cards": ["C2", "C3"]}],
    }
    g = play_record(record)
    assert g.phase == "play" and g.deal.own.ended and g.deal.own.pickups == []


def test_a_deal_in_its_pick_up_is_exported_and_replayed():
    g = game(dealer=BEN)
    pick(g, "SA", True)
    pick(g, "S2", False)  # Ben rejected it; Anna has not decided
    record = to_record(g)
    assert record["deals"] == [
        {
            "pickups": [
                {"card": "SA", "taken_by": "Anna"},
                {"card": "S2", "rejected_by": "Ben"},
            ],
            "calls": [],
        }
    ]
    assert play_record(record).snapshot() == g.snapshot()
    g.apply(PickUp(False))
    pick(g, "S3")
    record = to_record(g)
    assert record["deals"][0]["pickups"][-2:] == [
        {"card": "S2", "taken_by": None},
        {"card": "S3"},
    ]
    assert play_record(record).snapshot() == g.snapshot()


@pytest.mark.parametrize(
    ("pickups", "error"),
    [
        ("SA", "deal 1, pickups: must be a list"),
        ([{"card": "SA", "taken_by": "Zoe"}], "deal 1, pickups 1: 'Zoe' is not one of"),
        ([{"card": "SA"}, {"card": "SA"}], "deal 1, pickups 2: SA is face up"),
        (
            [{"card": "SA", "taken_by": "Anna"}, {"card": "SA", "taken_by": None}],
            "deal 1, pickups 2: SA was already turned up",
        ),
        ([{"card": "S1"}], "deal 1, pickups 1: "),
        ([{"cards": "SA"}], 'deal 1, pickups 1: must be {"card"'),
        (
            [{"card": "SA", "rejected_by": "Ben"}],
            "deal 1, pickups 1: it is Anna's turn to take or reject SA",
        ),
        (
            [{"card": "SA", "rejected_by": "Anna", "taken_by": "Ben"}],
            "rejected_by is only for a card nobody has taken yet",
        ),
    ],
)
def test_a_bad_record_names_the_place(pickups, error):
    record = {
        "game": "draw-pick-up",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"pickups": pickups, "calls": []}],
    }
    with pytest.raises(RecordError, match=error.replace("(", r"\(").replace("{", r"\{")):
        play_record(record)


def test_a_card_taken_by_one_is_refused_from_the_other_in_a_record():
    pickups = [{"card": "H2", "taken_by": "Anna"}] + [
        {"card": t, "taken_by": None} for t in STOCK[1:]
    ]
    record = {
        "game": "draw-pick-up",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"pickups": pickups, "calls": ["P", "1C", "P"], "cards": ["C2", "H2"]}],
    }
    with pytest.raises(
        RecordError, match="deal 1, trick 1: H2 was taken by Anna: it is dead for Ben"
    ):
        play_record(record)


def test_pickups_in_another_game_are_refused():
    record = {
        "game": "plain",
        "players": ["Anna", "Ben"],
        "deals": [{"pickups": [{"card": "SA", "taken_by": None}], "calls": []}],
    }
    with pytest.raises(RecordError, match="this game has no pick-up"):
        play_record(record)


# -- random games and robots -----------------------------------------------------------
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_random_games_keep_the_rules_undo_and_replay(data):
    """The property checks of tests/engine/test_properties.py, for this form."""
    check_random_game(data.draw, "draw-pick-up")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32))
def test_robot_rubbers_finish_and_play_back_from_their_record(seed):
    g = play_rubber(seed, "draw-pick-up")
    assert g.phase == "finished" and g.sheet.finished
    properties.check_deals(g)
    properties.check_sheet(g)
    for deal in g.deals:  # every stock card turned up and decided
        assert len(deal.own.pickups) == 26 and not deal.own.ended
    assert play_record(json.loads(json.dumps(to_record(g)))).snapshot() == g.snapshot()
    stored = [event_from_dict(e.to_dict()) for e in g.events]
    assert stored == g.events


def test_robots_take_some_cards_and_reject_others():
    g = play_rubber(7, "draw-pick-up")
    takers = [taker for deal in g.deals for _, taker in deal.own.pickups]
    assert {ANNA, BEN, None} <= set(takers)


def test_the_documented_pick_up_record_plays_back_as_described():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "game-record.md").read_text()
    section = text.split("## Draw / Pick-Up: the pick-up", 1)[1]
    record = json.loads(re.search(r"```jsonc\n(.*?)```", section, re.S).group(1))
    g = play_record(record)
    deal = g.deals[0]
    assert g.phase == "deal-end" and str(deal.contract) == "1H" and deal.declarer == ANNA
    assert deal.own.pickups[:3] == [(c("HA"), ANNA), (c("HK"), ANNA), (c("HQ"), BEN)]
    assert g.form.held_before_play(deal) == ((ANNA, c("HK")), (BEN, c("HQ")))
    assert deal.tricks == 11 and to_record(g)["deals"] == record["deals"]
    for cards, error in (
        (["HQ", "H5"], "deal 1, trick 1: H5 was rejected by both players: it is dead"),
        (["HA"], "deal 1, trick 1: HA was taken by Anna: it is dead for Ben"),
        (["HQ", "C3"], "deal 1, trick 1: Anna must follow suit"),
    ):
        record["deals"][0]["cards"] = cards
        with pytest.raises(RecordError, match=error):
            play_record(record)
    assert "deal 1, pickups 3: SA was already turned up" in text


def test_after_the_pick_up_is_skipped_no_card_taken_is_known_in_a_hand():
    """The pick-up went on unseen: the last card the device saw taken may have been
    discarded at a later take, so it is not shown nor held to follow suit."""
    g = game(dealer=ANNA)  # Ben turns first
    pick(g, "S2", True)  # Ben takes S2; the rest of the pick-up is not followed
    g.apply(DrawPhaseEnded())
    assert g.form.held_before_play(g.deal) == ()
    for call in ("1H", "P"):  # Ben declares, Anna leads
        g.apply(CallMade(Call.parse(call)))
    assert g.exposed(BEN) == ()
    g.apply(CardPlayed(c("S5")))
    g.apply(CardPlayed(c("H3")))  # Ben shows out of spades: he may have discarded S2
    assert g.deal.play.revokes == [] and len(g.deal.play.tricks) == 1
    g.apply(CardPlayed(c("D4")))  # Ben ruffed and leads
    refused(g, CardPlayed(c("S2")), "S2 was taken by Ben: it is dead for Anna")
