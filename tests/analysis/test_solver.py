"""The two-hand double-dummy search: exact against plain minimax, and on hands
whose value is plain to see."""

import random

import pytest

from device.analysis.solver import NT, Searcher, encode, flip
from tests.analysis.minimax import check

SPADES, HEARTS, CLUBS = 3, 2, 0
ALL = (1 << 13) - 1


def hand(**suits) -> tuple[int, ...]:
    """Rank masks from {"S": "AKQ"}: clubs, diamonds, hearts, spades."""
    out = [0, 0, 0, 0]
    for letter, ranks in suits.items():
        for r in ranks:
            out["CDHS".index(letter)] |= 1 << "23456789TJQKA".index(r)
    return tuple(out)


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_plain_minimax(seed):
    agree, tried = check(random.Random(seed), 12)
    assert agree == tried


def test_top_cards_and_the_lead():
    leader, follower = hand(S="AK"), hand(S="QJ")
    assert Searcher(NT).tricks(encode(leader, follower)) == 2
    assert Searcher(NT).tricks(encode(follower, leader)) == 0


def test_a_ruff_and_a_discard():
    leader, follower = hand(S="A", H="2"), hand(C="2", H="A")
    # Spades led: the follower ruffs with the club in clubs, discards in no trumps.
    assert Searcher(CLUBS).tricks(encode(leader, follower)) == 0
    assert Searcher(NT).tricks(encode(leader, follower)) == 1


def test_whole_suits():
    spades, hearts = (0, 0, 0, ALL), (0, 0, ALL, 0)
    assert Searcher(SPADES).tricks(encode(hearts, spades)) == 0  # every heart ruffed
    assert Searcher(NT).tricks(encode(hearts, spades)) == 13  # whoever leads runs the suit
    assert Searcher(NT).tricks(encode(spades, hearts)) == 13


def test_one_table_answers_both_leaders():
    rng = random.Random(9)
    deck = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    one, two = [0] * 4, [0] * 4
    for s, r in deck[:13]:
        one[s] |= 1 << r
    for s, r in deck[13:26]:
        two[s] |= 1 << r
    search = Searcher(HEARTS)
    codes = encode(tuple(one), tuple(two))
    first = search.tricks(codes)
    assert search.tricks(flip(codes)) == Searcher(HEARTS).tricks(encode(tuple(two), tuple(one)))
    assert search.tricks(codes) == first  # the stored bounds give the same answer again
    assert search.searched > 0


def test_bad_positions_are_refused():
    with pytest.raises(ValueError, match="both hands"):
        encode(hand(S="A"), hand(S="A"))
    with pytest.raises(ValueError, match="as many cards"):
        Searcher(NT).tricks(encode(hand(S="AK"), hand(S="Q")))
