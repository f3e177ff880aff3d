"""Four hands: the review's path through endplay gives endplay's own table, and the
general search agrees with endplay's solver on small endings (make bench: 200 each)."""

import pytest

pytest.importorskip("endplay")

from tests.bench.analysis import four_agreement, multi_agreement, par_agreement  # noqa: E402


def test_the_four_hand_path_gives_endplays_table():
    assert four_agreement(4) == (4, 4)


def test_the_general_search_agrees_with_endplay_on_endings():
    assert multi_agreement(25) == (25, 25)


def test_par_agrees_with_endplays_where_the_scorings_agree():
    agree, tried = par_agreement(12)
    assert tried >= 4 and agree == tried
