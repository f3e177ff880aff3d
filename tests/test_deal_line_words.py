"""The deal's line in words (terminal table, demo, replay) counts one trick in the
singular."""

from device.engine.record import play_record
from device.sheet_text import deal_line
from tests.engine.helpers import deal_cards


def test_one_trick_is_said_in_the_singular():
    game = play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "deals": [{"calls": ["1NT", "P"], "cards": deal_cards(0, 1, None)}],
        }
    )
    assert deal_line(game, game.deals[0]) == "Deal 1, Ben deals: 1NT by Anna, 1 trick, down 6"
