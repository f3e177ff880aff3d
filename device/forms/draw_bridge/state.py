"""Draw Bridge's own state of a deal: its draw tricks (`deal.own`, made by the
form's `new_deal_state` as each deal starts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from device.engine.cards import Card
from device.engine.play import Play


@dataclass
class DrawTricks:
    """The 13 draw tricks that build the hands from the stock."""

    draw: Play  # the draw tricks: at no trumps, hands = seats
    draw_top: list[Card] = field(default_factory=list)  # top cards shown, one per trick
    ended: bool = False  # stopped early: the rest of the draw tricks not followed
