"""Honours the players give after a claim, checked against the cards played.

After a claim the device has not seen every card, so the players say who
held honours. What they say must still fit what was seen: a hand cannot have
held an honour that another hand played, nor more honours than fit in the
cards it had left. Honours are held in one hand, so the check is per hand;
any hand of the giver's side may be the one (a dummy counts for its side).
"""

from __future__ import annotations

from .calls import Strain
from .cards import Card, Deck
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


def refusal(
    play: Play, side: int, name: str, strain: Strain, points: int, deck: Deck
) -> str | None:
    """Why no hand of `side` can have held these honours, or None when one can."""
    if deck.name != "standard":
        return "honours are scored with the standard deck only"
    cards, need = needed(deck, strain, points)
    reasons = []
    for hand in (h for h in range(play.hands) if play.sides[h] == side):
        reason = _hand_refusal(play, hand, cards, need)
        if reason is None:
            return None
        reasons.append(reason)
    what = "the four aces" if strain is Strain.NOTRUMP else f"{need} trump honours"
    return f"{name} cannot have held {what}: {reasons[0]}"


def _hand_refusal(play: Play, hand: int, cards: tuple[Card, ...], need: int) -> str | None:
    """Why `hand` cannot have held `need` of `cards`, or None."""
    elsewhere: dict[int, list[Card]] = {}
    for card in cards:
        played_by = play.played.get(card, (hand, 0))[0]
        if played_by != hand:
            elsewhere.setdefault(played_by, []).append(card)
    if len(cards) - sum(len(c) for c in elsewhere.values()) < need:
        return "; ".join(
            f"{play.names[other]} played {', '.join(str(c) for c in played)}"
            for other, played in sorted(elsewhere.items())
        )
    own = sum(1 for card in play.by_hand[hand] if card in cards)
    left = play.total - len(play.by_hand[hand])
    if need - own > left:
        return f"{need - own} more would be needed in the {left} cards still in that hand"
    return None
