"""Draw / Pick-Up's own state of a deal: the stock turned up card by card
(`deal.own`, made by the form's `new_deal_state` as each deal starts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from device.engine.cards import Card


@dataclass
class StockPickUp:
    """Each stock card decided so far, the one face up, and whose turn it is."""

    turn: int  # the seat to decide, or to turn up the next card
    names: tuple[str, ...]  # the players, for the refusals and the record
    # each card decided, in order: (card, the seat that took it, or None: both rejected it)
    pickups: list[tuple[Card, int | None]] = field(default_factory=list)
    turned: Card | None = None  # the card face up waiting for a decision
    passed: bool = False  # the card face up was rejected by the player who turned it
    ended: bool = False  # the menu's stop: the rest of the stock not followed
