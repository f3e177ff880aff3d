"""What the game accepts now: `legal_inputs(game)`, the engine's `board.legal_moves`.

Every consumer that has to know what may come next (the robots, the card picker,
the hints, the simulated devices' scripts, the property tests) asks here instead
of switching on phase names. The inputs are the engine's own events, as the table
makes them: the seat (or hand) left None where the game fills in whose turn it
is, named where it says something (a claim's claimer, a later dummy's card). The
order is stable: cards in the deck's order, calls from the lowest, then the keys,
Undo last.

The phases of the game core (draw, auction, play, dummy, face-up, choose,
turn-up, deal-end) are answered here; a form's own phases by the form's hook
`GameForm.phase_legal`. Every input is one the phase takes (`form.accepts`), so a
form that takes fewer inputs in a core phase (aBRIDGEd gives no honours) is
answered by its `phase_inputs` alone. Where a number is open-ended (a claim, a
strength), the finite set the rules allow is given. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .calls import Strain
from .events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    Event,
    HonoursGiven,
    NextDeal,
    Undone,
)
from .honours import refusal as honours_refusal

if TYPE_CHECKING:
    from .game import Game


def legal_inputs(game: Game) -> tuple[Event, ...]:
    """Every input `game` accepts now, in a stable order (Undone last, when there is
    something to undo)."""
    phase, deal = game.phase, game.deal
    if deal.phase in game.form.own_phases:
        found = tuple(game.form.phase_legal(deal, game.players))
    else:
        found = tuple(_CORE.get(deal.phase, _none)(game))
    found = tuple(event for event in found if game.form.accepts(phase, event))
    return found + ((Undone(),) if game.can_undo else ())


def legal_cards(game: Game, kind: type[Event] = CardPlayed) -> tuple:
    """The cards of the legal inputs of one kind (CardPlayed, CardShown) that name no
    hand: what a card scanned or tapped now may be."""
    return tuple(
        e.card for e in legal_inputs(game) if type(e) is kind and getattr(e, "hand", None) is None
    )


def _none(game: Game):
    return ()


def _draw(game: Game):
    yield DrawTurnEnded()
    yield DrawPhaseEnded()


def _auction(game: Game):
    for call in game.deal.auction.legal_calls():
        yield CallMade(call)


def _play(game: Game):
    """The cards the engine would take from the hand to play, and the claims; while a
    claim waits, only its answers."""
    deal, form = game.deal, game.form
    play = deal.play
    if deal.claim is not None:
        yield ClaimAnswered(True)
        yield ClaimAnswered(False)
        return
    for card in form.deck.cards:
        if play.allows(card) and form.dead_card(deal, card) is None:
            yield CardPlayed(card)
    remaining = form.tricks - len(play.tricks)
    for seat in game.claimers:
        for tricks in range(remaining + 1):
            yield ClaimMade(tricks, seat)


def _dummy(game: Game):
    """A card shown in the dummy laid out now (hand None: a scan goes to it), or in a
    later one named by its hand; OK moves on."""
    deal, form = game.deal, game.form
    for hand in game._dummies_left(deal):
        if game._laid_out(deal, hand) and hand not in deal.play.known:
            continue  # all its face-up cards are in
        named = None if hand == deal.dummy else hand
        for card in form.deck.cards:
            if deal.play.why_not_shown(hand, card) is None:
                yield CardShown(card, named)
    yield DummyDone()


def _face_up(game: Game):
    deal = game.deal
    for card in game.form.deck.cards:
        if card not in deal.face_up:
            yield CardShown(card)
    yield DummyDone()


def _choose(game: Game):
    yield DummyChosen(True)
    yield DummyChosen(False)


def _turn_up(game: Game):
    """The face-down card under a card played from a dummy: any card the table has not
    seen elsewhere, or OK (not scanned)."""
    deal = game.deal
    hand = deal.play.turn_up[0]
    for card in game.form.deck.cards:
        if deal.play.why_not_shown(hand, card) is None:
            yield CardShown(card)
    yield DummyDone()


def _deal_end(game: Game):
    """Honours given after a claim (each seat, each value the cards allow), None held;
    the next deal unless the rubber is over."""
    deal = game.deal
    if _honours_open(game):
        yield HonoursGiven(0)
        points = (150,) if deal.contract.strain is Strain.NOTRUMP else (100, 150)
        for seat in range(len(game.players)):
            for value in points:
                if _honours_possible(game, seat, value):
                    yield HonoursGiven(value, seat)
    if not game.sheet.finished:
        yield NextDeal()


def _honours_open(game: Game) -> bool:
    deal = game.deal
    scored = game.options.get("honours", True)
    return deal.contract is not None and scored and deal.honours_from is None


def _honours_possible(game: Game, seat: int, points: int) -> bool:
    deal, form = game.deal, game.form
    return (
        honours_refusal(
            deal.play,
            form.side(seat),
            game.players[seat],
            deal.contract.strain,
            points,
            form.deck,
            lambda hand, card: form.not_held(deal, hand, card),
        )
        is None
    )


_CORE = {
    "draw": _draw,
    "auction": _auction,
    "play": _play,
    "dummy": _dummy,
    "face-up": _face_up,
    "choose": _choose,
    "turn-up": _turn_up,
    "deal-end": _deal_end,
}
