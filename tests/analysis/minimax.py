"""The exactness reference: plain minimax over every legal card, no pruning, no
bounds, no merged cards; memoised on the exact cards left, which changes no value."""

from __future__ import annotations

import random
from functools import cache

Card = tuple[int, int]  # (suit 0-3, rank 0-12)


def minimax(leader: frozenset[Card], follower: frozenset[Card], trump: int) -> int:
    """The most tricks the hand on lead takes from two hands of as many cards."""
    return _best(leader, follower, trump)


@cache
def _best(leader: frozenset, follower: frozenset, trump: int) -> int:
    if not leader:
        return 0
    best = 0
    for lead in leader:
        same = [c for c in follower if c[0] == lead[0]]
        worst = len(leader)
        for reply in same or follower:
            rest_l, rest_f = leader - {lead}, follower - {reply}
            kept = reply[1] < lead[1] if reply[0] == lead[0] else reply[0] != trump
            if kept:
                value = 1 + _best(rest_l, rest_f, trump)
            else:
                value = len(rest_l) - _best(rest_f, rest_l, trump)
            worst = min(worst, value)
        best = max(best, worst)
    return best


def random_ending(rng: random.Random, size: int) -> tuple[frozenset, frozenset]:
    deck = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    return frozenset(deck[:size]), frozenset(deck[size : 2 * size])


def masks(cards) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for suit, rank in cards:
        out[suit] |= 1 << rank
    return tuple(out)


def check(rng: random.Random, count: int, largest: int = 6) -> tuple[int, int]:
    """(endings that agree, endings tried): `count` random endings of 1..largest cards
    a hand, a random trump or NT, each hand on lead, the search against minimax."""
    from device.analysis.solver import Searcher, encode

    agree = 0
    for _ in range(count):
        size = rng.randint(1, largest)
        one, two = random_ending(rng, size)
        trump = rng.randint(-1, 3)
        search = Searcher(trump)
        got = (
            search.tricks(encode(masks(one), masks(two))),
            search.tricks(encode(masks(two), masks(one))),
        )
        want = (minimax(one, two, trump), minimax(two, one, trump))
        agree += got == want
        _best.cache_clear()
    return agree, count
