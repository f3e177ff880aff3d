import pytest

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError, SetupError
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    HonoursGiven,
    NextDeal,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.forms import FORMS, find_form
from device.forms.abridged.deck import COLOURED as ABRIDGED

from .helpers import deal_cards, trick_cards

ANNA, BEN = 0, 1


def new(form="draw-and-discard", dealer=ANNA, **options):
    return Game(Setup(form, ("Anna", "Ben"), dealer, options))


def calls(game, text):
    for t in text.split():
        game.apply(CallMade(Call.parse(t)))


def cards(game, texts):
    for t in texts:
        game.apply(CardPlayed(Card.parse(t)))


def test_forms_are_found_by_name_and_alias():
    assert [f.name for f in FORMS][:2] == ["draw-and-discard", "plain"]
    assert find_form("honeymoon").name == "draw-and-discard"
    assert find_form(" Plain ").name == "plain"
    with pytest.raises(SetupError, match="unknown game 'whist'"):
        find_form("whist")


@pytest.mark.parametrize(
    "setup,reason",
    [
        (Setup("plain", ("Anna",)), "played by 2 players, not 1"),
        (Setup("plain", ("Anna", "anna")), "different names"),
        (Setup("plain", ("Anna", " ")), "needs a name"),
        (Setup("plain", ("Anna", "Ben"), 2), "first dealer"),
        (Setup("plain", ("Anna", "Ben"), 0, {"trumps": True}), "no option 'trumps'"),
        (Setup("plain", ("Anna", "Ben"), 0, {"honours": "yes"}), "must be one of false, true"),
        (Setup("plain", ("A", "B"), 0, {"auction_end": "never"}), "first-pass, three-passes"),
    ],
)
def test_bad_setups_are_refused(setup, reason):
    with pytest.raises(SetupError, match=reason):
        Game(setup)


def test_draw_phase_counts_13_turns_each_non_dealer_first():
    game = new(dealer=ANNA)
    assert game.phase == "draw" and game.turn == BEN
    with pytest.raises(RuleError, match="^it is Ben's turn to draw$"):
        game.apply(DrawTurnEnded(ANNA))
    turns = []
    while game.phase == "draw":
        turns.append(game.turn)
        game.apply(DrawTurnEnded())
    assert turns == [BEN, ANNA] * 13
    assert game.phase == "auction" and game.turn == BEN  # non-dealer speaks first


def test_the_draw_phase_ends_early():
    game = new(dealer=BEN)
    game.apply(DrawTurnEnded())
    game.apply(DrawPhaseEnded())
    assert game.phase == "auction" and game.turn == ANNA
    assert game.deal.draw_turns == 1


def test_plain_has_no_draw_phase_and_dealer_bids_first_option():
    assert new("plain").phase == "auction"
    assert new("plain", dealer=ANNA, dealer_bids_first=True).turn == ANNA


def test_calls_during_draw_and_cards_during_auction_are_refused():
    game = new()
    with pytest.raises(RuleError, match="^the auction starts when the draw phase is over$"):
        game.apply(CallMade(Call.parse("1S")))
    game.apply(DrawPhaseEnded())
    with pytest.raises(RuleError, match="no card can be played now"):
        game.apply(CardPlayed(Card.parse("SA")))
    assert game.inputs == [DrawPhaseEnded(BEN)]


def test_contract_declarer_and_opening_lead():
    game = new("plain", dealer=ANNA)
    calls(game, "1H 2C 2H P")
    assert game.phase == "play" and str(game.deal.contract) == "2H"
    assert game.deal.declarer == BEN and game.turn == ANNA  # the opponent leads


def test_thrown_in_deal_and_the_deal_passes_each_time():
    game = new("plain", dealer=ANNA)
    calls(game, "P P")
    assert game.phase == "deal-end" and game.deal.contract is None
    with pytest.raises(RuleError, match="the auction is over"):
        calls(game, "1C")
    game.apply(NextDeal())
    assert game.deal.number == 2 and game.deal.dealer == BEN and game.turn == ANNA


def test_seed_000_example_anna_4s_then_ben_3ntx():
    game = new("plain", dealer=BEN)  # Anna speaks first
    calls(game, "4S P")
    cards(game, deal_cards(ANNA, 11, "S"))
    assert game.phase == "deal-end" and game.deal.tricks == 11
    assert game.sheet.deal_score(1) == ((120, 30), (0, 0))
    assert game.sheet.games == (1, 0)
    game.apply(NextDeal())
    calls(game, "3NT X P")
    cards(game, deal_cards(BEN, 8, None))
    assert game.sheet.deal_score(2) == ((0, 100), (0, 0))


def test_wrong_card_refusals_change_nothing():
    game = new("plain")
    calls(game, "1NT P")
    cards(game, ["SA"])
    before = game.snapshot()
    for bad, reason in [
        (Card.parse("SA"), "^SA was already played$"),
        (ABRIDGED.parse("R14"), "not a card of the standard deck"),
    ]:
        with pytest.raises(RuleError, match=reason):
            game.apply(CardPlayed(bad))
    with pytest.raises(RuleError, match="^it is Ben's turn to play$"):
        game.apply(CardPlayed(Card.parse("S2"), ANNA))
    assert game.snapshot() == before and len(game.inputs) == 3


def test_honours_are_read_from_the_cards_when_all_were_played():
    game = new("plain", dealer=BEN)
    calls(game, "1H P")  # Anna declares hearts; Ben leads
    cards(game, ["H2", "HA", "HK", "H3", "HQ", "H4", "HJ", "H5"])  # Anna held A K Q J
    cards(game, trick_cards(ANNA, [ANNA] * 9, "H"))
    assert game.deal.honours == (100, 0) and game.deal.honours_from == "cards"
    assert game.sheet.deal_score(1) == ((30, 180 + 100), (0, 0))
    with pytest.raises(RuleError, match="already counted from the cards"):
        game.apply(HonoursGiven(150, ANNA))


def test_claim_accepted_ends_play_and_honours_are_given_after():
    game = new("plain", dealer=BEN)
    calls(game, "4S P")
    cards(game, deal_cards(ANNA, 13, "S")[:8])  # four tricks, all Anna's
    game.apply(ClaimMade(6, ANNA))
    assert game.turn == BEN
    with pytest.raises(RuleError, match="first answer Anna's claim"):
        cards(game, ["CA"])
    with pytest.raises(RuleError, match="answered by the other side"):
        game.apply(ClaimAnswered(True, ANNA))
    game.apply(ClaimAnswered(True))
    assert game.phase == "deal-end" and game.deal.tricks == 10
    assert game.sheet.deal_score(1) == ((120, 0), (0, 0))
    with pytest.raises(RuleError, match="worth 100 or 150"):
        game.apply(HonoursGiven(50, BEN))
    game.apply(HonoursGiven(150, BEN))
    assert game.sheet.deal_score(1) == ((120, 0), (0, 150))
    with pytest.raises(RuleError, match="already given"):
        game.apply(HonoursGiven(100, ANNA))


def test_disputed_claim_play_goes_on_and_concession_is_claim_of_zero():
    game = new("plain", dealer=BEN)
    calls(game, "1NT P")
    game.apply(ClaimMade(13, ANNA))
    game.apply(ClaimAnswered(False))
    assert game.phase == "play" and game.turn == BEN and game.deal.disputed
    game.apply(ClaimMade(0, ANNA))  # Anna concedes the rest
    game.apply(ClaimAnswered(True, BEN))
    assert game.deal.tricks == 0
    assert game.sheet.deal_score(1) == ((0, 0), (0, 350))


def test_claim_count_is_checked():
    game = new("plain")
    calls(game, "1NT P")
    with pytest.raises(RuleError, match="^a claim is for 0 to 13 tricks, not 14$"):
        game.apply(ClaimMade(14))


def test_revoke_transfer_changes_the_result():
    game = new("plain", dealer=BEN)  # Anna declares 1S, Ben leads
    calls(game, "1S P")
    cards(game, ["H2", "HA"])  # Anna wins trick 1 and leads
    cards(game, ["D5", "C3"])  # Ben shows out of diamonds: Anna wins
    cards(game, ["D6", "D4"])  # Ben plays a diamond: revoke in trick 2 proved
    assert len(game.deal.play.revokes) == 1
    game.apply(ClaimMade(10, ANNA))
    game.apply(ClaimAnswered(True))
    # Anna 3 + 10 claimed = 13; Ben did not win the revoke trick nor a later one: none moves.
    assert game.deal.tricks == 13


def test_rubber_ends_and_further_deals_are_refused():
    game = new("plain", dealer=BEN)
    for deal in range(2):
        if deal:
            game.apply(NextDeal())
            game.apply(CallMade(Call.parse("P")))  # Ben speaks first now
        calls(game, "4S P")
        cards(game, deal_cards(ANNA, 10, "S"))
    assert game.phase == "finished" and game.sheet.finished
    assert game.sheet.totals() == (240 + 700, 0)
    with pytest.raises(RuleError, match="^the rubber is over$"):
        game.apply(NextDeal())
    with pytest.raises(RuleError, match="^the rubber is over$"):
        calls(game, "1C")


def test_undo_takes_back_inputs_across_deals_to_the_start():
    game = new(dealer=ANNA)
    snapshots = [game.snapshot()]
    script = [
        DrawTurnEnded(),
        DrawPhaseEnded(),
        CallMade(Call.parse("1S")),
        CallMade(Call.parse("P")),
    ]
    for event in script:
        game.apply(event)
        snapshots.append(game.snapshot())
    for card in deal_cards(BEN, 7, "S"):
        game.apply(CardPlayed(Card.parse(card)))
        snapshots.append(game.snapshot())
    game.apply(NextDeal())
    snapshots.append(game.snapshot())
    game.apply(DrawTurnEnded())
    assert game.deal.number == 2
    while game.can_undo:
        game.apply(Undone())
        assert game.snapshot() == snapshots.pop()
    assert not snapshots
    with pytest.raises(RuleError, match="^there is nothing to undo$"):
        game.apply(Undone())


def test_events_replay_to_the_same_state_undo_included():
    game = new("plain")
    calls(game, "1C 1S")
    game.apply(Undone())
    calls(game, "2S P")
    cards(game, ["HA", "H2"])
    copy = Game(game.setup)
    copy.replay(game.events)
    assert copy.snapshot() == game.snapshot()
    assert [e.kind for e in game.events].count("undo") == 1


def test_events_round_trip_through_dicts():
    from device.engine.events import event_from_dict

    game = new("plain")
    calls(game, "1C P")
    cards(game, ["H10"])
    game.apply(ClaimMade(3))
    dicts = [e.to_dict() for e in game.events]
    assert dicts[2] == {"type": "card", "card": "HT", "seat": 0}
    assert [event_from_dict(d) for d in dicts] == game.events


def test_retract_forgets_the_last_apply_as_if_it_never_came():
    game = new("plain", dealer=ANNA)
    before = game.snapshot()
    game.apply(CallMade(Call.parse("1S")))
    game.retract()
    assert game.snapshot() == before and game.events == [] and not game.can_undo
    calls(game, "1S P")
    cards(game, ["HA"])
    mid = game.snapshot()
    game.apply(Undone())
    game.retract()  # the undo could not be stored: the card is back
    assert game.snapshot() == mid and len(game.events) == 3
    cards(game, deal_cards(ANNA, 7, "S")[1:])
    game.apply(NextDeal())
    game.retract()
    assert game.phase == "deal-end" and game.deal.number == 1
    copy = Game(game.setup)
    copy.replay(game.events)
    assert copy.snapshot() == game.snapshot()
