"""Plain Honeymoon (seed 002): 13 cards each, 26 set aside unseen.

Played with real cards the device never sees until they are played: no hand
is known, nothing unplayed is ever shown, and each player plays their own
hand. After all 26 held cards are played, both hands are known, so honours
are read from the cards.
"""

from __future__ import annotations

from device.engine.form import GameForm


class Plain(GameForm):
    """13 cards each, 26 set aside unseen, no draw phase."""

    name = "plain"
    aliases = ("plain-honeymoon",)
    title = "Plain Honeymoon"
    order = 20
