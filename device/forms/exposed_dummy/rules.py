"""Exposed Dummy (Schafkopf Bridge, seed 002): three hands of 13; the other 13
cards are out of play, face down, and never scanned. The two players sit
side by side, the first at North and the second at East, with the shared
dummy face up at South, opposite the first player (the seat of the first
player's dummy in Double Dummy); the cards out of play lie at West. The
dealer lays the dummy out before the auction (the `face-up` phase: scanned,
or OK). The final bidder declares and plays hand and dummy against the
other player's hand, who leads (as in the other two-player forms: the
declarer's opponent leads); tricks are of three cards, clockwise N, E, S.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.engine.form import GameForm

if TYPE_CHECKING:
    from device.engine.deal import Deal


class ExposedDummy(GameForm):
    """One shared dummy face up before the auction, played by the declarer."""

    name = "exposed-dummy"
    aliases = ("schafkopf", "schafkopf-bridge")
    title = "Exposed Dummy"
    order = 100

    def phases(self, options: dict) -> tuple[str, ...]:
        """The dummy laid out face up, the auction, the play. The dummy lies face up
        since before the auction, so nothing more is laid out after the opening lead:
        a card of it not scanned (OK pressed early) stays unknown until it is played."""
        return ("face-up", "auction", "play", "deal-end")

    def laid_out_before_play(self, deal: Deal) -> bool:
        """The dummy was laid out in the face-up phase: play has no `dummy` phase."""
        return True

    def hand_sides(self) -> tuple[int, ...]:
        """The players' hands (N, E) and the dummy (S), first counted with the first
        player; in play it is the declarer's (`play_sides`)."""
        return (0, 1, 0)

    def play_sides(self, declarer_hand: int) -> tuple[int, ...]:
        """The dummy plays for the declarer."""
        return (0, 1, self.side(declarer_hand))

    def hand_names(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """The shared dummy is both players' ("Anna & Ben") until it has a declarer."""
        return (players[0], players[1], f"{players[0]} & {players[1]}")

    def play_names(self, players: tuple[str, ...], declarer_hand: int) -> tuple[str, ...]:
        """In play the dummy is named by the declarer, who plays it."""
        return (players[0], players[1], players[declarer_hand])

    def seat_names(self) -> tuple[str, ...]:
        """The first player N, the second E, the dummy S (West's cards are out of play)."""
        return ("N", "E", "S")

    def face_up_hand(self, declarer_hand: int, face_up: bool) -> int | None:
        """The face-up cards are the dummy's."""
        return 2

    def dummy_hand(self, declarer_hand: int) -> int | None:
        """The rest of the dummy, if OK was pressed before all of it was scanned."""
        return 2

    def controller(self, hand: int, declarer_hand: int) -> int:
        """The declarer plays the dummy; each player their own hand."""
        return declarer_hand if hand == 2 else hand

    def opening_leader(self, declarer_hand: int) -> int:
        """The declarer's opponent leads."""
        return 1 - declarer_hand
