"""Draw Bridge in the terminal table: the line said for the top stock card turned
up (with `top_card_shown`) and for each draw trick won (who draws first)."""

from device.console import describe
from device.engine.cards import Card
from device.engine.events import CardPlayed, CardShown, Setup
from device.engine.game import Game


def draw_bridge(**options) -> Game:
    return Game(Setup("draw-bridge", ("Anna", "Ben"), 0, options))


def test_the_top_card_turned_up_is_said_in_words_not_as_an_event():
    game = draw_bridge(top_card_shown=True)
    done = game.apply(CardShown(Card.parse("S2")))
    assert describe(game, done) == "S2 turned up: the winner of draw trick 1 draws it"


def test_a_draw_trick_won_says_who_draws_first():
    game = draw_bridge()
    done = game.apply(CardPlayed(Card.parse("SK"), None))
    assert describe(game, done) == "Ben plays SK"
    done = game.apply(CardPlayed(Card.parse("H3"), None))
    assert describe(game, done) == "Anna plays H3; draw trick 1 to Ben: Ben draws first"


def test_with_the_top_card_shown_the_winner_is_said_to_draw_it():
    game = draw_bridge(top_card_shown=True)
    game.apply(CardShown(Card.parse("S2")))
    game.apply(CardPlayed(Card.parse("H3"), None))
    done = game.apply(CardPlayed(Card.parse("HK"), None))
    assert describe(game, done) == "Anna plays HK; draw trick 1 to Anna: Anna draws S2"
