"""Chicago (seed 004): bridge for four, four deals that count."""

from __future__ import annotations

from device.engine.bridge_form import Bridge
from device.engine.form import HONOURS, SWITCHED_VULNERABILITY
from device.engine.message import msg

from .sheet import ChicagoSheet, bonus_alone, vulnerable_alone


class Chicago(Bridge):
    """Four deals that count; a thrown-in deal is dealt again by the same dealer."""

    name = "chicago"
    aliases = ("four-deal-bridge",)
    title = "Chicago"
    order = 50
    scoring = "chicago"
    rubber_word = "chicago"  # four deals, not a rubber
    over_text = msg("the Chicago is over")
    alone_scoring = "chicago"  # `honeymoon score --scoring chicago`
    alone_deals = 4
    options = (HONOURS, SWITCHED_VULNERABILITY)

    def new_sheet(self, options: dict) -> ChicagoSheet:
        return ChicagoSheet(
            switched=options.get("switched_vulnerability", False),
            honours=options.get("honours", True),
        )

    def next_dealer(self, dealer: int, passed_out: bool) -> int:
        """The deal passes to the left; a thrown-in deal is dealt again."""
        return dealer if passed_out else (dealer + 1) % self.players

    def alone_vulnerable(self, deal: int, vulnerable: bool) -> bool:
        """The schedule's vulnerability where it is fixed (deal 1 none, deal 4 both)."""
        return vulnerable_alone(deal, vulnerable)

    def alone_bonus(self, trick_points: int, vulnerable: bool, deal: int) -> int:
        return bonus_alone(trick_points, vulnerable, deal)
