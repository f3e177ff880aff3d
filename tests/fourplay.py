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


def rubber_record(most_deals: int = 6) -> dict:
    """The first robot rubber of rubber bridge with at most `most_deals` deals,
    with a thrown-in deal and a dummy laid out only in part (or skipped) in it."""
    for seed in range(200):
        game = play_rubber(seed, "rubber-bridge", PLAYERS)
        if len(game.deals) > most_deals:
            continue
        record = to_record(game)
        partial = [d for d in game.deals if d.dummy is not None and len(d.play.seen) < 1]
        if any(d.thrown_in for d in game.deals) and partial:
            return record
    raise AssertionError("no short robot rubber with a thrown-in deal")


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
