"""The auction for 2, 3 or 4 bidders, with its end rule as an option.

Seats are numbered clockwise from 0; `sides[seat]` says which side (0 or 1)
a seat bids for. Every refusal says why, in words for the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract
from .errors import AuctionError
from .message import Message, msg


@dataclass(frozen=True)
class AuctionRules:
    """How many seats bid, who plays with whom, and when the auction ends.

    passes_to_end: passes after a bid, double or redouble that end it
    (1 in seed 000's two-player game, 3 in four-player bridge).
    passes_to_throw_in: passes from the start that throw the deal in.
    """

    sides: tuple[int, ...] = (0, 1)
    passes_to_end: int = 1
    passes_to_throw_in: int = 2

    @property
    def seats(self) -> int:
        return len(self.sides)


class Auction:
    """The calls of one deal. `add` refuses an illegal call and changes nothing."""

    def __init__(self, rules: AuctionRules, first: int, names: tuple[str, ...] | None = None):
        self.rules = rules
        self.first = first
        self.names = names or tuple(f"seat {i + 1}" for i in range(rules.seats))
        self.calls: list[tuple[int, Call]] = []
        self._last_bid: tuple[int, Bid] | None = None  # (seat, bid)
        self._doubled = 0  # 0, 1 (X) or 2 (XX) on the last bid
        self._trailing_passes = 0

    # -- queries -------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to call, or None when the auction is over."""
        if self.is_over:
            return None
        return (self.first + len(self.calls)) % self.rules.seats

    @property
    def is_over(self) -> bool:
        if self._last_bid is None:
            return self._trailing_passes >= self.rules.passes_to_throw_in
        return self._trailing_passes >= self.rules.passes_to_end

    @property
    def thrown_in(self) -> bool:
        return self.is_over and self._last_bid is None

    @property
    def last_bid(self) -> Bid | None:
        return self._last_bid[1] if self._last_bid else None

    @property
    def contract(self) -> Contract | None:
        """The final contract, once the auction is over and was not thrown in."""
        if not self.is_over or self._last_bid is None:
            return None
        bid = self._last_bid[1]
        return Contract(bid.level, bid.strain, self._doubled)

    @property
    def declarer(self) -> int | None:
        """The first seat of the declaring side that named the contract's strain."""
        if self.contract is None:
            return None
        seat, bid = self._last_bid
        side = self.rules.sides[seat]
        for s, call in self.calls:
            if call.is_bid and call.strain is bid.strain and self.rules.sides[s] == side:
                return s
        return seat  # unreachable: the final bid itself names the strain

    def legal_calls(self) -> list[Call]:
        """Every call the seat to speak may make now (empty when the auction is over)."""
        return [c for c in ALL_CALLS if self.why_not(c) is None]

    def why_not(self, call: Call, seat: int | None = None) -> Message | str | None:
        """The reason a call is refused, or None when it is legal."""
        if self.is_over:
            return msg("the auction is over")
        turn = self.turn
        if seat is not None and seat != turn:
            return msg("it is {name}'s turn to call", name=self.names[turn])
        if call is PASS:
            return None
        if call.is_bid:
            last = self.last_bid
            if last is not None and call.rank <= last.rank:
                return msg("{call} is not higher than {last}", call=call, last=last)
            return None
        return self._why_not_double(call, turn)

    def _why_not_double(self, call: Call, turn: int) -> Message | str | None:
        if self._last_bid is None:
            if call is DOUBLE:
                return msg("there is no bid to double")
            return msg("there is no bid to redouble")
        bidder, bid = self._last_bid
        ours = self.rules.sides[bidder] == self.rules.sides[turn]
        if call is DOUBLE:
            if ours:
                if bidder == turn:
                    return msg("you cannot double your own bid")
                return msg("you cannot double your partner's bid")
            if self._doubled:
                if self._doubled == 1:
                    return msg("{bid} is already doubled", bid=bid)
                return msg("{bid} is already redoubled", bid=bid)
            return None
        if call is REDOUBLE:
            if self._doubled == 2:
                return msg("{bid} is already redoubled", bid=bid)
            if self._doubled == 0:
                return msg("{bid} has not been doubled", bid=bid)
            if not ours:
                if len(set(self.rules.sides)) == self.rules.seats:  # no partners here
                    return msg("you can only redouble a double of your own bid")
                return msg("you can only redouble a double of your own side's bid")
            return None
        return f"{call} is not a call"

    # -- changes -------------------------------------------------------
    def add(self, call: Call, seat: int | None = None) -> int:
        """Make a call for the seat to speak; returns that seat."""
        reason = self.why_not(call, seat)
        if reason is not None:
            raise AuctionError(reason)
        turn = self.turn
        self.calls.append((turn, call))
        if call is PASS:
            self._trailing_passes += 1
            return turn
        self._trailing_passes = 0
        if call.is_bid:
            self._last_bid = (turn, call)
            self._doubled = 0
        elif call is DOUBLE:
            self._doubled = 1
        else:
            self._doubled = 2
        return turn
