import pytest

from device.engine.auction import Auction, AuctionRules
from device.engine.calls import Call, Contract
from device.engine.errors import AuctionError

FIRST_PASS = AuctionRules((0, 1), passes_to_end=1, passes_to_throw_in=2)
THREE_PASSES = AuctionRules((0, 1), passes_to_end=3, passes_to_throw_in=4)
FOUR_SEATS = AuctionRules((0, 1, 0, 1), passes_to_end=3, passes_to_throw_in=4)


def run(rules, calls, first=0, names=("Anna", "Ben")):
    auction = Auction(rules, first, names)
    for text in calls.split():
        auction.add(Call.parse(text))
    return auction


def test_first_pass_after_a_bid_ends_the_auction():
    auction = run(FIRST_PASS, "1S P")
    assert auction.is_over and auction.contract == Contract.parse("1S")
    assert auction.declarer == 0 and auction.turn is None


def test_pass_after_double_or_redouble_ends_it():
    assert str(run(FIRST_PASS, "1S X P").contract) == "1SX"
    assert str(run(FIRST_PASS, "1S X XX P").contract) == "1SXX"


def test_both_pass_throws_in_and_a_new_bid_cancels_doubles():
    auction = run(FIRST_PASS, "P P")
    assert auction.thrown_in and auction.contract is None and auction.declarer is None
    assert str(run(FIRST_PASS, "1S X 2H P").contract) == "2H"


def test_opening_pass_does_not_end_a_first_pass_auction():
    auction = run(FIRST_PASS, "P 1H")
    assert not auction.is_over and auction.turn == 0
    auction.add(Call.parse("P"))
    assert auction.declarer == 1 and str(auction.contract) == "1H"


def test_three_passes_option():
    auction = run(THREE_PASSES, "1S P P")
    assert not auction.is_over
    auction.add(Call.parse("P"))
    assert auction.is_over and str(auction.contract) == "1S"
    assert not run(THREE_PASSES, "P P P").is_over
    assert run(THREE_PASSES, "P P P P").thrown_in


def test_who_speaks_first_is_an_argument():
    auction = run(FIRST_PASS, "1S P", first=1)
    assert auction.declarer == 1 and auction.calls[0] == (1, Call.parse("1S"))


@pytest.mark.parametrize(
    "calls,bad,reason",
    [
        ("2C", "1H", "1H is not higher than 2C"),
        ("2C", "2C", "2C is not higher than 2C"),
        ("", "X", "there is no bid to double"),
        ("", "XX", "there is no bid to redouble"),
        ("1S", "XX", "1S has not been doubled"),
        ("1S X", "X", "you cannot double your own bid"),
        ("1S X XX", "XX", "1S is already redoubled"),
        ("1S X XX", "X", "1S is already redoubled"),
        ("1S P", "1NT", "the auction is over"),
    ],
)
def test_refusals_say_why(calls, bad, reason):
    auction = run(FIRST_PASS, calls)
    before = list(auction.calls)
    with pytest.raises(AuctionError) as error:
        auction.add(Call.parse(bad))
    assert str(error.value) == reason
    assert auction.calls == before


def test_a_double_cannot_be_doubled_again():
    with pytest.raises(AuctionError, match="^1S is already doubled$"):
        run(FOUR_SEATS, "1S X P").add(Call.parse("X"))


def test_cannot_double_own_or_partners_bid():
    four = run(FOUR_SEATS, "1S")
    with pytest.raises(AuctionError, match="^you cannot double your partner's bid$"):
        run(FOUR_SEATS, "1S P").add(Call.parse("X"))
    four.add(Call.parse("X"))  # the opponent may
    two = run(THREE_PASSES, "1S P")
    with pytest.raises(AuctionError, match="^you cannot double your own bid$"):
        two.add(Call.parse("X"))


def test_redouble_only_by_the_doubled_side():
    auction = run(FOUR_SEATS, "1S X")
    with pytest.raises(AuctionError, match="redouble a double of your own side"):
        run(FOUR_SEATS, "1S X P").add(Call.parse("XX"))
    auction.add(Call.parse("XX"))
    assert auction.calls[-1][1] is Call.parse("XX")


def test_wrong_seat_is_refused_by_name():
    auction = Auction(FIRST_PASS, 0, ("Anna", "Ben"))
    with pytest.raises(AuctionError, match="^it is Anna's turn to call$"):
        auction.add(Call.parse("1C"), seat=1)


def test_four_seat_declarer_is_first_of_the_side_to_name_the_strain():
    # The seed 004 example: N 1H, E 1S, S 2H, W 2S, N 4H, E X, P P P.
    auction = run(FOUR_SEATS, "1H 1S 2H 2S 4H X P P P", names=("N", "E", "S", "W"))
    assert str(auction.contract) == "4HX" and auction.declarer == 0
    auction = run(FOUR_SEATS, "P 1C P 1H P 2H P P P")
    assert auction.declarer == 3  # West named hearts first for E-W


def test_legal_calls_grey_out_double_and_redouble():
    auction = Auction(FIRST_PASS, 0)
    legal = {str(c) for c in auction.legal_calls()}
    assert "X" not in legal and "XX" not in legal and len(legal) == 36
    auction.add(Call.parse("3NT"))
    legal = {str(c) for c in auction.legal_calls()}
    assert "X" in legal and "3NT" not in legal and "4C" in legal and "XX" not in legal
