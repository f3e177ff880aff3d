"""Robots in Draw Bridge's draw tricks: the form's robot part (device/robots.py finds
it in the package): `PHASES`, the phases before the auction that are the form's own,
and `inputs(game, hands, rng)`, the inputs of them as the robots play them."""

from __future__ import annotations

import random
from collections.abc import Iterator

from device.engine.cards import Card
from device.engine.events import CardPlayed, CardShown, Event
from device.engine.game import Game
from device.robots import choose_card, may_play

PHASES = ("draw-top", "draw-tricks")


def inputs(game: Game, hands: list[list[Card]], rng: random.Random) -> Iterator[Event]:
    """Draw Bridge's 13 draw tricks: the stock is the 26 cards not dealt; the top card
    is scanned before each trick when the option says so; the winner draws it, the
    loser the next. Robots follow suit in the draw tricks either way."""
    dealt = {c for hand in hands for c in hand}
    stock = [c for c in game.form.deck.cards if c not in dealt]
    rng.shuffle(stock)
    draw = game.deal.own.draw
    while game.phase in PHASES:
        if game.phase == "draw-top":
            yield CardShown(stock[0])
            continue
        hand = draw.to_play
        card = choose_card(may_play(game, hands[hand], CardPlayed), draw.current, None, rng)
        hands[hand].remove(card)
        done = len(draw.tricks)
        yield CardPlayed(card)
        if len(draw.tricks) > done:  # the trick is over: winner draws first
            winner = draw.tricks[-1].winner
            hands[winner].append(stock.pop(0))
            hands[1 - winner].append(stock.pop(0))
