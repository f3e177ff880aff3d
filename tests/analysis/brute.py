"""The exactness reference for tricks of two, three or four cards: plain minimax over
every legal card, no pruning, memoised on the exact cards left."""

from __future__ import annotations

import random
from functools import cache


def brute(hands, leader: int, sides, trump: int, played=()) -> int:
    """Side 0's tricks from `hands` (rank masks per suit) with `leader` on lead, and
    `played` the cards ((hand, suit, rank)) of the trick in progress, if any."""
    count = len(hands)

    @cache
    def rest(hands, leader):
        if not any(hands[0]):
            return 0
        return trick(hands, leader, ())

    def trick(hands, leader, played):
        if len(played) == count:
            best = played[0]
            for card in played[1:]:
                if card[1] == best[1]:
                    if card[2] > best[2]:
                        best = card
                elif card[1] == trump:
                    best = card
            return (sides[best[0]] == 0) + rest(hands, best[0])
        hand = (leader + len(played)) % count
        cards = [(s, r) for s in range(4) for r in range(13) if hands[hand][s] >> r & 1]
        if played:
            cards = [c for c in cards if c[0] == played[0][1]] or cards
        values = []
        for suit, rank in cards:
            mine = list(hands[hand])
            mine[suit] &= ~(1 << rank)
            after = hands[:hand] + (tuple(mine),) + hands[hand + 1 :]
            values.append(trick(after, leader, played + ((hand, suit, rank),)))
        return max(values) if sides[hand] == 0 else min(values)

    return trick(tuple(tuple(h) for h in hands), leader, tuple(played))


def random_hands(rng: random.Random, count: int, size: int) -> tuple[tuple[int, ...], ...]:
    deck = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    out = []
    for h in range(count):
        masks = [0, 0, 0, 0]
        for suit, rank in deck[h * size : (h + 1) * size]:
            masks[suit] |= 1 << rank
        out.append(tuple(masks))
    return tuple(out)
