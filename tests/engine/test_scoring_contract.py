"""Contract scores and honours: every cell of the tables of rules-reference section 1.

Expected numbers are written out by hand from the tables, never computed
with the code under test.
"""

import pytest

from device.engine.calls import Contract, Strain
from device.engine.cards import parse_cards
from device.engine.errors import RuleError
from device.engine.scoring import ContractScore, honours_in_hand, score_contract
from device.forms.abridged.deck import COLOURED as ABRIDGED

# Trick points when made, levels 1..7: undoubled, doubled, redoubled.
MINOR = (
    (20, 40, 60, 80, 100, 120, 140),
    (40, 80, 120, 160, 200, 240, 280),
    (80, 160, 240, 320, 400, 480, 560),
)
MAJOR = (
    (30, 60, 90, 120, 150, 180, 210),
    (60, 120, 180, 240, 300, 360, 420),
    (120, 240, 360, 480, 600, 720, 840),
)
NOTRUMP = (
    (40, 70, 100, 130, 160, 190, 220),
    (80, 140, 200, 260, 320, 380, 440),
    (160, 280, 400, 520, 640, 760, 880),
)
TRICK_POINTS = {"C": MINOR, "D": MINOR, "H": MAJOR, "S": MAJOR, "NT": NOTRUMP}


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
@pytest.mark.parametrize("doubled", [0, 1, 2])
@pytest.mark.parametrize("vulnerable", [False, True])
def test_trick_points_table(strain, doubled, vulnerable):
    for level in range(1, 8):
        contract = Contract(level, Strain.parse(strain), doubled)
        score = score_contract(contract, level + 6, vulnerable)
        assert score.trick_points == TRICK_POINTS[strain][doubled][level - 1], contract
        assert score.overtricks == 0
        assert score.undertricks == 0
        assert score.made


@pytest.mark.parametrize(
    "contract, tricks, vulnerable, overtricks",
    [
        ("1C", 13, False, 120),  # 6 x 20
        ("1C", 13, True, 120),  # undoubled: vulnerability does not matter
        ("2D", 9, False, 20),
        ("1H", 13, False, 180),  # 6 x 30
        ("3S", 10, True, 30),
        ("1NT", 13, False, 180),  # 30 each, not 40
        ("3NT", 11, False, 60),
        ("1CX", 13, False, 600),  # 6 x 100
        ("1CX", 13, True, 1200),  # 6 x 200
        ("1CXX", 13, False, 1200),  # 6 x 200
        ("1CXX", 13, True, 2400),  # 6 x 400
        ("2HX", 9, False, 100),
        ("2HX", 9, True, 200),
        ("3NTXX", 10, False, 200),
        ("3NTXX", 10, True, 400),
        ("4SX", 10, True, 0),
    ],
)
def test_overtricks(contract, tricks, vulnerable, overtricks):
    assert score_contract(Contract.parse(contract), tricks, vulnerable).overtricks == overtricks


@pytest.mark.parametrize(
    "contract, tricks, insult",
    [("2S", 8, 0), ("2SX", 8, 50), ("2SXX", 8, 100), ("2SX", 11, 50), ("2SXX", 7, 0)],
)
def test_insult_only_when_a_doubled_contract_is_made(contract, tricks, insult):
    for vulnerable in (False, True):
        assert score_contract(Contract.parse(contract), tricks, vulnerable).insult == insult


@pytest.mark.parametrize(
    "contract, tricks, vulnerable, expected",
    [
        # (trick points, overtricks, insult, slam, undertricks)
        ("6S", 12, False, (180, 0, 0, 500, 0)),
        ("6S", 12, True, (180, 0, 0, 750, 0)),
        ("6NT", 13, False, (190, 30, 0, 500, 0)),  # a small slam made with an overtrick
        ("7C", 13, True, (140, 0, 0, 1500, 0)),
        ("7NT", 13, False, (220, 0, 0, 1000, 0)),
        ("6HX", 12, True, (360, 0, 50, 750, 0)),
        ("7DXX", 13, False, (560, 0, 100, 1000, 0)),
        ("5S", 12, False, (150, 30, 0, 0, 0)),  # twelve tricks, but no slam was bid
        ("6S", 11, False, (0, 0, 0, 0, 50)),  # a slam bid and not made
        ("7NT", 12, True, (0, 0, 0, 0, 100)),
    ],
)
def test_slams(contract, tricks, vulnerable, expected):
    assert score_contract(Contract.parse(contract), tricks, vulnerable) == ContractScore(*expected)


# Undertricks 1..13 down: the totals of rules-reference section 1, cell by cell.
UNDERTRICKS = {
    (False, 0): (50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650),
    (True, 0): (100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300),
    (False, 1): (100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500),
    (True, 1): (200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800),
    (False, 2): (200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000),
    (True, 2): (400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600),
}


@pytest.mark.parametrize("vulnerable, doubled", sorted(UNDERTRICKS))
def test_undertrick_table_every_cell(vulnerable, doubled):
    for down in range(1, 14):
        contract = Contract(7, Strain.NOTRUMP, doubled)
        score = score_contract(contract, 13 - down, vulnerable)
        assert score == ContractScore(0, 0, 0, 0, UNDERTRICKS[vulnerable, doubled][down - 1]), down
        assert not score.made
        assert score.declarer_above == 0


def test_undertrick_totals_listed_in_the_reference():
    def down(text, tricks, vulnerable):
        return score_contract(Contract.parse(text), tricks, vulnerable).undertricks

    assert [down("5DX", 11 - n, False) for n in range(1, 6)] == [100, 300, 500, 800, 1100]
    assert [down("5DX", 11 - n, True) for n in range(1, 5)] == [200, 500, 800, 1100]
    assert [down("5DXX", 11 - n, False) for n in range(1, 5)] == [200, 600, 1000, 1600]


def test_undertricks_depend_only_on_how_many_down():
    # 1C with no tricks is seven down, the same as 7NT with six tricks.
    assert score_contract(Contract.parse("1CX"), 0, False).undertricks == 1700
    assert score_contract(Contract.parse("3NTX"), 8, False).undertricks == 100  # seed 000


def test_made_and_declarer_above():
    score = score_contract(Contract.parse("6HX"), 13, False)
    assert score == ContractScore(360, 100, 50, 500, 0)
    assert score.made
    assert score.declarer_above == 650
    score = score_contract(Contract.parse("4H"), 9, False)
    assert not score.made
    assert score.declarer_above == 0


@pytest.mark.parametrize("tricks", [-1, 14, 100])
def test_tricks_outside_a_deal_are_refused(tricks):
    with pytest.raises(RuleError):
        score_contract(Contract.parse("1NT"), tricks, False)


@pytest.mark.parametrize(
    "hand, strain, points",
    [
        ("SA SK SQ SJ H2 H3 H4 D2 D3 D4 C2 C3 C4", "S", 100),
        ("SA SK SQ SJ ST H3 H4 D2 D3 D4 C2 C3 C4", "S", 150),
        ("SA SK SQ ST S2 H3 H4 D2 D3 D4 C2 C3 C4", "S", 100),  # any four of A K Q J 10
        ("SK SQ SJ ST S9 H3 H4 D2 D3 D4 C2 C3 C4", "S", 100),
        ("SA SK SQ S9 S2 H3 H4 D2 D3 D4 C2 C3 C4", "S", 0),  # the nine is no honour
        ("SA SK SQ SJ ST H3 H4 D2 D3 D4 C2 C3 C4", "H", 0),  # honours of another suit
        ("SA HA DA CA S2 H3 H4 D2 D3 D4 C2 C3 C4", "NT", 150),
        ("SA HA DA S3 S2 H3 H4 D2 D3 D4 C2 C3 C4", "NT", 0),
        ("SA HA DA CA S2 H3 H4 D2 D3 D4 C2 C3 C4", "S", 0),  # four aces count only at NT
        ("SA SK SQ SJ ST H3 H4 D2 D3 D4 C2 C3 C4", "NT", 0),  # trump honours need trumps
        ("HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 H2", "H", 150),
        ("DA DK DQ DJ", "D", 100),
        ("", "C", 0),
    ],
)
def test_honours_in_hand(hand, strain, points):
    assert honours_in_hand(parse_cards(hand), Strain.parse(strain)) == points


def test_honours_need_the_standard_deck():
    with pytest.raises(RuleError):
        honours_in_hand(parse_cards("R14 R13 R12 R11 R10", ABRIDGED), Strain.HEARTS)
