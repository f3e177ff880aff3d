"""View models: what each screen may show, and never a hidden card."""

import random

from device.engine.events import CallMade, ClaimAnswered, ClaimMade, Setup
from device.engine.game import Game
from device.engine.record import play_record
from device.ui.view import build_view
from tests.engine.helpers import deal_cards
from tests.ui.form_checks import every_view


def played_so_far(game):
    """Cards already face up on the table at some point this deal."""
    play = game.deal.play
    if play is None:
        return set()
    return {str(c) for c in play.played}


def test_privacy_walk_no_view_ever_holds_an_unplayed_card():
    for seed, form in [(1, "draw-and-discard"), (2, "plain"), (3, "draw-and-discard")]:
        game = Game(Setup(form, ("Anna", "Ben"), 0))
        views = 0
        for view in every_view(game, random.Random(seed)):
            assert view.cards() <= played_so_far(game)
            views += 1
        assert views > 100


def test_auction_view_greys_illegal_calls():
    game = Game(Setup("plain", ("Anna", "Ben"), 0))
    game.apply(_call("1S"))
    view = build_view(game)
    assert view.phase == "auction" and view.turn == "Anna"
    assert view.auction.calls == ((1, "1S"),) and view.auction.first == 1
    assert "X" in view.auction.legal and "1S" not in view.auction.legal
    assert "XX" not in view.auction.legal and "1NT" in view.auction.legal


def _call(text):
    from device.engine.calls import Call

    return CallMade(Call.parse(text))


def test_play_view_trick_last_trick_and_claim():
    game = play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "deals": [{"calls": ["2H", "P"], "cards": deal_cards(0, 9, "H")[:3]}],
        }
    )
    view = build_view(game)
    play = view.play
    assert play.contract == "2H" and play.declarer == "Anna"
    assert play.won == (1, 0) and play.trick_number == 2
    assert play.last_trick == ((1, "C2"), (0, "C3")) and play.last_winner == 0
    assert play.trick == ((0, "C5"),)
    game.apply(ClaimMade(5, 0))
    assert build_view(game).play.claim == ("Anna", 5)
    game.apply(ClaimAnswered(True))
    result = build_view(game).result
    assert result.ask_honours and result.tricks == 6 and result.over == -2
    assert result.lines == ((1, "above", 100, "undertricks"),)


def test_sheet_view_columns_and_games():
    game = play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "deals": [
                {"calls": ["4S", "P"], "cards": deal_cards(0, 11, "S")},
                {"calls": ["P", "P"]},
                {"calls": ["2C", "P"], "cards": deal_cards(0, 8, "C")},
            ],
        }
    )
    sheet = build_view(game).sheet
    assert sheet.sides == ("Anna", "Ben")
    assert sheet.games == (((0, 120),), ((0, 40),))
    assert sheet.above == ((0, 30, "overtricks"),)
    assert sheet.closing == ((0, 300, "unfinished-game"), (0, 100, "unfinished-part-score"))
    assert sheet.totals == (590, 0) and sheet.games_won == (1, 0) and not sheet.finished
    seats = build_view(game).seats
    assert seats[0].vulnerable and not seats[1].vulnerable
