"""Semi-exposed dummies (seed 000): Double Dummy with each dummy laid out after the
opening lead as six face-down cards, each covered by a face-up card, and a seventh
face-up card. The first six face-up cards scanned each cover a pile; a face-down
card is turned up (the `turn-up` phase: scanned, or OK) at the end of the trick in
which the card on it was played; only face-up cards are played. Undo, records with
`turned_up`, robots and the shared property checks."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    DummyDone,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.forms.semi_exposed_dummies.rules import SemiExposedDummies
from device.robots import play_rubber
from tests.engine import test_properties as properties
from tests.engine.helpers import check_random_game

N, E, S, W = range(4)  # Anna, Ben, Anna's dummy, Ben's dummy
ANNA, BEN = 0, 1
FORM = SemiExposedDummies()


def cards(text):
    return [Card.parse(c) for c in text.split()]


def card(text):
    return Card.parse(text)


# Anna's dummy (S): covers SA..S9 over the hearts, DA alone; Ben's dummy (W):
# covers CA..C9 over the diamonds' low cards, C8 alone.
S_UP = "SA SK SQ SJ ST S9 DA"
W_UP = "CA CK CQ CJ CT C9 C8"


def laid_out(lead="H2", s_up=S_UP, w_up=W_UP):
    """Anna declares 1NT, Ben leads from his own hand, both dummies laid out."""
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    for text in ("1NT", "P"):
        g.apply(CallMade(Call.parse(text)))
    g.apply(CardPlayed(card(lead)))
    for c in cards(s_up):
        g.apply(CardShown(c))
    for c in cards(w_up):
        g.apply(CardShown(c))
    return g


def test_each_dummy_lays_out_seven_face_up_cards_after_the_opening_lead():
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    assert g.phase == "auction" and g.form.title == "Semi-exposed dummies"
    for text in ("1NT", "P"):
        g.apply(CallMade(Call.parse(text)))
    g.apply(CardPlayed(card("H2")))
    assert g.phase == "dummy" and g.deal.dummy == S
    for c in cards(S_UP):
        g.apply(CardShown(c))
    assert g.phase == "dummy" and g.deal.dummy == W  # seven: the next dummy
    with pytest.raises(RuleError, match="laid out now, not Anna's"):
        g.apply(CardShown(card("H3"), S))
    for c in cards(W_UP):
        g.apply(CardShown(c))
    assert g.phase == "play" and g.deal.play.to_play == S and g.turn == ANNA
    assert g.deal.play.piles == {S: cards(S_UP)[:6], W: cards(W_UP)[:6]}
    assert g.exposed(S) == tuple(cards(S_UP))


def test_a_covered_card_is_refused_by_name_with_the_face_up_cards_to_play():
    g = laid_out()
    with pytest.raises(RuleError, match="^H3 is not face up in Anna's dummy: play a face-up"):
        g.apply(CardPlayed(card("H3")))
    assert "(SA, SK, SQ, SJ, ST, S9, DA)" in g.deal.play.why_not(card("H3"))
    assert g.phase == "play" and len(g.deal.play.played) == 1  # nothing changed


def test_the_card_under_a_covering_card_turns_up_at_the_end_of_the_trick():
    g = laid_out()
    g.apply(CardPlayed(card("SA")))  # S covers a pile
    g.apply(CardPlayed(card("CA")))  # W covers a pile
    assert g.phase == "play"  # not before the trick is over
    g.apply(CardPlayed(card("H3")))  # Anna's own hand: the trick is over
    assert g.phase == "turn-up" and g.deal.play.turn_up == [S, W]
    assert g.hand == S and g.turn == ANNA
    with pytest.raises(RuleError, match="first turn up the card under the one played"):
        g.apply(CardPlayed(card("HK")))
    with pytest.raises(RuleError, match="first turn up"):
        g.apply(ClaimMade(3))
    with pytest.raises(RuleError, match="a card of Anna's dummy is turned up now"):
        g.apply(CardShown(card("HA"), W))
    g.apply(CardShown(card("HA")))
    assert g.phase == "turn-up" and g.hand == W and g.turn == BEN
    g.apply(DummyDone())  # West's is turned up without a scan
    assert g.phase == "play" and g.deal.turned_up == [card("HA"), None]
    assert card("HA") in g.exposed(S)
    assert g.deal.play.face_up == {S: 7, W: 7}


def test_a_pile_keeps_its_place_so_the_table_is_told_which_to_turn_up():
    g = laid_out()
    g.apply(CardPlayed(card("SQ")))  # S: the card on its third pile
    g.apply(CardPlayed(card("C8")))  # W: its seventh card, on no pile
    assert g.deal.play.pile_to_turn(S) == 2  # waiting under the card played
    g.apply(CardPlayed(card("H3")))
    assert g.phase == "turn-up" and g.deal.play.pile_to_turn(S) == 2
    g.apply(CardShown(card("HA")))
    places = g.deal.play.places
    assert [p.card for p in places[S]] == cards("SA SK HA SJ ST S9 DA")
    assert [p.under for p in places[S]] == [True, True, False, True, True, True, False]
    assert [p.up for p in places[W]] == [True] * 6 + [False]  # its seventh is played
    assert g.deal.play.pile_to_turn(S) is None


def test_the_terminal_table_names_the_pile_to_turn_up():
    from device.console import status
    from device.console_words import Words

    g = laid_out()
    for c in cards("SA CK H3"):  # South's pile 1, West's pile 2
        g.apply(CardPlayed(c))
    assert "turn up the card under pile 1 of Anna's dummy" in status(g)
    g.apply(DummyDone())
    assert "draai de kaart onder stapel 2 van de blinde van Ben om" in status(g, Words("nl"))


def test_a_dummy_that_led_has_its_seventh_place_empty():
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    for text in ("1H", "2S", "P"):
        g.apply(CallMade(Call.parse(text)))
    g.apply(CardPlayed(card("DA")))  # from Anna's dummy, before it is laid out
    for c in cards("SA SK SQ SJ ST S9"):
        g.apply(CardShown(c))
    g.apply(DummyDone())
    places = g.deal.play.places[S]
    assert len(places) == 7 and places[6].card == card("DA") and not places[6].up


def test_the_second_dummy_may_be_scanned_first_but_not_past_its_seven():
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    for text in ("1NT", "P"):
        g.apply(CallMade(Call.parse(text)))
    g.apply(CardPlayed(card("H2")))
    g.apply(CardShown(card("SA")))
    for c in cards(W_UP):
        g.apply(CardShown(c, W))
    with pytest.raises(RuleError, match="^all 7 face-up cards of Ben's dummy are in$"):
        g.apply(CardShown(card("H3"), W))
    for c in cards(S_UP)[1:]:
        g.apply(CardShown(c))
    assert g.phase == "play" and g.deal.play.piles[W] == cards(W_UP)[:6]


def test_the_seventh_card_covers_nothing_and_a_known_face_up_card_must_follow():
    g = laid_out()
    g.apply(CardPlayed(card("DA")))  # S plays the card on no pile
    g.apply(CardPlayed(card("C8")))  # W shows no heart: its card on no pile
    g.apply(CardPlayed(card("H3")))  # Anna's own hand is unknown: any card
    assert g.phase == "play" and g.deal.play.face_up == {S: 6, W: 6}
    assert g.deal.play.piles[S] == cards(S_UP)[:6]  # no pile uncovered
    g2 = laid_out(lead="S2")  # spades led: Anna's dummy shows spades
    with pytest.raises(RuleError, match="^Anna must follow suit \\(spades\\)$"):
        g2.apply(CardPlayed(card("DA")))


def test_skipped_layout_cards_are_unknown_face_up_cards_then_refused_when_used_up():
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    for text in ("1NT", "P"):
        g.apply(CallMade(Call.parse(text)))
    g.apply(CardPlayed(card("H2")))
    for c in cards("SA SK"):
        g.apply(CardShown(c))
    g.apply(DummyDone())  # five face-up cards of S not scanned
    for c in cards(W_UP):
        g.apply(CardShown(c))
    assert g.phase == "play"
    assert g.deal.play.piles[S] == [*cards("SA SK"), None, None, None, None]
    g.apply(CardPlayed(card("D2")))  # unknown: the first pile not scanned
    assert g.deal.play.piles[S] == [*cards("SA SK"), None, None, None]
    g.apply(CardPlayed(card("C8")))  # W's card on no pile: only S turns up
    g.apply(CardPlayed(card("H3")))
    assert g.phase == "turn-up" and g.deal.play.turn_up == [S]
    g.apply(CardShown(card("D3")))
    # S: SA SK D3 known and four unknown face up (7 + 1 turned - 1 played = 7)
    assert g.deal.play.face_up[S] == 7 and g.phase == "play"


def test_a_dummy_that_led_lays_out_six_with_the_lead_as_its_seventh():
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), BEN, {}))
    for text in ("1H", "2S", "P"):
        g.apply(CallMade(Call.parse(text)))
    assert g.deal.declarer == BEN and g.deal.play.to_play == S
    g.apply(CardPlayed(card("DA")))  # from Anna's dummy, before it is laid out
    for c in cards("SA SK SQ SJ ST S9"):
        g.apply(CardShown(c))
    assert g.phase == "dummy" and g.deal.dummy == W  # six and the lead make seven
    g.apply(DummyDone())
    assert g.deal.play.piles[S] == cards("SA SK SQ SJ ST S9")
    assert g.deal.play.face_up == {S: 6, W: 7}


def test_undo_goes_back_through_the_turn_up_and_the_trick():
    g = laid_out()
    before = g.snapshot()
    for c in cards("SA CA H3"):
        g.apply(CardPlayed(c))
    g.apply(CardShown(card("HA")))
    after_one = g.snapshot()
    g.apply(DummyDone())
    g.apply(Undone())
    assert g.snapshot() == after_one and g.phase == "turn-up"
    for _ in range(4):
        g.apply(Undone())
    assert g.snapshot() == before
    assert g.deal.play.piles[S] == cards(S_UP)[:6]


def record_of(deal):
    return {
        "game": "semi-exposed-dummies",
        "options": {},
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "deals": [deal],
    }


DEAL = {
    "calls": ["1NT", "P"],
    "cards": ["H2", "SA", "CA", "H3", "H4"],
    "shown": {"S": S_UP.split(), "W": W_UP.split()},
    "turned_up": ["HA", None],
}


def test_a_record_says_the_cards_turned_up_in_order_and_plays_back():
    g = play_record(record_of(DEAL))
    assert g.deal.turned_up == [card("HA"), None]
    assert g.exposed(S)[-1] == card("HA") and g.deal.play.trick_number == 2
    again = to_record(g)
    assert again["deals"][0]["turned_up"] == ["HA", None]
    assert again["deals"][0]["shown"] == DEAL["shown"]  # the turned-up card is not in it
    assert play_record(json.loads(json.dumps(again))).snapshot() == g.snapshot()


def test_a_record_without_turned_up_is_valid_and_oks_each_turn_up():
    deal = {k: v for k, v in DEAL.items() if k != "turned_up"}
    g = play_record(record_of(deal))
    assert g.deal.turned_up == [None, None] and g.phase == "play"
    stopped = play_record(record_of(deal | {"cards": DEAL["cards"][:4]}))
    assert stopped.phase == "turn-up"  # the record ends before the turn-up


@pytest.mark.parametrize(
    ("turned", "message"),
    [
        (["HA", None, "HK"], "deal 1, turned_up: HK is more than was turned up"),
        ("HA", "deal 1: turned_up must be a list of cards"),
        (["SA"], "deal 1, turned_up: SA was already played"),
        (["ZZ"], "deal 1, turned_up: "),
    ],
)
def test_a_record_with_wrong_turned_up_cards_is_refused(turned, message):
    with pytest.raises(RecordError, match=f"^{message}"):
        play_record(record_of(DEAL | {"turned_up": turned}))


@pytest.mark.parametrize("seed", [1, 5])
def test_robots_play_a_rubber_that_replays_to_the_same_sheet(seed):
    g = play_rubber(seed, "semi-exposed-dummies")
    assert g.phase == "finished" and g.sheet.games[g.sheet.won_by] == 2
    assert any(c is not None for d in g.deals for c in d.turned_up)
    assert any(c is None for d in g.deals for c in d.turned_up)  # some with OK
    record = json.loads(json.dumps(to_record(g)))
    again = play_record(record)
    assert sheet_report(again) == sheet_report(g) and to_record(again) == record


def random_input(game, draw):
    """The shared random inputs, with the turn-up phase: a card not shown, or OK."""
    if game.phase == "turn-up":
        if draw(st.integers(0, 4)) == 0:
            return DummyDone()
        return CardShown(draw(st.sampled_from(properties.showable(game))))
    return SHARED_INPUT(game, draw)


SHARED_INPUT = properties.random_input


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_random_games_keep_the_rules_undo_and_replay(data):
    """The property checks of tests/engine/test_properties.py, for this form."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(properties, "random_input", random_input)
        check_random_game(data.draw, FORM.name)


def test_the_refusals_of_this_form_are_shown_in_dutch():
    from device.ui.i18n import Catalog

    nl = Catalog("nl")
    g = laid_out()
    messages = []
    for event in (CardPlayed(card("H3")),):
        with pytest.raises(RuleError) as refused:
            g.apply(event)
        messages.append(str(refused.value))
    for c in cards("SA CA H3"):
        g.apply(CardPlayed(c))
    for event in (CardPlayed(card("HK")), CardShown(card("HA"), W)):
        with pytest.raises(RuleError) as refused:
            g.apply(event)
        messages.append(str(refused.value))
    assert [nl.error(m) for m in messages] == [
        "H3 ligt niet open in de blinde van Anna: speel een open kaart "
        "(SA, SK, SQ, SJ, ST, S9, DA)",
        "draai eerst de kaart om onder de kaart die uit de blinde gespeeld is (scan hem, of OK)",
        "nu gaat een kaart van de blinde van Anna open",
    ]
    from device.engine.message import msg

    said = msg("all {count} face-up cards of {name}'s dummy are in", count=7, name="Ben")
    assert nl.error(said) == ("alle 7 open kaarten van de blinde van Ben zijn er al")
    assert nl.t("help.semi-exposed-dummies.play").startswith("Bied op je eigen hand")


def test_the_documented_deal_plays_back_as_it_says():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "game-record.md").read_text()
    block = text[text.index("`semi-exposed-dummies` (seed 000)") :].split("```")[1]
    g = play_record(record_of(json.loads(block)))
    assert g.deal.turned_up == [card("HA"), None]
    assert g.deal.play.shown(S)[-1] == card("HA")
