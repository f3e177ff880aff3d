"""One Chicago deal scored alone (`honeymoon score --scoring chicago`): the
schedule's vulnerability and the bonuses. Numbers worked out by hand."""

import pytest

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.scoring import score_alone
from device.forms import alone_scorings
from device.forms.chicago import FORM


def alone(text, tricks, vulnerable, deal=1):
    vulnerable = FORM.alone_vulnerable(deal, vulnerable)
    bonus = lambda points, v: FORM.alone_bonus(points, v, deal)  # noqa: E731
    return score_alone(Contract.parse(text), tricks, vulnerable, bonus)


def result(below, above, defenders):
    return {
        "declarer": {"below": below, "above": above},
        "defenders": {"below": 0, "above": defenders},
    }


def test_score_names_chicago_s_way():
    assert alone_scorings()["chicago"] is FORM


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
    assert alone(text, tricks, vulnerable, deal) == expected


def test_values_are_plain_ints():
    score = alone("4S", 11, False)
    assert list(score) == ["declarer", "defenders"]
    assert all(type(v) is int for side in score.values() for v in side.values())


@pytest.mark.parametrize("deal", [0, 5, -1])
def test_chicago_deal_outside_1_to_4(deal):
    with pytest.raises(RuleError):
        alone("1C", 7, False, deal)


def test_bad_tricks():
    with pytest.raises(RuleError):
        alone("1C", 14, False)


@pytest.mark.parametrize(
    "deal, given, expected",
    [(1, False, False), (2, False, False), (2, True, True), (3, True, True), (4, False, True)],
)
def test_chicago_vulnerability_is_the_schedules_where_it_is_fixed(deal, given, expected):
    assert FORM.alone_vulnerable(deal, given) is expected
    # 4H made: the game bonus shows which vulnerability was scored.
    bonus = alone("4H", 10, given, deal)["declarer"]["above"]
    assert bonus == (500 if expected else 300)


def test_vulnerable_on_chicago_deal_1_is_refused():
    with pytest.raises(RuleError, match="^nobody is vulnerable on Chicago deal 1$"):
        alone("4H", 10, True, 1)
    rubber = score_alone(Contract.parse("4H"), 10, True)  # a rubber's: no schedule
    assert rubber["declarer"]["above"] == 0
