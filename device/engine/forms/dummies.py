"""The two-player forms with dummies (seeds 000 and 002): four hands, two players.

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

Single Dummy (seed 000): as Double Dummy, but before the auction the dealer
lays one dummy face up (the `face-up` phase: its cards scanned, or OK). After
the auction the declarer chooses a dummy (the `choose` phase: OK the face-up
one, P the face-down one) and puts it opposite: it is the declarer's dummy
(S for the first player, W for the second), and the other player takes the
other. The face-down dummy is turned up after the opening lead.

Semi-exposed dummies (seed 000): as Double Dummy, but after the opening lead
each dummy is laid out as six face-down cards, each covered by a face-up card,
and a seventh face-up card: the `dummy` phase takes seven face-up cards per
dummy (a card a dummy led before it was laid out is its seventh). The first six
face-up cards scanned for a dummy each cover a pile, in the order scanned; a
covering card that was not scanned (OK) is the next one played that was not
scanned. At the end of the trick in which a covering card was played, the card
under it is turned up (the `turn-up` phase: scanned, or OK), in the order the
covering cards were played. Only face-up cards may be played from a dummy: when
all of them are known any other card is refused, and a dummy showing a card of
the suit led must follow.

Exposed Dummy (Schafkopf Bridge, seed 002): three hands of 13; the other 13
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

from ..events import CardPlayed, CardShown, ClaimAnswered, ClaimMade, DummyDone
from .base import KEY_INPUTS, PHASE_INPUTS, REFUSALS, GameForm

if TYPE_CHECKING:
    from ..game import Deal

TURN_UP_FIRST = "first turn up the card under the one played from the dummy (scan it, or OK)"


class DoubleDummy(GameForm):
    """Four hands: each player's own (N, E) and their dummy opposite (S, W)."""

    name = "double-dummy"
    aliases = ("semi-exposed-dummy", "semi-exposed-dummy-bridge")
    title = "Double Dummy"

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


class SingleDummy(DoubleDummy):
    """One dummy face up before the auction; the declarer chooses a dummy after it."""

    name = "single-dummy"
    aliases = ()
    title = "Single Dummy"

    def phases(self, options: dict) -> tuple[str, ...]:
        """The face-up dummy laid out, the auction, the declarer's choice, the play,
        the other dummy laid out after the opening lead."""
        return ("face-up", "auction", "choose", "play", "dummy", "deal-end")

    def face_up_hand(self, declarer_hand: int, face_up: bool) -> int | None:
        """The chosen dummy goes opposite the declarer; the other to the other player."""
        own = (declarer_hand + 2) % 4
        return own if face_up else 5 - own  # the dummies are hands 2 and 3


class ExposedDummy(GameForm):
    """One shared dummy face up before the auction, played by the declarer."""

    name = "exposed-dummy"
    aliases = ("schafkopf", "schafkopf-bridge")
    title = "Exposed Dummy"

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


class SemiExposedDummies(DoubleDummy):
    """Double Dummy with each dummy in six covered piles and a seventh card face up."""

    name = "semi-exposed-dummies"
    aliases = ()
    title = "Semi-exposed dummies"
    phase_inputs = {**PHASE_INPUTS, "turn-up": frozenset({CardShown, DummyDone})}
    key_inputs = {
        **KEY_INPUTS,
        "OK": {**KEY_INPUTS["OK"], "turn-up": DummyDone},
        "card": {**KEY_INPUTS["card"], "turn-up": CardShown},
    }
    refusals = {
        **REFUSALS,
        (CardPlayed, "turn-up"): TURN_UP_FIRST,
        (ClaimMade, "turn-up"): TURN_UP_FIRST,
        (ClaimAnswered, "turn-up"): TURN_UP_FIRST,
    }

    def phases(self, options: dict) -> tuple[str, ...]:
        """As Double Dummy, with a card turned up after a trick that uncovered one."""
        return ("auction", "play", "dummy", "turn-up", "deal-end")

    def laid_out(self) -> int:
        """Seven face-up cards per dummy (a card it led is one of them)."""
        return 7

    def piles(self) -> int:
        """The first six face-up cards laid out each cover a face-down card."""
        return 6
