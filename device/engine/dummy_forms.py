"""What the two-player forms with two dummies share (seed 000): four hands, two players.

Double Dummy (seed 000; seed 002's Semi-Exposed Dummy): four hands of 13. The
two players sit next to each other, each with a face-down dummy opposite.
The hands sit clockwise from North: the first player (N), the second player
(E), the first player's dummy (S) and the second player's dummy (W); hands 0
and 2 are side 0, hands 1 and 3 side 1. Each player bids on their own hand;
the final bidder declares and plays from their own hand; the hand to the
declarer's left leads (the second player's own hand when the first player
declares, the first player's dummy when the second does). Then both dummies
are turned up: the table waits in the `dummy` phase for their cards, the
first player's dummy (S) first, then the second player's (W); OK skips the
rest of the dummy being laid out. Each player plays their own hand and their
own dummy.

Single Dummy and Semi-exposed dummies change the phases of this.
"""

from __future__ import annotations

from .form import GameForm


class TwoDummies(GameForm):
    """Four hands: each player's own (N, E) and their dummy opposite (S, W)."""

    def phases(self, options: dict) -> tuple[str, ...]:
        """The auction, the play, the dummies laid out after the opening lead."""
        return ("auction", "play", "dummy", "deal-end")

    def hand_sides(self) -> tuple[int, ...]:
        """N and S are the first player's, E and W the second's."""
        return (0, 1, 0, 1)

    def hand_names(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """A dummy is named by the player who plays it."""
        return (players[0], players[1], players[0], players[1])

    def dummy_hand(self, declarer_hand: int) -> int | None:
        """The declarer's dummy, opposite the declarer."""
        return (declarer_hand + 2) % 4

    def dummy_hands(self, declarer_hand: int) -> tuple[int, ...]:
        """Both dummies are turned up: the first player's (S), then the second's (W)."""
        return (2, 3)

    def controller(self, hand: int, declarer_hand: int) -> int:
        """Each player plays their own hand and their own dummy."""
        return hand % 2
