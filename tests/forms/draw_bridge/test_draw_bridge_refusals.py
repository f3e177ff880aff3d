"""Draw Bridge at the table, with the top card shown: a card played before the
top card is scanned says what is wrong and what to do instead once, in English
and Dutch."""

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import CallMade, CardPlayed, DrawPhaseEnded, Setup
from device.engine.game import Game
from device.table import Table
from device.ui.i18n import Catalog


def test_a_card_played_before_the_top_card_is_scanned_says_what_to_do_once():
    options = {"top_card_shown": True}
    table = Table(Game(Setup("draw-bridge", ("Anna", "Ben"), 0, options)))
    refused = table.apply(CardPlayed(Card.parse("S2"), None))
    assert not refused.accepted and table.game.phase == "draw-top"
    assert refused.text == (
        "the top card of the stock is turned up before the trick: scan the top card of the stock"
    )
    dutch = f"{Catalog('nl').error(refused.message)}: {Catalog('nl').error(refused.hint)}"
    assert dutch.count("scan") == 1 and dutch.count("bovenste kaart") == 2


def test_a_dead_card_in_the_play_asks_for_another_card():
    table = Table(Game(Setup("draw-bridge", ("Anna", "Ben"), 0, {})))
    for event in (CardPlayed(Card.parse("S2")), CardPlayed(Card.parse("S3")), DrawPhaseEnded()):
        assert table.apply(event).accepted
    for call in ("1NT", "P"):
        assert table.apply(CallMade(Call.parse(call))).accepted
    refused = table.apply(CardPlayed(Card.parse("S2")))
    assert not refused.accepted
    assert refused.text == "S2 was played in a draw trick: it is dead: play another card"


def test_ok_before_the_top_card_names_the_draw_tricks_in_both_languages():
    from device.engine.message import msg

    message = msg("OK is not used in the {phase}", phase="draw-top")  # the table's refusal
    assert Catalog("en").error(message) == "OK is not used in the draw tricks"
    assert Catalog("nl").error(message) == "OK wordt nu niet gebruikt (trekslagen)"
