"""Property tests over random legal games: any input the rules allow, in any order."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import PASS
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    HonoursGiven,
    NextDeal,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.engine.honours import refusal
from device.engine.play import TRICKS
from device.robots import draw_hands, play_rubber

FORMS = st.sampled_from(["draw-and-discard", "plain"])
OPTIONS = st.fixed_dictionaries(
    {
        "honours": st.booleans(),
        "single_game": st.booleans(),
        "auction_end": st.sampled_from(["first-pass", "three-passes"]),
        "dealer_bids_first": st.booleans(),
    }
)


def random_input(game: Game, draw):
    """One legal input for the game's state, chosen by hypothesis."""
    deal = game.deal
    if game.phase == "draw":
        return DrawPhaseEnded() if draw(st.integers(0, 9)) == 0 else DrawTurnEnded()
    if game.phase == "auction":
        legal = deal.auction.legal_calls()
        # Passing often keeps auctions short; otherwise any legal call.
        return CallMade(PASS if draw(st.booleans()) else draw(st.sampled_from(legal)))
    if game.phase == "play":
        if deal.claim is not None:
            return ClaimAnswered(draw(st.booleans()))
        if draw(st.integers(0, 30)) == 0:
            remaining = TRICKS - len(deal.play.tricks)
            seat = draw(st.integers(0, 1))
            return ClaimMade(draw(st.integers(0, remaining)), seat)
        unplayed = [c for c in game.form.deck.cards if c not in deal.play.played]
        return CardPlayed(draw(st.sampled_from(unplayed)))
    can_give = deal.honours_from is None and deal.contract is not None and game.options["honours"]
    if can_give and draw(st.integers(0, 3)) == 0:
        possible = possible_honours(game)
        if possible:
            return draw(st.sampled_from(possible))
    return NextDeal()


def possible_honours(game: Game) -> list[HonoursGiven]:
    """The honours a player may still give: those that fit the cards played."""
    deal = game.deal
    values = (150,) if deal.contract.strain.letter == "NT" else (100, 150)
    return [
        HonoursGiven(points, seat)
        for points in values
        for seat in (0, 1)
        if refusal(deal.play, seat, "", deal.contract.strain, points, game.form.deck) is None
    ]


def random_game(draw, max_inputs=400):
    game = Game(Setup(draw(FORMS), ("Anna", "Ben"), draw(st.integers(0, 1)), draw(OPTIONS)))
    while game.phase != "finished" and len(game.inputs) < max_inputs:
        game.apply(random_input(game, draw))
    return game


def check_deals(game: Game) -> None:
    for deal in game.deals:
        play = deal.play
        if play is None:
            continue
        played = [c for t in play.tricks for c in t.cards] + play.current
        assert len(set(played)) == len(played) <= 26
        if deal.phase == "deal-end":
            assert deal.claimed is not None or len(play.tricks) == TRICKS
            assert 0 <= deal.tricks <= TRICKS
            declarer, defenders = deal.tricks, TRICKS - deal.tricks
            assert declarer + defenders == TRICKS
            if deal.claimed is None and not play.revokes:
                won = play.tricks_won()
                assert won[game.form.side(deal.declarer)] == deal.tricks
                assert sum(won) == TRICKS


def check_sheet(game: Game) -> None:
    assert all(line.points > 0 for line in game.sheet.lines)
    assert all(total >= 0 for total in game.sheet.totals())
    for deal in game.deals:
        if deal.outcome is not None:
            assert all(v >= 0 for pair in game.sheet.deal_score(deal.number) for v in pair)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_games_keep_the_rules(data):
    game = random_game(data.draw)
    check_deals(game)
    check_sheet(game)
    copy = Game(game.setup)
    copy.replay(game.events)
    assert copy.snapshot() == game.snapshot()


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_each_undo_gives_back_the_earlier_state_exactly(data):
    game = random_game(data.draw, max_inputs=150)
    replayed = Game(game.setup)
    snapshots = [replayed.snapshot()]
    for event in game.inputs:
        replayed.apply(event)
        if data.draw(st.integers(0, 4)) == 0:
            undone = replayed.undo()
            assert undone == event
            assert replayed.snapshot() == snapshots[-1]
            replayed.apply(event)
        snapshots.append(replayed.snapshot())
    assert replayed.snapshot() == game.snapshot()
    for expected in reversed(snapshots[:-1]):
        replayed.apply(Undone())
        assert replayed.snapshot() == expected
    assert not replayed.can_undo


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), FORMS)
def test_robot_rubbers_finish_with_a_winner(seed, form):
    game = play_rubber(seed, form)
    assert game.phase == "finished" and game.sheet.finished
    assert game.sheet.games[game.sheet.won_by] == 2
    check_deals(game)
    check_sheet(game)
    again = play_rubber(seed, form)
    assert again.snapshot() == game.snapshot() and again.events == game.events


@given(st.integers(0, 2**32), st.integers(0, 1))
def test_draw_phase_uses_52_distinct_cards(seed, first):
    from device.engine.cards import STANDARD

    hands, discards = draw_hands(random.Random(seed), STANDARD.cards, first)
    assert [len(h) for h in hands] == [13, 13] and [len(d) for d in discards] == [13, 13]
    assert len({c for pile in hands + discards for c in pile}) == 52
