"""Semi-exposed dummies (seed 000): as Double Dummy, but after the opening lead
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
"""

from __future__ import annotations

from device.engine.dummy_forms import TwoDummies
from device.engine.events import CardPlayed, CardShown, ClaimAnswered, ClaimMade, DummyDone
from device.engine.form import KEY_INPUTS, PHASE_INPUTS, REFUSALS
from device.engine.message import msg

TURN_UP_FIRST = msg("first turn up the card under the one played from the dummy (scan it, or OK)")


class SemiExposedDummies(TwoDummies):
    """Double Dummy with each dummy in six covered piles and a seventh card face up."""

    name = "semi-exposed-dummies"
    aliases = ()
    title = "Semi-exposed dummies"
    order = 90
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
