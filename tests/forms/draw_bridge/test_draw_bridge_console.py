"""Draw Bridge in the terminal table: the line said for the top stock card turned
up (with `top_card_shown`) and for each draw trick won (who draws first)."""

import io
import queue

from device.console import Console, describe
from device.engine.cards import Card
from device.engine.events import CardPlayed, CardShown, Setup
from device.engine.game import Game
from device.loop import TableLoop
from device.table import Table


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


def test_a_refusal_in_the_draw_tricks_names_the_phase_in_words():
    table = Table(Game(Setup("draw-bridge", ("Anna", "Ben"), 0, {})))
    out = io.StringIO()
    con = Console(TableLoop(table, queue.Queue()), out=out)
    for line in ("ok", "1s"):
        con.lines.put(line)
        con.tick(0)
        con.tick(0)  # typed keys and calls go through the loop's queue
    text = out.getvalue()
    assert "! OK is not used in the draw tricks: play Ben's card" in text
    assert "draw-tricks" not in text
    assert "! the auction starts when the draw tricks are over: play Ben's card" in text


def test_no_to_end_draw_goes_on_without_a_refusal():
    table = Table(Game(Setup("draw-bridge", ("Anna", "Ben"), 0, {})))
    out = io.StringIO()
    con = Console(TableLoop(table, queue.Queue()), out=out)
    for line in ("end draw", "no"):
        con.lines.put(line)
        con.tick(0)
    text = out.getvalue()
    assert "still following the draw tricks" in text and "!" not in text
    assert table.game.phase == "draw-tricks"


def test_end_draw_speaks_of_the_draw_tricks_and_the_pick_up():
    for form, what, verb in (
        ("draw-bridge", "the draw tricks", "are"),
        ("pick-up", "the pick-up", "is"),
    ):
        table = Table(Game(Setup(form, ("Anna", "Ben"), 0, {})))
        out = io.StringIO()
        con = Console(TableLoop(table, queue.Queue()), out=out)
        for line in ("end draw", "yes"):
            con.lines.put(line)
            con.tick(0)
        text = out.getvalue()
        assert f"stop following {what} now? type yes to stop (anything else goes on)" in text
        assert f"{what} {verb} no longer followed: the auction starts" in text
        assert "draw phase" not in text and table.game.phase == "auction"
