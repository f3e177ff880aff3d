"""Draw / Pick-Up (seed 002): the hands are built from a stock turned up card by card.

13 cards each, 26 in the stock. The phase `pick-up` goes card by card, the
non-dealer first. A turn is a player's chance at one card:

- The player whose turn it is turns the top stock card face up for both (it is
  scanned) and takes it (OK) or rejects it (P).
- Take: the card joins that hand and the player discards one OTHER card face
  down, unseen (seed 002: "één andere kaart"); the opponent's turn comes next.
- Reject: the card is offered to the opponent, whose turn it now is: take it
  (OK, and discard one other card face down; then the first player's turn), or
  reject it too (P): the card is laid aside face up, out of play for the deal
  (dead), and the opponent turns the next stock card as their own turn.

So every stock card is taken by one player or rejected by both, and the phase
ends when the stock is empty (26 cards turned and decided): 13 each. Then the
auction and play, as in the other two-player forms. The menu's "End the draw
phase" (DrawPhaseEnded) stops following the rest.

What the device knows from it: a card rejected by both is dead (refused in the
play). A card taken by a player was never in the other's hand (refused from the
other). A taken card may be discarded face down at a later take of the same
player, so only the LAST card each player took is surely in that hand: it is
shown in that hand when play starts, so follow suit is checked for it and it
is refused from the other hand. The earlier ones are in the hand or in the
discards, which the device cannot tell apart.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from device.engine.errors import PlayError, RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    DrawPhaseEnded,
    Event,
    PickUp,
)
from device.engine.form import (
    AUCTION_END,
    DEALER_BIDS_FIRST,
    HONOURS,
    KEY_INPUTS,
    PHASE_INPUTS,
    REFUSALS,
    SINGLE_GAME,
    GameForm,
)
from device.engine.message import Message, msg

from .state import StockPickUp

if TYPE_CHECKING:
    from device.engine.cards import Card
    from device.engine.deal import Deal

PHASE = "pick-up"
HAND = 13  # cards dealt to each player


class DrawPickUp(GameForm):
    """13 each and 26 in the stock, turned up one by one: take it or reject it.

    The deal keeps its stock in `deal.own` (a StockPickUp, state.py): `pickups`
    (each card decided, in order: (card, the seat that took it, or None when both
    rejected it)), `turned` (the card face up waiting for a decision, or None),
    `turn` (the seat to decide, or to turn up the next card), `passed` (the card
    face up was rejected by the player who turned it) and `ended` (the menu's stop)."""

    name = "draw-pick-up"
    aliases = ("draw-pickup",)
    former_names = ("pick-up",)  # the phase
    title = "Draw / Pick-Up"
    order = 40
    options = (HONOURS, SINGLE_GAME, AUCTION_END, DEALER_BIDS_FIRST)
    own_phases = frozenset({PHASE})
    phase_inputs = {**PHASE_INPUTS, PHASE: frozenset({CardShown, PickUp, DrawPhaseEnded})}
    key_inputs = {
        **KEY_INPUTS,
        "OK": {**KEY_INPUTS["OK"], PHASE: PickUp},
        "card": {**KEY_INPUTS["card"], PHASE: CardShown},
        "call": {**KEY_INPUTS["call"], PHASE: PickUp},
    }
    refusals = {
        **REFUSALS,
        (CallMade, PHASE): msg("the auction starts when the stock is empty"),
        (CardPlayed, PHASE): msg("the play starts after the auction"),
        (ClaimMade, PHASE): msg("a claim is made during play"),
        (PickUp, None): msg("the pick-up is over: the stock is empty"),
    }

    @property
    def stock(self) -> int:
        """The cards of the stock: the deck less the two hands dealt."""
        return len(self.deck.cards) - 2 * HAND

    def phases(self, options: dict) -> tuple[str, ...]:
        return (PHASE, "auction", "play", "deal-end")

    def input_for(self, phase: str, what: str, value=None) -> Event | None:
        """In the pick-up: OK takes the card face up, P rejects it (another call is
        refused: the auction has not started), a scanned card is turned up."""
        if phase == PHASE and what == "OK":
            return PickUp(True)
        if phase == PHASE and what == "call":
            return PickUp(False) if str(value) == "P" else CallMade(value)
        return super().input_for(phase, what, value)

    # -- the phase -------------------------------------------------------------
    def new_deal_state(self, deal: Deal, players: tuple[str, ...]) -> StockPickUp:
        """The non-dealer turns up the first stock card."""
        return StockPickUp(turn=self.first_drawer(deal.dealer), names=tuple(players))

    def phase_turn(self, deal: Deal) -> int | None:
        return deal.own.turn

    def phase_input(self, deal: Deal, event: Event, players: tuple[str, ...]) -> Event:
        seat = deal.own.turn
        if isinstance(event, DrawPhaseEnded):  # the menu's stop, or a record without it all
            stopped = self.phase_stopped(event, seat)
            deal.own.ended = True
            return stopped
        if isinstance(event, CardShown):
            return self._turn_up(deal, event, players)
        if deal.own.turned is None:
            raise PlayError(msg("no stock card is face up"))  # the table adds what to do
        if event.seat is not None and event.seat != seat:
            raise PlayError(
                msg(
                    "it is {name}'s turn to take or reject {card}",
                    name=players[seat],
                    card=deal.own.turned,
                )
            )
        if event.take:
            deal.own.pickups.append((deal.own.turned, seat))
            deal.own.turned, deal.own.passed, deal.own.turn = None, False, 1 - seat
        elif not deal.own.passed:  # offered to the opponent
            deal.own.passed, deal.own.turn = True, 1 - seat
        else:  # rejected by both: aside face up, dead; the same player turns the next
            deal.own.pickups.append((deal.own.turned, None))
            deal.own.turned, deal.own.passed = None, False
        return PickUp(bool(event.take), seat)

    def _turn_up(self, deal: Deal, event: CardShown, players: tuple[str, ...]) -> Event:
        card = event.card
        if deal.own.turned is not None:
            name = players[deal.own.turn]
            # the table says how
            raise PlayError(
                msg("{card} is face up, for {name} to decide", card=deal.own.turned, name=name)
            )
        if event.hand is not None:
            raise PlayError(msg("the stock card turned up is nobody's until it is taken"))
        self.check_card(card)
        if any(card == done for done, _ in deal.own.pickups):
            raise PlayError(msg("{card} was already turned up", card=card))
        deal.own.turned = card
        return CardShown(card)

    def phase_legal(self, deal: Deal, players: tuple[str, ...]):
        """A stock card not turned up yet, or the card face up taken (OK) or rejected (P);
        the menu's stop either way."""
        if deal.own.turned is None:
            decided = {card for card, _ in deal.own.pickups}
            yield from (CardShown(card) for card in self.deck.cards if card not in decided)
        else:
            yield PickUp(True)
            yield PickUp(False)
        yield DrawPhaseEnded()

    def phase_over(self, deal: Deal) -> bool:
        """The auction starts once every stock card is decided (or the menu's stop)."""
        return len(deal.own.pickups) >= self.stock or deal.own.ended

    # -- what the device knows in the play ---------------------------------------------
    def dead_card(self, deal: Deal, card: Card) -> Message | None:
        """A card rejected by both is out of play; a card one player took was never in the
        other's hand."""
        taker = self._taken(deal).get(card, -1)
        if taker is None:
            return msg("{card} was rejected by both players: it is dead", card=card)
        hand = deal.play.to_play if deal.play is not None else None
        if taker >= 0 and hand is not None and taker != hand:
            names = deal.own.names
            return msg(
                "{card} was taken by {name}: it is dead for {other}",
                card=card,
                name=names[taker],
                other=names[hand],
            )
        return None

    def not_held(self, deal: Deal, hand: int, card: Card) -> Message | None:
        """A card both rejected is out of play; one the other player took face up was
        never in this hand."""
        taker = self._taken(deal).get(card, -1)
        if taker is None:
            return msg("{card} was rejected by both players", card=card)
        if taker >= 0 and taker != hand:
            return msg("{name} took {card}", name=deal.own.names[taker], card=card)
        return None

    def held_before_play(self, deal: Deal) -> tuple[tuple[int, Card], ...]:
        """The last card each player took (the earlier ones may have been discarded
        at a later take); none after a skip: the takes not followed may discard it."""
        if deal.own.ended:
            return ()
        return tuple(
            (seat, cards[-1])
            for seat in range(self.players)
            if (cards := self.taken_by(deal, seat))
        )

    @staticmethod
    def taken_by(deal: Deal, seat: int) -> tuple:
        """The cards `seat` took face up, in order."""
        return tuple(card for card, taker in deal.own.pickups if taker == seat)

    @staticmethod
    def dead(deal: Deal) -> tuple:
        """The cards both players rejected, in order."""
        return tuple(card for card, taker in deal.own.pickups if taker is None)

    @staticmethod
    def _taken(deal: Deal) -> dict:
        return dict(deal.own.pickups)

    # -- the record ---------------------------------------------------------------------
    def phase_record(self, deal: Deal) -> dict:
        """`pickups`: each stock card turned up, in order, with who took it (null: both
        rejected it); a card face up and not decided yet has no `taken_by` (and
        `rejected_by` once the player who turned it rejected it)."""
        names = deal.own.names
        entries = [
            {"card": str(card), "taken_by": None if taker is None else names[taker]}
            for card, taker in deal.own.pickups
        ]
        if deal.own.turned is not None:
            entry = {"card": str(deal.own.turned)}
            if deal.own.passed:
                entry["rejected_by"] = names[1 - deal.own.turn]
            entries.append(entry)
        return {"pickups": entries}

    def replay_phases(self, game, entry: dict, place: str, last: bool, at) -> None:
        """A record's `pickups` played back: each card turned up, then taken at once by
        its turner, taken by the other after a reject, or rejected by both (null); the
        pick-up is stopped (DrawPhaseEnded) when the record goes on without the rest."""
        where = f"{place}, pickups"
        items = entry.get("pickups", [])
        if not isinstance(items, list):
            at(where, _refuse, 'must be a list of {"card": CARD, "taken_by": NAME or null}')
        if game.phase != PHASE:
            if items:
                at(where, _refuse, "this game has no pick-up")
            return
        for number, item in enumerate(items, 1):
            self._replay_one(game, item, f"{where} {number}", at)
        if game.phase == PHASE and (entry.get("calls") or not last):
            at(where, game.apply, DrawPhaseEnded())

    def _replay_one(self, game, item, where: str, at) -> None:
        item = _canonical(item)
        keys = {"card", "taken_by", "rejected_by"}
        if not isinstance(item, dict) or set(item) - keys or not isinstance(item.get("card"), str):
            at(where, _refuse, 'must be {"card": CARD, "taken_by": NAME or null}')
        if "rejected_by" in item and "taken_by" in item:
            at(where, _refuse, "rejected_by is only for a card nobody has taken yet")
        card = at(where, self.parse_card, item["card"])
        at(where, game.apply, CardShown(card))
        if "rejected_by" in item:
            at(where, game.apply, PickUp(False, _seat(game, item["rejected_by"], where, at)))
        if "taken_by" not in item:
            return  # face up, not decided yet (the record stops here)
        taker = item["taken_by"]
        if taker is None:  # rejected by both
            at(where, game.apply, PickUp(False))
            at(where, game.apply, PickUp(False))
            return
        seat = _seat(game, taker, where, at)
        if seat != game.turn:  # rejected by its turner first
            at(where, game.apply, PickUp(False))
        at(where, game.apply, PickUp(True, seat))


# Other spellings of "taken_by" a record may use; a pair [CARD, NAME or null] is read too.
TAKEN_BY = ("by", "took", "taker", "player")


def _canonical(item):
    """A pick-up entry in the canonical shape, from the other shapes a record may use."""
    if isinstance(item, list) and len(item) == 2:
        return {"card": item[0], "taken_by": item[1]}
    if isinstance(item, dict) and "taken_by" not in item:
        spelled = [key for key in TAKEN_BY if key in item]
        if len(spelled) == 1:
            key = spelled[0]
            item = {k: v for k, v in item.items() if k != key} | {"taken_by": item[key]}
    return item


def _refuse(message: str) -> None:
    raise RuleError(message)


def _seat(game, name, where: str, at) -> int:
    name = unicodedata.normalize("NFC", name) if isinstance(name, str) else name  # as kept
    if name not in game.players:
        said = repr(name[:40]) if isinstance(name, str) else "it"  # never str() of 10**5000
        at(where, _refuse, f"{said} is not one of the players")
    return game.players.index(name)
