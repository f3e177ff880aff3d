"""Draw / Pick-Up at the table: a refusal says what is wrong and what to do
instead once (the engine's reason, the table's hint), in English and Dutch."""

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import CallMade, CardPlayed, CardShown, DrawPhaseEnded, PickUp, Setup
from device.engine.game import Game
from device.table import Table
from device.ui.i18n import Catalog


def test_take_or_reject_before_a_card_is_turned_up_says_what_to_do_once():
    table = Table(Game(Setup("draw-pick-up", ("Anna", "Ben"), 0, {})))
    for take in (True, False):
        refused = table.apply(PickUp(take))
        assert not refused.accepted
        assert (
            refused.text
            == "no stock card is face up: turn up the top card of the stock and scan it"
        )
        dutch = f"{Catalog('nl').error(refused.message)}: {Catalog('nl').error(refused.hint)}"
        assert dutch.count("draai") == 1 and "stapelkaart" in dutch


def test_a_card_scanned_while_one_is_face_up_says_who_decides_and_how_once():
    table = Table(Game(Setup("draw-pick-up", ("Anna", "Ben"), 0, {})))
    assert table.apply(CardShown(Card.parse("S2"))).accepted
    refused = table.apply(CardShown(Card.parse("S3")))
    assert not refused.accepted and table.game.deal.own.turned == Card.parse("S2")
    assert refused.text == "S2 is face up, for Ben to decide: take S2 with OK or reject it with P"
    dutch = f"{Catalog('nl').error(refused.message)}: {Catalog('nl').error(refused.hint)}"
    assert dutch == "S2 ligt open, Ben beslist: pak S2 met OK of wijs hem af met P"


def test_a_dead_card_in_the_play_asks_for_another_card():
    table = Table(Game(Setup("draw-pick-up", ("Anna", "Ben"), 0, {})))  # Ben turns first
    for event in (CardShown(Card.parse("S2")), PickUp(True), DrawPhaseEnded()):
        assert table.apply(event).accepted  # Ben took S2
    for call in ("1NT", "P"):  # Ben declares, Anna leads
        assert table.apply(CallMade(Call.parse(call))).accepted
    refused = table.apply(CardPlayed(Card.parse("S2")))
    assert not refused.accepted
    assert refused.text == "S2 was taken by Ben: it is dead for Anna: play another card"
