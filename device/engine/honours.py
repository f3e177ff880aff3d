"""Honours the players give after a claim, checked against the cards played.

After a claim the device has not seen every card, so the players say who
held honours. What they say must still fit every card the table knows: a hand
cannot have held an honour that another hand played or showed face up (a
dummy laid out, a card taken face up, a top card drawn), nor one put out of
play before the play, nor more honours than fit in the cards it had left.
Honours are held in one hand, so the check is per hand; any hand of the
giver's side may be the one (a dummy counts for its side).
"""

from __future__ import annotations

from collections.abc import Callable

from .calls import Strain
from .cards import Card, Deck
from .message import Message, msg
from .play import Play

_TRUMP_HONOURS = (14, 13, 12, 11, 10)  # A K Q J 10


def needed(deck: Deck, strain: Strain, points: int) -> tuple[tuple[Card, ...], int]:
    """The honour cards that count in `strain` and how many of them one hand holds
    for `points`: four aces in no-trumps (150), else 4 (100) or 5 (150) trump honours."""
    if strain is Strain.NOTRUMP:
        return tuple(c for c in deck.cards if c.rank == 14), 4
    trump = deck.suit(strain.letter)
    cards = sorted(
        (c for c in deck.cards if c.suit is trump and c.rank in _TRUMP_HONOURS),
        key=lambda c: -c.rank,
    )  # named high to low: "SK, SQ"
    return tuple(cards), 5 if points == 150 else 4


NotHeld = Callable[[int, Card], "str | None"]


def refusal(
    play: Play,
    side: int,
    name: str,
    strain: Strain,
    points: int,
    deck: Deck,
    not_held: NotHeld = lambda hand, card: None,
) -> Message | str | None:
    """Why no hand of `side` can have held these honours, or None when one can.

    not_held(hand, card): why the table knows `hand` did not hold `card` when the
    play started, from a phase before it (a card dead, or taken by another player).
    """
    if deck.name != "standard":
        return msg("honours are scored with the standard deck only")
    cards, need = needed(deck, strain, points)
    reasons = []
    for hand in (h for h in range(play.hands) if play.sides[h] == side):
        reason = _hand_refusal(play, hand, cards, need, not_held)
        if reason is None:
            return None
        reasons.append(reason)
    if strain is Strain.NOTRUMP:
        return msg("{name} cannot have held the four aces: {reason}", name=name, reason=reasons[0])
    return msg(
        "{name} cannot have held {n} trump honours: {reason}", name=name, n=need, reason=reasons[0]
    )


def _hand_refusal(
    play: Play, hand: int, cards: tuple[Card, ...], need: int, not_held: NotHeld
) -> str | None:
    """Why `hand` cannot have held `need` of `cards`, or None: every card the table
    knows counts, played or face up in another hand, or out of it before the play."""
    known = set(play.by_hand[hand]) | set(play.seen.get(hand, ()))
    seen: dict[tuple[str, int], list[Card]] = {}  # ("played" or "showed", hand) -> cards
    other: list[Message | str] = []  # the form's reasons, in the order of the cards
    possible = []
    for card in cards:
        if card in known:
            continue
        by = play.played.get(card, (hand, 0))[0]
        shown = next((h for h, up in play.seen.items() if h != hand and card in up), None)
        if by != hand:
            seen.setdefault(("played", by), []).append(card)
        elif (why := not_held(hand, card)) is not None:  # the form's words first
            other.append(why)
        elif shown is not None:
            seen.setdefault(("showed", shown), []).append(card)
        else:
            possible.append(card)
    own = sum(1 for card in cards if card in known)
    if own + len(possible) < need:
        said = [
            _SAID[verb](other=play.names[h], cards=", ".join(map(str, c)))
            for (verb, h), c in sorted(seen.items(), key=lambda item: (item[0][1], item[0][0]))
        ]
        return _joined(said + other)
    # Cards of the hand still unseen: a hand wholly known holds only what was seen.
    if own >= need:
        return None
    if hand in play.known:
        return msg("every card of that hand is known: it held {n}", n=own)
    left = play.unseen(hand)
    if need - own > left:
        if left == 1:
            return msg(
                "{more} more would be needed in the 1 card still in that hand", more=need - own
            )
        return msg(
            "{more} more would be needed in the {left} cards still in that hand",
            more=need - own,
            left=left,
        )
    return None


_SAID = {
    "played": lambda **fields: msg("{other} played {cards}", **fields),
    "showed": lambda **fields: msg("{other} showed {cards}", **fields),
}


def _joined(reasons: list) -> Message | str:
    """Reasons one after the other: "Bob played SA; Carol showed HA"."""
    whole = reasons[-1]
    for reason in reversed(reasons[:-1]):
        whole = msg("{reason}; {other}", reason=reason, other=whole)
    return whole
