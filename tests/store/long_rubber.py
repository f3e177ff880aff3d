"""A rubber of thousands of deals, for the history's long-rubber tests and figures:
Plain Honeymoon, nearly every deal thrown in (both pass), every `played_every`-th
one played out in 7NT by robots' legal cards (a grand slam the robots never make,
so that no game ends the rubber), stopped early after the last deal."""

from __future__ import annotations

import random

from device.engine.calls import PASS, Strain, bid
from device.engine.events import CallMade, CardPlayed, NextDeal, Setup
from device.engine.game import Game
from device.robots import choose_card, deal_plain
from device.store.journal import Journal
from device.table import Table


def long_rubber(deals: int, played_every: int = 100, seed: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game(Setup("plain", ("Anna", "Ben"), 0))
    for number in range(deals):
        if number % played_every == played_every - 1:
            _played_out(game, rng)
        else:
            game.apply(CallMade(PASS))
            game.apply(CallMade(PASS))
        if number < deals - 1:
            game.apply(NextDeal())
    return game


def _played_out(game: Game, rng: random.Random) -> None:
    hands = deal_plain(rng, game.form.deck.cards, 2, 13)
    game.apply(CallMade(bid(7, Strain.NOTRUMP)))
    game.apply(CallMade(PASS))
    play = game.deal.play
    while game.phase == "play":
        hand = play.to_play
        card = choose_card(hands[hand], play.current, play.trump, rng)
        hands[hand].remove(card)
        game.apply(CardPlayed(card))
    assert game.phase == "deal-end", game.phase  # 7NT went down: no game, the rubber goes on


def stored_long_rubber(journal: Journal, deals: int, played_every: int = 100) -> int:
    """The long rubber stored in `journal` (in one transaction: it is written fast),
    stopped early as a table stops it; its rubber id."""
    game = long_rubber(deals, played_every)
    table = Table(Game(game.setup), journal=journal)
    journal.db.execute("BEGIN")
    journal.db.executemany(
        "INSERT INTO events (rubber, event, at) VALUES (?, ?, 0)",
        [(table.rubber, __import__("json").dumps(e.to_dict())) for e in game.events],
    )
    journal.db.execute("COMMIT")
    table.game = game
    table.stop_early()
    return table.rubber
