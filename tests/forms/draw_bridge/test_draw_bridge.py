"""Draw Bridge, classic (seed 000): 13 draw tricks at no trumps that do not count,
the non-dealer leading first; their cards are dead in the real play; the top
stock card shown and scanned before each trick (option), so its drawer is
known; undo through the draw tricks; then the auction and play as usual."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device import forms
from device.engine.calls import Call
from device.engine.cards import STANDARD, Card
from device.engine.errors import RuleError
from device.engine.events import CallMade, CardPlayed, CardShown, DrawPhaseEnded, Setup, Undone
from device.engine.game import Game
from device.engine.record import RecordError, play_record, to_record
from device.robots import play_rubber
from tests.engine import test_properties as properties
from tests.engine.helpers import check_random_game

ANNA, BEN = 0, 1


def game(dealer=BEN, **options):
    return Game(Setup("draw-bridge", ("Anna", "Ben"), dealer, options))


def c(text):
    return Card.parse(text)


def play_all(g, texts):
    for text in texts:
        g.apply(CardPlayed(c(text)))


DRAW = [str(card) for card in STANDARD.cards[:26]]  # the draw tricks' cards
REST = [str(card) for card in STANDARD.cards[26:]]


def test_draw_tricks_then_the_auction():
    g = game(dealer=BEN)
    assert g.phase == "draw-tricks"
    assert g.turn == ANNA  # the non-dealer leads to the first draw trick
    with pytest.raises(RuleError, match="draw tricks are over"):
        g.apply(CallMade(Call.parse("1S")))
    play_all(g, DRAW[:2])
    assert len(g.deal.own.draw.tricks) == 1 and g.phase == "draw-tricks"
    play_all(g, DRAW[2:])
    assert g.phase == "auction"
    assert g.form.draw_cards(g.deal) == tuple(c(t) for t in DRAW)
    assert g.sheet.deals == 0  # the draw tricks do not count


def test_draw_tricks_are_no_trump_and_the_winner_leads():
    g = game(dealer=BEN)
    play_all(g, ["C2", "S3"])  # a spade does not ruff: Anna led and wins
    assert g.deal.own.draw.tricks[0].winner == ANNA and g.turn == ANNA
    play_all(g, ["C4", "C5"])
    assert g.turn == BEN


def test_a_dead_card_is_refused_in_the_play():
    g = game(dealer=BEN)
    play_all(g, DRAW)
    g.apply(CallMade(Call.parse("1N")))
    g.apply(CallMade(Call.parse("P")))
    assert g.phase == "play"
    with pytest.raises(RuleError, match="dead"):
        g.apply(CardPlayed(c(DRAW[5])))
    play_all(g, REST)
    assert g.phase == "deal-end" and g.sheet.deals == 1


def test_a_card_played_twice_in_the_draw_tricks_is_refused():
    g = game()
    play_all(g, ["C2", "C3"])
    with pytest.raises(RuleError, match="already played"):
        g.apply(CardPlayed(c("C2")))


def test_undo_through_the_draw_tricks():
    g = game()
    play_all(g, DRAW)
    assert g.phase == "auction"
    for _ in range(3):
        g.apply(Undone())
    assert g.phase == "draw-tricks" and len(g.form.draw_cards(g.deal)) == 23
    before = g.snapshot()
    replayed = Game(g.setup)
    replayed.replay(g.events)
    assert replayed.snapshot() == before


def test_the_top_card_is_scanned_before_each_trick_and_goes_to_the_winner():
    g = game(dealer=BEN, top_card_shown=True)
    assert g.phase == "draw-top" and g.turn == ANNA
    with pytest.raises(RuleError, match="top card of the stock"):
        g.apply(CardPlayed(c("C2")))
    assert g.form.input_for("draw-top", "card", c("SA")) == CardShown(c("SA"))
    g.apply(CardShown(c("SA")))
    assert g.phase == "draw-tricks"
    with pytest.raises(RuleError, match="top card of the stock"):
        g.apply(CardPlayed(c("SA")))
    play_all(g, ["C2", "C3"])  # Ben wins and draws the ace of spades
    assert g.phase == "draw-top" and g.turn == BEN
    with pytest.raises(RuleError, match="already seen"):
        g.apply(CardShown(c("SA")))
    g.apply(CardShown(c("HA")))
    g.apply(CardPlayed(c("C5")))  # Ben leads; Anna follows
    with pytest.raises(RuleError, match="Ben drew it"):
        g.apply(CardPlayed(c("SA")))
    assert g.form.held_before_play(g.deal) == ((BEN, c("SA")),)


def test_a_drawn_top_card_is_in_its_winners_hand_in_the_play():
    g = game(dealer=BEN, top_card_shown=True)
    tops = [str(card) for card in STANDARD.cards[39:52]]  # the spades
    draw = [str(card) for card in STANDARD.cards[:26]]  # clubs and diamonds
    for i in range(13):
        g.apply(CardShown(c(tops[i])))
        play_all(g, draw[2 * i : 2 * i + 2])
    assert g.phase == "auction"
    g.apply(CallMade(Call.parse("1H")))
    g.apply(CallMade(Call.parse("P")))
    winners = [t.winner for t in g.deal.own.draw.tricks]
    assert g.exposed(winners[0]) and c(tops[0]) in g.exposed(winners[0])
    # Ben leads against Anna's 1H; a spade Anna drew is refused from Ben
    anna_top = next(tops[i] for i, w in enumerate(winners) if w == ANNA)
    with pytest.raises(RuleError, match="Anna"):
        g.apply(CardPlayed(c(anna_top)))


def test_options_and_bad_input():
    g = game(must_follow_draw=True)
    assert g.options["must_follow_draw"] is True and g.options["top_card_shown"] is False
    with pytest.raises(RuleError):
        g.apply(CardShown(c("SA")))  # no top card shown in this game
    with pytest.raises(RuleError, match="turn"):
        g.apply(CardPlayed(c("C2"), BEN))
    assert g.inputs == []


def played_deal(g, tops=()):
    for i in range(13):
        if tops:
            g.apply(CardShown(c(tops[i])))
        play_all(g, DRAW[2 * i : 2 * i + 2])
    g.apply(CallMade(Call.parse("1N")))
    g.apply(CallMade(Call.parse("P")))
    while g.phase == "play":  # the first card each hand may play, in deck order
        for card in STANDARD.cards:
            try:
                g.apply(CardPlayed(card))
                break
            except RuleError:
                continue


def test_the_record_holds_the_draw_cards_before_the_calls_and_replays():
    g = game()
    played_deal(g)
    record = to_record(g)
    deal = record["deals"][0]
    assert list(deal)[0] == "draw_cards" and deal["draw_cards"] == DRAW
    again = play_record(json.loads(json.dumps(record)))
    assert again.snapshot() == g.snapshot()


def test_the_record_with_top_cards_replays():
    tops = [str(card) for card in STANDARD.cards[39:52]]
    g = game(top_card_shown=True)
    played_deal(g, tops)
    assert g.phase == "deal-end"
    record = to_record(g)
    assert record["deals"][0]["draw_top"] == tops
    assert play_record(record).snapshot() == g.snapshot()


def test_a_record_without_draw_cards_stays_valid():
    record = {
        "game": "draw-bridge",
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"calls": ["1N", "P"], "cards": REST}],
    }
    g = play_record(record)
    assert g.phase == "deal-end" and g.sheet.deals == 1


def test_replay_checks_the_draw_cards():
    record = {
        "game": "draw-bridge",
        "players": ["Anna", "Ben"],
        "deals": [{"draw_cards": ["C2", "C2"], "calls": ["1N", "P"]}],
    }
    with pytest.raises(RecordError, match="deal 1, draw_cards, card 2: C2 was already played"):
        play_record(record)
    record["deals"][0] = {"draw_cards": DRAW, "calls": ["1N", "P"], "cards": [DRAW[0]]}
    with pytest.raises(RecordError, match="dead"):
        play_record(record)
    record["game"] = "plain"
    with pytest.raises(RecordError, match="no draw tricks"):
        play_record(record)


def test_stop_following_the_draw_tricks():
    g = game()
    play_all(g, DRAW[:4])
    g.apply(DrawPhaseEnded())
    assert g.phase == "auction"
    g.apply(Undone())
    assert g.phase == "draw-tricks"


@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_random_games_keep_the_rules_undo_and_replay(data):
    """The property checks of tests/engine/test_properties.py, for this form."""
    check_random_game(data.draw, "draw-bridge")


def test_the_form_is_registered():
    assert forms.find_form("draw-bridge").title == "Draw Bridge"
    names = [f.name for f in forms.FORMS]
    assert names.index("draw-bridge") == names.index("plain") + 1


@pytest.mark.parametrize("seed", [1, 2])
def test_robot_rubbers_finish_and_play_back(seed):
    g = play_rubber(seed, "draw-bridge")
    assert g.phase == "finished" and g.sheet.finished
    assert all(len(g.form.draw_cards(d)) == 26 for d in g.deals)
    properties.check_deals(g)
    properties.check_sheet(g)
    assert play_rubber(seed, "draw-bridge").events == g.events
    assert play_record(json.loads(json.dumps(to_record(g)))).snapshot() == g.snapshot()


def test_playing_a_record_leaves_it_as_it_was():
    tops = [str(card) for card in STANDARD.cards[39:52]]
    g = game(top_card_shown=True)
    played_deal(g, tops)
    record = to_record(g)
    kept = json.loads(json.dumps(record))
    play_record(record)
    assert record == kept


def test_after_the_draw_tricks_are_skipped_no_top_card_is_known_in_a_hand():
    """The rest of the draw tricks went on unseen: a top card drawn may have been
    played in one of them, so it is not shown nor held to follow suit."""
    g = game(dealer=BEN, top_card_shown=True)  # Anna leads the first draw trick
    g.apply(CardShown(c("S2")))
    play_all(g, ["HA", "H3"])  # Anna wins and draws S2
    g.apply(DrawPhaseEnded())
    assert g.form.held_before_play(g.deal) == ()
    for call in ("1D", "P"):  # Anna declares, Ben leads
        g.apply(CallMade(Call.parse(call)))
    assert g.exposed(ANNA) == ()
    play_all(g, ["S5", "D3"])  # Anna shows out of spades: S2 went in a later draw trick
    assert g.deal.play.revokes == [] and len(g.deal.play.tricks) == 1
