"""aBRIDGEd (seed 001): the declaring in two rounds, the dummy laid out at once,
play in colours, the chart, four hands and the tie-breaks, the check of what
was stated, the bidding box's mapping, and the record."""

import json
import re
from pathlib import Path

import pytest

from device.engine.calls import Call
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    DummyDone,
    NextDeal,
    Setup,
    Stated,
    Undone,
)
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.forms import find_form
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.forms.abridged.sheet import AbridgedOutcome, AbridgedSheet
from device.robots import play_rubber

PLAYERS = ("Alice", "Bob", "Ted", "Carol")  # Alice & Ted, Bob & Carol
ALICE, BOB, TED, CAROL = range(4)
FORM = find_form("abridged")


def game(dealer=ALICE):
    return Game(Setup("abridged", PLAYERS, dealer))


def say(g, *words):
    for word in words:
        g.apply(Stated(word))


def card(text):
    return ABRIDGED.parse(text)


def colour_hands():
    """Each seat holds one whole colour: seat 0 R, 1 Y, 2 B, 3 G (strength 10, count 13)."""
    return [[c for c in ABRIDGED.cards if c.suit is s] for s in ABRIDGED.suits]


def test_round_one_play_lays_out_the_dummy_names_trump_then_strengths_and_counts():
    g = game(dealer=BOB)
    assert g.phase == "round-one" and g.turn == BOB
    say(g, "Pass", "Pass", "Play")  # Bob, Ted, Carol
    assert g.deal.declarer == CAROL and g.deal.own.declaration == "Play"
    assert g.phase == "lay-out" and g.turn == BOB  # Carol's partner lays the dummy out
    g.apply(CardShown(card("R14")))
    g.apply(DummyDone())
    assert g.phase == "trump" and g.turn == CAROL
    say(g, "r")
    assert g.phase == "strength" and g.turn == ALICE  # from the declarer's left
    say(g, 10, 12, 8, 10)
    assert g.phase == "count" and g.turn == ALICE
    say(g, 5, 4, 6, 4)
    assert g.phase == "play"
    assert g.deal.play.trump is ABRIDGED.suit("R")
    assert g.deal.play.to_play == ALICE  # the declarer's left leads
    assert g.deal.own.words == ["Pass", "Pass", "Play"]
    assert g.deal.own.strengths == [10, 12, 8, 10] and g.deal.own.counts == [5, 4, 6, 4]
    assert g.exposed(BOB) == (card("R14"),)  # the dummy's scanned card, face up
    assert g.phase == "play" and g.deal.dummy == BOB and g.deal.dummy_done
    g.apply(CardPlayed(card("G2")))
    assert g.phase == "play" and g.turn == CAROL  # the declarer plays the dummy's cards


def test_round_two_strengths_choose_the_declaring_team_and_the_declarer():
    g = game(dealer=TED)
    say(g, "Pass", "Pass", "Pass", "Pass")
    assert g.phase == "strength" and g.turn == TED and g.deal.own.round == 2
    say(g, 14, 8, 10)  # Ted, Carol, Alice
    before = g.snapshot()
    with pytest.raises(RuleError, match="add up to 39, not 40"):
        say(g, 7)
    assert g.snapshot() == before  # refused: nothing changed
    say(g, 8)  # Bob: 40 in all; Alice & Ted 24, Bob & Carol 16
    assert g.deal.declarer == TED and g.phase == "lay-out"
    g.apply(DummyDone())
    assert g.phase == "ten-seven" and g.turn == TED
    with pytest.raises(RuleError, match="Ten or Seven"):
        say(g, "Play")
    say(g, "Seven", "NT")
    assert g.phase == "count" and g.turn == CAROL  # the declarer's left
    say(g, 4, 5, 6, 7)
    assert g.phase == "play" and g.deal.play.trump is None
    assert g.deal.own.words == ["Pass"] * 4 + [14, 8, 10, 8, "Seven"]


@pytest.mark.parametrize(
    ("dealer", "strengths", "declarer"),
    [
        (ALICE, [10, 10, 10, 10], ALICE),  # equal teams: the dealer's; equal: the dealer
        (BOB, [10, 10, 10, 10], BOB),
        (ALICE, [8, 12, 12, 8], TED),  # 20 each: the dealer's team; Ted holds more
        (ALICE, [5, 11, 14, 10], BOB),  # Bob & Carol 21 against 19; Bob 11, Carol 10
        (TED, [9, 12, 10, 9], CAROL),  # Ted 9, Carol 12, Alice 10, Bob 9
    ],
)
def test_the_round_two_declarer(dealer, strengths, declarer):
    assert FORM.round_two_declarer(dealer, strengths) == declarer


def test_equal_strengths_in_the_other_team_go_to_the_dealers_left():
    # Dealer Alice: Alice 5, Bob 10, Ted 5, Carol 10: Bob & Carol 20 > 10, Bob sat left.
    assert FORM.round_two_declarer(ALICE, [5, 10, 5, 20]) == CAROL
    assert FORM.round_two_declarer(ALICE, [5, 15, 5, 15]) == BOB
    # Dealer Ted: the dealer's left is Carol; Carol 15 = Bob 15.
    assert FORM.round_two_declarer(TED, [5, 15, 5, 15]) == CAROL


def test_bad_inputs_are_refused_and_change_nothing():
    g = game()
    before = g.snapshot()
    for bad, why in [
        (Stated("Ten"), "Pass or Play"),
        (Stated(12), "Pass or Play"),
        (CardPlayed(card("R2")), "once the declaring is over"),
        (ClaimMade(5), "a claim is made during play"),
        (CallMade(Call.parse("1S")), "Pass is P and Play is OK"),
        (Stated("Pass", BOB), "Alice's turn"),
    ]:
        with pytest.raises(RuleError, match=why):
            g.apply(bad)
        assert g.snapshot() == before
    say(g, "Play")
    g.apply(DummyDone())
    say(g, "G")
    for bad, why in [(Stated(38), "0 to 37"), (Stated(True), "0 to 37"), (Stated("B"), "0 to 37")]:
        with pytest.raises(RuleError, match=why):
            g.apply(bad)
    say(g, 10, 10, 10, 10)
    with pytest.raises(RuleError, match="4 to 13"):
        say(g, 3)
    with pytest.raises(RuleError, match="not a card of the abridged deck"):
        g2 = game()
        say(g2, "Play")
        g2.apply(CardShown(find_form("chicago").deck.parse("SA")))


def test_the_dummy_laid_out_whole_goes_on_by_itself_and_its_cards_stay_there():
    g = game(dealer=ALICE)
    say(g, "Pass", "Play")  # Bob declares, Carol is dummy
    hands = colour_hands()
    for c in hands[CAROL]:
        g.apply(CardShown(c))
    assert g.phase == "trump"
    with pytest.raises(RuleError, match="already in the dummy"):
        Game(g.setup).replay([*g.inputs[:2], CardShown(card("G2")), CardShown(card("G2"))])
    say(g, "Y", 10, 10, 10, 10, 13, 13, 13, 13)
    g.apply(CardPlayed(card("B2")))  # Ted leads (Bob's left)
    with pytest.raises(RuleError):
        g.apply(CardPlayed(card("B3")))  # the dummy holds no blue, and B3 is not hers
    g.apply(CardPlayed(card("G5")))  # Carol (the dummy) played by Bob
    assert g.deal.play.current[-1] == card("G5")


def _play_colour_hands(g, leader):
    """Each seat plays its own colour up from 2: the leader's card always wins at NT."""
    hands = colour_hands()
    for rank in range(13):
        for i in range(4):
            g.apply(CardPlayed(hands[(leader + i) % 4][rank]))


def test_every_statement_is_checked_against_the_cards_once_all_52_are_seen():
    g = game(dealer=ALICE)
    say(g, "Play")  # Alice declares, Ted is dummy
    g.apply(DummyDone())
    say(g, "NT", 10, 11, 10, 9)  # Bob, Ted, Carol, Alice: Ted 11 and Alice 9 are wrong
    say(g, 13, 13, 12, 13)  # Carol's 12 is wrong
    assert FORM.wrong_statements(g.deal) is None  # not every card seen yet
    _play_colour_hands(g, BOB)
    assert g.phase == "deal-end" and g.deal.tricks == 0
    assert FORM.wrong_statements(g.deal) == [
        (TED, "strength", 11, 10),
        (ALICE, "strength", 9, 10),
        (CAROL, "count", 12, 13),
    ]
    assert g.sheet.totals() == (0, 10)  # a failed Play gives the others 10
    hand = sheet_report(g)["hands"][0]
    assert hand["wrong"][0] == {"player": "Ted", "what": "strength", "stated": 11, "held": 10}


def test_trump_wins_else_the_highest_of_the_colour_led():
    g = game(dealer=ALICE)
    say(g, "Play")
    g.apply(DummyDone())
    say(g, "G", 10, 10, 10, 10, 4, 4, 4, 4)
    for text in ("R12", "R4", "G2", "R14"):  # Bob leads; Ted (dummy) played by Alice
        g.apply(CardPlayed(card(text)))
    assert g.deal.play.tricks[0].winner == CAROL  # the green 2 trumps
    for text in ("Y3", "Y9", "B14", "Y5"):  # Carol leads: no trump, the yellow 9
        g.apply(CardPlayed(card(text)))
    assert g.deal.play.tricks[1].winner == ALICE


SEED_GAME = {
    "game": "abridged",
    "players": list(PLAYERS),
    "first_dealer": "Bob",
    "deals": [
        {  # Carol declares Play in round one and wins 11 tricks: 100
            "declaring": ["Pass", "Pass", "Play"],
            "trump": "R",
            "strengths": [10, 12, 8, 10],
            "counts": [5, 4, 6, 4],
            "cards": [],
            "claim": {"by": "Carol", "tricks": 11, "accepted": True},
        },
        {  # Ted declares Seven in round two and wins 9: 20
            "declaring": ["Pass", "Pass", "Pass", "Pass", 14, 8, 10, 8, "Seven"],
            "trump": "NT",
            "strengths": [14, 8, 10, 8],
            "counts": [5, 5, 5, 5],
            "cards": [],
            "claim": {"by": "Ted", "tricks": 9, "accepted": True},
        },
        {  # Bob declares Ten and wins only 8: Ted and Alice score 10
            "declaring": ["Pass", "Pass", "Pass", "Pass", 8, 6, 16, 10, "Ten"],
            "trump": "B",
            "counts": [5, 5, 5, 5],
            "claim": {"by": "Bob", "tricks": 8, "accepted": True},
        },
        {  # Alice declares Play and wins 9: Bob and Carol score 10
            "declaring": ["Play"],
            "trump": "Y",
            "strengths": [10, 10, 10, 10],
            "counts": [5, 5, 5, 5],
            "claim": {"by": "Alice", "tricks": 9, "accepted": True},
        },
    ],
}


def test_the_seeds_scoring_examples_give_110_to_30():
    g = play_record(json.loads(json.dumps(SEED_GAME)))
    report = sheet_report(g)
    rows = [(h["declarer"], h["declaration"], h["trump"], h["tricks"]) for h in report["hands"]]
    assert rows == [
        ("Carol", "Play", "R", 11),
        ("Ted", "Seven", "NT", 9),
        ("Bob", "Ten", "B", 8),
        ("Alice", "Play", "Y", 9),
    ]
    points = [h["points"] for h in report["hands"]]
    assert points == [
        {"Alice & Ted": 0, "Bob & Carol": 100},
        {"Alice & Ted": 20, "Bob & Carol": 0},
        {"Alice & Ted": 10, "Bob & Carol": 0},
        {"Alice & Ted": 0, "Bob & Carol": 10},
    ]
    assert report["totals"] == {"Alice & Ted": 30, "Bob & Carol": 110}
    assert report["finished"] is True and report["winner"] == "Bob & Carol"
    assert g.phase == "finished"
    with pytest.raises(RuleError, match="over"):
        g.apply(NextDeal())


def test_the_record_round_trips_and_round_two_may_leave_out_the_passes():
    g = play_record(json.loads(json.dumps(SEED_GAME)))
    again = play_record(json.loads(json.dumps(to_record(g))))
    assert again.snapshot() == g.snapshot()
    short = json.loads(json.dumps(SEED_GAME))
    short["deals"][1]["declaring"] = [14, 8, 10, 8, "Seven"]
    assert play_record(short).snapshot() == g.snapshot()
    hands = json.loads(json.dumps(SEED_GAME))
    hands["hands"] = hands.pop("deals")
    assert play_record(hands).snapshot() == g.snapshot()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("declaring", [14, 8, 10, 7, "Seven"]), "deal 2, declaring: the four strengths add up"),
        (("trump", "P"), "deal 2, trump: say a trump colour"),
        (("counts", [5, 5, 5, 5, 5]), "deal 2, counts: 5 is more than was stated"),
        (("strengths", [1, 2, 3, 4]), "deal 2, strengths: .* are not the strengths declared"),
        (("shown", {"E": ["R2"]}), "deal 2, shown: only the dummy \\(N\\)"),
    ],
)
def test_a_wrong_record_is_refused_at_its_place(change, message):
    record = json.loads(json.dumps(SEED_GAME))
    record["deals"][1].pop("strengths")  # those of round two are in its declaring
    record["deals"][1][change[0]] = change[1]
    with pytest.raises(RecordError, match=message):
        play_record(record)


def test_the_dummy_in_the_record_and_a_hand_stopped_in_the_declaring():
    g = game(dealer=ALICE)
    say(g, "Pass", "Play")
    for text in ("B2", "B3"):
        g.apply(CardShown(card(text)))
    record = to_record(g)
    assert record["deals"] == [
        {"declaring": ["Pass", "Play"], "strengths": [], "counts": [], "shown": {"W": ["B2", "B3"]}}
    ]
    assert play_record(record).snapshot() == g.snapshot()
    g.apply(DummyDone())
    say(g, "B", 10, 10, 10, 10, 5, 5, 5, 5)
    g.apply(CardPlayed(card("R2")))
    record = to_record(g)
    assert record["deals"][0]["shown"] == {"W": ["B2", "B3"]}
    assert record["deals"][0]["cards"] == ["R2"]
    assert play_record(record).snapshot() == g.snapshot()


def test_undo_takes_back_each_word():
    g = game()
    say(g, "Pass", "Pass", "Pass", "Pass", 10)
    g.apply(Undone())
    assert g.phase == "strength" and g.deal.own.strengths == []
    for _ in range(4):
        g.apply(Undone())
    assert g.phase == "round-one" and g.deal.own.words == []


def test_the_bidding_box_mapping():
    box = FORM.input_for
    assert box("round-one", "call", Call.parse("P")) == Stated("Pass")
    assert box("round-one", "OK") == Stated("Play")
    assert box("ten-seven", "OK") == Stated("Ten")
    assert box("ten-seven", "call", Call.parse("P")) == Stated("Seven")
    assert box("trump", "call", Call.parse("3H")) == Stated("R")
    assert box("trump", "call", Call.parse("1NT")) == Stated("NT")
    assert box("strength", "call", Call.parse("5D")) == Stated(12)
    assert box("count", "call", Call.parse("X")) == Stated(0)
    assert box("count", "call", Call.parse("7NT")) == Stated(35)
    assert box("lay-out", "OK") == DummyDone()
    assert box("lay-out", "card", card("R9")) == CardShown(card("R9"))
    assert box("deal-end", "OK") == NextDeal()
    assert isinstance(box("round-one", "call", Call.parse("1S")), CallMade)  # refused


def test_the_sheet_tie_breaks():
    def sheet(*outcomes):
        s = AbridgedSheet()
        for declaration, side, tricks in outcomes:
            s = s.add(AbridgedOutcome(declaration, side, tricks))
        return s

    tied = sheet(("Seven", 0, 7), ("Seven", 0, 7), ("Seven", 1, 7), ("Seven", 1, 7))
    assert tied.totals() == (20, 20) and tied.winner == 1  # two each: the fourth hand's
    # 30 each: side 0 scored 10 three times (side 1 failed), side 1 30 in the fourth.
    three = sheet(("Seven", 1, 6), ("Seven", 1, 6), ("Seven", 1, 6), ("Seven", 1, 11))
    assert three.totals() == (30, 30) and three.winner == 0
    higher = sheet(("Play", 0, 10), ("Ten", 1, 13), ("Ten", 1, 9), ("Seven", 1, 7))
    assert higher.totals() == (90, 80) and higher.winner == 0
    assert sheet(("Play", 0, 10)).winner is None
    with pytest.raises(RuleError, match="over"):
        tied.add(AbridgedOutcome("Ten", 0, 10))


@pytest.mark.parametrize("seed", range(6))
def test_robot_games_finish_and_play_back(seed):
    g = play_rubber(seed, "abridged")
    assert g.phase == "finished" and g.sheet.deals == 4
    dealers = [d.dealer for d in g.deals]
    assert dealers == [(dealers[0] + i) % 4 for i in range(4)]  # each deals once
    record = json.loads(json.dumps(to_record(g)))
    assert record["game"] == "abridged"
    assert play_record(record).snapshot() == g.snapshot()
    for deal in record["deals"]:
        assert {"declaring", "trump", "strengths", "counts", "cards"} <= set(deal)
        assert len(deal["strengths"]) == len(deal["counts"]) == 4
        assert len(deal["cards"]) == 52


def test_the_documented_example_replays_to_the_seeds_scores():
    text = (Path(__file__).resolve().parents[3] / "docs" / "game-record.md").read_text()
    blocks = re.findall(r"```jsonc\n(.*?)```", text, re.S)
    record = json.loads(next(b for b in blocks if '"game": "abridged"' in b))
    report = sheet_report(play_record(record))
    assert report["totals"] == {"Alice & Ted": 30, "Bob & Carol": 110}
    assert report["winner"] == "Bob & Carol"
    assert [h["points"]["Bob & Carol"] for h in report["hands"]] == [100, 0, 0, 10]


def test_a_trump_may_be_named_by_its_colour_and_is_kept_as_its_letter():
    for said, kept in (("red", "R"), ("Green", "G"), ("n", "NT"), ("no trump", "NT")):
        g = game()
        say(g, "Play")
        g.apply(DummyDone())
        assert g.apply(Stated(said)) == Stated(kept, ALICE)
        assert to_record(g)["deals"][0]["trump"] == kept


def test_a_record_with_a_strength_left_out_says_so():
    record = json.loads(json.dumps(SEED_GAME))
    record["deals"][0]["strengths"] = [10, 12, 8]
    with pytest.raises(RecordError, match="deal 1, strengths: all four hand strengths come"):
        play_record(record)


def test_a_record_with_calls_is_told_the_words_are_its_declaring():
    record = json.loads(json.dumps(SEED_GAME))
    record["deals"][0]["calls"] = ["1S", "P", "P", "P"]
    with pytest.raises(RecordError, match="deal 1, calls: aBRIDGEd has no auction: its words"):
        play_record(record)


@pytest.mark.parametrize("said", ["²", "١٠", "1" * 5000, "10.0"])
def test_a_number_not_in_ascii_digits_is_refused_by_the_engine_and_changes_nothing(said):
    g = game(dealer=ALICE)
    say(g, "Play")
    g.apply(DummyDone())
    say(g, "NT")
    before = g.snapshot()
    with pytest.raises(RuleError, match="^a hand strength is a number from") as refused:
        g.apply(Stated(said))
    assert g.snapshot() == before and len(str(refused.value)) < 80
