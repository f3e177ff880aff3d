"""Single Dummy (seed 000): as Double Dummy, but before the auction the dealer
lays one dummy face up (the `face-up` phase: its cards scanned, or OK). After
the auction the declarer chooses a dummy (the `choose` phase: OK the face-up
one, P the face-down one) and puts it opposite: it is the declarer's dummy
(S for the first player, W for the second), and the other player takes the
other. The face-down dummy is turned up after the opening lead.
"""

from __future__ import annotations

from device.engine.dummy_forms import TwoDummies


class SingleDummy(TwoDummies):
    """One dummy face up before the auction; the declarer chooses a dummy after it."""

    name = "single-dummy"
    aliases = ()
    title = "Single Dummy"
    order = 80

    def phases(self, options: dict) -> tuple[str, ...]:
        """The face-up dummy laid out, the auction, the declarer's choice, the play,
        the other dummy laid out after the opening lead."""
        return ("face-up", "auction", "choose", "play", "dummy", "deal-end")

    def face_up_hand(self, declarer_hand: int, face_up: bool) -> int | None:
        """The chosen dummy goes opposite the declarer; the other to the other player."""
        own = (declarer_hand + 2) % 4
        return own if face_up else 5 - own  # the dummies are hands 2 and 3
