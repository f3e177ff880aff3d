"""The general search (tricks of two, three or four cards) against plain minimax on
small endings, and Exposed Dummy's deals reviewed with it."""

import dataclasses
import random

import pytest

from device.analysis.facts import deal_facts
from device.analysis.multi import MultiSearcher
from device.analysis.review import analyse
from device.robots import play_rubber
from tests.analysis.brute import brute, random_hands

SIDES = {2: [(0, 1)], 3: [(0, 1, 0), (0, 1, 1)], 4: [(0, 1, 0, 1)]}


@pytest.mark.parametrize("count", [2, 3, 4])
def test_agrees_with_plain_minimax(count):
    rng = random.Random(count)
    for _ in range(12):
        size = rng.randint(1, 4 if count > 2 else 6)
        hands = random_hands(rng, count, size)
        trump, leader = rng.randint(-1, 3), rng.randrange(count)
        sides = rng.choice(SIDES[count])
        got = MultiSearcher(trump, sides).tricks(hands, leader)
        assert got == brute(hands, leader, sides, trump), (hands, trump, sides, leader)


def test_a_trick_in_progress():
    rng = random.Random(7)
    for _ in range(10):
        hands = list(random_hands(rng, 3, 4))
        sides, trump, leader = (0, 1, 0), rng.randint(-1, 3), rng.randrange(3)
        played = []
        for i in range(rng.randint(1, 2)):  # one or two cards of the trick played
            hand = (leader + i) % 3
            suit, rank = next(
                (s, r) for s in range(4) for r in range(13) if hands[hand][s] >> r & 1
            )
            mine = list(hands[hand])
            mine[suit] &= ~(1 << rank)
            hands[hand] = tuple(mine)
            played.append((hand, suit, rank))
        got = MultiSearcher(trump, sides).tricks_in_trick(tuple(hands), leader, played)
        assert got == brute(tuple(hands), leader, sides, trump, played)


def test_an_exposed_dummy_ending_is_reviewed():
    """A deal's last five tricks (the whole deal takes seconds: make bench and the
    screen do those)."""
    game = play_rubber(1, "exposed-dummy")
    deal = next(d for d in game.deals if d.contract is not None and not d.play.revokes)
    facts = deal_facts(game, deal)
    last = facts.played[-5:]
    hands = tuple(tuple(c for _, cards in last for c in cards if c in h) for h in facts.hands)
    won_before = sum(
        facts.sides[winner(t, facts)] == facts.sides[facts.declarer] for t in facts.played[:-5]
    )
    facts = dataclasses.replace(facts, hands=hands, played=last, won=facts.won - won_before)
    review = analyse(facts)
    assert review.engine == "three-hand search"
    assert review.best + sum(c.after - c.before for c in review.costly) == review.won
    assert len(review.table) == 10 and all(0 <= c.tricks <= 5 for c in review.table)


def winner(trick, facts) -> int:
    """The hand that won a trick of the facts (the contract's trumps)."""
    leader, cards = trick
    trump = facts.strain if facts.strain != "NT" else None
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card[0] == top[0]:
            if "23456789TJQKA".index(card[1]) > "23456789TJQKA".index(top[1]):
                best = i
        elif card[0] == trump:
            best = i
    return (leader + best) % len(cards)
