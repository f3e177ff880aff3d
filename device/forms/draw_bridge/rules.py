"""The two-player forms that build the hands from the stock in tricks: Draw Bridge.

Draw Bridge, classic (seed 000; rules-reference section 5): 13 cards each, 26
in the stock. First 13 draw tricks at no trumps that do not count (the phase
`draw-tricks`); the non-dealer leads to the first, the winner of a trick leads
to the next. The winner of each draw trick draws the top stock card, the loser
the next one, unseen. The cards of the draw tricks are dead: one scanned in
the real play is refused. Then the auction and the play of 13 tricks, as in
the other two-player forms.

Option `top_card_shown`: the top stock card is turned up before each draw
trick and scanned (CardShown, in the trick's order); the trick's winner draws
it, so the device knows that player holds it: it is refused from the other
player, in the draw tricks and in the play, and shown in the winner's hand
when play starts (unless played in a draw trick). Option `must_follow_draw`:
the draw tricks are played by the rules of follow suit; the device cannot
check it (the hands are never seen), so it is the table's rule, kept with the
game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.engine.errors import PlayError
from device.engine.events import CallMade, CardPlayed, CardShown, ClaimMade, DrawPhaseEnded, Event
from device.engine.form import (
    AUCTION_END,
    DEALER_BIDS_FIRST,
    HONOURS,
    KEY_INPUTS,
    PHASE_INPUTS,
    REFUSALS,
    SINGLE_GAME,
    GameForm,
    Option,
)
from device.engine.message import Message, msg
from device.engine.play import Play

from .state import DrawTricks

if TYPE_CHECKING:
    from device.engine.deal import Deal

MUST_FOLLOW_DRAW = Option(
    "must_follow_draw", False, help="players must follow suit in the draw tricks"
)
TOP_CARD_SHOWN = Option(
    "top_card_shown", False, help="the top stock card is shown (and scanned) before each trick"
)


TOP_FIRST = msg("the top card of the stock is turned up before the trick")  # the table: scan it


class DrawBridge(GameForm):
    """13 each and 26 in the stock; 13 draw tricks build the hands, then bridge.

    Phases `draw-top` (the top stock card is scanned; only with top_card_shown)
    and `draw-tricks` (a card of a draw trick). The deal keeps the draw tricks
    in `deal.own.draw` (a Play at no trumps, hands = seats) and the top cards
    shown in `deal.own.draw_top` (one per trick, in order)."""

    name = "draw-bridge"
    aliases = ("draw-bridge-classic",)
    title = "Draw Bridge"
    order = 30
    options = (
        HONOURS,
        SINGLE_GAME,
        AUCTION_END,
        DEALER_BIDS_FIRST,
        MUST_FOLLOW_DRAW,
        TOP_CARD_SHOWN,
    )
    own_phases = frozenset({"draw-top", "draw-tricks"})
    phase_inputs = {
        **PHASE_INPUTS,
        "draw-top": frozenset({CardShown, DrawPhaseEnded}),
        "draw-tricks": frozenset({CardPlayed, DrawPhaseEnded}),
    }
    key_inputs = {**KEY_INPUTS, "card": {**KEY_INPUTS["card"], "draw-top": CardShown}}
    refusals = {
        **REFUSALS,
        (CallMade, "draw-top"): msg("the auction starts when the draw tricks are over"),
        (CallMade, "draw-tricks"): msg("the auction starts when the draw tricks are over"),
        (CardPlayed, "draw-top"): TOP_FIRST,
        (CardShown, "draw-tricks"): msg("the top stock card is shown before a trick starts"),
        (ClaimMade, "draw-top"): msg("the draw tricks do not count: play them out"),
        (ClaimMade, "draw-tricks"): msg("the draw tricks do not count: play them out"),
    }

    def phases(self, options: dict) -> tuple[str, ...]:
        """The draw tricks (each after its top card with top_card_shown), the auction,
        the play."""
        first = ("draw-top",) if options.get("top_card_shown") else ()
        return first + ("draw-tricks", "auction", "play", "deal-end")

    def new_deal_state(self, deal: Deal, players: tuple[str, ...]) -> DrawTricks:
        """The non-dealer leads to the first draw trick, at no trumps."""
        return DrawTricks(
            Play((0, 1), self.first_drawer(deal.dealer), None, players, tricks=self.tricks)
        )

    def phase_turn(self, deal: Deal) -> int | None:
        """The player to play to the draw trick; the top card: the trick's leader."""
        return deal.own.draw.to_play

    def phase_input(self, deal: Deal, event: Event, players: tuple[str, ...]) -> Event:
        """A top stock card scanned (draw-top) or a card played to a draw trick."""
        play = deal.own.draw
        if isinstance(event, DrawPhaseEnded):  # the menu's "stop", or a record without them
            stopped = self.phase_stopped(event, play.to_play)
            deal.own.ended = True
            return stopped
        card = event.card
        self.check_card(card)
        if isinstance(event, CardShown):
            if event.hand is not None:
                raise PlayError(msg("the top stock card is nobody's until the trick is won"))
            if card in play.played or card in deal.own.draw_top:
                raise PlayError(msg("{card} was already seen in the draw tricks", card=card))
            deal.own.draw_top.append(card)
            deal.phase = "draw-tricks"
            return CardShown(card)
        hand = play.to_play
        if event.seat is not None and event.seat != hand:
            raise PlayError(msg("it is {name}'s turn to play", name=players[hand]))
        refused = self._not_in_hand(deal, card, players)
        if refused:
            raise PlayError(refused)
        play.play(card)
        if deal.own.draw_top and not play.finished and not play.current:
            deal.phase = "draw-top"  # the next trick's top card is turned up
        return CardPlayed(card, hand)

    def _not_in_hand(
        self, deal: Deal, card, players: tuple[str, ...], drawn=None
    ) -> Message | None:
        """Why the hand to play to a draw trick cannot hold `card`: the top card not yet
        drawn, or one the other player drew (`drawn`: _drawn_by, when known)."""
        play = deal.own.draw
        if (
            deal.own.draw_top
            and card == deal.own.draw_top[-1]
            and len(deal.own.draw_top) > len(play.tricks)
        ):
            return msg("{card} is the top card of the stock, not in a hand", card=card)
        holder = (self._drawn_by(deal) if drawn is None else drawn).get(card)
        if holder is not None and holder != play.to_play:
            return msg(
                "{card} is in {name}'s hand: {drawer} drew it",
                card=card,
                name=players[holder],
                drawer=players[holder],
            )
        return None

    def phase_legal(self, deal: Deal, players: tuple[str, ...]):
        """The top card: any card not seen in the draw tricks; a card of a draw trick:
        any the hand to play may hold. The menu's stop in both."""
        play = deal.own.draw
        if deal.phase == "draw-top":
            seen = set(play.played).union(deal.own.draw_top)
            yield from (CardShown(card) for card in self.deck.cards if card not in seen)
        else:
            drawn = self._drawn_by(deal)  # once, not once per card: the robots ask often
            for card in self.deck.cards:
                if play.allows(card) and not self._not_in_hand(deal, card, players, drawn):
                    yield CardPlayed(card)
        yield DrawPhaseEnded()

    def phase_over(self, deal: Deal) -> bool:
        """The auction starts after the 13th draw trick."""
        return deal.own.draw.finished or deal.own.ended

    def phase_record(self, deal: Deal) -> dict:
        """The record's `draw_cards` (and `draw_top` when the top cards were shown)."""
        entry = {"draw_cards": [str(c) for c in self.draw_cards(deal)]}
        if deal.own.draw_top:
            entry["draw_top"] = [str(c) for c in deal.own.draw_top]
        return entry

    @staticmethod
    def _drawn_by(deal: Deal) -> dict:
        """Each top card shown and drawn: card -> the winner of its trick."""
        tricks = deal.own.draw.tricks
        return {
            card: tricks[i].winner for i, card in enumerate(deal.own.draw_top) if i < len(tricks)
        }

    def dead_card(self, deal: Deal, card) -> Message | None:
        """A card played to a draw trick is dead."""
        if card in deal.own.draw.played:
            return msg("{card} was played in a draw trick: it is dead", card=card)
        return None

    def not_held(self, deal: Deal, hand: int, card) -> Message | None:
        """A card of a draw trick is dead; a top card drawn by the other player was
        never in this hand (after a skip too: it may since have been played)."""
        if card in deal.own.draw.played:
            return msg("{card} was played in a draw trick", card=card)
        holder = self._drawn_by(deal).get(card)
        if holder is not None and holder != hand:
            return msg("{name} drew {card}", name=deal.play.names[holder], card=card)
        return None

    def held_before_play(self, deal: Deal) -> tuple:
        """The top cards drawn and not played in the draw tricks are in their winner's
        hand; none after a skip: the draw tricks not followed may have played them."""
        if deal.own.ended:
            return ()
        return tuple(
            (hand, card)
            for card, hand in self._drawn_by(deal).items()
            if card not in deal.own.draw.played
        )

    def draw_cards(self, deal: Deal) -> tuple:
        """The cards of the draw tricks in play order (the record's `draw_cards`)."""
        return tuple(card for trick in deal.own.draw.tricks for card in trick.cards) + tuple(
            deal.own.draw.current
        )
