"""The fast three-hand search (Exposed Dummy): equal to plain minimax on small endings,
and the review (table and costly cards, DDS answering from six tricks left) equal to
the old search's on the last tricks of robot deals (tests/analysis/old_three.py; make
bench compares whole deals)."""

import dataclasses
import random

import pytest

from device.analysis.facts import NotReviewed, deal_facts
from device.analysis.fourth_seat import library
from device.analysis.multi import DDS_FROM, MultiSearcher
from device.analysis.three import ThreeHands
from device.robots import play_rubber
from tests.analysis import old_three
from tests.analysis.brute import brute, random_hands
from tests.analysis.test_multi import winner


@pytest.mark.parametrize("sides", [(0, 1, 0), (0, 1, 1), (1, 0, 0)])
def test_three_hands_agree_with_plain_minimax(sides):
    rng = random.Random(sum(sides) * 7 + sides[0])
    for _ in range(25):
        hands = random_hands(rng, 3, rng.randint(1, 5))
        trump, leader = rng.randint(-1, 3), rng.randrange(3)
        search = MultiSearcher(trump, sides)
        got = search.tricks(hands, leader)
        assert got == brute(hands, leader, sides, trump), (hands, trump, sides, leader)
        # the same searcher again, its table full: each other hand on lead
        for other in range(3):
            assert search.tricks(hands, other) == brute(hands, other, sides, trump)


def test_strains_sharing_the_positions_without_trumps_agree_with_plain_minimax():
    """One table of trumpless positions for every strain's search (as three.py shares it)."""
    rng = random.Random(5)
    for _ in range(10):
        hands = random_hands(rng, 3, rng.randint(2, 5))
        plain: dict = {}
        for trump in (-1, 0, 1, 2, 3):
            search = MultiSearcher(trump, (0, 1, 1), plain)
            for leader in range(3):
                want = brute(hands, leader, (0, 1, 1), trump)
                assert search.tricks(hands, leader) == want, (hands, trump, leader)
        assert plain  # it was used


def test_a_guess_changes_no_result():
    rng = random.Random(11)
    for _ in range(15):
        hands = random_hands(rng, 3, 5)
        trump, leader = rng.randint(-1, 3), rng.randrange(3)
        want = brute(hands, leader, (0, 1, 0), trump)
        for guess in (0, 1, 3, 5):
            assert MultiSearcher(trump, (0, 1, 0)).tricks(hands, leader, guess) == want


def endings(tricks: int, most: int):
    """Facts of the last `tricks` tricks of Exposed Dummy robot deals (no revokes)."""
    out = []
    for seed in (1, 2, 3):
        game = play_rubber(seed, "exposed-dummy")
        for deal in game.deals:
            try:
                facts = deal_facts(game, deal)
            except NotReviewed:
                continue
            if deal.play.revokes:
                continue
            out.append(ending(facts, tricks))
            if len(out) == most:
                return out
    return out


def ending(facts, tricks: int):
    last = facts.played[-tricks:]
    hands = tuple(tuple(c for _, cards in last for c in cards if c in h) for h in facts.hands)
    side = facts.sides[facts.declarer]
    before = sum(facts.sides[winner(t, facts)] == side for t in facts.played[:-tricks])
    return dataclasses.replace(facts, hands=hands, played=last, won=facts.won - before)


@pytest.mark.parametrize(("tricks", "most"), [(5, 4), (7, 4), (9, 2)])
def test_the_review_is_the_old_searchs_on_endings(tricks, most):
    """From six tricks left DDS answers (fourth_seat.py, where endplay is installed)."""
    asked = 0
    for facts in endings(tricks, most):
        new, old = ThreeHands(facts), old_three.ThreeHands(facts)
        assert new.table() == old.table(), facts.number
        assert new.costly() == old.costly(), facts.number
        asked += sum(search.asked for search in new.searchers.values())
    if tricks >= DDS_FROM and library() is not None:
        assert asked > 0
