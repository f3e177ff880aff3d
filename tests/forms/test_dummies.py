"""The two-player forms with dummies (seeds 000 and 002): Double Dummy's seats,
the declarer's own hand and the lead from the declarer's left, both dummies
laid out after the opening lead, each player playing their own hand and dummy,
follow suit for a known dummy, honours read from the cards, undo, records."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.cli import main
from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DummyChosen,
    DummyDone,
    NextDeal,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.forms import find_form
from device.forms.double_dummy.rules import DoubleDummy
from device.forms.exposed_dummy.rules import ExposedDummy
from device.forms.single_dummy.rules import SingleDummy
from device.robots import play_rubber
from tests.engine.helpers import check_random_game

N, E, S, W = range(4)  # Anna, Ben, Anna's dummy, Ben's dummy
ANNA, BEN = 0, 1
DUMMY_FORMS = (DoubleDummy(), SingleDummy(), ExposedDummy())


def game(dealer=BEN, form="double-dummy", **options):
    return Game(Setup(form, ("Anna", "Ben"), dealer, options))


def calls(g, *texts):
    for text in texts:
        g.apply(CallMade(Call.parse(text)))


def cards(text):
    return [Card.parse(c) for c in text.split()]


CLUBS = "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2"
DIAMONDS = CLUBS.replace("C", "D")
HEARTS = CLUBS.replace("C", "H")
SPADES = CLUBS.replace("C", "S")


def test_four_hands_two_players_seated_clockwise_from_north():
    form = find_form("double-dummy")
    assert find_form("semi-exposed-dummy") is form
    assert form.players == 2 and form.hand_sides() == (0, 1, 0, 1)
    assert form.seat_names() == ("N", "E", "S", "W")
    assert form.hand_names(("Anna", "Ben")) == ("Anna", "Ben", "Anna", "Ben")
    assert [form.controller(h, N) for h in range(4)] == [ANNA, BEN, ANNA, BEN]
    g = game()
    assert g.side_name(0) == "Anna" and g.side_name(1) == "Ben"
    assert g.turn == ANNA and g.hand_seat == "N"  # the non-dealer calls first
    assert game(dealer_bids_first=True).turn == BEN


def test_the_first_player_declares_the_second_leads_from_his_own_hand():
    g = game()
    calls(g, "2S", "P")
    assert g.deal.declarer == ANNA and g.phase == "play"
    assert g.deal.play.to_play == E and g.turn == BEN and g.hand_seat == "E"
    g.apply(CardPlayed(Card.parse("HA")))
    assert g.phase == "dummy" and g.deal.dummy == S  # Anna's dummy is laid out first
    assert g.deal.dummies == (S, W)
    assert g.deal.play.to_play == S and g.turn == ANNA  # Anna plays from her dummy


def test_the_second_player_declares_the_first_leads_from_her_dummy():
    g = game()
    calls(g, "1H", "2S", "P")
    assert g.deal.declarer == BEN
    assert g.deal.play.to_play == S and g.turn == ANNA and g.hand_seat == "S"
    with pytest.raises(RuleError, match="^it is Anna's turn to play$"):
        g.apply(CardPlayed(Card.parse("DA"), BEN))
    g.apply(CardPlayed(Card.parse("DA")))
    assert g.phase == "dummy" and g.deal.dummy == S
    for card in cards(CLUBS)[:12]:  # the dummy's other 12: it is known, West is next
        g.apply(CardShown(card))
    assert g.phase == "dummy" and g.deal.dummy == W
    assert g.exposed(S) == tuple(cards(CLUBS)[:12])
    g.apply(CardShown(Card.parse("HA")))
    g.apply(DummyDone())  # the rest of West is not scanned
    assert g.phase == "play" and g.deal.dummy_done
    assert g.deal.play.to_play == W and g.turn == BEN


def test_ok_skips_a_dummy_and_cards_go_to_the_dummy_laid_out_now():
    g = game()
    calls(g, "1NT", "P")
    g.apply(CardPlayed(Card.parse("S2")))  # Ben leads
    g.apply(DummyDone())  # Anna's dummy not scanned
    assert g.phase == "dummy" and g.deal.dummy == W
    g.apply(CardShown(Card.parse("HK")))
    assert g.exposed(W) == (Card.parse("HK"),) and g.exposed(S) == ()
    with pytest.raises(RuleError, match="not Anna's"):
        g.apply(CardShown(Card.parse("HQ"), N))  # a player's own hand is never shown
    with pytest.raises(RuleError, match="HK is already shown"):
        g.apply(CardShown(Card.parse("HK")))
    with pytest.raises(RuleError, match="dummy's cards are being laid out"):
        g.apply(CardPlayed(Card.parse("S3")))
    g.apply(DummyDone())
    assert g.phase == "play"
    with pytest.raises(RuleError, match="HK is in Ben's hand"):
        g.apply(CardPlayed(Card.parse("HK")))  # South cannot play West's shown card


def test_a_card_may_be_shown_in_the_second_dummy_before_the_first_is_down():
    g = game()
    calls(g, "1C", "P")
    g.apply(CardPlayed(Card.parse("S2")))
    g.apply(CardShown(Card.parse("HA"), W))  # a record may list West first
    assert g.deal.dummy == S and g.exposed(W) == (Card.parse("HA"),)
    for card in cards(CLUBS):
        g.apply(CardShown(card))
    assert g.deal.dummy == W and g.phase == "dummy"


def test_a_dummy_that_is_known_must_follow_suit():
    g = game()
    calls(g, "1C", "P")
    g.apply(CardPlayed(Card.parse("S2")))  # Ben leads a spade
    dummy = cards(CLUBS)[:12] + [Card.parse("SA")]
    for card in dummy:
        g.apply(CardShown(card))
    g.apply(DummyDone())
    with pytest.raises(RuleError, match="^Anna must follow suit"):
        g.apply(CardPlayed(Card.parse("C3")))
    with pytest.raises(RuleError, match="HA is not in Anna's hand"):
        g.apply(CardPlayed(Card.parse("HA")))
    g.apply(CardPlayed(Card.parse("SA")))
    assert g.deal.play.to_play == W and g.turn == BEN


def test_undo_goes_back_through_each_dummy_and_the_lead():
    g = game()
    calls(g, "1D", "P")
    g.apply(CardPlayed(Card.parse("S2")))
    before = [g.snapshot()]
    for event in (CardShown(Card.parse("HA")), DummyDone(), CardShown(Card.parse("DK"))):
        g.apply(event)
        before.append(g.snapshot())
    g.apply(DummyDone())
    assert g.phase == "play"
    for snapshot in reversed(before):
        g.apply(Undone())
        assert g.snapshot() == snapshot
    g.apply(Undone())
    assert g.phase == "play" and not g.deal.play.played
    assert g.deal.dummy == S and not g.deal.dummy_done


def test_claims_are_between_the_two_players():
    g = game()
    calls(g, "3NT", "P")
    g.apply(CardPlayed(Card.parse("S2")))
    g.apply(DummyDone())
    g.apply(DummyDone())
    g.apply(ClaimMade(9))
    assert g.turn == BEN  # the other player answers
    g.apply(ClaimAnswered(True))
    assert g.deal.tricks == 9 and g.sheet.deal_score(1)[0] == (100, 0)


# Anna holds every club, Ben every diamond, Anna's dummy every spade and Ben's every
# heart. Anna declares 1S: Ben leads a diamond, her dummy ruffs and wins every trick.
FULL_DEAL_CARDS = []
for i in range(13):
    d, s, h, c = (f"{suit}{CLUBS.split()[i][1]}" for suit in "DSHC")
    FULL_DEAL_CARDS += [d, s, h, c] if i == 0 else [s, h, c, d]


def full_deal_record(shown=True, contract="1S"):
    deal = {"calls": [contract, "P"], "cards": FULL_DEAL_CARDS}
    if shown:
        deal["shown"] = {"W": HEARTS.split(), "S": SPADES.split()[1:]}
    return {"game": "double-dummy", "players": ["Anna", "Ben"], "first_dealer": "Ben"} | {
        "deals": [deal]
    }


def test_a_whole_deal_reads_honours_from_the_cards_and_replays():
    g = play_record(full_deal_record())
    deal = g.deal
    assert deal.tricks == 13 and deal.honours == (150, 0) and deal.honours_from == "cards"
    report = sheet_report(g)
    assert report["deals"][0]["score"] == {
        "Anna": {"below": 30, "above": 180 + 150},
        "Ben": {"below": 0, "above": 0},
    }
    assert report["deals"][0]["vulnerable"] == [] and set(report["totals"]) == {"Anna", "Ben"}
    record = to_record(g)
    assert record["deals"][0]["cards"] == FULL_DEAL_CARDS
    assert set(record["deals"][0]["shown"]) == {"S", "W"}
    assert play_record(record).snapshot() == g.snapshot()
    assert play_record(full_deal_record(shown=False)).deal.honours == (150, 0)


def test_a_record_refuses_a_card_out_of_turn_and_shown_cards_in_a_player_hand():
    record = full_deal_record()
    record["deals"][0]["shown"] = {"N": ["CA"]}
    with pytest.raises(RecordError, match="^deal 1, shown: the dummy's cards are laid out"):
        play_record(record)
    record = full_deal_record()
    record["deals"][0]["shown"] = {"X": ["CA"]}
    with pytest.raises(RecordError, match="'X' is not a seat \\(N, E, S, W\\)"):
        play_record(record)


def test_the_deal_alternates_and_vulnerability_follows_games():
    g = play_record(full_deal_record(contract="4S"))
    assert g.vulnerable() == ()  # as deal 1 was dealt
    g.apply(NextDeal())
    assert g.deal.dealer == ANNA and g.turn == BEN
    assert g.vulnerable() == (0,)  # Anna made a game in deal 1
    calls(g, "P", "P")
    assert sheet_report(g)["deals"][1]["vulnerable"] == ["Anna"]


@pytest.mark.parametrize("seed", [1, 7])
def test_robots_play_a_rubber_that_replays_to_the_same_sheet(seed):
    g = play_rubber(seed, "double-dummy")
    assert g.phase == "finished" and g.sheet.games[g.sheet.won_by] == 2
    assert any(d.play and d.play.seen for d in g.deals)  # dummies were scanned
    again = play_record(json.loads(json.dumps(to_record(g))))
    assert sheet_report(again) == sheet_report(g)


def test_demo_and_replay_print_the_sheet_with_the_players_names(capsys, tmp_path):
    assert main(["demo", "--game", "double-dummy", "--seed", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["finished"] is True and set(report["totals"]) == {"Anna", "Ben"}
    assert main(["demo", "--game", "semi-exposed-dummy", "--seed", "4"]) == 0
    assert "Double Dummy: Anna v Ben" in capsys.readouterr().out
    path = tmp_path / "dd.json"
    path.write_text(json.dumps(full_deal_record()))
    assert main(["replay", str(path)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    # the part-score in the unfinished game earns 100
    assert replayed["totals"] == {"Anna": 30 + 180 + 150 + 100, "Ben": 0}


@pytest.mark.parametrize("form", [f.name for f in DUMMY_FORMS])
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_random_games_keep_the_rules_undo_and_replay(form, data):
    """The property checks of tests/engine/test_properties.py, for these forms."""
    check_random_game(data.draw, form)


def test_a_record_with_both_dummies_partly_shown_plays_on_with_ok_for_each():
    deal = {
        "calls": ["1S", "P"],
        "cards": FULL_DEAL_CARDS[:8],
        "shown": {"W": ["H2", "H3"], "S": ["S4"]},
    }
    record = full_deal_record() | {"deals": [deal]}
    g = play_record(record)
    assert g.phase == "play" and g.deal.dummy_done and g.deal.dummy == S
    assert g.deal.play.trick_number == 3
    assert to_record(g)["deals"][0]["shown"] == {"W": ["H2", "H3"], "S": ["S4"]}
    assert play_record(to_record(g)).snapshot() == g.snapshot()
    stopped = {"calls": ["1S", "P"], "cards": FULL_DEAL_CARDS[:1]}  # the rubber in progress
    last = play_record(record | {"deals": [stopped]})
    assert last.phase == "dummy" and last.deal.dummy == S and not last.deal.play.seen


# --- Single Dummy ---------------------------------------------------------------------------

FACE_UP = cards(HEARTS)


def single(dealer=BEN, face_up=FACE_UP, **options):
    g = game(dealer, "single-dummy", **options)
    for card in face_up:
        g.apply(CardShown(card))
    if g.phase == "face-up":
        g.apply(DummyDone())
    return g


def test_one_dummy_is_laid_face_up_before_the_auction():
    g = game(form="single-dummy")
    assert g.phase == "face-up" and g.turn == BEN  # the dealer lays it out
    with pytest.raises(RuleError, match="^the auction starts when the face-up dummy is laid out"):
        g.apply(CallMade(Call.parse("1S")))
    for card in FACE_UP[:12]:
        g.apply(CardShown(card))
    with pytest.raises(RuleError, match="^HA is already shown$"):
        g.apply(CardShown(Card.parse("HA")))
    g.apply(CardShown(FACE_UP[12]))  # 13: the auction starts by itself
    assert g.phase == "auction" and g.turn == ANNA and g.deal.face_up == FACE_UP
    g = game(form="single-dummy")
    g.apply(CardShown(Card.parse("SA")))
    g.apply(DummyDone())  # the rest not scanned
    assert g.phase == "auction" and g.deal.face_up == [Card.parse("SA")]


def test_the_declarer_chooses_a_dummy_with_ok_or_p():
    g = single()
    calls(g, "1NT", "P")
    assert g.phase == "choose" and g.turn == ANNA and str(g.deal.contract) == "1NT"
    form = g.form
    assert form.input_for("choose", "OK") == DummyChosen(True)
    assert form.input_for("choose", "call", Call.parse("P")) == DummyChosen(False)
    with pytest.raises(RuleError, match="^the declarer chooses a dummy: OK for the face-up"):
        g.apply(form.input_for("choose", "call", Call.parse("2S")))
    with pytest.raises(RuleError, match="^the declarer chooses a dummy first"):
        g.apply(CardPlayed(Card.parse("SA")))
    with pytest.raises(RuleError, match="^it is Anna's turn to choose a dummy$"):
        g.apply(DummyChosen(True, BEN))
    g.apply(form.input_for("choose", "OK"))
    assert g.phase == "play" and g.exposed(S) == tuple(FACE_UP)  # opposite Anna
    assert g.deal.play.to_play == E and g.turn == BEN
    g.apply(CardPlayed(Card.parse("S2")))
    assert g.phase == "dummy" and g.deal.dummy == W  # Anna's dummy is known: Ben's next


@pytest.mark.parametrize(
    "bids,face_up,hand",
    [
        (("1S", "P"), False, W),  # Anna declares and takes the face-down one: Ben's is up
        (("1H", "1S", "P"), True, W),  # Ben declares and takes the face-up one
        (("1H", "1S", "P"), False, S),
    ],
)
def test_the_chosen_dummy_goes_opposite_the_declarer(bids, face_up, hand):
    g = single()
    calls(g, *bids)
    g.apply(DummyChosen(face_up))
    assert g.deal.face_up_hand == hand and g.exposed(hand) == tuple(FACE_UP)
    assert g.deal.chose_face_up is face_up


def test_a_face_up_dummy_known_whole_must_follow_suit_and_undo_goes_back_to_the_choice():
    g = single()
    calls(g, "1H", "1S", "P")  # Ben declares
    g.apply(DummyChosen(False))  # the hearts are Anna's dummy, which leads
    assert g.deal.play.to_play == S and g.turn == ANNA
    with pytest.raises(RuleError, match="SA is not in Anna's hand"):
        g.apply(CardPlayed(Card.parse("SA")))
    before = g.snapshot()
    g.apply(CardPlayed(Card.parse("HA")))
    assert g.phase == "dummy" and g.deal.dummy == W
    g.apply(Undone())
    assert g.snapshot() == before
    g.apply(Undone())
    assert g.phase == "choose"
    for _ in range(3 + 13):
        g.apply(Undone())
    assert g.phase == "face-up" and not g.deal.face_up


def test_single_dummy_records_say_the_face_up_cards_and_the_choice():
    g = single(face_up=FACE_UP[:3])
    calls(g, "2C", "P")
    g.apply(DummyChosen(False))
    g.apply(CardPlayed(Card.parse("D2")))
    g.apply(CardShown(Card.parse("S2")))  # Anna's dummy, face down until now
    g.apply(DummyDone())
    g.apply(DummyDone())  # the face-up dummy (Ben's) was scanned in part only
    g.apply(ClaimMade(8))
    g.apply(ClaimAnswered(True))
    record = to_record(g)
    entry = record["deals"][0]
    assert entry["face_up"] == ["HA", "HK", "HQ"] and entry["dummy"] == "face-down"
    assert entry["shown"] == {"S": ["S2"]}
    assert play_record(record).snapshot() == g.snapshot()
    del entry["dummy"]
    with pytest.raises(RecordError, match='^deal 1, dummy: must be "face-up" or "face-down"'):
        play_record(record)
    dd = full_deal_record()
    dd["deals"][0]["dummy"] = "face-up"
    with pytest.raises(RecordError, match="^deal 1, dummy: no dummy is chosen in this deal"):
        play_record(dd)
    dd = full_deal_record()
    dd["deals"][0]["face_up"] = ["HA"]
    with pytest.raises(RecordError, match="^deal 1, face_up: no dummy is face up"):
        play_record(dd)


@pytest.mark.parametrize("seed", [2, 9])
def test_robots_play_a_single_dummy_rubber_that_replays(seed):
    g = play_rubber(seed, "single-dummy")
    assert g.phase == "finished"
    assert {d.chose_face_up for d in g.deals if d.play} == {True, False}
    assert any(d.face_up for d in g.deals)
    again = play_record(json.loads(json.dumps(to_record(g))))
    assert again.snapshot() == g.snapshot()


def test_the_choice_is_a_journal_event():
    from device.engine.events import event_from_dict

    for event in (DummyChosen(True, ANNA), DummyChosen(False, BEN)):
        stored = event.to_dict()
        assert stored["type"] == "dummy-chosen" and event_from_dict(stored) == event


# --- Exposed Dummy --------------------------------------------------------------------------


def exposed(dealer=BEN, face_up=FACE_UP, **options):
    g = game(dealer, "exposed-dummy", **options)
    for card in face_up:
        g.apply(CardShown(card))
    if g.phase == "face-up":
        g.apply(DummyDone())
    return g


def test_exposed_dummy_seats_three_hands_and_lays_the_dummy_out_first():
    form = find_form("schafkopf")
    assert form.name == "exposed-dummy" and form.players == 2
    assert form.seat_names() == ("N", "E", "S") and form.tricks == 13 and form.book == 6
    assert form.hand_names(("Anna", "Ben")) == ("Anna", "Ben", "Anna & Ben")
    g = game(form="exposed-dummy")
    assert g.phase == "face-up" and g.turn == BEN
    with pytest.raises(RuleError, match="^the auction starts when the face-up dummy is laid out"):
        g.apply(CallMade(Call.parse("1S")))
    for card in FACE_UP:
        g.apply(CardShown(card))
    assert g.phase == "auction" and g.turn == ANNA


@pytest.mark.parametrize(
    "declarer,bids,leader", [(ANNA, ("2S", "P"), BEN), (BEN, ("1C", "2S", "P"), ANNA)]
)
def test_the_declarer_plays_hand_and_dummy_in_tricks_of_three(declarer, bids, leader):
    g = exposed()
    calls(g, *bids)
    assert g.deal.declarer == declarer and g.phase == "play"  # nothing to choose
    play = g.deal.play
    assert play.hands == 3 and play.sides == (0, 1, g.form.side(declarer))
    assert play.names[S] == ("Anna", "Ben")[declarer]
    assert g.exposed(S) == tuple(FACE_UP)  # the dummy is known whole from the start
    assert play.to_play == leader and g.turn == leader  # the declarer's opponent leads
    order = [leader, (leader + 1) % 3, (leader + 2) % 3]
    led = {ANNA: "D2", BEN: "D3"}
    for hand in order:
        assert play.to_play == hand and g.turn == g.form.controller(hand, declarer)
        card = "HA" if hand == S else led[hand]
        g.apply(CardPlayed(Card.parse(card)))
        assert g.phase == "play"  # no dummy phase: the dummy is down already
    assert len(play.tricks) == 1 and play.tricks[0].winner == E  # D3 over D2; no trumps in it


def test_an_exposed_dummy_scanned_in_part_is_not_asked_for_again_after_the_lead():
    """The dummy lies face up since before the auction: after the opening lead play
    goes on (no `dummy` phase); its cards not scanned are played as they come."""
    g = exposed(face_up=FACE_UP[:2])
    calls(g, "1NT", "P")  # Anna declares, Ben leads
    g.apply(CardPlayed(Card.parse("S2")))
    assert g.phase == "play" and g.turn == ANNA and g.deal.play.to_play == S
    g.apply(CardPlayed(Card.parse("HQ")))  # from the dummy, not scanned before
    with pytest.raises(RuleError, match="^HK is in Anna's hand"):  # the dummy's, not hers
        g.apply(CardPlayed(Card.parse("HK")))
    record = to_record(g)
    assert record["deals"][0]["face_up"] == ["HA", "HK"] and "shown" not in record["deals"][0]
    assert play_record(record).snapshot() == g.snapshot()


def test_an_older_exposed_dummy_record_with_cards_shown_after_the_lead_replays():
    """Before, the rest of a dummy scanned in part was asked for after the opening
    lead; such a record's `shown` cards are read as laid face up before the auction."""
    older = {
        "game": "exposed-dummy",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [
            {
                "face_up": ["HA", "HK"],
                "calls": ["1NT", "P"],
                "cards": ["S2", "HQ"],
                "shown": {"S": ["HQ"]},
            }
        ],
    }
    g = play_record(older)
    assert g.deal.face_up == cards("HA HK HQ") and g.phase == "play"
    assert [str(c) for c in g.deal.play.current] == ["S2", "HQ"]


@pytest.mark.parametrize("seed", [3, 11])
def test_robots_play_an_exposed_dummy_rubber_that_replays(seed):
    g = play_rubber(seed, "exposed-dummy")
    assert g.phase == "finished" and g.sheet.games[g.sheet.won_by] == 2
    played = [d for d in g.deals if d.play and d.play.tricks]
    assert all(len(t.cards) == 3 for d in played for t in d.play.tricks)
    again = play_record(json.loads(json.dumps(to_record(g))))
    assert sheet_report(again) == sheet_report(g)
