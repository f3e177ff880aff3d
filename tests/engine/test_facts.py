"""Facts the engine exposes so that the table can explain itself: each revoke's
trick transfer, the declarer's tricks before it, what an undo took back, and
honours given as none."""

import pytest

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    HonoursGiven,
    Setup,
    Undone,
    event_from_dict,
)
from device.engine.game import Game
from device.engine.play import Play, revoke_moves, revoke_transfer
from device.engine.record import play_record, to_record

ANNA, BEN = 0, 1


def new(dealer=BEN, **options):
    return Game(Setup("plain", ("Anna", "Ben"), dealer, options))


def revoked_game():
    """Anna declares 1S; Ben shows out of diamonds in trick 2, then plays a diamond in
    trick 3: the revoke in trick 2 is proved."""
    game = new()
    game.apply(CallMade(Call.parse("1S")))
    game.apply(CallMade(Call.parse("P")))
    for card in ("H2", "HA", "D5", "C3", "D6", "D4"):
        game.apply(CardPlayed(Card.parse(card)))
    return game


def test_each_revoke_says_how_many_tricks_it_moved_and_they_add_up():
    play = Play((0, 1), 0, None, ("Anna", "Ben"))
    for card in ["H2", "C3", "H4", "H3", "H5", "C4", "H6", "H7"]:  # Ben revokes hearts twice
        play.play(Card.parse(card))
    won = [play.sides[t.winner] for t in play.tricks] + [1] * 9
    moves = revoke_moves(play, won)
    assert [(r.trick, moved) for r, moved in moves] == [(0, 1), (2, 0)]  # the second: none
    assert revoke_transfer(play, won) == [1, -1]


def test_the_deal_keeps_the_tricks_before_the_transfer_and_each_revokes_share():
    game = revoked_game()
    game.apply(ClaimMade(9, ANNA))  # of the 10 left: Ben's side wins one after the revoke
    game.apply(ClaimAnswered(True))
    deal = game.deal
    assert deal.won == 12 and deal.tricks == 13
    [(revoke, moved)] = deal.transfers
    assert (revoke.hand, revoke.trick, moved) == (BEN, 1, 1)


def test_a_deal_without_revokes_has_no_transfers():
    game = new()
    game.apply(CallMade(Call.parse("1S")))
    game.apply(CallMade(Call.parse("P")))
    game.apply(ClaimMade(13, ANNA))
    game.apply(ClaimAnswered(True))
    assert game.deal.transfers == () and game.deal.won == game.deal.tricks == 13


def test_last_undone_is_what_the_last_undo_took_back():
    game = new()
    assert game.last_undone is None
    game.apply(CallMade(Call.parse("1S")))
    game.apply(Undone())
    assert game.last_undone == CallMade(Call.parse("1S"), ANNA)
    game.apply(CallMade(Call.parse("2H")))
    game.apply(CallMade(Call.parse("P")))
    game.apply(CardPlayed(Card.parse("SA")))
    game.apply(Undone())
    assert game.last_undone == CardPlayed(Card.parse("SA"), BEN)  # Ben leads


def claimed(game=None):
    game = game or new()
    game.apply(CallMade(Call.parse("1S")))
    game.apply(CallMade(Call.parse("P")))
    game.apply(ClaimMade(13, ANNA))
    game.apply(ClaimAnswered(True))
    return game


def test_honours_given_as_none_score_nothing_and_say_so():
    game = claimed()
    before = game.sheet.totals()
    done = game.apply(HonoursGiven(0))
    assert done == HonoursGiven(0, None)
    assert game.deal.honours == (0, 0) and game.deal.honours_from == "players"
    assert game.sheet.totals() == before
    with pytest.raises(RuleError, match="^honours were already given$"):
        game.apply(HonoursGiven(100, ANNA))
    game.apply(Undone())  # and undone, the question is open again
    assert game.deal.honours_from is None


def test_honours_none_is_stored_and_replays_from_the_journal_and_a_record():
    game = claimed()
    game.apply(HonoursGiven(0))
    stored = [event.to_dict() for event in game.events]
    again = new()
    again.replay(event_from_dict(data) for data in stored)
    assert again.snapshot() == game.snapshot()
    assert play_record(to_record(game)).snapshot() == game.snapshot()
