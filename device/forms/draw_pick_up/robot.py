"""Robots in the pick-up of Draw / Pick-Up: the form's robot part (device/robots.py
finds it in the package): `PHASES`, the phases before the auction that are the
form's own, and `inputs(game, hands, rng)`, the inputs of them as the robots play them."""

from __future__ import annotations

import random
from collections.abc import Iterator

from device.engine.cards import Card
from device.engine.events import CardShown, Event, PickUp
from device.engine.game import Game
from device.engine.legal import legal_inputs
from device.robots import worth_keeping

PHASES = ("pick-up",)


def inputs(game: Game, hands: list[list[Card]], rng: random.Random) -> Iterator[Event]:
    """Draw / Pick-Up: the 26 cards not dealt are the stock; each is turned up (scanned)
    and taken (OK) or rejected (P) by the player whose turn it is; a robot that takes a
    card discards its lowest other card face down."""
    dealt = {c for hand in hands for c in hand}
    stock = [c for c in game.form.deck.cards if c not in dealt]
    rng.shuffle(stock)
    deal = game.deal
    while game.phase in PHASES:
        if deal.own.turned is None:
            yield CardShown(stock.pop())
            continue
        card, hand = deal.own.turned, hands[game.turn]
        take = worth_keeping(card, hand, rng) and rng.random() < 0.7
        take = take and PickUp(True) in legal_inputs(game)
        if take:
            hand.remove(min(hand, key=lambda c: (c.rank, c.suit.order)))
            hand.append(card)
        yield PickUp(take)
