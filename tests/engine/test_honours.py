"""Honours given after a claim must fit the cards already played (rules-reference
section 1: 4 of A K Q J 10 of trumps 100, all 5 150, four aces in no-trumps 150,
held in one hand)."""

import pytest

from device.engine.calls import Call, Strain
from device.engine.cards import STANDARD, Card
from device.engine.errors import RuleError
from device.engine.events import CallMade, CardPlayed, ClaimAnswered, ClaimMade, HonoursGiven, Setup
from device.engine.game import Game
from device.engine.honours import refusal
from device.engine.play import Play
from device.forms.abridged.deck import COLOURED as ABRIDGED

from .helpers import trick_cards

ANNA, BEN = 0, 1


def claimed(contract: str, played: list[str], claim_by=ANNA, **options) -> Game:
    """A plain deal: Anna declares `contract`, Ben leads, `played`, then an accepted claim."""
    game = Game(Setup("plain", ("Anna", "Ben"), BEN, options))
    for text in (contract, "P"):
        game.apply(CallMade(Call.parse(text)))
    for text in played:
        game.apply(CardPlayed(Card.parse(text)))
    left = 13 - len(game.deal.play.tricks)
    game.apply(ClaimMade(left, claim_by))
    game.apply(ClaimAnswered(True))
    assert game.phase == "deal-end"
    return game


def refused(game: Game, points: int, seat: int) -> str:
    before = game.snapshot()
    with pytest.raises(RuleError) as error:
        game.apply(HonoursGiven(points, seat))
    assert game.snapshot() == before  # a refusal changes nothing
    return str(error.value)


def test_a_trump_honour_played_by_the_other_side_rules_out_all_five():
    game = claimed("4S", ["SK", "S2"])  # Ben led the king of trumps
    assert refused(game, 150, ANNA) == "Anna cannot have held 5 trump honours: Ben played SK"
    game.apply(HonoursGiven(100, ANNA))  # A Q J 10 are still possible
    assert game.deal.honours == (100, 0) and game.deal.honours_from == "players"


def test_two_trump_honours_played_by_the_other_side_rule_out_four():
    game = claimed("4S", ["SK", "S2", "SQ", "S3"])
    message = refused(game, 100, ANNA)
    assert message == "Anna cannot have held 4 trump honours: Ben played SK, SQ"
    game.apply(HonoursGiven(100, BEN))  # Ben himself may have held four
    assert game.sheet.deal_score(1)[1] == (0, 100)


def test_top_honours_seen_in_both_hands_rule_out_five_for_everybody():
    game = claimed("4S", ["SK", "SA"])  # Ben's king, Anna's ace
    assert refused(game, 150, ANNA) == "Anna cannot have held 5 trump honours: Ben played SK"
    assert refused(game, 150, BEN) == "Ben cannot have held 5 trump honours: Anna played SA"
    game.apply(HonoursGiven(100, BEN))  # K Q J 10 in Ben's hand fits
    assert game.deal.honours == (0, 100)


def test_aces_played_by_both_sides_rule_out_four_aces_in_no_trumps():
    game = claimed("1NT", ["SA", "S2", "H2", "HA"])  # Ben's SA, then Anna's HA
    assert refused(game, 150, ANNA) == "Anna cannot have held the four aces: Ben played SA"
    assert refused(game, 150, BEN) == "Ben cannot have held the four aces: Anna played HA"


def test_four_aces_stay_possible_while_one_hand_played_them_all():
    game = claimed("1NT", ["S2", "SA", "HA", "H2"])  # both aces are Anna's
    game.apply(HonoursGiven(150, ANNA))
    assert game.sheet.deal_score(1)[0][1] >= 150


def test_honours_that_no_longer_fit_in_the_cards_left_are_refused():
    # Eleven tricks without a trump: each hand has 2 cards left, so nobody held 4 trumps.
    game = claimed("4S", trick_cards(BEN, [ANNA] * 11, "S"))
    need = "4 more would be needed in the 2 cards still in that hand"
    assert refused(game, 100, ANNA) == f"Anna cannot have held 4 trump honours: {need}"
    assert refused(game, 100, BEN) == f"Ben cannot have held 4 trump honours: {need}"


def test_honours_already_played_count_toward_what_the_hand_held():
    # Nine plain tricks to Anna, then she cashes SA SK SQ: one card left each.
    played = trick_cards(BEN, [ANNA] * 9, "S") + ["SA", "S2", "SK", "S3", "SQ", "S4"]
    game = claimed("4S", played)
    need = "2 more would be needed in the 1 card still in that hand"
    assert refused(game, 150, ANNA) == f"Anna cannot have held 5 trump honours: {need}"
    game.apply(HonoursGiven(100, ANNA))  # A K Q played, the J or 10 is her last card
    assert game.deal.honours == (100, 0)


def test_honours_after_an_early_claim_are_accepted():
    game = claimed("4S", ["SA", "S2"], claim_by=BEN)  # Ben led the ace and claims
    game.apply(HonoursGiven(150, BEN))
    assert game.deal.honours == (0, 150)


def test_old_checks_still_come_first():
    game = claimed("1NT", ["SA", "S2"])
    assert refused(game, 100, ANNA) == "honours in NT are worth 150"


def test_a_side_with_two_hands_needs_one_hand_that_could_hold_them():
    # Four hands, partners 0 and 2: hand 0 played SA, its partner SK.
    play = Play((0, 1, 0, 1), 0, STANDARD.suit("S"), ("N", "E", "S", "W"))
    for text in ("SA", "S2", "SK", "S3"):
        play.play(Card.parse(text))
    spades = Strain.SPADES
    assert refusal(play, 0, "N", spades, 150, STANDARD) == (
        "N cannot have held 5 trump honours: S played SK"
    )
    assert refusal(play, 0, "N", spades, 100, STANDARD) is None  # A Q J 10 in N's hand
    assert refusal(play, 1, "E", spades, 100, STANDARD) == (
        "E cannot have held 4 trump honours: N played SA; S played SK"
    )


def test_only_the_standard_deck_has_honours():
    play = Play((0, 1), 0, None, ("A", "B"))
    assert refusal(play, 0, "A", Strain.NOTRUMP, 150, ABRIDGED) == (
        "honours are scored with the standard deck only"
    )
