import pytest

from device.engine.cards import HEARTS, SPADES, parse_cards
from device.engine.errors import PlayError
from device.engine.play import Play, revoke_transfer, trick_winner

NAMES = ("Anna", "Ben")


def cards(text):
    return tuple(parse_cards(text))


@pytest.mark.parametrize(
    "played,leader,hands,trump,winner",
    [
        ("HA H2", 0, 2, None, 0),
        ("H2 HA", 0, 2, None, 1),
        ("H2 SA", 0, 2, None, 0),  # off-suit never wins at NT
        ("HA S2", 0, 2, SPADES, 1),  # any trump beats the suit led
        ("H2 S3 S9 HK", 1, 4, SPADES, 3),  # the highest trump wins; leader 1, 3rd card
        ("D4 D9 DQ DJ", 2, 4, HEARTS, 0),  # highest of suit led: DQ by hand (2+2)%4
        ("C5 C7 C6", 0, 3, None, 1),
    ],
)
def test_trick_winner(played, leader, hands, trump, winner):
    assert trick_winner(cards(played), leader, hands, trump) == winner


def play_all(play, text):
    for card in parse_cards(text):
        play.play(card)


def test_winner_leads_next_and_tricks_count_per_side():
    play = Play((0, 1), leader=1, trump=SPADES, names=NAMES)
    play_all(play, "H2 HA")  # Ben leads, Anna wins
    assert play.leader == 0 and play.to_play == 0 and play.trick_number == 2
    play_all(play, "D2 S2")  # Anna leads a diamond, Ben ruffs
    assert play.to_play == 1 and play.tricks_won() == [1, 1]


def test_a_card_cannot_be_played_twice():
    play = Play((0, 1), 0, None, NAMES)
    play_all(play, "HA H2")
    with pytest.raises(PlayError, match="^HA was already played$"):
        play_all(play, "HA")
    assert play.to_play == 0 and not play.current


def test_follow_suit_checked_where_the_hand_is_known():
    known = {1: frozenset(parse_cards("H3 H4 SA"))}
    play = Play((0, 1), 0, None, NAMES, known)
    play_all(play, "HA")
    with pytest.raises(PlayError, match="^Ben must follow suit \\(hearts\\)$"):
        play_all(play, "SA")
    with pytest.raises(PlayError, match="^DK is not in Ben's hand$"):
        play_all(play, "DK")
    play_all(play, "H3")
    with pytest.raises(PlayError, match="^H4 is in Ben's hand$"):
        play_all(play, "H4")  # Anna to lead: that card is known to be Ben's


def test_revoke_is_proved_when_the_suit_turns_up_later():
    play = Play((0, 1), 0, None, NAMES)
    play_all(play, "H2 C3")  # Ben shows out of hearts
    assert not play.revokes
    play_all(play, "H5 H4")  # Ben plays a heart: revoke in trick 1 proved in trick 2
    (revoke,) = play.revokes
    assert (revoke.hand, revoke.suit, revoke.trick, revoke.proved) == (1, HEARTS, 0, 1)


def sides_of(play):
    return [play.sides[t.winner] for t in play.tricks]


def revoke_game(first_tricks, rest_winner):
    """Ben revokes in trick 1 (hearts led), proves it in trick 2; then one side wins the rest."""
    play = Play((0, 1), 0, None, NAMES)
    play_all(play, first_tricks)
    won = sides_of(play)
    return play, won + [rest_winner] * (13 - len(won))


def test_transfer_two_tricks_when_offender_won_the_revoke_trick_and_a_later_one():
    play = Play((0, 1), 0, SPADES, NAMES)
    play_all(play, "H2 S3")  # Ben ruffs: revoke trick won by the offender
    play_all(play, "D2 D3")  # Ben wins trick 2 too
    play_all(play, "H9 H4")  # Ben now plays a heart: proved
    won = sides_of(play) + [1] * 10
    assert revoke_transfer(play, won) == [2, -2]


def test_transfer_one_trick_when_offender_won_revoke_trick_only():
    play = Play((0, 1), 0, SPADES, NAMES)
    play_all(play, "H2 S3 D2 D3 H9 H4")  # Ben wins trick 1, Anna wins 2 and 3
    won = sides_of(play) + [0] * 10
    assert revoke_transfer(play, won) == [1, -1]


def test_transfer_one_trick_when_offending_side_won_a_later_trick():
    play = Play((0, 1), 0, None, NAMES)
    play_all(play, "H9 C3 H2 H4")  # Anna wins trick 1; Ben proves the revoke winning trick 2
    won = sides_of(play) + [0] * 11
    assert won[:2] == [0, 1]
    assert revoke_transfer(play, won) == [1, -1]


def test_no_transfer_when_offending_side_won_nothing_from_the_revoke_on():
    play = Play((0, 1), 0, None, NAMES)
    play_all(play, "H9 C3 HA H4")
    won = sides_of(play) + [0] * 11
    assert revoke_transfer(play, won) == [0, 0]


def test_no_transfer_for_revoke_on_trick_12_or_a_second_in_the_same_suit():
    play = Play((0, 1), 0, SPADES, NAMES)
    deal = "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ D2 D3 D4 D5 D6 D7 D8 D9 DT DJ CQ CK"
    play_all(play, deal)  # 11 tricks; Ben won every one, leading from trick 2 on
    play_all(play, "H2 S2")  # trick 12: Anna shows out of hearts (Ben led)
    play_all(play, "HA H3")  # trick 13: Ben leads HA, Anna plays a heart: proved
    assert len(play.revokes) == 1 and play.revokes[0].trick == 11
    assert revoke_transfer(play, sides_of(play)) == [0, 0]
    second = Play((0, 1), 0, None, NAMES)
    play_all(second, "H2 C3 H4 H3 H5 C4 H6 H7")  # Ben revokes hearts twice
    assert len(second.revokes) == 2
    assert revoke_transfer(second, sides_of(second) + [1] * 9) == [1, -1]
