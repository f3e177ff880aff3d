"""Draw Bridge's own words (TEXT, device/form_text.py): the draw tricks on the terminal
table (which one, its cards, the top card scanned, who won and draws first) and what
an undo of a top card, or of skipping the draw tricks, took back."""

from __future__ import annotations

from device.console_words import Words, english
from device.engine.events import CardPlayed, CardShown, DrawPhaseEnded, Event
from device.engine.game import Game
from device.engine.message import Message, msg
from device.form_text import FormText

DRAW_PHASES = ("draw-top", "draw-tricks")


def draw_trick_won(game: Game, t: Words | None = None) -> str:
    """After a draw trick's second card, who won it and draws (first)."""
    t = t or english()
    draw, top = game.deal.own.draw, game.deal.own.draw_top
    if draw.current or not draw.tricks:
        return ""
    number, winner = len(draw.tricks), game.players[draw.tricks[-1].winner]
    drawn = top[number - 1] if len(top) >= number else t.t("console.first")
    return t.t("console.draw_trick_won", n=number, name=winner, drawn=drawn)


def draw_trick_status(game: Game, t: Words | None = None) -> str:
    """The draw tricks: which one, its cards, and what is scanned next."""
    t = t or english()
    deal, turn = game.deal, game.name(game.turn)
    draw = deal.own.draw
    number = min(len(draw.tricks) + 1, draw.total)
    cards = " ".join(str(c) for c in draw.current) or t.t("console.none_yet")
    head = t.t("console.draw_trick", n=deal.number, trick=number, of=draw.total, cards=cards)
    if game.phase == "draw-top":
        return t.t("console.scan_top", head=head)
    return t.t("console.head_to_play", head=head, name=turn)


class DrawBridgeText(FormText):
    def status(self, game, t) -> str | None:
        return draw_trick_status(game, t) if game.phase in DRAW_PHASES else None

    def event_line(self, game, event: Event, t) -> str | None:
        deal = game.deal
        if isinstance(event, CardShown) and game.phase == "draw-tricks":  # the top card
            return t.t("console.top_card", card=event.card, n=len(deal.own.draw_top))
        if isinstance(event, CardPlayed) and deal.play is None:  # a card of a draw trick
            played = t.t("console.plays", name=game.name(event.seat), card=event.card)
            return played + draw_trick_won(game, t)
        return None

    def undone(self, game, event: Event) -> Message | None:
        if isinstance(event, CardShown) and game.phase == "draw-top":
            return msg("Undone: the top card {card}", card=event.card)
        if isinstance(event, DrawPhaseEnded) and game.phase in DRAW_PHASES:
            return msg("Undone: skipping the draw tricks")
        return None


TEXT = DrawBridgeText()
