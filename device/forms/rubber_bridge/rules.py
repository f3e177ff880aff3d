"""Rubber bridge (seed 004): bridge for four, scored by the rubber."""

from __future__ import annotations

from device.engine.bridge_form import Bridge


class RubberBridge(Bridge):
    """Rubber scoring by side; a thrown-in deal passes the deal to the left."""

    name = "rubber-bridge"
    aliases = ()
    former_names = ("rubber", "bridge")  # a rubber is what a form plays; bridge the game
    title = "Rubber bridge"
    order = 60
