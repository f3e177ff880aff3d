"""Draw / Pick-Up's own words (TEXT, device/form_text.py): the stock on the terminal
table (which card, whose turn to turn it up or decide, taken or rejected) and what
an undo in the pick-up took back."""

from __future__ import annotations

from device.console_words import Words, english
from device.engine.events import CardShown, DrawPhaseEnded, Event, PickUp
from device.engine.game import Game
from device.engine.message import Message, msg
from device.form_text import FormText


def pickup_status(game: Game, t: Words | None = None) -> str:
    """Which stock card, and whose turn to turn it up or decide."""
    t = t or english()
    deal, turn = game.deal, game.name(game.turn)
    head = t.t("console.stock", n=deal.number, card=len(deal.own.pickups) + 1, of=game.form.stock)
    if deal.own.turned is None:
        return t.t("console.stock_turn", head=head, name=turn)
    return t.t("console.stock_decide", head=head, card=deal.own.turned, name=turn)


class PickUpText(FormText):
    def status(self, game, t) -> str | None:
        return pickup_status(game, t) if game.phase == "pick-up" else None

    def event_line(self, game, event: Event, t) -> str | None:
        deal, name = game.deal, game.name(getattr(event, "seat", None))
        if isinstance(event, PickUp):  # the card is face up still, or decided last
            card = deal.own.turned or deal.own.pickups[-1][0]
            if event.take:
                return t.t("console.takes", name=name, card=card)
            key = "console.rejects" if deal.own.turned else "console.rejects_too"
            return t.t(key, name=name, card=card)
        if isinstance(event, CardShown) and game.phase == "pick-up":
            return t.t("console.turned_up", card=event.card)
        return None

    def undone(self, game, event: Event) -> Message | None:
        name = game.name(getattr(event, "seat", None))
        if isinstance(event, CardShown) and game.phase == "pick-up":
            return msg("Undone: {card} turned up", card=event.card)
        if isinstance(event, PickUp):  # the card is face up again
            if event.take:
                return msg("Undone: {name} took {card}", name=name, card=game.deal.own.turned)
            return msg("Undone: {name} rejected {card}", name=name, card=game.deal.own.turned)
        if isinstance(event, DrawPhaseEnded) and game.phase == "pick-up":
            return msg("Undone: the end of the pick-up")
        return None


TEXT = PickUpText()
