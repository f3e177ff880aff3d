"""A four-player form made only of hooks drives the unchanged core: partners,
a dummy played by the declarer, three passes to end, the deal passing left."""

import pytest

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import CallMade, CardPlayed, ClaimAnswered, ClaimMade, Setup
from device.engine.form import HONOURS, GameForm
from device.engine.game import Game

N, E, S, W = range(4)


class FourHandRubber(GameForm):
    name = "test-four"
    players = 4
    options = (HONOURS,)

    def first_speaker(self, dealer, options):
        return dealer

    def controller(self, hand, declarer_hand):
        dummy = (declarer_hand + 2) % 4
        return declarer_hand if hand == dummy else hand


@pytest.fixture
def game(monkeypatch):
    from device import forms

    monkeypatch.setattr(forms, "FORMS", (*forms.FORMS, FourHandRubber()))
    return Game(Setup("test-four", ("North", "East", "South", "West"), N))


def test_four_player_auction_and_dummy_through_the_core(game):
    for text in ["1H", "1S", "2H", "2S", "4H", "X", "P", "P", "P"]:
        game.apply(CallMade(Call.parse(text)))
    assert str(game.deal.contract) == "4HX" and game.deal.declarer == N
    assert game.turn == E  # the declarer's left-hand opponent leads
    game.apply(CardPlayed(Card.parse("SA")))
    assert game.deal.play.to_play == S and game.turn == N  # North plays the dummy
    with pytest.raises(RuleError, match="^it is North's turn to play$"):
        game.apply(CardPlayed(Card.parse("S2"), S))
    for text in ["S2", "S3", "S4"]:
        game.apply(CardPlayed(Card.parse(text)))
    assert game.deal.play.tricks[0].winner == E and game.turn == E
    game.apply(ClaimMade(0, E))  # the defenders concede the rest
    assert game.turn == N  # the declarer answers: the dummy takes no part in a claim
    game.apply(ClaimAnswered(True, N))
    assert game.deal.tricks == 12
    assert game.sheet.deal_score(1)[0] == (240, 200 + 50)  # 4HX +2, not vulnerable
