"""aBRIDGEd scoring: seed 001's examples and the whole reconstructed chart."""

import json
from importlib.resources import files

import pytest

from device.engine.errors import RuleError
from device.forms.abridged.scoring import score_abridged


def test_seed_001_examples():
    hand_1 = score_abridged("play", 11)  # Carol and Bob: 100
    hand_2 = score_abridged("seven", 9)  # Ted and Alice: 20
    hand_3 = score_abridged("ten", 8)  # Bob and Carol fail: Ted and Alice 10
    hand_4 = score_abridged("play", 9)  # Alice and Ted fail: Bob and Carol 10
    assert (hand_1, hand_2, hand_3, hand_4) == ((100, 0), (20, 0), (0, 10), (0, 10))
    bob_carol = hand_1[0] + hand_3[0] + hand_4[1]
    ted_alice = hand_2[0] + hand_3[1] + hand_4[0]
    assert (bob_carol, ted_alice) == (110, 30)  # "Bob and Carol win ... 110 to 30"


CHART = {
    "play": {10: 80, 11: 100, 12: 120, 13: 140},
    "ten": {10: 40, 11: 50, 12: 60, 13: 70},
    "seven": {7: 10, 8: 15, 9: 20, 10: 25, 11: 30, 12: 35, 13: 40},
}


@pytest.mark.parametrize("declaration", sorted(CHART))
def test_whole_chart(declaration):
    for tricks in range(14):
        expected = (CHART[declaration][tricks], 0) if tricks in CHART[declaration] else (0, 10)
        assert score_abridged(declaration, tricks) == expected, tricks


def test_declaration_names_ignore_case_and_spaces():
    assert score_abridged(" Play ", 10) == (80, 0)
    assert score_abridged("SEVEN", 7) == (10, 0)


@pytest.mark.parametrize(
    "declaration, tricks", [("pass", 10), ("eight", 8), ("play", 14), ("ten", -1)]
)
def test_refused(declaration, tricks):
    with pytest.raises(RuleError):
        score_abridged(declaration, tricks)


def test_chart_says_it_is_a_reconstruction():
    chart = json.loads(files("device.forms.abridged").joinpath("chart.json").read_text())
    assert "reconstruction" in chart["note"]
