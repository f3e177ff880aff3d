"""Bridge for four (seed 004), what rubber bridge and Chicago share.

Four players sit clockwise from North (North, East, South, West), partners
opposite: North and South are side 0, East and West side 1. The dealer speaks
first; three passes after a bid end the auction and four passes throw the
deal in. The partner who first named the strain declares, the hand to the
declarer's left leads, and then the dummy is laid out face up: the table
waits in the `dummy` phase for its cards to be scanned (OK skips that), and
the declarer plays the dummy's cards.
"""

from __future__ import annotations

from .form import HONOURS, GameForm


class Bridge(GameForm):
    """Four players, partners opposite, a dummy laid out after the opening lead."""

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
