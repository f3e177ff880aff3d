"""aBRIDGEd's own state of a hand: its declaring (`deal.own`, made by the form's
`new_deal_state` as each hand starts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from device.engine.cards import Card


@dataclass
class Declaring:
    """What has been said in a hand's declaring, and who speaks next."""

    speaker: int  # the seat to speak (from the dealer in each round)
    round: int = 1  # 2 once all four passed in round one
    words: list[str | int] = field(default_factory=list)  # the record's `declaring`
    declaration: str | None = None  # "Play", "Ten" or "Seven"
    trump_colour: str | None = None  # "R", "Y", "B", "G" or "NT"
    strengths: list[int] = field(default_factory=list)  # in the order stated
    counts: list[int] = field(default_factory=list)  # the colour counts, in order
    dummy_cards: list[Card] = field(default_factory=list)  # scanned as the dummy is laid out
