"""Robots declaring aBRIDGEd (seed 001) as people do: Play in round one on a
strong hand, the true strengths in round two (so they add up to 40), Ten on a
strong team, the longest colour of hand and dummy as trump, and now and then a
colour count or a round-one strength that is off, for the table's check to find.

The form's robot part (device/robots.py finds it in the package): `PHASES`, the
phases before the play that are the form's own, and `inputs(game, hands, rng)`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from device.engine.cards import Card
from device.engine.events import CardShown, Event, Stated
from device.engine.game import Game
from device.engine.legal import legal_inputs

from .deck import COLOURED
from .rules import DECLARING as PHASES

MISSAID = 0.1  # how often a robot states a number that the cards then prove wrong


def strength(hand: list[Card]) -> int:
    return sum(COLOURED.pips(c) for c in hand)


def colour_count(hand: list[Card]) -> int:
    return max(_lengths(hand).values())


def _lengths(cards: list[Card]) -> dict:
    return {colour: sum(c.suit is colour for c in cards) for colour in COLOURED.suits}


def inputs(game: Game, hands: list[list[Card]], rng: random.Random) -> Iterator[Event]:
    """The inputs of one hand's declaring, the dummy laid out as people do it. Each
    word or number is one of the engine's legal inputs (`legal_inputs`)."""
    from device.robots import lay_out  # the robots import this part when they play

    deal = game.deal
    while game.phase in PHASES:
        seat, phase = game.turn, game.phase
        if phase == "round-one":
            strong = strength(hands[seat]) + colour_count(hands[seat]) >= 19
            yield _say(game, "Play" if strong or rng.random() < 0.05 else "Pass")
        elif phase == "lay-out":
            dummy = hands[(deal.declarer + 2) % 4]
            shown = {e.card for e in legal_inputs(game) if isinstance(e, CardShown)}
            yield from lay_out([c for c in dummy if c in shown], rng)
        elif phase == "ten-seven":
            team = strength(hands[seat]) + strength(hands[(seat + 2) % 4])
            yield _say(game, "Ten" if team >= 25 else "Seven")
        elif phase == "trump":
            yield _say(game, _trump(hands[seat] + hands[(seat + 2) % 4]))
        elif phase == "strength":
            true = strength(hands[seat])
            off = deal.own.round == 1 and rng.random() < MISSAID
            yield _say(game, max(0, true + rng.choice((-1, 1))) if off else true)
        else:
            true = colour_count(hands[seat])
            off = rng.random() < MISSAID and true < 13
            yield _say(game, true + 1 if off else true)


def _say(game: Game, what: str | int) -> Stated:
    """`what` said, when the rules allow it now; else the word or number allowed that is
    nearest (a number off by more than the rules' range)."""
    allowed = [e for e in legal_inputs(game) if isinstance(e, Stated)]
    if Stated(what) in allowed or not allowed:
        return Stated(what)
    numbers = [e for e in allowed if isinstance(e.what, int)]
    if isinstance(what, int) and numbers:
        return min(numbers, key=lambda e: abs(e.what - what))
    return allowed[0]


def _trump(cards: list[Card]) -> str:
    """The longest colour of the team's two hands, or NT when none is long."""
    lengths = _lengths(cards)
    colour = max(lengths, key=lambda c: (lengths[c], c.order))
    return colour.letter if lengths[colour] >= 8 else "NT"
