"""Chicago sheets: seed 004's examples, the vulnerability schedule (and its switched
option), passed-out deals, game and part-score bonuses. Numbers worked out by hand.
"""

import pytest

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.scoring import DealOutcome, SheetLine
from device.forms.chicago.sheet import ChicagoSheet
from tests.engine.helpers import kinds, play

NS, EW = 0, 1


def deal(text, declarer, tricks, dealer=0, honours=(0, 0)):
    return DealOutcome(Contract.parse(text), declarer, tricks, honours, dealer)


def passed_out(dealer=0):
    return DealOutcome(None, None, dealer=dealer)


def test_seed_004_example_1_game_on_deal_1():
    sheet = ChicagoSheet().add(deal("4H", NS, 11))
    assert sheet.deal_score(1) == ((120, 330), (0, 0))
    assert sorted(kinds(sheet, 1)) == sorted(
        [
            (NS, "below", 120, "tricks"),
            (NS, "above", 30, "overtricks"),
            (NS, "above", 300, "game-bonus"),
        ]
    )
    assert sheet.totals() == (450, 0)
    assert sheet.games == (1, 0)
    assert sheet.game_lines == (1,)


def test_seed_004_example_2_doubled():
    sheet = ChicagoSheet().add(deal("4HX", NS, 11))
    assert sheet.deal_score(1) == ((240, 100 + 50 + 300), (0, 0))
    assert sheet.totals() == (690, 0)
    sheet = ChicagoSheet().add(deal("4HX", NS, 9))
    assert sheet.deal_score(1) == ((0, 0), (0, 100))
    assert sheet.totals() == (0, 100)


def test_seed_004_example_3_part_scores_complete_a_game():
    sheet = ChicagoSheet().add(deal("2S", EW, 8, dealer=NS))
    assert sheet.deal_score(1) == ((0, 0), (60, 0))
    assert sheet.below == (0, 60)
    assert sheet.vulnerable(EW, dealer=EW)  # deal 2: East deals, E-W vulnerable
    sheet = sheet.add(deal("2D", EW, 8, dealer=EW))
    assert sheet.deal_score(2) == ((0, 0), (40, 500))
    assert sheet.lines[-1] == SheetLine(2, EW, "above", 500, "game-bonus", 0)
    assert sheet.below == (0, 0)
    assert sheet.games == (0, 1)
    assert sheet.totals() == (0, 600)


def test_a_game_wipes_the_other_sides_part_score():
    sheet = play(
        ChicagoSheet(),
        deal("2H", NS, 8, dealer=NS),  # N-S 60 below
        deal("4S", EW, 10, dealer=EW),  # E-W vulnerable game: 120 + 500; N-S's 60 is wiped
        deal("1NT", NS, 7, dealer=NS),  # 40: N-S have 40 toward game, not 100
    )
    assert sheet.below == (40, 0)
    assert sheet.games == (0, 1)
    assert kinds(sheet, 3) == [(NS, "below", 40, "tricks")]
    assert [line.game for line in sheet.lines] == [0, 0, 0, 1]
    sheet = sheet.add(deal("1NT", NS, 7, dealer=EW))  # deal 4: 80, no game: +100
    assert kinds(sheet, 4) == [(NS, "below", 40, "tricks"), (NS, "above", 100, "part-score-bonus")]
    assert sheet.finished
    assert sheet.totals() == (60 + 40 + 40 + 100, 120 + 500)
    assert sheet.winner == EW


def test_deal_4_part_score_that_completes_a_game_gets_the_game_bonus_only():
    sheet = play(
        ChicagoSheet(),
        deal("2NT", NS, 8),  # 70
        deal("1C", EW, 7, dealer=EW),  # 20
        deal("1D", EW, 7, dealer=NS),  # 40 for E-W
        deal("1S", NS, 7, dealer=EW),  # 70 + 30 = 100 on deal 4, both vulnerable
    )
    assert kinds(sheet, 4) == [(NS, "below", 30, "tricks"), (NS, "above", 500, "game-bonus")]
    assert sheet.totals() == (70 + 30 + 500, 40)
    assert sheet.winner == NS


def test_deal_4_game_and_failed_contract():
    first_three = [deal("1C", NS, 6), deal("1C", NS, 6, dealer=EW), deal("1C", NS, 6)]
    sheet = play(ChicagoSheet(), *first_three, deal("4S", EW, 10, dealer=EW))
    assert kinds(sheet, 4) == [(EW, "below", 120, "tricks"), (EW, "above", 500, "game-bonus")]
    sheet = play(ChicagoSheet(), *first_three, deal("2S", EW, 7, dealer=EW))
    assert kinds(sheet, 4) == [(NS, "above", 100, "undertricks")]  # no part-score bonus


def test_no_part_score_bonus_before_deal_4():
    sheet = play(ChicagoSheet(), deal("2S", NS, 8), deal("2S", EW, 8, dealer=EW))
    assert [line.kind for line in sheet.lines] == ["tricks", "tricks"]


def test_vulnerability_schedule():
    sheet = ChicagoSheet()
    for dealer in (NS, EW):
        assert not sheet.vulnerable(NS, dealer) and not sheet.vulnerable(EW, dealer)  # deal 1
    sheet = sheet.add(deal("1C", NS, 7))
    assert sheet.vulnerable(EW, dealer=EW) and not sheet.vulnerable(NS, dealer=EW)  # deal 2
    assert sheet.vulnerable(NS, dealer=NS) and not sheet.vulnerable(EW, dealer=NS)
    sheet = sheet.add(deal("1C", NS, 7, dealer=EW))
    assert sheet.vulnerable(NS, dealer=NS) and not sheet.vulnerable(EW, dealer=NS)  # deal 3
    sheet = sheet.add(deal("1C", NS, 7))
    for dealer in (NS, EW):
        assert sheet.vulnerable(NS, dealer) and sheet.vulnerable(EW, dealer)  # deal 4
    sheet = sheet.add(deal("1C", NS, 7, dealer=EW))
    with pytest.raises(RuleError, match="the Chicago is over"):
        sheet.vulnerable(NS)


def test_switched_vulnerability():
    sheet = ChicagoSheet(switched=True)
    assert not sheet.vulnerable(NS, NS) and not sheet.vulnerable(EW, NS)
    sheet = sheet.add(deal("1C", NS, 7))
    assert sheet.vulnerable(NS, dealer=EW) and not sheet.vulnerable(EW, dealer=EW)
    # Deal 2, East deals: N-S (the dealer's opponents) are vulnerable and get 500.
    switched = sheet.add(deal("4S", NS, 10, dealer=EW))
    assert switched.deal_score(2) == ((120, 500), (0, 0))
    standard = play(ChicagoSheet(), deal("1C", NS, 7), deal("4S", NS, 10, dealer=EW))
    assert standard.deal_score(2) == ((120, 300), (0, 0))
    # Deal 3 and 4 as usual.
    switched = switched.add(deal("1C", EW, 7, dealer=NS))
    assert switched.vulnerable(NS, NS) and switched.vulnerable(EW, EW)


def test_switched_option_changes_undertricks_too():
    sheet = play(ChicagoSheet(switched=True), deal("1C", NS, 7), deal("3NT", EW, 8, dealer=NS))
    assert sheet.deal_score(2) == ((0, 100), (0, 0))  # E-W vulnerable: one down is 100


def test_passed_out_deals_do_not_count():
    sheet = ChicagoSheet().add(passed_out(dealer=NS))
    assert sheet.deals == 1 and sheet.counted == 0
    assert sheet.lines == ()
    assert not sheet.vulnerable(NS, NS)  # still the first deal: nobody vulnerable
    sheet = play(
        sheet,
        deal("4S", NS, 10, dealer=NS),  # deal 2 on the sheet, counted deal 1: 120 + 300
        passed_out(dealer=EW),
        deal("4S", NS, 10, dealer=EW),  # counted deal 2, E-W deal: N-S not vulnerable
        deal("4S", EW, 10, dealer=NS),  # counted deal 3, N-S deal: E-W not vulnerable
        deal("1C", EW, 7, dealer=EW),  # counted deal 4: 20 + 100
    )
    assert sheet.finished
    assert sheet.deals == 6 and sheet.counted == 4
    assert sheet.deal_score(2) == ((120, 300), (0, 0))
    assert sheet.deal_score(3) == ((0, 0), (0, 0))
    assert sheet.deal_score(4) == ((120, 300), (0, 0))
    assert sheet.deal_score(5) == ((0, 0), (120, 300))
    assert sheet.deal_score(6) == ((0, 0), (20, 100))
    assert sheet.game_lines == (2, 4, 5)
    assert sheet.totals() == (840, 540)
    assert sheet.winner == NS
    with pytest.raises(RuleError, match="the Chicago is over"):
        sheet.add(passed_out())


def test_slam_gets_the_game_bonus_too():
    sheet = ChicagoSheet().add(deal("6NT", NS, 12))
    assert sheet.deal_score(1) == ((190, 500 + 300), (0, 0))
    sheet = play(ChicagoSheet(), deal("1C", NS, 7), deal("7H", EW, 13, dealer=EW))
    assert sheet.deal_score(2) == ((0, 0), (210, 1500 + 500))


def test_tie_has_no_winner():
    sheet = play(
        ChicagoSheet(),
        deal("3NT", NS, 9),  # 100 + 300
        deal("2C", NS, 0, dealer=EW),  # 8 down, not vulnerable: 400 to E-W
        deal("1C", NS, 6, dealer=NS),  # 1 down vulnerable: 100 to E-W
        deal("1C", EW, 6, dealer=EW),  # 1 down vulnerable: 100 to N-S
    )
    assert sheet.finished
    assert sheet.totals() == (500, 500)
    assert sheet.winner is None


def test_no_winner_and_no_closing_lines_before_the_end():
    sheet = play(ChicagoSheet(), deal("2H", NS, 8), deal("4S", EW, 4, dealer=EW))
    assert not sheet.finished
    assert sheet.winner is None
    assert sheet.closing_lines() == ()  # no bonus for an unfinished Chicago
    assert sheet.totals() == (60 + 600, 0)  # 6 down vulnerable: 600


def test_honours_in_chicago():
    sheet = ChicagoSheet().add(deal("4S", NS, 10, honours=(0, 100)))
    assert sheet.deal_score(1) == ((120, 300), (0, 100))
    sheet = ChicagoSheet(honours=False).add(deal("4S", NS, 10, honours=(0, 100)))
    assert sheet.deal_score(1) == ((120, 300), (0, 0))
