"""Chicago (seed 004): bridge for four, four deals that count."""

from __future__ import annotations

from device.engine.bridge_form import Bridge
from device.engine.form import HONOURS, SWITCHED_VULNERABILITY
from device.engine.scoring import ChicagoSheet


class Chicago(Bridge):
    """Four deals that count; a thrown-in deal is dealt again by the same dealer."""

    name = "chicago"
    aliases = ("four-deal-bridge",)
    title = "Chicago"
    order = 50
    scoring = "chicago"
    rubber_word = "chicago"  # four deals, not a rubber
    options = (HONOURS, SWITCHED_VULNERABILITY)

    def new_sheet(self, options: dict) -> ChicagoSheet:
        return ChicagoSheet(
            switched=options.get("switched_vulnerability", False),
            honours=options.get("honours", True),
        )

    def next_dealer(self, dealer: int, passed_out: bool) -> int:
        """The deal passes to the left; a thrown-in deal is dealt again."""
        return dealer if passed_out else (dealer + 1) % self.players
