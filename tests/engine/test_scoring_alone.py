"""One deal scored alone, rubber and Chicago. Numbers worked out by hand."""

import pytest

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.scoring import chicago_vulnerable, score_alone


def alone(text, tricks, vulnerable, scoring="rubber", deal=1):
    return score_alone(Contract.parse(text), tricks, vulnerable, scoring, deal)


def result(below, above, defenders):
    return {
        "declarer": {"below": below, "above": above},
        "defenders": {"below": 0, "above": defenders},
    }


@pytest.mark.parametrize(
    "text, tricks, vulnerable, expected",
    [
        ("4S", 11, False, result(120, 30, 0)),  # seed 000: Anna's 4S
        ("3NTX", 8, False, result(0, 0, 100)),  # seed 000: Ben's 3NT doubled
        ("2SX", 8, True, result(120, 50, 0)),
        ("1NTXX", 9, True, result(160, 100 + 800, 0)),
        ("6H", 13, True, result(180, 30 + 750, 0)),
        ("7NTXX", 0, True, result(0, 0, 7600)),
        ("4H", 10, True, result(120, 0, 0)),  # no game bonus in rubber scoring
    ],
)
def test_rubber(text, tricks, vulnerable, expected):
    assert alone(text, tricks, vulnerable) == expected
    assert alone(text, tricks, vulnerable, deal=7) == expected  # the deal number is Chicago's


@pytest.mark.parametrize(
    "text, tricks, vulnerable, deal, expected",
    [
        ("4H", 11, False, 1, result(120, 330, 0)),  # seed 004, example 1: 450
        ("4HX", 11, False, 1, result(240, 450, 0)),  # example 2: 690
        ("4HX", 9, False, 1, result(0, 0, 100)),
        ("3NT", 9, True, 2, result(100, 500, 0)),
        ("2SX", 8, False, 3, result(120, 50 + 300, 0)),  # doubled into game
        ("2S", 8, False, 1, result(60, 0, 0)),  # part-score: no bonus before deal 4
        ("2S", 8, True, 3, result(60, 0, 0)),
        ("2S", 8, True, 4, result(60, 100, 0)),  # deal 4 part-score bonus
        ("2S", 7, True, 4, result(0, 0, 100)),  # failed: no bonus
        ("5D", 12, True, 4, result(100, 20 + 500, 0)),  # a game on deal 4
        ("6NT", 12, False, 1, result(190, 500 + 300, 0)),
        ("7NT", 13, True, 4, result(220, 1500 + 500, 0)),
    ],
)
def test_chicago(text, tricks, vulnerable, deal, expected):
    assert alone(text, tricks, vulnerable, "chicago", deal) == expected


def test_values_are_plain_ints():
    score = alone("4S", 11, False, "chicago")
    assert list(score) == ["declarer", "defenders"]
    assert all(type(v) is int for side in score.values() for v in side.values())


@pytest.mark.parametrize("scoring", ["duplicate", "Rubber", ""])
def test_bad_scoring_name(scoring):
    with pytest.raises(RuleError):
        alone("1C", 7, False, scoring)


@pytest.mark.parametrize("deal", [0, 5, -1])
def test_chicago_deal_outside_1_to_4(deal):
    with pytest.raises(RuleError):
        alone("1C", 7, False, "chicago", deal)


def test_bad_tricks():
    with pytest.raises(RuleError):
        alone("1C", 14, False)


@pytest.mark.parametrize(
    "deal, given, expected",
    [(1, False, False), (2, False, False), (2, True, True), (3, True, True), (4, False, True)],
)
def test_chicago_vulnerability_is_the_schedules_where_it_is_fixed(deal, given, expected):
    assert chicago_vulnerable(deal, given) is expected
    # 4H made: the game bonus shows which vulnerability was scored.
    bonus = alone("4H", 10, given, "chicago", deal)["declarer"]["above"]
    assert bonus == (500 if expected else 300)


def test_vulnerable_on_chicago_deal_1_is_refused():
    with pytest.raises(RuleError, match="^nobody is vulnerable on Chicago deal 1$"):
        alone("4H", 10, True, "chicago", 1)
    assert alone("4H", 10, True, "rubber", 1)["declarer"]["above"] == 0  # rubber: no schedule
