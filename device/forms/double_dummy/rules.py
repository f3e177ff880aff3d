"""Double Dummy (seed 000; seed 002's Semi-Exposed Dummy): the two-dummy form as it is.

The four hands, the phases and who plays which hand are those of
`device.engine.dummy_forms.TwoDummies`.
"""

from __future__ import annotations

from device.engine.dummy_forms import TwoDummies


class DoubleDummy(TwoDummies):
    """Four hands: each player's own (N, E) and their dummy opposite (S, W)."""

    name = "double-dummy"
    aliases = ("semi-exposed-dummy", "semi-exposed-dummy-bridge")
    title = "Double Dummy"
    order = 70
