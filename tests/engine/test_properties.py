"""Property tests over random legal games: any input the rules allow, in any order."""

import random
from dataclasses import is_dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import PASS
from device.engine.deal import Deal
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    HonoursGiven,
    NextDeal,
    PickUp,
    Setup,
    TalonDiscarded,
    Undone,
    event_from_dict,
)
from device.engine.game import Game
from device.engine.honours import refusal
from device.engine.record import play_record, to_record
from device.forms import FORMS as REGISTERED
from device.robots import NAMES, draw_hands, play_rubber
from tests.engine.abridged_inputs import DECLARING, declaring_input

# Every registered form, each with its own players and options: a new form is
# tested by registering it.
NAMES_OF_FORMS = [form.name for form in REGISTERED]
FORMS = st.sampled_from(NAMES_OF_FORMS)
EACH_FORM = pytest.mark.parametrize("form", NAMES_OF_FORMS)


def setup_of(draw, name: str) -> Setup:
    form = next(f for f in REGISTERED if f.name == name)
    options = {o.name: draw(st.sampled_from(o.choices)) for o in form.options}
    players = NAMES[: form.players]
    return Setup(name, players, draw(st.integers(0, form.players - 1)), options)


def random_input(game: Game, draw):
    """One legal input for the game's state, chosen by hypothesis."""
    deal = game.deal
    if game.phase == "draw":
        return DrawPhaseEnded() if draw(st.integers(0, 9)) == 0 else DrawTurnEnded()
    if game.phase in ("draw-top", "draw-tricks"):  # Draw Bridge's draw tricks
        return draw_trick_input(game, draw)
    if game.phase == "pick-up":  # Draw / Pick-Up: a stock card turned up, taken or not
        return pickup_input(game, draw)
    if game.phase in DECLARING:  # aBRIDGEd's declaring in place of an auction
        return declaring_input(game, draw)
    if game.phase == "face-up":  # a dummy laid face up before the auction
        if draw(st.integers(0, 13)) == 0:
            return DummyDone()
        cards = [c for c in game.form.deck.cards if c not in deal.face_up]
        return CardShown(draw(st.sampled_from(cards)))
    if game.phase == "choose":  # the declarer chooses a dummy
        return DummyChosen(draw(st.booleans()))
    if game.phase == "talon":  # three players: the declarer took the talon (OK)
        return TalonDiscarded()
    if game.phase == "auction":
        legal = deal.auction.legal_calls()
        # Passing often keeps auctions short; otherwise any legal call.
        return CallMade(PASS if draw(st.booleans()) else draw(st.sampled_from(legal)))
    if game.phase in ("dummy", "turn-up"):  # a dummy laid out, or a covered card turned up
        if draw(st.integers(0, 13)) == 0:
            return DummyDone()
        return CardShown(draw(st.sampled_from(showable(game))))
    if game.phase == "play":
        if deal.claim is not None:
            return ClaimAnswered(draw(st.booleans()))
        if draw(st.integers(0, 30)) == 0:
            remaining = game.form.tricks - len(deal.play.tricks)
            seats = range(len(game.players))  # those the form lets claim
            seat = draw(st.sampled_from([s for s in seats if not refused_claim(game, s)]))
            return ClaimMade(draw(st.integers(0, remaining)), seat)
        return CardPlayed(draw(st.sampled_from(playable(game))))
    can_give = deal.honours_from is None and deal.contract is not None and game.options["honours"]
    if can_give and draw(st.integers(0, 3)) == 0:
        possible = possible_honours(game)
        if possible:
            return draw(st.sampled_from(possible))
    return NextDeal()


def draw_trick_input(game: Game, draw):
    """A top card not seen yet, or a card of the draw trick (not the top card, not one
    the other player drew); now and then the stop."""
    deal = game.deal
    if draw(st.integers(0, 40)) == 0:
        return DrawPhaseEnded()
    seen = set(deal.own.draw.played) | set(deal.own.draw_top)
    if game.phase == "draw-top":
        return CardShown(draw(st.sampled_from([c for c in game.form.deck.cards if c not in seen])))
    drawn = game.form._drawn_by(deal)
    hand = deal.own.draw.to_play
    top = deal.own.draw_top[-1:] if len(deal.own.draw_top) > len(deal.own.draw.tricks) else []
    cards = [
        c
        for c in game.form.deck.cards
        if c not in deal.own.draw.played and c not in top and drawn.get(c, hand) == hand
    ]
    return CardPlayed(draw(st.sampled_from(cards)))


def refused_claim(game: Game, seat: int) -> str | None:
    return game.form.claim_refusal(seat, game.deal.declarer)


def pickup_input(game: Game, draw):
    """A stock card not turned up yet, else take or reject the one face up; now and
    then the stop."""
    deal = game.deal
    if draw(st.integers(0, 60)) == 0:
        return DrawPhaseEnded()
    if deal.own.turned is not None:
        return PickUp(draw(st.booleans()))
    turned = {card for card, _ in deal.own.pickups}
    return CardShown(draw(st.sampled_from([c for c in game.form.deck.cards if c not in turned])))


def showable(game: Game) -> list:
    """Cards that may still be shown in the dummy: neither played nor shown."""
    play = game.deal.play
    seen = {c for cards in play.seen.values() for c in cards}
    return [c for c in game.form.deck.cards if c not in play.played and c not in seen]


def playable(game: Game) -> list:
    """Cards the hand to play may play: where its hand is known, the legal ones."""
    deal = game.deal
    return [
        c
        for c in game.form.deck.cards
        if deal.play.why_not(c) is None and game.form.dead_card(deal, c) is None
    ]


def possible_honours(game: Game) -> list[HonoursGiven]:
    """The honours a player may still give: those that fit the cards played."""
    deal = game.deal
    values = (150,) if deal.contract.strain.letter == "NT" else (100, 150)
    return [
        HonoursGiven(points, seat)
        for points in values
        for seat in range(len(game.players))
        if honours_refused(game, points, seat) is None
    ]


def honours_refused(game: Game, points: int, seat: int) -> str | None:
    """Why `seat`'s side cannot have held these honours, by every card the table knows."""
    deal = game.deal
    return refusal(
        deal.play,
        game.form.side(seat),
        "",
        deal.contract.strain,
        points,
        game.form.deck,
        lambda hand, card: game.form.not_held(deal, hand, card),
    )


def random_game(draw, max_inputs=400, form=None):
    game = Game(setup_of(draw, form or draw(FORMS)))
    while game.phase != "finished" and len(game.inputs) < max_inputs:
        game.apply(random_input(game, draw))
    return game


def check_deals(game: Game) -> None:
    TRICKS = game.form.tricks
    for deal in game.deals:
        play = deal.play
        if play is None:
            continue
        played = [c for t in play.tricks for c in t.cards] + play.current
        assert len(set(played)) == len(played) <= TRICKS * play.hands
        # A dummy's failure to follow is never a revoke (Law 64B3).
        assert not [r for r in play.revokes if r.hand in play.dummies]
        for hand, shown in deal.shown.items():  # shown and not played, in one hand only
            assert not set(shown) & set(played)
            assert all(not set(shown) & set(other) for h, other in deal.shown.items() if h != hand)
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


@EACH_FORM
@settings(max_examples=15, deadline=None)
@given(st.data())
def test_random_games_keep_the_rules(form, data):
    game = random_game(data.draw, form=form)
    check_deals(game)
    check_sheet(game)
    copy = Game(game.setup)
    copy.replay(game.events)
    assert copy.snapshot() == game.snapshot()


@EACH_FORM
@settings(max_examples=5, deadline=None)
@given(st.data())
def test_a_form_keeps_its_own_deal_state_in_deal_own_and_sets_nothing_else(form, data):
    """The deal's attributes are those Deal declares; a form's own (deal.own) is a
    dataclass of its own package, or None."""
    game = random_game(data.draw, max_inputs=150, form=form)
    declared = set(vars(Deal(1, 0, "auction", None)))
    package = type(game.form).__module__.rpartition(".")[0]
    for deal in game.deals:
        assert set(vars(deal)) == declared
        own = deal.own
        assert own is None or (is_dataclass(own) and type(own).__module__.startswith(package))


def test_a_snapshot_compares_the_forms_own_deal_state():
    """Undo and replay are checked by snapshots: a change in deal.own alone is seen."""
    game = Game(Setup("draw-pick-up", ("Anna", "Ben"), 0))
    before = game.snapshot()
    game.deal.own.passed = True
    assert game.snapshot() != before


@EACH_FORM
@settings(max_examples=10, deadline=None)
@given(st.data())
def test_each_undo_gives_back_the_earlier_state_exactly(form, data):
    game = random_game(data.draw, max_inputs=150, form=form)
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


@EACH_FORM
@settings(max_examples=6, deadline=None)
@given(st.data())
def test_a_dead_card_is_refused_in_the_play_and_changes_nothing(form, data):
    """A card an earlier phase put out of play (Draw Bridge's draw tricks) is refused."""
    game = random_game(data.draw, max_inputs=data.draw(st.integers(0, 150)), form=form)
    while game.phase not in ("play", "finished") and len(game.inputs) < 400:
        game.apply(random_input(game, data.draw))  # on to a deal's play
    if game.phase != "play" or game.deal.claim is not None:
        return
    before = game.snapshot()
    for card in game.form.deck.cards:
        if game.form.dead_card(game.deal, card) is not None:
            with pytest.raises(RuleError, match="dead"):
                game.apply(CardPlayed(card))
            assert game.snapshot() == before


@EACH_FORM
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32))
def test_robot_rubbers_finish_with_a_winner(form, seed):
    game = play_rubber(seed, form)
    assert game.phase == "finished" and game.sheet.finished
    if game.form.scoring == "chicago":
        first, second = game.sheet.totals()
        assert game.sheet.counted == 4
        assert (game.sheet.winner is None) == (first == second)
    elif game.form.scoring == "abridged":  # four hands; the tie-breaks always decide
        assert game.sheet.deals == 4 and game.sheet.winner in (0, 1)
    else:
        assert game.sheet.games[game.sheet.won_by] == 2
    check_deals(game)
    check_sheet(game)
    for deal in game.deals:  # robots play legal cards from real hands: never a revoke
        assert deal.play is None or (deal.play.revokes == [] and deal.transfers == ())
    again = play_rubber(seed, form)
    assert again.snapshot() == game.snapshot() and again.events == game.events
    # The record and the journal's dicts play back to the same state.
    assert play_record(to_record(game)).snapshot() == game.snapshot()
    deck = game.form.deck.name
    stored = [event_from_dict(e.to_dict(), deck) for e in game.events]
    assert stored == game.events


@given(st.integers(0, 2**32), st.integers(0, 1))
def test_draw_phase_uses_52_distinct_cards(seed, first):
    from device.engine.cards import STANDARD

    hands, discards = draw_hands(random.Random(seed), STANDARD.cards, first)
    assert [len(h) for h in hands] == [13, 13] and [len(d) for d in discards] == [13, 13]
    assert len({c for pile in hands + discards for c in pile}) == 52


@EACH_FORM
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_true_honours_after_a_claim_are_never_refused(form, seed, data):
    """A robot rubber, its hands known from the cards played: claimed at a random card
    of a deal, the honours truly held fit every card the table knew (rules reference,
    section 3), and honours no hand held in a deal played out are refused."""
    game = play_rubber(seed, form)
    if not game.options.get("honours", False) or game.form.deck.name != "standard":
        return
    held = [d for d in game.deals if d.honours_from == "cards" and any(d.honours)]
    if not held:
        return
    target = data.draw(st.sampled_from(held))
    side = max(range(len(target.honours)), key=lambda s: target.honours[s])
    seat = next(s for s in range(len(game.players)) if game.form.side(s) == side)
    claimed = claimed_at(game, target, data.draw(st.integers(0, 12)))
    if claimed is None:
        return
    assert honours_refused(claimed, target.honours[side], seat) is None


def claimed_at(game: Game, target, cards: int) -> Game | None:
    """`game` replayed to `cards` cards into the play of deal `target`, then the
    declarer claims every trick left and the other side accepts; None if no such point."""
    again = Game(game.setup)
    for event in game.inputs:
        deal = again.deal
        at_target = deal.number == target.number and again.phase == "play"
        if at_target and deal.claim is None and len(deal.play.played) >= cards:
            break
        again.apply(event)
    if again.deal.number != target.number or again.phase != "play":
        return None
    remaining = again.form.tricks - len(again.deal.play.tricks)
    again.apply(ClaimMade(remaining, again.deal.declarer))
    while again.deal.claim is not None:
        again.apply(ClaimAnswered(True))
    assert again.phase in ("deal-end", "finished")
    return again
