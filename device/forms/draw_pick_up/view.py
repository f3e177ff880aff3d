"""The view of Draw / Pick-Up's phase `pick-up`: the stock turned up card by card.

Only what both players saw at the table: the card turned face up, the cards each
player took face up, the cards both rejected (laid aside face up). The hands and
the cards discarded face down are never known. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

PHASE = "pick-up"


@dataclass(frozen=True)
class PickUpView:
    number: int  # the stock card turned up now (or next), 1..of
    of: int  # cards in the stock (26)
    stock: int  # cards still face down in the stock
    turned: str | None  # the card face up, waiting to be taken or rejected
    to_act: int  # the seat to take or reject it (or to turn up the next card)
    rejected_by: int | None  # the seat that rejected the card face up, offering it
    taken: tuple[tuple[str, ...], ...]  # per seat, the cards taken face up, in order
    dead: tuple[str, ...]  # the cards both rejected: out of play

    def cards(self) -> set[str]:
        """Every card this view holds: all of them were face up at the table."""
        held = {card for cards in self.taken for card in cards} | set(self.dead)
        return held | ({self.turned} if self.turned else set())

    @property
    def seen(self) -> frozenset[str]:
        """The cards turned up so far (the picker greys them)."""
        return frozenset(self.cards())


def build(game) -> PickUpView | None:
    """The pick-up's view while the deal is in it, else None (`GameView.own`: found by
    the core as this package's view.build, device/ui/form_parts.py)."""
    deal = game.deal
    if game.phase != PHASE:
        return None
    form = game.form
    decided = len(deal.own.pickups)
    face_up = deal.own.turned is not None
    return PickUpView(
        number=min(decided + 1, form.stock),
        of=form.stock,
        stock=form.stock - decided - face_up,
        turned=str(deal.own.turned) if face_up else None,
        to_act=deal.own.turn,
        rejected_by=1 - deal.own.turn if deal.own.passed else None,
        taken=tuple(
            tuple(str(c) for c in form.taken_by(deal, seat)) for seat in range(len(game.players))
        ),
        dead=tuple(str(c) for c in form.dead(deal)),
    )
