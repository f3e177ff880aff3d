"""Honours given after a claim must fit every card the table knows (rules reference,
section 3): a card taken face up in Draw / Pick-Up, a card both rejected, a card
played in Draw Bridge's draw tricks, a top card another player drew."""

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
    HonoursGiven,
    PickUp,
    Setup,
)
from device.engine.game import Game

ANNA, BEN = 0, 1


def cards(text):
    return [Card.parse(c) for c in text.split()]


def calls(g, text):
    for call in text.split():
        g.apply(CallMade(Call.parse(call)))


def claim_the_rest(g, seat):
    g.apply(ClaimMade(g.form.tricks - len(g.deal.play.tricks), seat))
    g.apply(ClaimAnswered(True))


def refused(g, points, seat) -> str:
    before = g.snapshot()
    with pytest.raises(RuleError) as error:
        g.apply(HonoursGiven(points, seat))
    assert g.snapshot() == before
    return str(error.value)


def pick_up_deal():
    """Anna rejects SA and Ben takes it; ST and 24 more are rejected by both; Ben
    declares 1S, Anna leads, one trick, Ben claims the rest."""
    g = Game(Setup("draw-pick-up", ("Anna", "Ben"), BEN, {}))
    g.apply(CardShown(Card.parse("SA")))
    g.apply(PickUp(False))
    g.apply(PickUp(True))  # Ben takes the ace of spades face up
    rest = "ST " + " ".join(f"H{r}" for r in "23456789TJQKA") + " S2 S3 S4 S5 S6 S7 D2 D3 D4 D5 D6"
    for card in cards(rest):
        g.apply(CardShown(card))
        g.apply(PickUp(False))
        g.apply(PickUp(False))
    assert g.phase == "auction"
    calls(g, "P 1S P")
    for card in cards("C2 C3"):
        g.apply(CardPlayed(card))
    claim_the_rest(g, BEN)
    return g


def test_a_card_taken_face_up_or_rejected_by_both_is_in_no_other_hand():
    g = pick_up_deal()
    why = "Ben took SA; ST was rejected by both players"
    assert refused(g, 100, ANNA) == f"Anna cannot have held 4 trump honours: {why}"
    assert refused(g, 150, BEN).startswith("Ben cannot have held 5 trump honours: ST was")
    g.apply(HonoursGiven(100, BEN))  # A K Q J in Ben's hand fits
    assert g.deal.honours == (0, 100)


def test_cards_of_the_draw_tricks_and_a_top_card_drawn_are_in_no_hand_of_the_play():
    g = Game(Setup("draw-bridge", ("Anna", "Ben"), BEN, {"top_card_shown": True}))
    draw = ["SK", "SQ"] + [f"C{r}" for r in "23456789TJQKA"] + [f"D{r}" for r in "23456789TJQ"]
    tops = ["SA"] + [f"H{r}" for r in "23456789TJQK"]  # the first top card: SA
    for i in range(13):
        g.apply(CardShown(Card.parse(tops[i])))
        for card in draw[2 * i : 2 * i + 2]:
            g.apply(CardPlayed(Card.parse(card)))
    assert g.deal.own.draw.tricks[0].winner == ANNA  # Anna's SK: she drew SA
    calls(g, "P 1S P")  # Anna speaks first, Ben declares
    g.apply(CardPlayed(Card.parse("DK")))  # Anna leads
    g.apply(CardPlayed(Card.parse("DA")))
    claim_the_rest(g, BEN)
    why = "Anna drew SA; SK was played in a draw trick; SQ was played in a draw trick"
    assert refused(g, 100, BEN) == f"Ben cannot have held 4 trump honours: {why}"
    assert "2 more would be needed" not in refused(g, 100, ANNA)  # SA SJ ST: three
