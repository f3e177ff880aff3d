"""aBRIDGEd's deck: four colours, numbered 2..14, printed colour letter and number
("R14", "Y2"). Its name pairs and stores it (`--deck abridged`, the profile
abridged.json, the camera's profile); any form may play with it.

A face shows hand-strength pips beside its number: 4, 3, 2, 1 on 14, 13, 12, 11.
"""

from __future__ import annotations

from device.engine.cards import Card, Deck, Suit, register


def _pips(card: Card) -> int:
    return max(card.rank - 10, 0)


# `order` only sorts the colours: they have no bidding rank.
COLOURED = register(
    Deck(
        "abridged",
        (Suit("R", "red", 3), Suit("Y", "yellow", 2), Suit("B", "blue", 1), Suit("G", "green", 0)),
        str,
        _pips,
    )
)
