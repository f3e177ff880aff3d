"""Three-player Honeymoon (seed 002, rules-reference section 5 "in full"): three
players each alone, 16 cards each and a talon of 4, the talon taken by the
declarer (OK), 16 tricks of three, book 9, and each player's own score."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device import forms
from device.engine.calls import Call, Contract
from device.engine.cards import STANDARD, Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    HonoursGiven,
    NextDeal,
    Setup,
    TalonDiscarded,
    Undone,
    event_from_dict,
)
from device.engine.game import Game
from device.engine.record import play_record, sheet_report, to_record
from device.forms.three_player.sheet import ThreeOutcome, ThreeSheet
from device.robots import play_rubber
from tests.engine import test_properties as properties

ANNA, BEN, CARLA = 0, 1, 2
PLAYERS = ("Anna", "Ben", "Carla")


def game(dealer=ANNA, **options):
    return Game(Setup("three-player", PLAYERS, dealer, options))


def calls(g, *texts):
    for text in texts:
        g.apply(CallMade(Call.parse(text)))


def tricks3(leader: int, winners: list[int]) -> list[str]:
    """Cards of a deal at no trumps in which trick i is won by seat winners[i]: each
    trick is three cards of one suit, the winner plays the highest. The four aces
    are never played (they are the talon), so nobody holds honours."""
    by_name = {(c.suit.letter, c.rank): c for c in STANDARD.cards}
    triples = [
        [by_name[s, r], by_name[s, r + 1], by_name[s, r + 2]] for s in "CDHS" for r in (2, 5, 8, 11)
    ]
    cards = []
    for (low, mid, high), winner in zip(triples, winners, strict=False):
        order = [(leader + i) % 3 for i in range(3)]
        rest = iter((low, mid))
        cards += [str(high if seat == winner else next(rest)) for seat in order]
        leader = winner
    return cards


def play_deal(g, contract_calls, winners):
    """The auction, OK for the talon, then 16 tricks with these winners."""
    calls(g, *contract_calls)
    g.apply(TalonDiscarded())
    for text in tricks3(g.deal.play.leader, winners):
        g.apply(CardPlayed(Card.parse(text)))


def test_the_form_seats_three_players_each_alone():
    g = game()
    assert g.form.players == 3 and g.form.tricks == 16 and g.form.book == 9
    assert [g.form.side(s) for s in range(3)] == [0, 1, 2] and g.form.side_count == 3
    assert [g.side_name(s) for s in range(3)] == list(PLAYERS)
    with pytest.raises(RuleError, match="3 players"):
        Game(Setup("three-player", ("Anna", "Ben"), 0))
    assert forms.find_form("three").name == "three-player"


def test_the_dealers_left_speaks_first_and_two_passes_end_the_auction():
    g = game(dealer=BEN)
    assert g.phase == "auction" and g.turn == CARLA
    calls(g, "1S", "P")
    assert g.phase == "auction" and g.turn == BEN
    calls(g, "P")
    assert g.phase == "talon" and g.turn == CARLA
    assert g.deal.contract == Contract.parse("1S") and g.deal.declarer == CARLA


def test_three_passes_throw_the_deal_in_and_the_next_player_deals():
    g = game(dealer=ANNA)
    calls(g, "P", "P", "P")
    assert g.phase == "deal-end" and g.deal.thrown_in
    g.apply(NextDeal())
    assert g.deal.dealer == BEN and g.turn == CARLA


def test_either_opponent_doubles_and_only_the_bidder_redoubles():
    g = game(dealer=CARLA)  # Anna speaks first
    calls(g, "1H", "P", "X")  # Carla, the second opponent, doubles after Ben's pass
    calls(g, "XX", "P", "P")  # Anna redoubles her own bid; two passes end it
    assert g.deal.contract == Contract.parse("1HXX") and g.deal.declarer == ANNA
    g2 = game(dealer=CARLA)
    calls(g2, "1H", "X")  # Ben doubles at once
    with pytest.raises(RuleError, match="already doubled"):
        calls(g2, "X")
    with pytest.raises(RuleError, match="redouble a double of your own bid$"):
        calls(g2, "XX")  # Carla is an opponent too (each alone: no "side's" bid)


def test_the_talon_waits_for_ok_from_the_declarer_then_the_left_leads():
    g = game(dealer=ANNA)
    calls(g, "2C", "P", "P")  # Ben declares
    assert g.phase == "talon" and g.turn == BEN
    for refused in (CardPlayed(Card.parse("SA")), ClaimMade(3), CallMade(Call.parse("3C"))):
        before = g.snapshot()
        with pytest.raises(RuleError, match="talon"):
            g.apply(refused)
        assert g.snapshot() == before
    with pytest.raises(RuleError, match="Ben takes the talon"):
        g.apply(TalonDiscarded(ANNA))
    assert g.form.input_for("talon", "OK") == TalonDiscarded()
    assert g.apply(TalonDiscarded()) == TalonDiscarded(BEN)
    assert g.phase == "play" and g.turn == CARLA  # the declarer's left leads
    assert g.deal.play.hands == 3 and g.deal.play.total == 16
    g.apply(Undone())
    assert g.phase == "talon"
    with pytest.raises(RuleError, match="taken once the auction is over"):
        game().apply(TalonDiscarded())


def test_sixteen_tricks_of_three_and_a_made_contract_scores_for_the_declarer():
    g = game(dealer=ANNA)
    play_deal(g, ["1N", "P", "P"], [BEN] * 10 + [CARLA] * 3 + [ANNA] * 3)
    assert g.phase == "deal-end" and g.deal.tricks == 10  # 1NT needs 10
    assert g.sheet.deal_score(1) == ((0, 0), (40, 0), (0, 0))
    assert g.deal.honours_from == "cards" and g.deal.honours == (0, 0, 0)


def test_a_failed_contract_gives_each_opponent_the_full_penalty():
    g = game(dealer=ANNA)
    play_deal(g, ["3N", "X", "P", "P"], [BEN] * 10 + [CARLA] * 6)  # Ben needs 12, makes 10
    assert g.deal.contract == Contract.parse("3NX") and g.deal.tricks == 10
    assert g.sheet.deal_score(1) == ((0, 300), (0, 0), (0, 300))  # 2 down doubled NV


def test_overtricks_game_vulnerability_and_the_rubber():
    g = game(dealer=ANNA)
    play_deal(g, ["3N", "P", "P"], [BEN] * 13 + [ANNA] * 3)  # 3NT + 1
    assert g.sheet.deal_score(1)[BEN] == (100, 30)
    assert g.sheet.games == (0, 1, 0)
    g.apply(NextDeal())
    assert g.vulnerable() == (BEN,)
    play_deal(g, ["P", "P", "4S", "P", "P"], [ANNA] * 16)  # Ben (V) 4S: no trick at all
    assert g.deal.tricks == 0
    # 13 down vulnerable undoubled: 100 each, to Anna and Carla both.
    assert g.sheet.deal_score(2) == ((0, 1300), (0, 0), (0, 1300))
    g.apply(NextDeal())
    play_deal(g, ["P", "4N", "P", "P"], [BEN] * 13 + [CARLA] * 3)
    assert g.phase == "finished" and g.sheet.games == (0, 2, 0)
    assert g.sheet.deal_score(3)[BEN] == (130, 700)  # nobody else has a game: +700
    report = sheet_report(g)
    assert report["games"] == {"Anna": 0, "Ben": 2, "Carla": 0}
    assert report["finished"] is True
    assert report["totals"] == {"Anna": 1300, "Ben": 960, "Carla": 1300}
    assert report["winner"] in ("Anna", "Carla")  # a tie on the highest total
    assert report["deals"][1]["vulnerable"] == ["Ben"]
    assert report["deals"][1]["score"]["Carla"] == {"below": 0, "above": 1300}


def test_the_sheet_alone_rubber_bonus_and_unfinished_rubber():
    s = ThreeSheet()
    game_ = ThreeOutcome(Contract.parse("3N"), 1, 12)
    s = s.add(game_).add(ThreeOutcome(Contract.parse("3N"), 0, 12))
    assert s.games == (1, 1, 0) and s.closing_lines() == ()  # two players have a game
    s = s.add(ThreeOutcome(Contract.parse("2S"), 2, 11))  # a part-score: 60
    assert [(line.side, line.points) for line in s.closing_lines()] == [(2, 100)]
    s = s.add(game_)
    assert s.finished and s.won_by == 1
    assert [line.points for line in s.lines if line.kind == "rubber-bonus"] == [500]
    lone = ThreeSheet().add(game_)
    assert [(line.side, line.points) for line in lone.closing_lines()] == [(1, 300)]
    with pytest.raises(RuleError, match="0 to 16 tricks"):
        ThreeOutcome(Contract.parse("3N"), 1, 17)
    with pytest.raises(RuleError, match="player 0, 1 or 2"):
        ThreeOutcome(Contract.parse("3N"), 3, 12)


def test_honours_go_to_the_player_who_held_them():
    g = game(dealer=ANNA)
    calls(g, "1S", "P", "P")  # Ben declares spades; Carla leads
    g.apply(TalonDiscarded())
    hands = {BEN: [], CARLA: [], ANNA: []}
    # Carla holds A K Q J of spades (100) and no ten; the hands are not known, so
    # any card is taken.
    deck = [c for c in STANDARD.cards]
    honours = [Card.parse(t) for t in ("SA", "SK", "SQ", "SJ")]
    rest = sorted((c for c in deck if c not in honours), key=lambda c: c.suit.letter == "S")
    hands[CARLA] = honours + rest[:12]
    hands[ANNA] = rest[12:28]
    hands[BEN] = rest[28:44]
    while g.phase == "play":
        hand = g.deal.play.to_play
        card = next(c for c in hands[hand] if g.deal.play.why_not(c) is None)
        hands[hand].remove(card)
        g.apply(CardPlayed(card))
    assert g.deal.honours_from == "cards" and g.deal.honours == (0, 0, 100)
    assert g.sheet.deal_score(1)[CARLA][1] >= 100


def test_only_the_declarer_claims_and_both_opponents_accept():
    g = game(dealer=ANNA)
    calls(g, "2N", "P", "P")  # Ben declares
    g.apply(TalonDiscarded())
    with pytest.raises(RuleError, match="only the declarer claims"):
        g.apply(ClaimMade(16, CARLA))
    g.apply(ClaimMade(12))
    assert g.turn == CARLA  # the first opponent clockwise answers first
    assert g.apply(ClaimAnswered(True)) == ClaimAnswered(True, CARLA)
    assert g.phase == "play" and g.turn == ANNA  # then the other
    with pytest.raises(RuleError, match="accepted the claim already"):
        g.apply(ClaimAnswered(True, CARLA))
    with pytest.raises(RuleError, match="other side"):
        g.apply(ClaimAnswered(True, BEN))
    g.apply(ClaimAnswered(True))
    assert g.phase == "deal-end" and g.deal.tricks == 12
    assert g.sheet.deal_score(1)[BEN] == (70, 30)
    g.apply(HonoursGiven(0))
    assert g.deal.honours == (0, 0, 0)


def test_one_opponent_refusing_disputes_the_claim():
    g = game(dealer=ANNA)
    calls(g, "2N", "P", "P")
    g.apply(TalonDiscarded())
    g.apply(ClaimMade(12))
    g.apply(ClaimAnswered(True))
    g.apply(ClaimAnswered(False))
    assert g.phase == "play" and g.deal.claim is None and len(g.deal.disputed) == 1
    assert g.turn == CARLA  # play goes on


def test_the_record_plays_back_with_claims_and_talon():
    g = game(dealer=ANNA)
    play_deal(g, ["1N", "P", "P"], [BEN] * 10 + [CARLA] * 3 + [ANNA] * 3)
    g.apply(NextDeal())
    calls(g, "P", "2S", "P", "P")  # Anna declares
    g.apply(TalonDiscarded())
    g.apply(ClaimMade(10))
    g.apply(ClaimAnswered(True))
    g.apply(ClaimAnswered(True))
    g.apply(HonoursGiven(100, BEN))
    record = to_record(g)
    assert record["game"] == "three-player" and record["players"] == list(PLAYERS)
    assert len(record["deals"][0]["cards"]) == 48
    assert record["deals"][1]["claim"] == {"by": "Anna", "tricks": 10, "accepted": True}
    assert record["deals"][1]["honours"] == {"Ben": 100}
    back = play_record(json.loads(json.dumps(record)))
    assert back.snapshot() == g.snapshot()
    # A record that stops after the calls waits for the talon.
    short = play_record({**record, "deals": [{"calls": ["1S", "P", "P"]}]})
    assert short.phase == "talon"


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_random_games_keep_the_rules_undo_and_replay(data):
    """The property checks of tests/engine/test_properties.py, for this form."""
    g = properties.random_game(data.draw, max_inputs=300, form="three-player")
    properties.check_deals(g)
    properties.check_sheet(g)
    copy = Game(g.setup)
    copy.replay(g.events)
    assert copy.snapshot() == g.snapshot()
    if g.can_undo:
        before = Game(g.setup)
        before.replay(g.inputs[:-1])
        g.apply(Undone())
        assert g.snapshot() == before.snapshot()


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32))
def test_robot_rubbers_finish_and_play_back(seed):
    g = play_rubber(seed, "three-player")
    assert g.phase == "finished" and g.sheet.games[g.sheet.won_by] == 2
    properties.check_deals(g)
    properties.check_sheet(g)
    assert play_record(to_record(g)).snapshot() == g.snapshot()
    assert [event_from_dict(e.to_dict()) for e in g.events] == g.events
    totals = g.sheet.totals()
    assert totals[g.sheet.winner] == max(totals)


def test_the_table_says_the_talon_in_english_and_dutch():
    from device.console import describe, status
    from device.hints import next_step
    from device.table import undone_text
    from device.ui.i18n import Catalog

    g = game(dealer=ANNA)
    calls(g, "2C", "P", "P")  # Ben declares
    assert "Ben takes the talon" in status(g)
    assert next_step(g) == "take the talon, lay four cards face down, then press OK"
    nl = Catalog("nl")
    assert nl.error(next_step(g)) != next_step(g)
    for refused in (CardPlayed(Card.parse("SA")), TalonDiscarded(ANNA), ClaimMade(2)):
        try:
            g.apply(refused)
        except RuleError as error:
            assert nl.error(str(error)) != str(error), str(error)
    done = g.apply(TalonDiscarded())
    assert "Ben has taken the talon" in describe(g, done)
    assert status(g).startswith("deal 1, 2C by Ben, tricks Ben 0, Anna 0, Carla 0: Carla to play")
    g.apply(Undone())
    assert undone_text(g) == "Undone: the talon taken by Ben"
    assert nl.error(undone_text(g)) == "Teruggenomen: de stok genomen door Ben"
    g.apply(TalonDiscarded())
    g.apply(ClaimMade(10))
    g.apply(ClaimAnswered(True))
    for refused in (ClaimAnswered(True, CARLA), ClaimMade(3, ANNA)):
        try:
            g.apply(refused)
        except RuleError as error:
            assert nl.error(str(error)) != str(error), str(error)
    assert g.phase == "play"
    with pytest.raises(RuleError, match="no talon to take now"):
        g.apply(TalonDiscarded())


def test_the_documented_example_replays_to_the_documented_sheet():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "game-record.md").read_text()
    section = text.split("## Three players: three-player Honeymoon")[1].split("\n## ")[0]
    record, output = (json.loads(b) for b in re.findall(r"```jsonc\n(.*?)```", section, re.S))
    assert sheet_report(play_record(record)) == output


def test_a_card_call_or_claim_before_the_talon_is_refused_saying_what_to_do_once():
    from device.table import Table
    from device.ui.i18n import Catalog

    table = Table(game(dealer=ANNA))
    for text in ("2C", "P", "P"):
        assert table.apply(CallMade(Call.parse(text))).accepted
    todo = "take the talon, lay four cards face down, then press OK"
    for event, said in (
        (CardPlayed(Card.parse("SA")), "the talon comes first"),
        (ClaimMade(3), "the talon comes first"),
        (CallMade(Call.parse("3C")), "the auction is over, the talon comes first"),
    ):
        outcome = table.apply(event)
        assert not outcome.accepted and outcome.text == f"{said}: {todo}"
        assert Catalog("nl").error(outcome.message) != outcome.message
    assert table.game.phase == "talon"
