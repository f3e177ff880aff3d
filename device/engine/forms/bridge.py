"""Bridge for four (seed 004): rubber bridge and Chicago.

Four players sit clockwise from North (North, East, South, West), partners
opposite: North and South are side 0, East and West side 1. The dealer speaks
first; three passes after a bid end the auction and four passes throw the
deal in. The partner who first named the strain declares, the hand to the
declarer's left leads, and then the dummy is laid out face up: the table
waits in the `dummy` phase for its cards to be scanned (OK skips that), and
the declarer plays the dummy's cards.
"""

from __future__ import annotations

from .base import HONOURS, SWITCHED_VULNERABILITY, GameForm


class _Bridge(GameForm):
    players = 4
    options = (HONOURS,)

    def phases(self, options: dict) -> tuple[str, ...]:
        return ("auction", "play", "dummy", "deal-end")

    def first_speaker(self, dealer: int, options: dict) -> int:
        """The dealer speaks first."""
        return dealer

    def dummy_hand(self, declarer_hand: int) -> int | None:
        """The declarer's partner, opposite."""
        return (declarer_hand + 2) % 4

    def controller(self, hand: int, declarer_hand: int) -> int:
        """The declarer plays the dummy's cards."""
        return declarer_hand if hand == self.dummy_hand(declarer_hand) else hand


class RubberBridge(_Bridge):
    """Rubber scoring by side; a thrown-in deal passes the deal to the left."""

    name = "rubber-bridge"
    aliases = ("rubber", "bridge")
    title = "Rubber bridge"


class Chicago(_Bridge):
    """Four deals that count; a thrown-in deal is dealt again by the same dealer."""

    name = "chicago"
    aliases = ("four-deal-bridge",)
    title = "Chicago"
    scoring = "chicago"
    rubber_word = "chicago"  # four deals, not a rubber
    options = (HONOURS, SWITCHED_VULNERABILITY)

    def next_dealer(self, dealer: int, passed_out: bool) -> int:
        """The deal passes to the left; a thrown-in deal is dealt again."""
        return dealer if passed_out else (dealer + 1) % self.players
