"""Four-player records for the store, devices and end-to-end tests: robot games of
`chicago` and `rubber-bridge`, with thrown-in deals where a test needs them."""

from __future__ import annotations

from device.engine.record import play_record, to_record
from device.robots import play_rubber

PLAYERS = ("Anna", "Ben", "Carla", "Dirk")  # North, East, South, West
THROWN_IN = {"calls": ["P", "P", "P", "P"]}


def chicago_record(seed: int = 1, thrown_in_before: tuple[int, ...] = (1,)) -> dict:
    """A whole robot Chicago, with a thrown-in deal before each deal index given
    (0-based). In Chicago the same dealer deals again and the deal does not
    count, so the deals after it are played as before."""
    record = to_record(play_rubber(seed, "chicago", PLAYERS))
    deals = list(record["deals"])
    for index in sorted(thrown_in_before, reverse=True):
        deals.insert(index, dict(THROWN_IN))
    record = {**record, "deals": deals}
    assert play_record(record).phase == "finished"
    return record


RUBBER_SEED = 185  # the first robot rubber of at most 7 deals that has what the tests need


def rubber_record(seed: int = RUBBER_SEED) -> dict:
    """A robot rubber of rubber bridge of at most 7 deals, with a thrown-in deal and a
    dummy laid out only in part (or skipped) in it: the seed is the first of 0..199 that
    gives one (searching them takes 13 s, and this is built at collection)."""
    game = play_rubber(seed, "rubber-bridge", PLAYERS)
    partial = [d for d in game.deals if d.dummy is not None and len(d.play.seen) < 1]
    assert len(game.deals) <= 7 and any(d.thrown_in for d in game.deals) and partial
    return to_record(game)


def shown_record(record: dict) -> dict:
    """The record with every counting deal's dummy laid out whole (all 13 of its cards in
    `shown`), as a table whose players scanned the dummy would have it."""
    game = play_record(record)
    seats = game.form.seat_names()
    deals = []
    for deal, entry in zip(game.deals, record["deals"], strict=True):
        if deal.dummy is not None:
            entry = {
                **entry,
                "shown": {seats[deal.dummy]: [str(c) for c in deal.play.by_hand[deal.dummy]]},
            }
        deals.append(entry)
    return {**record, "deals": deals}
