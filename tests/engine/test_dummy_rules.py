"""Rules reference section 3 for the dummy: a dummy's failure to follow is never
penalised (Law 64B3), in every form with a dummy, scanned or not; a semi-exposed
dummy with no face-up card of the suit led discards legally; the dummy neither
claims nor answers a claim (a stored claim naming it is the declarer's)."""

import pytest

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DummyDone,
    HonoursGiven,
    Setup,
)
from device.engine.game import Game
from device.engine.play import Revoke
from device.engine.record import play_record, to_record

N, E, S, W = range(4)


def cards(text):
    return [Card.parse(c) for c in text.split()]


def play(g, text):
    for card in cards(text):
        g.apply(CardPlayed(card))


def south_declares(form="rubber-bridge"):
    """South declares 4S (North deals); West leads D3; the dummy (North) laid out
    with OK, not scanned: the table does not know its cards."""
    g = Game(Setup(form, ("A", "B", "C", "D"), N, {}))
    for text in ("P", "P", "4S", "P", "P", "P"):
        g.apply(CallMade(Call.parse(text)))
    play(g, "D3")
    g.apply(DummyDone())
    return g


@pytest.mark.parametrize("form", ["rubber-bridge", "chicago"])
def test_an_unscanned_dummy_that_fails_to_follow_and_then_shows_the_suit_is_no_revoke(form):
    g = south_declares(form)
    play(g, "HA D4 D5")  # the dummy (North) plays a heart to West's diamond lead
    play(g, "D6 D7 D2 D8")  # South leads a diamond: the dummy shows one
    assert g.deal.play.revokes == []  # Law 64B3: nothing to rectify for the dummy
    # The declarer's own failure still is a revoke, proved when the suit shows.
    play(g, "C2 H3 C3 C4")  # East leads a club, South (declarer) plays a heart
    play(g, "C5 C6 C7 C8")  # North's C4 won; South shows a club
    assert g.deal.play.revokes == [Revoke(S, Card.parse("C2").suit, 2, 3)]


def test_no_trick_moves_for_the_dummys_failure_at_the_end_of_play():
    g = south_declares()
    play(g, "HA D4 D5")  # trick 1 to South; the dummy did not follow
    play(g, "D6 D7 D2 D8")  # the dummy shows a diamond
    g.apply(ClaimMade(11, S))  # the declarer claims the rest: 11 of 11
    g.apply(ClaimAnswered(True))
    assert g.deal.transfers == () and g.deal.tricks == g.deal.won == 12


# Semi-exposed dummies (seed 000): Anna's dummy (S) has spades and DA face up over
# hearts; Ben's dummy (W) has clubs face up over diamonds.
S_UP = "SA SK SQ SJ ST S9 DA"
W_UP = "CA CK CQ CJ CT C9 C8"


def semi_exposed():
    """Anna declares 1NT; Ben leads H2 from his own hand; both dummies laid out."""
    g = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), 1, {}))
    for text in ("1NT", "P"):
        g.apply(CallMade(Call.parse(text)))
    play(g, "H2")
    for card in cards(S_UP + " " + W_UP):
        g.apply(CardShown(card))
    return g


def test_a_semi_exposed_dummy_with_no_face_up_card_of_the_suit_discards_legally():
    g = semi_exposed()
    play(g, "S9 C9 H3")  # neither dummy has a heart face up: both discard a covering card
    assert g.phase == "turn-up"
    g.apply(CardShown(Card.parse("HA")))  # under Anna's S9: a heart, face down at trick 1
    g.apply(CardShown(Card.parse("D2")))  # under Ben's C9
    play(g, "H4 H5 HA C8")  # Anna leads a heart: her dummy now follows with the ace
    assert g.deal.play.revokes == []  # a card face down at the failure proves nothing
    g.apply(ClaimMade(11, 0))
    g.apply(ClaimAnswered(True))
    assert g.deal.transfers == () and g.deal.tricks == 13
    assert play_record(to_record(g)).snapshot() == g.snapshot()


def test_the_declarer_answers_a_defenders_claim_not_the_dummy():
    g = south_declares()
    play(g, "HA D4 D5")
    assert g.claimers == (E, S, W)  # North, the dummy, does not claim
    g.apply(ClaimMade(0, E))  # East concedes the rest
    assert g.turn == S  # South, the declarer, answers: the dummy (North) takes no part
    with pytest.raises(RuleError, match="^a claim is answered by the other side$"):
        g.apply(ClaimAnswered(True, W))
    g.apply(ClaimAnswered(True))
    assert g.events[-1] == ClaimAnswered(True, S) and g.deal.tricks == 13


def test_a_stored_claim_or_answer_naming_the_dummy_is_the_declarers():
    g = south_declares()
    play(g, "HA D4 D5")
    done = g.apply(ClaimMade(12, N))  # an older journal let the dummy claim
    assert done == ClaimMade(12, S) and g.deal.claim.seat == S
    g.apply(ClaimAnswered(False, W))
    g.apply(ClaimMade(0, W))  # the defenders concede; an older journal: the dummy answers
    assert g.apply(ClaimAnswered(True, N)) == ClaimAnswered(True, S)
    assert g.deal.tricks == 13
    copy = Game(g.setup)
    copy.replay(g.events)
    assert copy.snapshot() == g.snapshot()


def test_abridged_the_declarer_answers_a_defenders_claim_and_the_dummy_never_claims():
    from device.engine.events import Stated
    from tests.forms.abridged.test_abridged import ABRIDGED, ALICE, BOB, CAROL, TED, game

    g = game(dealer=ALICE)
    g.apply(Stated("Play"))  # Alice declares; Ted, her partner, is the dummy
    g.apply(DummyDone())
    for word in ("NT", 10, 10, 10, 10, 13, 13, 13, 13):
        g.apply(Stated(word))
    g.apply(CardPlayed(ABRIDGED.parse("R2")))  # Bob leads
    g.apply(ClaimMade(0, CAROL))  # a defender concedes
    assert g.turn == ALICE  # the declarer answers, not Ted, the dummy
    assert g.apply(ClaimAnswered(False, TED)) == ClaimAnswered(False, ALICE)
    assert g.apply(ClaimMade(13, TED)) == ClaimMade(13, ALICE)  # an older record's claim
    assert g.turn in (BOB, CAROL)


def test_honours_after_a_claim_must_fit_the_dummy_laid_out():
    g = Game(Setup("rubber-bridge", ("A", "B", "C", "D"), N, {}))
    for text in ("P", "P", "4S", "P", "P", "P"):
        g.apply(CallMade(Call.parse(text)))
    play(g, "D3")
    dummy = "SA SK SQ SJ H3 H4 H5 H6 H7 H8 H9 D2 C2"  # North: four top trumps
    for card in cards(dummy):
        g.apply(CardShown(card))
    g.apply(ClaimMade(12, S))
    g.apply(ClaimAnswered(True))
    before = g.snapshot()
    with pytest.raises(RuleError) as refused:
        g.apply(HonoursGiven(100, E))  # East-West cannot hold four of A K Q J 10
    assert str(refused.value) == "B cannot have held 4 trump honours: A showed SA, SK, SQ, SJ"
    assert g.snapshot() == before
    with pytest.raises(RuleError) as refused:
        g.apply(HonoursGiven(150, N))  # the dummy is known whole; South cannot hold five
    said = "A cannot have held 5 trump honours: every card of that hand is known: it held 4"
    assert str(refused.value) == said
    g.apply(HonoursGiven(100, S))  # the dummy held four: they count for its side
    assert g.deal.honours == (100, 0)


def test_turned_up_cards_follow_the_order_their_covering_cards_were_played():
    """docs/game-record.md: when both dummies are uncovered in one trick, `turned_up`
    lists the cards in the order the covering cards were played in it."""
    g = semi_exposed()
    play(g, "S9 C9 H3")  # trick 1, E S W N: Anna's own H3 wins
    for card in cards("HA D2"):  # under S9 (S), under C9 (W)
        g.apply(CardShown(card))
    play(g, "C2 C3 SK CA")  # trick 2, N E S W: W's CA wins
    for card in cards("HK D3"):  # under SK (S), under CA (W)
        g.apply(CardShown(card))
    play(g, "CK C4 C5 SQ")  # trick 3, W N E S: W's CK first, then S's SQ
    assert g.deal.play.turn_up == [W, S]
    g.apply(CardShown(Card.parse("D4")))  # under CK: Ben's dummy first
    g.apply(CardShown(Card.parse("HQ")))
    record = to_record(g)
    assert record["deals"][0]["turned_up"] == ["HA", "D2", "HK", "D3", "D4", "HQ"]
    again = play_record(record)
    assert again.exposed(W)[-1] == Card.parse("D4") and again.exposed(S)[-1] == Card.parse("HQ")
    assert again.snapshot() == g.snapshot()


def test_a_record_whose_claim_names_the_dummy_replays_as_the_declarers():
    record = {
        "game": "chicago",
        "players": ["A", "B", "C", "D"],
        "first_dealer": "A",
        "deals": [
            {
                "calls": ["P", "P", "4S", "P", "P", "P"],  # C declares: A is the dummy
                "cards": ["D3"],
                "claim": {"by": "A", "tricks": 12, "accepted": True},
            }
        ],
    }
    g = play_record(record)
    assert g.deal.claimed.seat == S and g.deal.tricks == 12
    assert to_record(g)["deals"][0]["claim"] == {"by": "C", "tricks": 12, "accepted": True}
