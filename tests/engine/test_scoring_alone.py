"""One deal scored alone as in a rubber. Numbers worked out by hand (Chicago's:
tests/forms/chicago/test_chicago_alone.py)."""

import pytest

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.scoring import score_alone


def alone(text, tricks, vulnerable):
    return score_alone(Contract.parse(text), tricks, vulnerable)


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


def test_values_are_plain_ints():
    score = alone("4S", 11, False)
    assert list(score) == ["declarer", "defenders"]
    assert all(type(v) is int for side in score.values() for v in side.values())


def test_a_bonus_is_added_above_the_line():
    """A form's way of scoring alone adds its bonus to the declarer's side only."""
    score = score_alone(Contract.parse("4H"), 10, True, lambda points, vulnerable: points + 1)
    assert score == result(120, 121, 0)


def test_bad_tricks():
    with pytest.raises(RuleError):
        alone("1C", 14, False)
