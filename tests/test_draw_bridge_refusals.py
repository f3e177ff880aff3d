"""Draw Bridge at the table, with the top card shown: a card played before the
top card is scanned says what is wrong and what to do instead once, in English
and Dutch."""

from device.engine.cards import Card
from device.engine.events import CardPlayed, Setup
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
