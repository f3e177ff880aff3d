"""Three hands through DDS with a fourth seat whose cards never count
(device/analysis/fourth_seat.py): its answers are plain minimax's, it declines the
positions where the seat cannot be filled, and the search is right without it."""

import random
import sys

import pytest

from device.analysis.fourth_seat import fourth_seat, library, lone_hand
from device.analysis.multi import MultiSearcher, encode
from tests.analysis.brute import brute, random_hands

pytest.importorskip("endplay")

SIDES = [(0, 1, 0), (0, 1, 1), (1, 0, 0), (0, 0, 1)]


def test_each_answer_is_plain_minimaxs():
    """Every test DDS is asked, at every k, on random endings (each side arrangement,
    every hand on lead, every strain)."""
    rng = random.Random(41)
    asked = 0
    for _ in range(40):
        size = rng.randint(1, 5)
        hands = random_hands(rng, 3, size)
        sides, trump = rng.choice(SIDES), rng.randint(-1, 3)
        test = fourth_seat(trump, sides)
        codes = tuple(encode(hands))
        for leader in range(3):
            want = brute(hands, leader, sides, trump)
            for k in range(1, size + 1):
                got = test(codes, leader, size, k)
                if got is not None:
                    asked += 1
                    assert got == (want >= k), (hands, sides, trump, leader, k)
    assert asked > 200


def test_the_search_asking_it_agrees_with_plain_minimax():
    """The search asking DDS from the first trick on (a trick in progress is the
    search's own; DDS takes the positions between tricks)."""
    rng = random.Random(43)
    asked = 0
    for _ in range(30):
        hands = random_hands(rng, 3, rng.randint(2, 5))
        sides, trump = rng.choice(SIDES), rng.randint(-1, 3)
        search = MultiSearcher(trump, sides, dds_from=2)
        for leader in range(3):
            assert search.tricks(hands, leader) == brute(hands, leader, sides, trump)
        asked += search.asked
    assert asked > 30


def test_longer_endings_agree_with_the_search_alone():
    """Eight cards a hand, too many for plain minimax: DDS from six tricks left (as the
    review asks it) against this search without DDS."""
    rng = random.Random(47)
    for _ in range(6):
        hands = random_hands(rng, 3, 8)
        sides, trump, leader = rng.choice(SIDES), rng.randint(-1, 3), rng.randrange(3)
        by_dds = MultiSearcher(trump, sides)
        alone = MultiSearcher(trump, sides, dds_from=None)
        assert by_dds.tricks(hands, leader) == alone.tricks(hands, leader), (hands, trump)
        assert by_dds.asked > 0 and alone.asked == 0


def _without_trumps(rng: random.Random, trump: int, size: int):
    """Three hands of `size` cards, none of them a trump."""
    deck = [(s, r) for s in range(4) for r in range(13) if s != trump]
    rng.shuffle(deck)
    hands = []
    for h in range(3):
        masks = [0, 0, 0, 0]
        for suit, rank in deck[h * size : (h + 1) * size]:
            masks[suit] |= 1 << rank
        hands.append(tuple(masks))
    return tuple(hands)


def test_with_trumps_the_seat_needs_as_many_low_side_cards_as_tricks_left():
    """Ten cards a hand and no trump among them: the side suits leave 9 cards below the
    hands' own, one short, so the test declines; with one trump in, it answers. With no
    trumps as the strain, there is always room."""
    rng = random.Random(53)
    hands = _without_trumps(rng, 3, 10)
    test = fourth_seat(3, (0, 1, 0))
    assert test(tuple(encode(hands)), 0, 10, 5) is None
    traded = [list(hand) for hand in hands]  # one side card for a trump: 10 left below
    suit = next(s for s in range(3) if traded[0][s])
    traded[0][suit] &= traded[0][suit] - 1
    traded[0][3] |= 1
    assert test(tuple(encode(traded)), 0, 10, 5) in (True, False)
    whole = random_hands(rng, 3, 13)
    assert test(tuple(encode(whole)), 0, 13, 7) is None
    assert fourth_seat(-1, (0, 1, 0))(tuple(encode(whole)), 0, 13, 7) in (True, False)


def test_the_lone_hand():
    assert lone_hand((0, 1, 0)) == 1
    assert lone_hand((1, 0, 0)) == 0
    assert lone_hand((0, 0, 1)) == 2
    assert lone_hand((0, 0, 0)) is None
    assert lone_hand((0, 1)) is None
    assert fourth_seat(-1, (0, 0, 0)) is None  # no two against one: nothing to seat


def test_without_dds_the_search_is_right_alone(monkeypatch):
    monkeypatch.setitem(sys.modules, "endplay", None)  # as if not installed
    assert fourth_seat(-1, (0, 1, 0)) is None
    rng = random.Random(59)
    for _ in range(8):
        hands = random_hands(rng, 3, rng.randint(2, 4))
        sides, trump, leader = rng.choice(SIDES), rng.randint(-1, 3), rng.randrange(3)
        search = MultiSearcher(trump, sides, dds_from=1)
        assert search.tricks(hands, leader) == brute(hands, leader, sides, trump)
        assert search.asked == 0


def test_the_library_loads_without_the_rest_of_endplay():
    """Neither endplay's package __init__ (its dealer) nor numpy and matplotlib are
    imported for the bindings, nor for the four-hand path (endplay_parts.py)."""
    from tests.test_imports import loaded_after

    load = (
        "from device.analysis.fourth_seat import library\n"
        "from device.analysis.four import _endplay\n"
        "assert library() is not None and _endplay()\n"
        "import sys\n"
        "assert 'endplay.dealer' not in sys.modules"
    )
    assert loaded_after(load, ("numpy", "matplotlib")) == []


def test_a_position_dds_refuses_goes_to_the_search(monkeypatch):
    """DDS answering with an error (its bindings raise DDSError): the test declines and
    the search answers alone, right, nothing asked of DDS counted."""
    dds = library()

    def refuse(*args):
        raise dds.DDSError("refused")

    monkeypatch.setattr(dds, "SolveBoard", refuse)
    rng = random.Random(61)
    hands = random_hands(rng, 3, 3)
    assert fourth_seat(-1, (0, 1, 0))(tuple(encode(hands)), 0, 3, 2) is None
    search = MultiSearcher(-1, (0, 1, 0), dds_from=1)
    assert search.tricks(hands, 0) == brute(hands, 0, (0, 1, 0), -1)
    assert search.asked == 0
