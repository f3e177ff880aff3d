"""Draw and Discard Honeymoon (seed 000): the whole deck is the stock.

Played with real cards the device never sees until they are played: no hand
is known, nothing unplayed is ever shown, and each player plays their own
hand. After all 26 held cards are played, both hands are known, so honours
are read from the cards.
"""

from __future__ import annotations

from device.engine.form import (
    AUCTION_END,
    DEALER_BIDS_FIRST,
    HONOURS,
    SINGLE_GAME,
    GameForm,
    Option,
)

DISCARDS_FACE_UP = Option(
    "discards_face_up", False, help="discarded cards are laid face up (the device cannot see them)"
)


class DrawAndDiscard(GameForm):
    """The whole deck is the stock; 13 turns each, non-dealer first: keep one, discard one."""

    name = "draw-and-discard"
    aliases = ()
    former_names = ("honeymoon", "draw")  # the family and the draw phase
    title = "Draw and Discard Honeymoon"
    order = 10  # the first: the default form
    draw_turns = 13
    options = (HONOURS, SINGLE_GAME, AUCTION_END, DEALER_BIDS_FIRST, DISCARDS_FACE_UP)
