"""One deal in progress or done: its state as the engine (and its form, in `own`)
keeps it, and its snapshot as plain values. Apart from game.py, which changes it,
so that a form's hooks name a Deal without importing the Game that drives them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from operator import itemgetter
from typing import Any

from .auction import Auction
from .calls import Contract
from .cards import Card
from .play import Play, Revoke
from .scoring import DealOutcome


@dataclass(frozen=True)
class Claim:
    seat: int  # the player who claims
    tricks: int  # of the tricks still to play


class Deal:
    """One deal in progress or done. Built and changed only by Game (and, through
    the hooks it calls, by the form).

    `own` is the form's own state of the deal, the one place a form keeps what the
    engine has no field for (aBRIDGEd's declaring, Draw Bridge's draw tricks, the
    pick-up's stock): a typed object from the form's own package, made by
    `GameForm.new_deal_state` as the deal starts (None for a form without one).
    The engine never reads it; the form's rules, views and texts do, as `deal.own`.
    """

    def __init__(self, number: int, dealer: int, phase: str, sheet_before):
        self.number = number  # 1-based, thrown-in deals included
        self.dealer = dealer
        self.phase = phase  # one of the form's phases: "draw", "auction", "play", "dummy", ...
        self.sheet_before = sheet_before
        self.draw_turns = 0  # draw turns done, both players together
        self.drawer: int | None = None
        self.auction: Auction | None = None
        self.play: Play | None = None
        self.contract: Contract | None = None
        self.declarer: int | None = None  # seat
        self.claim: Claim | None = None  # waiting for an answer
        self.claim_accepted: tuple[int, ...] = ()  # who accepted it so far (three players)
        self.claimed: Claim | None = None  # accepted: play ended with it
        self.disputed: list[Claim] = []
        self.tricks: int | None = None  # declaring side's tricks, once play ended
        self.won: int | None = None  # the same before any revoke transfer
        self.transfers: tuple[tuple[Revoke, int], ...] = ()  # each revoke, tricks it moved
        self.honours: tuple[int, int] = (0, 0)  # points per side
        self.honours_from: str | None = None  # "cards" or "players"
        self.outcome: DealOutcome | None = None
        self.dummy: int | None = None  # the dummy's hand, once play starts (forms with one)
        self.dummies: tuple[int, ...] = ()  # every hand laid out in the dummy phase, in order
        self.dummy_done = False  # the dummy phase is over (all shown, or OK)
        self.face_up: list[Card] = []  # a dummy's cards shown before the auction (face-up)
        self.face_up_hand: int | None = None  # their hand, once the declarer chose
        self.chose_face_up: bool | None = None  # the declarer's choice of dummy
        self.turned_up: list[Card | None] = []  # cards turned up in play, in order (None: OK)
        self.own: Any = None  # the form's own state of the deal (GameForm.new_deal_state)

    @property
    def thrown_in(self) -> bool:
        return self.auction is not None and self.auction.thrown_in

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Each hand with cards shown face up and not yet played: hand -> those cards."""
        if self.play is None:
            return {}
        return {h: cards for h in sorted(self.play.seen) if (cards := self.play.shown(h))}

    def snapshot(self) -> tuple:
        """Every attribute of the deal as plain values (the sheet before it aside):
        a field added to a deal is compared, undone and replayed without listing it."""
        return tuple(
            (name, _plain(value))
            for name, value in sorted(vars(self).items())
            if name != "sheet_before"
        )


# Values that are plain already: most of a deal's values are these (a snapshot is
# taken after every input in the property tests), so they are let through first.
_ATOMS = frozenset({int, str, bool, float, type(None), Card})


def _plain(value: Any) -> Any:
    """A deal's attribute as a plain, comparable value."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    to_plain = _BY_TYPE.get(kind)
    if to_plain is None:
        to_plain = _BY_TYPE[kind] = _way_for(kind)
    return to_plain(value)


def _sequence(value) -> tuple:
    if _ATOMS.issuperset(map(type, value)):  # a hand, a trick's cards: cards only
        return tuple(value)
    return tuple(map(_plain, value))


def _dict(value: dict) -> tuple:
    return tuple(sorted(((repr(k), _plain(v)) for k, v in value.items()), key=itemgetter(0)))


def _way_for(kind: type):
    """How a value of `kind` becomes plain, worked out once per type (snapshots are
    taken after every input in the property tests: the type tests were most of them)."""
    if issubclass(kind, Auction):
        return lambda value: ("auction", tuple(value.calls))
    if issubclass(kind, Play):
        return lambda value: ("play", _dict(vars(value)))
    if issubclass(kind, dict):
        return _dict
    if issubclass(kind, list | tuple):
        return _sequence
    if issubclass(kind, set | frozenset):
        return lambda value: tuple(sorted(map(repr, value)))
    if is_dataclass(kind):  # a form's own deal state
        # Field by field: it may hold a Play, which compares by identity.
        names = tuple(f.name for f in fields(kind))
        name = kind.__name__
        return lambda value: (name, tuple((n, _plain(getattr(value, n))) for n in names))
    return _itself


def _itself(value):
    return value


_BY_TYPE: dict[type, Any] = {}
