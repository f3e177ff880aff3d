"""Three-player Honeymoon's own state of a deal: its talon (`deal.own`, made by the
form's `new_deal_state` as each deal starts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Talon:
    """The four cards not dealt, taken by the declarer after the auction."""

    done: bool = False  # taken, and four cards discarded face down (OK)
