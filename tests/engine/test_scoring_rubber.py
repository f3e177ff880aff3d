"""Rubber sheets: seed 000's example, games, rubber bonuses, unfinished rubbers,
the single-game option and honours. Expected numbers are worked out by hand.
"""

import time

import pytest

from device.engine.calls import Contract
from device.engine.errors import RuleError
from device.engine.scoring import DealOutcome, RubberSheet, SheetLine

from .helpers import kinds, play


def deal(text, declarer, tricks, honours=(0, 0)):
    return DealOutcome(Contract.parse(text), declarer, tricks, honours)


THROWN_IN = DealOutcome(None, None)


def test_seed_000_example():
    # Anna (side 0) bids 4S and takes 11 tricks, nobody vulnerable.
    sheet = RubberSheet().add(deal("4S", 0, 11))
    assert sheet.lines == (
        SheetLine(1, 0, "below", 120, "tricks", 0),
        SheetLine(1, 0, "above", 30, "overtricks", 0),
    )
    assert sheet.games == (1, 0)
    assert sheet.game_lines == (1,)
    assert sheet.below == (0, 0)
    assert sheet.vulnerable(0) and not sheet.vulnerable(1)
    assert sheet.deal_score(1) == ((120, 30), (0, 0))

    # Ben (side 1, not vulnerable) bids 3NT, is doubled and takes 8: Anna scores 100 above.
    sheet = sheet.add(deal("3NTX", 1, 8))
    assert sheet.lines[-1] == SheetLine(2, 0, "above", 100, "undertricks", 1)
    assert sheet.deal_score(2) == ((0, 100), (0, 0))
    assert sheet.deals == 2
    assert not sheet.finished
    assert sheet.winner is None
    # Stopped now, Anna has the only game of an unfinished rubber: +300.
    assert sheet.closing_lines() == (SheetLine(2, 0, "above", 300, "unfinished-game", 1),)
    assert sheet.totals() == (120 + 30 + 100 + 300, 0)


def test_empty_sheet():
    sheet = RubberSheet()
    assert sheet.lines == ()
    assert sheet.deals == 0
    assert sheet.totals() == (0, 0)
    assert sheet.closing_lines() == ()
    assert sheet.games == (0, 0)
    assert sheet.below == (0, 0)
    assert not sheet.vulnerable(0) and not sheet.vulnerable(1)
    assert not sheet.finished and sheet.winner is None


def test_sheets_are_values():
    empty = RubberSheet()
    after = empty.add(deal("2H", 0, 8))
    assert empty.lines == () and empty.deals == 0
    assert after.deals == 1
    assert after == RubberSheet().add(deal("2H", 0, 8))
    with pytest.raises(AttributeError):
        after.deals = 5


def test_part_scores_add_up_to_a_game():
    sheet = play(RubberSheet(), deal("2H", 0, 8), deal("1NT", 0, 7))
    assert sheet.games == (1, 0)
    assert sheet.game_lines == (2,)
    assert sheet.below == (0, 0)
    assert sheet.totals() == (60 + 40 + 300, 0)  # only game of an unfinished rubber


def test_part_scores_stop_counting_after_a_game():
    sheet = play(
        RubberSheet(),
        deal("2H", 0, 8),  # side 0: 60 below
        deal("4S", 1, 10),  # side 1: 120, game; side 0's 60 no longer counts
        deal("2H", 0, 8),  # side 0: 60 in the new game, not 120
    )
    assert sheet.games == (0, 1)
    assert sheet.below == (60, 0)
    assert sheet.game_lines == (2,)
    assert [line.game for line in sheet.lines] == [0, 0, 1]
    sheet = sheet.add(deal("1NT", 0, 7))  # 60 + 40 = 100: side 0's game
    assert sheet.games == (1, 1)
    assert sheet.game_lines == (2, 4)
    assert sheet.below == (0, 0)
    assert sheet.totals() == (160, 120)  # earlier part-scores stay in the totals
    assert sheet.closing_lines() == ()  # one game each, no part-score


def test_doubled_part_score_makes_game():
    sheet = RubberSheet().add(deal("2SX", 0, 8))
    assert kinds(sheet, 1) == [(0, "below", 120, "tricks"), (0, "above", 50, "insult")]
    assert sheet.games == (1, 0)


def test_vulnerability_changes_the_score():
    sheet = RubberSheet().add(deal("3NT", 1, 9))
    assert sheet.vulnerable(1)
    sheet = sheet.add(deal("4S", 1, 9))  # vulnerable: one down costs 100
    assert kinds(sheet, 2) == [(0, "above", 100, "undertricks")]
    sheet = sheet.add(deal("4S", 0, 9))  # not vulnerable: 50
    assert kinds(sheet, 3) == [(1, "above", 50, "undertricks")]


def test_rubber_bonus_700_two_games_to_none():
    sheet = play(RubberSheet(), deal("3NT", 0, 9), deal("3NT", 0, 9))
    assert sheet.finished
    assert sheet.games == (2, 0)
    assert sheet.lines[-1] == SheetLine(2, 0, "above", 700, "rubber-bonus", 1)
    assert sheet.totals() == (900, 0)
    assert sheet.winner == 0
    assert sheet.closing_lines() == ()
    with pytest.raises(RuleError, match="the rubber is over"):
        sheet.add(deal("1C", 1, 7))


def test_rubber_bonus_500_two_games_to_one():
    sheet = play(
        RubberSheet(),
        deal("4H", 1, 10),  # side 1: 120, game
        deal("5D", 0, 11),  # side 0: 100, game
        deal("2S", 1, 9),  # side 1 vulnerable: 60 below, 30 above
        deal("2NT", 1, 8),  # 70: 130, second game
    )
    assert sheet.finished
    assert sheet.games == (1, 2)
    assert sheet.game_lines == (1, 2, 4)
    assert kinds(sheet, 4) == [(1, "below", 70, "tricks"), (1, "above", 500, "rubber-bonus")]
    assert sheet.totals() == (100, 120 + 60 + 30 + 70 + 500)
    assert sheet.winner == 1


def test_winner_is_the_higher_total_not_the_rubber_winner():
    sheet = play(
        RubberSheet(),
        deal("3NT", 0, 9),  # side 0 game
        deal("3NT", 1, 9),  # side 1 game
        deal("7NTX", 0, 0),  # side 0 vulnerable, 13 down doubled: 3800 to side 1
        deal("3NT", 0, 9),  # side 0 wins the rubber: +500
    )
    assert sheet.finished
    assert sheet.totals() == (100 + 100 + 500, 100 + 3800)
    assert sheet.winner == 1


def test_equal_totals_go_to_the_side_that_won_the_rubber():
    sheet = play(
        RubberSheet(),
        deal("1CX", 0, 3),  # 4 down doubled, not vulnerable: 800 to side 1
        deal("1C", 0, 5),  # 2 down: 100 to side 1
        deal("3NT", 0, 9),
        deal("3NT", 0, 9),  # +700
    )
    assert sheet.totals() == (900, 900)
    assert sheet.winner == 0


def test_unfinished_part_score():
    sheet = RubberSheet().add(deal("2H", 0, 8))
    assert sheet.closing_lines() == (SheetLine(1, 0, "above", 100, "unfinished-part-score", 0),)
    assert sheet.totals() == (160, 0)
    # Both sides with a part-score: neither is "the only" one.
    sheet = sheet.add(deal("1S", 1, 7))
    assert sheet.closing_lines() == ()
    assert sheet.totals() == (60, 30)


def test_unfinished_game_and_part_score_for_different_sides():
    sheet = play(RubberSheet(), deal("4S", 0, 10), deal("2C", 1, 8))
    assert sheet.closing_lines() == (
        SheetLine(2, 0, "above", 300, "unfinished-game", 1),
        SheetLine(2, 1, "above", 100, "unfinished-part-score", 1),
    )
    assert sheet.totals() == (120 + 300, 40 + 100)
    # The closing lines are not written on the sheet.
    assert sheet.deal_score(2) == ((0, 0), (40, 0))


def test_game_and_part_score_for_the_same_side():
    sheet = play(RubberSheet(), deal("4S", 0, 10), deal("2C", 0, 8))
    assert [line.points for line in sheet.closing_lines()] == [300, 100]
    assert sheet.totals() == (120 + 40 + 400, 0)


def test_thrown_in_deals_count_but_write_nothing():
    sheet = play(RubberSheet(), THROWN_IN, deal("2H", 1, 8), THROWN_IN)
    assert sheet.deals == 3
    assert sheet.lines == (SheetLine(2, 1, "below", 60, "tricks", 0),)
    assert sheet.deal_score(1) == ((0, 0), (0, 0))
    assert sheet.deal_score(3) == ((0, 0), (0, 0))
    with pytest.raises(RuleError):
        sheet.deal_score(4)
    with pytest.raises(RuleError):
        sheet.deal_score(0)


def test_slam_in_a_rubber():
    sheet = RubberSheet().add(deal("6NT", 0, 12))
    assert kinds(sheet, 1) == [(0, "below", 190, "tricks"), (0, "above", 500, "slam")]
    assert sheet.games == (1, 0)
    sheet = sheet.add(deal("7H", 0, 13))  # vulnerable grand slam, second game
    assert kinds(sheet, 2) == [
        (0, "below", 210, "tricks"),
        (0, "above", 1500, "slam"),
        (0, "above", 700, "rubber-bonus"),
    ]


def test_single_game_first_to_100_wins():
    sheet = RubberSheet(single_game=True)
    sheet = play(sheet, deal("2S", 1, 8), deal("4H", 0, 10))
    assert sheet.finished
    assert sheet.winner == 0
    assert sheet.games == (1, 0)
    assert [line.kind for line in sheet.lines] == ["tricks", "tricks"]  # no rubber bonus
    assert sheet.totals() == (120, 60)
    with pytest.raises(RuleError, match="the rubber is over"):
        sheet.add(deal("1C", 1, 7))


def test_single_game_by_part_scores_wins_even_on_a_lower_total():
    sheet = play(
        RubberSheet(single_game=True),
        deal("2S", 1, 8),
        deal("4HX", 1, 6),  # 4 down doubled, not vulnerable: 800 to side 0
        deal("1NT", 1, 7),  # 60 + 40: side 1's game
    )
    assert sheet.finished
    assert sheet.totals() == (800, 100)
    assert sheet.winner == 1


def test_single_game_never_vulnerable_and_unfinished_part_score():
    sheet = RubberSheet(single_game=True).add(deal("3H", 0, 9))
    assert not sheet.vulnerable(0)
    # An unfinished single game: the only part-score still earns 100.
    assert sheet.closing_lines() == (SheetLine(1, 0, "above", 100, "unfinished-part-score", 0),)


def test_honours_are_scored_above_for_the_holder_made_or_not():
    sheet = RubberSheet().add(deal("4S", 0, 9, honours=(0, 150)))
    assert kinds(sheet, 1) == [(1, "above", 50, "undertricks"), (1, "above", 150, "honours")]
    sheet = sheet.add(deal("2S", 0, 8, honours=(100, 0)))
    assert kinds(sheet, 2) == [(0, "below", 60, "tricks"), (0, "above", 100, "honours")]
    assert sheet.below == (60, 0)  # honours never count toward game
    assert sheet.games == (0, 0)


def test_honours_off():
    sheet = RubberSheet(honours=False).add(deal("4S", 0, 10, honours=(150, 0)))
    assert kinds(sheet, 1) == [(0, "below", 120, "tricks")]


def test_bad_outcomes_are_refused():
    with pytest.raises(RuleError):
        DealOutcome(Contract.parse("1C"), 2, 7)
    with pytest.raises(RuleError):
        DealOutcome(Contract.parse("1C"), None, 7)
    with pytest.raises(RuleError):
        DealOutcome(Contract.parse("1C"), 0, 14)
    with pytest.raises(RuleError):
        DealOutcome(Contract.parse("1C"), 0, 7, honours=(120, 0))
    with pytest.raises(RuleError):
        DealOutcome(None, 0)
    with pytest.raises(RuleError):
        DealOutcome(None, None, dealer=3)
    with pytest.raises(RuleError):
        RubberSheet().vulnerable(2)


def test_a_long_history_replays_fast():
    # Penalties never end a rubber: 1,000 deals of them (and throw-ins).
    outcomes = [deal("7NTX", i % 2, 0) if i % 3 else THROWN_IN for i in range(1000)]
    start = time.perf_counter()
    sheet = play(RubberSheet(), *outcomes)
    elapsed = time.perf_counter() - start
    assert sheet.deals == 1000
    assert sheet.totals() == (333 * 3500, 333 * 3500)
    assert sheet.deal_score(999) == ((0, 0), (0, 3500))  # side 0 went 13 down
    assert sheet.deal_score(1000) == ((0, 0), (0, 0))  # thrown in
    assert elapsed < 0.5
