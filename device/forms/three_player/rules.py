"""Three-player Honeymoon (seed 002; rules-reference section 5, "in full").

Three players, each for themselves: each player is a side of their own
(sides 0, 1 and 2, the seats). 16 cards each and a talon of 4 face down; the
deal passes to the left. The player to the dealer's left speaks first; a
bid, double or redouble followed by two passes ends the auction, three
passes from the start throw the deal in. Either opponent of the last bidder
may double it, the bidder may redouble. The declarer takes the talon and
discards four cards face down: the phase `talon`, which waits for OK
(TalonDiscarded), since the device sees none of these cards. Then the player
to the declarer's left leads to 16 tricks of three cards; the book is 9.
Only the declarer claims, and both opponents must accept. Each player scores
on the three-player sheet (`sheet.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.engine.auction import AuctionRules
from device.engine.errors import PlayError, SetupError
from device.engine.events import CallMade, CardPlayed, ClaimMade, Event, TalonDiscarded
from device.engine.form import HONOURS, KEY_INPUTS, PHASE_INPUTS, REFUSALS, GameForm
from device.engine.message import Message, msg

from .sheet import ThreeOutcome, ThreeSheet
from .state import Talon

if TYPE_CHECKING:
    from device.engine.deal import Deal

TALON = 4  # cards face down after the deal; the declarer takes them and discards as many
# the table adds what to do (hints.TALON: take it, lay four down, OK): not said twice
TALON_FIRST = msg("the talon comes first")


class ThreePlayer(GameForm):
    """Three players each alone, 16 tricks of three cards, a talon for the declarer."""

    name = "three-player"
    aliases = ("three-player-honeymoon",)
    former_names = ("three",)
    title = "Three-player Honeymoon"
    order = 110
    players = 3
    tricks = 16
    options = (HONOURS,)
    own_phases = frozenset({"talon"})
    phase_inputs = {**PHASE_INPUTS, "talon": frozenset({TalonDiscarded})}
    key_inputs = {**KEY_INPUTS, "OK": {**KEY_INPUTS["OK"], "talon": TalonDiscarded}}
    refusals = {
        **REFUSALS,
        (CardPlayed, "talon"): TALON_FIRST,
        (ClaimMade, "talon"): TALON_FIRST,
        (CallMade, "talon"): msg("the auction is over, the talon comes first"),
        (TalonDiscarded, "auction"): msg("the talon is taken once the auction is over"),
        (TalonDiscarded, None): msg("there is no talon to take now"),
    }

    def side(self, seat: int) -> int:
        """Each player is a side alone."""
        return seat

    def phases(self, options: dict) -> tuple[str, ...]:
        return ("auction", "talon", "play", "deal-end")

    def first_speaker(self, dealer: int, options: dict) -> int:
        """The player to the dealer's left."""
        return (dealer + 1) % self.players

    def auction_rules(self, options: dict) -> AuctionRules:
        """Two passes after a bid, double or redouble end it; three from the start
        throw the deal in."""
        return AuctionRules(tuple(range(self.players)), passes_to_end=2, passes_to_throw_in=3)

    def seats_by_draw(self, drawn: list) -> tuple[tuple[int, ...], int]:
        """The players keep the order they were entered in; the highest card deals."""
        if len(drawn) != self.players:
            raise SetupError("each player draws one card, all different")
        return tuple(range(self.players)), self.dealer_by_draw(drawn)

    # -- the talon -----------------------------------------------------------
    def new_deal_state(self, deal: Deal, players: tuple[str, ...]) -> Talon:
        """The talon, taken by the declarer once the auction is over."""
        return Talon()

    def phase_turn(self, deal: Deal) -> int | None:
        return deal.declarer

    def phase_input(self, deal: Deal, event: Event, players: tuple[str, ...]) -> Event:
        """OK: the declarer has taken the talon and discarded four cards."""
        if event.seat is not None and event.seat != deal.declarer:
            if event.seat not in range(self.players):
                raise PlayError(msg("there is no seat {seat}", seat=event.seat))
            raise PlayError(msg("{name} takes the talon, as declarer", name=players[deal.declarer]))
        deal.own.done = True
        return TalonDiscarded(deal.declarer)

    def phase_legal(self, deal: Deal, players: tuple[str, ...]):
        """OK once the talon is taken and four cards laid down."""
        return (TalonDiscarded(),)

    def phase_over(self, deal: Deal) -> bool:
        return deal.own.done

    # -- claims and scoring ----------------------------------------------------
    def claim_refusal(self, seat: int, declarer: int) -> Message | None:
        return None if seat == declarer else msg("only the declarer claims")

    def claim_answerers(self, claimer: int) -> tuple[int, ...]:
        """Both opponents, clockwise from the claimer: each must accept."""
        return tuple((claimer + i) % self.players for i in (1, 2))

    def new_sheet(self, options: dict) -> ThreeSheet:
        return ThreeSheet(honours=options.get("honours", True))

    def deal_outcome(
        self, contract, declarer, tricks, honours, dealer, deal: Deal | None = None
    ) -> ThreeOutcome:
        return ThreeOutcome(contract, declarer, tricks, honours, dealer)
