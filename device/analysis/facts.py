"""What a review needs to know about one deal, read from the engine's state.

`DealFacts` is plain data (card names, numbers, names), so it crosses to a
worker process and keys a cache. `deal_facts` builds it from a finished deal
or says why that deal cannot be reviewed: the cards of every hand in play
must be known, from the cards played and those shown face up (a dummy); a
claim in a two-player form leaves the unplayed cards unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from .results import NotReviewed  # noqa: F401 (imported from here too)
from .seen import RANK_LETTERS, SUIT_LETTERS, card_index, seen_cards  # noqa: F401


@dataclass(frozen=True)
class DealFacts:
    number: int  # the deal's number in the rubber
    names: tuple[str, ...]  # each hand's name in play (its player's)
    sides: tuple[int, ...]  # each hand's side in play
    side_names: tuple[str, str]
    hands: tuple[tuple[str, ...], ...]  # each hand's cards when play began ("SA")
    declarers: tuple[tuple[int, int], ...]  # (hand that may declare, its opening leader)
    contract: str | None  # "4SX"; None: thrown in
    declarer: int | None  # the declarer's hand
    played: tuple[tuple[int, tuple[str, ...]], ...]  # each trick: (leader hand, its cards)
    won: int | None  # the declaring side's tricks as played (before revoke transfers)
    vulnerable: tuple[bool, bool]
    below: tuple[int, int]  # each side's points below the line before the deal
    first: int  # the side that spoke first in the auction
    # The sides of the hands in play for each entry of `declarers` (a shared dummy is
    # its declarer's); empty: `sides` for all.
    declarer_sides: tuple[tuple[int, ...], ...] = ()

    @property
    def strain(self) -> str | None:
        """The contract's strain: C D H S or NT."""
        if self.contract is None:
            return None
        return self.contract.rstrip("X")[1:]


def own_review(thing) -> ModuleType | None:
    """The review part of the package of the form `thing` (facts or a review) names in
    its `form`: a form reviewed its own way (aBRIDGEd's coloured deck and its chart),
    or None where the form is reviewed here."""
    name = getattr(thing, "form", None)
    if name is None:
        return None
    from device.forms import find_form, form_part  # the registry imports the engine

    return form_part(find_form(name), "review")


def deal_facts(game, deal) -> DealFacts:
    """The facts of a played deal of `game`; NotReviewed says why there are none. A
    form whose package has a review part gives its own facts."""
    from device.forms import form_part

    form = game.form
    own = form_part(form, "review")
    if own is not None:
        return own.deal_facts(game, deal)
    if getattr(form.deck, "name", "standard") != "standard":
        raise NotReviewed("deck")
    if deal.contract is None or deal.play is None:
        raise NotReviewed("thrown_in")
    play = deal.play
    if play.hands not in (2, 3, 4) or max(play.sides) > 1:  # two sides, not three players
        raise NotReviewed("hands")
    hands, played = seen_cards(play)
    hand = form.declarer_hand(deal.declarer)
    declarers = []
    for seat in range(form.players):
        own = form.declarer_hand(seat)
        declarers.append((own, form.opening_leader(own)))
    sheet = deal.sheet_before
    below = tuple(getattr(sheet, "below", (0, 0)))[:2]
    vulnerable = tuple(bool(v) for v in form.vulnerable(deal))[:2]
    speaker = form.first_speaker(deal.dealer, game.options)
    return DealFacts(
        number=deal.number,
        names=tuple(play.names),
        sides=tuple(play.sides),
        side_names=(game.side_name(0), game.side_name(1)),
        hands=hands,
        declarers=tuple(declarers),
        contract=str(deal.contract),
        declarer=hand,
        played=played,
        won=deal.won,
        vulnerable=(vulnerable + (False, False))[:2],
        below=(below + (0, 0))[:2],
        first=form.side(speaker),
        declarer_sides=tuple(tuple(form.play_sides(own)) for own, _ in declarers),
    )
