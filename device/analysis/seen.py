"""The cards of a deal as a review reads them: a card's suit and rank numbers, and the
cards each hand held and played (seen_cards). Apart from facts.py, which dispatches
an aBRIDGEd deal to its own facts, so that those facts use these without a circle."""

from __future__ import annotations

from .results import NotReviewed

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"


def card_index(text: str) -> tuple[int, int]:
    """(suit 0-3 clubs to spades, rank 0-12 two to ace) of a card's name."""
    return SUIT_LETTERS.index(text[0]), RANK_LETTERS.index(text[1])


def seen_cards(play, name=str) -> tuple[tuple, tuple]:
    """Each hand's cards when play began and each trick's (leader, cards), every
    card written by `name`; NotReviewed("unknown") when a hand's were not all seen
    (played, shown face up or known)."""
    hands = []
    for hand in range(play.hands):
        cards = set(play.by_hand[hand]) | set(play.shown(hand))
        cards |= set(play.known.get(hand, ()))
        if len(cards) != play.total:
            raise NotReviewed("unknown")
        hands.append(tuple(name(c) for c in sorted(cards, key=lambda c: c.sort_key)))
    played = [(t.leader, tuple(name(c) for c in t.cards)) for t in play.tricks]
    if play.current:
        played.append((play.leader, tuple(name(c) for c in play.current)))
    return tuple(hands), tuple(played)
