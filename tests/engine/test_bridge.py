"""Rubber bridge and Chicago for four (seed 004): seats, the auction's end, the
dummy laid out, the Chicago schedule and the seed's worked examples."""

import pytest

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    DummyDone,
    NextDeal,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.engine.record import RecordError, play_record, sheet_report, to_record
from device.forms import find_form
from device.store.status import status

N, E, S, W = range(4)
PLAYERS = ("A", "B", "C", "D")  # North, East, South, West


def game(form="chicago", dealer=N, **options):
    return Game(Setup(form, PLAYERS, dealer, options))


def calls(g, *texts):
    for text in texts:
        g.apply(CallMade(Call.parse(text)))


# North's dummy hand in the tests below (when South declares): every spade but the
# ace, and no heart, so that follow suit can be checked.
DUMMY = ["SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2", "D2"]


def south_declares_4s(g):
    """South declares 4S (North deals, passes, South opens): West leads."""
    calls(g, "P", "P", "4S", "P", "P", "P")
    assert g.deal.declarer == S and g.deal.dummy == N and g.turn == W


def test_seats_sides_and_the_dealer_speaks_first():
    g = game("rubber-bridge", dealer=E)
    assert g.form.players == 4 and g.form.tricks == 13 and g.form.book == 6
    assert g.side_name(0) == "A & C" and g.side_name(1) == "B & D"
    assert g.turn == E and g.hand_seat == "E"
    calls(g, "1H", "1S", "2H")  # East, South, West
    assert g.turn == N and g.hand_seat == "N"


def test_declarer_is_the_partner_who_first_named_the_strain_and_left_leads():
    g = game(dealer=N)
    calls(g, "1H", "1S", "2H", "2S", "4H", "X", "P", "P", "P")
    assert str(g.deal.contract) == "4HX" and g.deal.declarer == N
    assert g.turn == E and g.phase == "play"


def test_three_passes_end_and_four_throw_in():
    g = game("rubber-bridge")
    calls(g, "1C", "P", "P")
    assert g.phase == "auction"
    calls(g, "P")
    assert g.phase == "play"
    g = game("rubber-bridge")
    calls(g, "P", "P", "P", "P")
    assert g.phase == "deal-end" and g.deal.contract is None


def test_a_thrown_in_deal_passes_the_deal_in_rubber_bridge_but_not_in_chicago():
    for form, dealer in (("rubber-bridge", E), ("chicago", N)):
        g = game(form)
        calls(g, "P", "P", "P", "P")
        g.apply(NextDeal())
        assert g.deal.number == 2 and g.deal.dealer == dealer


def test_dummy_phase_shows_cards_and_checks_follow_suit_once_known():
    g = game()
    south_declares_4s(g)
    g.apply(CardPlayed(Card.parse("HA")))  # the opening lead
    assert g.phase == "dummy" and g.turn == S and g.hand == N and g.hand_seat == "N"
    with pytest.raises(RuleError, match="^HA was already played$"):
        g.apply(CardShown(Card.parse("HA")))
    with pytest.raises(RuleError, match="^the dummy's cards are laid out now, not B's$"):
        g.apply(CardShown(Card.parse("SK"), E))
    with pytest.raises(RuleError, match="^the dummy's cards are being laid out$"):
        g.apply(CardPlayed(Card.parse("SK")))
    with pytest.raises(RuleError, match="^a claim is made once the dummy is down$"):
        g.apply(ClaimMade(10))
    for text in DUMMY[:-1]:
        g.apply(CardShown(Card.parse(text)))
        assert g.phase == "dummy"
    with pytest.raises(RuleError, match="^SK is already shown$"):
        g.apply(CardShown(Card.parse("SK")))
    g.apply(CardShown(Card.parse(DUMMY[-1])))
    assert g.phase == "play" and g.deal.dummy_done  # 13 shown: play goes on by itself
    assert set(g.exposed(N)) == {Card.parse(t) for t in DUMMY}
    assert g.form.exposed_hands(g.deal) == frozenset({N})
    with pytest.raises(RuleError, match="^HK is not in A's hand$"):
        g.apply(CardPlayed(Card.parse("HK")))
    g.apply(CardPlayed(Card.parse("D2")))  # no heart: any card (the declarer plays it)
    assert g.events[-1].seat == S and Card.parse("D2") not in g.exposed(N)
    with pytest.raises(RuleError, match="^SK is in A's hand$"):  # East cannot play it
        g.apply(CardPlayed(Card.parse("SK")))
    g.apply(CardPlayed(Card.parse("H2")))
    g.apply(CardPlayed(Card.parse("H3")))  # South; West won with the ace
    assert g.turn == W
    g.apply(CardPlayed(Card.parse("DA")))
    g.apply(CardPlayed(Card.parse("SK")))  # the dummy's only diamond is gone: any card
    assert g.events[-1].seat == S


def test_dummy_follow_suit_refused_while_it_holds_the_suit():
    g = game()
    south_declares_4s(g)
    g.apply(CardPlayed(Card.parse("D3")))  # West leads a diamond
    for text in DUMMY:
        g.apply(CardShown(Card.parse(text)))
    with pytest.raises(RuleError, match=r"^A must follow suit \(diamonds\)$"):
        g.apply(CardPlayed(Card.parse("SK")))
    g.apply(CardPlayed(Card.parse("D2")))
    assert g.deal.play.current == [Card.parse("D3"), Card.parse("D2")]


def test_ok_skips_the_dummy_which_stays_unknown():
    g = game()
    south_declares_4s(g)
    g.apply(CardPlayed(Card.parse("D3")))
    g.apply(CardShown(Card.parse("SK")))
    g.apply(DummyDone())
    assert g.phase == "play" and g.deal.shown == {N: (Card.parse("SK"),)}
    with pytest.raises(RuleError, match="^the dummy is not being laid out$"):
        g.apply(DummyDone())
    with pytest.raises(RuleError, match="^no card can be shown now$"):
        g.apply(CardShown(Card.parse("SQ")))
    g.apply(CardPlayed(Card.parse("HA")))  # unknown: not following is a revoke to prove later
    with pytest.raises(RuleError, match="^SK is in A's hand$"):
        g.apply(CardPlayed(Card.parse("SK")))  # shown in the dummy: not East's
    g.apply(CardPlayed(Card.parse("D4")))
    g.apply(CardPlayed(Card.parse("D5")))
    assert len(g.deal.play.tricks) == 1 and g.phase == "play"  # the dummy is not asked again


def test_undo_goes_back_through_shown_cards_and_the_dummys_ok():
    g = game()
    south_declares_4s(g)
    g.apply(CardPlayed(Card.parse("D3")))
    states = [g.snapshot()]
    for event in (CardShown(Card.parse("SK")), CardShown(Card.parse("SQ")), DummyDone()):
        g.apply(event)
        states.append(g.snapshot())
    g.apply(CardPlayed(Card.parse("SK")))
    assert g.snapshot() != states[-1]
    for expected in reversed(states):
        g.apply(Undone())
        assert g.snapshot() == expected
    assert g.phase == "dummy" and g.deal.shown == {}
    copy = Game(g.setup)
    copy.replay(g.events)
    assert copy.snapshot() == g.snapshot()


def test_status_in_the_dummy_phase_names_the_declarer_and_the_dummys_seat():
    g = game()
    south_declares_4s(g)
    g.apply(CardPlayed(Card.parse("D3")))
    report = status(g)
    assert report["phase"] == "dummy" and report["turn"] == "C" and report["hand"] == "N"
    assert report["declarer"] == "C" and report["totals"] == {"A & C": 0, "B & D": 0}
    g.apply(DummyDone())
    assert status(g)["turn"] == "C" and status(g)["hand"] == "N"
    g.apply(CardPlayed(Card.parse("D2")))
    assert status(g)["turn"] == "B" and status(g)["hand"] == "E"


def test_two_player_forms_put_the_hands_north_and_south():
    g = Game(Setup("plain", ("Anna", "Ben"), 0))
    assert g.turn == 1 and status(g)["hand"] == "S"
    calls(g, "1S", "P")  # Ben declares; Anna leads
    assert status(g)["turn"] == "Anna" and status(g)["hand"] == "N"


def test_seats_by_draw_two_highest_partners_and_the_highest_deals():
    form = find_form("chicago")
    drawn = [Card.parse(t) for t in ("S2", "HA", "C3", "SA")]  # players 1 and 3 highest
    order, dealer = form.seats_by_draw(drawn)
    assert order == (0, 1, 2, 3) and order[dealer] == 3  # already opposite; SA deals
    drawn = [Card.parse(t) for t in ("SK", "HA", "SA", "C3")]  # players 1 and 2 highest
    order, dealer = form.seats_by_draw(drawn)
    assert order == (0, 1, 3, 2) and order[dealer] == 2  # 0 and 3 (lowest) opposite
    with pytest.raises(RuleError, match="all different"):
        form.seats_by_draw([Card.parse("SA")] * 4)
    two = find_form("plain").seats_by_draw([Card.parse("S2"), Card.parse("H3")])
    assert two == ((0, 1), 1)


# -- Chicago: the seed's worked examples, the schedule, the end ----------------------
def chicago_record(*deals, first="A", **options):
    return {
        "game": "chicago",
        "players": list(PLAYERS),
        "first_dealer": first,
        "options": options,
        "deals": list(deals),
    }


def claimed(calls_, by, tricks):
    return {"calls": calls_, "claim": {"by": by, "tricks": tricks, "accepted": True}}


def test_seed_examples_450_690_and_100():
    auction = ["1H", "1S", "2H", "2S", "4H", "X", "P", "P", "P"]
    for calls_, tricks, expected in (
        (["1H", "P", "4H", "P", "P", "P"], 11, {"A & C": 450, "B & D": 0}),
        (auction, 11, {"A & C": 690, "B & D": 0}),
        (auction, 9, {"A & C": 0, "B & D": 100}),
    ):
        report = sheet_report(play_record(chicago_record(claimed(calls_, "A", tricks))))
        deal = report["deals"][0]
        assert deal["vulnerable"] == [] and deal["declarer"] == "A"
        assert {side: sum(s.values()) for side, s in deal["score"].items()} == expected
        assert report["totals"] == expected and report["finished"] is False
        assert report["winner"] is None


def test_seed_example_540_completes_a_game_on_deal_2():
    rec = chicago_record(
        claimed(["P", "2S", "P", "P", "P"], "B", 8),  # North deals; East makes 2S
        claimed(["2D", "P", "P", "P"], "B", 8),  # East deals: E-W vulnerable
    )
    report = sheet_report(play_record(rec))
    first, second = report["deals"]
    assert first["score"]["B & D"] == {"below": 60, "above": 0}
    assert second["vulnerable"] == ["B & D"] and second["dealer"] == "B"
    assert second["score"]["B & D"] == {"below": 40, "above": 500}
    assert report["games"] == {"A & C": 0, "B & D": 1}


def test_thrown_in_deals_are_numbered_and_take_the_vulnerability_of_the_redeal():
    passed = {"calls": ["P", "P", "P", "P"]}
    rec = chicago_record(
        passed,  # deal 1: North, thrown in (vulnerability of deal 1: none)
        claimed(["1C", "P", "P", "P"], "A", 7),  # deal 2: North again, counts as 1
        passed,  # deal 3: East, thrown in: vulnerable as the second counting deal
        claimed(["1C", "P", "P", "P"], "B", 7),  # deal 4: East again
        claimed(["1C", "P", "P", "P"], "C", 7),  # deal 5: South
        claimed(["1C", "P", "P", "P"], "D", 7),  # deal 6: West: the fourth that counts
    )
    report = sheet_report(play_record(rec))
    assert [d["number"] for d in report["deals"]] == [1, 2, 3, 4, 5, 6]
    assert [d["dealer"] for d in report["deals"]] == ["A", "A", "B", "B", "C", "D"]
    assert [d["contract"] for d in report["deals"]][:3] == ["pass", "1C", "pass"]
    assert [d["vulnerable"] for d in report["deals"]] == [
        [],
        [],
        ["B & D"],
        ["B & D"],
        ["A & C"],
        ["A & C", "B & D"],
    ]
    assert report["finished"] is True
    # 1C made each time: 20 each; deal 6's part-score bonus 100 for E-W.
    assert report["totals"] == {"A & C": 40, "B & D": 140} and report["winner"] == "B & D"
    more = dict(rec, deals=[*rec["deals"], passed])
    with pytest.raises(RecordError, match="^deal 7: the Chicago is over$"):
        play_record(more)


def test_switched_vulnerability_and_a_tie_has_no_winner():
    rec = chicago_record(
        claimed(["1C", "P", "P", "P"], "A", 7),
        claimed(["1C", "P", "P", "P"], "B", 7),
        claimed(["1C", "P", "P", "P"], "C", 7),
        claimed(["1C", "P", "P", "P"], "D", 7),
        switched_vulnerability=True,
    )
    report = sheet_report(play_record(rec))
    assert [d["vulnerable"] for d in report["deals"]][1:3] == [["A & C"], ["B & D"]]
    assert report["totals"] == {"A & C": 40, "B & D": 140}  # D's part-score on deal 4
    rec["deals"][3] = claimed(["1C", "P", "P", "P"], "D", 6)  # 1 down, both vulnerable: 100
    report = sheet_report(play_record(rec))
    assert report["finished"] is True and report["totals"] == {"A & C": 140, "B & D": 20}
    tie = chicago_record(
        claimed(["1C", "P", "P", "P"], "A", 7),  # N-S 20
        claimed(["1C", "P", "P", "P"], "B", 7),  # E-W 20
        claimed(["1C", "P", "P", "P"], "C", 6),  # N-S vulnerable, 1 down: E-W 100
        claimed(["1C", "P", "P", "P"], "D", 6),  # both vulnerable, 1 down: N-S 100
    )
    report = sheet_report(play_record(tie))
    assert report["finished"] is True and report["totals"] == {"A & C": 120, "B & D": 120}
    assert report["winner"] is None


def test_replay_json_shape_for_rubber_bridge():
    rec = chicago_record(claimed(["1H", "P", "4H", "P", "P", "P"], "A", 10))
    rec["game"] = "rubber-bridge"
    report = sheet_report(play_record(rec))
    assert set(report) == {"deals", "games", "finished", "winner", "totals"}
    assert report["deals"][0] == {
        "number": 1,
        "dealer": "A",
        "contract": "4H",
        "declarer": "A",
        "tricks": 10,
        "vulnerable": [],
        "score": {"A & C": {"below": 120, "above": 0}, "B & D": {"below": 0, "above": 0}},
    }
    assert report["games"] == {"A & C": 1, "B & D": 0}
    assert report["finished"] is False and report["winner"] is None
    assert report["totals"] == {"A & C": 420, "B & D": 0}  # the only game: +300


# -- records with shown cards ----------------------------------------------------------
def test_records_with_and_without_shown_cards_replay():
    lead = ["D3"]
    base = {"calls": ["P", "P", "4S", "P", "P", "P"], "cards": lead + ["D2", "D4", "D5"]}
    plain = play_record(chicago_record(base))
    assert plain.deal.shown == {} and plain.phase == "play"  # no shown: the dummy skipped
    shown = dict(base, shown={"N": DUMMY})
    g = play_record(chicago_record(shown))
    assert g.phase == "play" and len(g.exposed(N)) == 12
    assert to_record(g)["deals"][0]["shown"] == {"N": DUMMY}
    assert play_record(to_record(g)).snapshot() == g.snapshot()
    partial = play_record(chicago_record(dict(base, shown={"N": ["SK", "D2"]})))
    assert partial.deal.shown == {N: (Card.parse("SK"),)} and partial.deal.dummy_done
    with pytest.raises(RecordError, match=r"^deal 1, trick 1: D2 is not in A's hand$"):
        play_record(chicago_record(dict(base, shown={"N": DUMMY[:-1] + ["C2"]})))
    with pytest.raises(RecordError, match="^deal 1, shown: 'X' is not a seat"):
        play_record(chicago_record(dict(base, shown={"X": ["SK"]})))
    with pytest.raises(RecordError, match="^deal 1, shown: the dummy's cards are laid out"):
        play_record(chicago_record(dict(base, shown={"E": ["SK"]})))
    with pytest.raises(RecordError, match="^deal 1, shown: D3 was already played$"):
        play_record(chicago_record(dict(base, shown={"N": ["D3"]})))
    no_play = {"calls": ["P", "P", "P", "P"], "shown": {"N": ["SK"]}}
    with pytest.raises(RecordError, match="^deal 1, shown: no card can be shown in this deal$"):
        play_record(chicago_record(no_play))


def test_a_last_deal_stopped_while_the_dummy_is_laid_out():
    rec = chicago_record({"calls": ["P", "P", "4S", "P", "P", "P"], "cards": ["D3"]})
    g = play_record(rec)
    assert g.phase == "dummy"
    rec["deals"].append({"calls": ["P", "P", "P", "P"]})
    with pytest.raises(RecordError, match="^deal 1: play is not over"):
        play_record(rec)


def test_a_partly_shown_hand_has_only_its_shown_cards_left_at_the_end():
    from device.engine.play import Play

    play = Play((0, 1, 0, 1), 0, None, PLAYERS, tricks=2)  # hands of two cards
    play.show(1, Card.parse("C2"))
    for text in ("S3", "H5", "S4", "S5"):  # B plays a card not shown: it had one
        play.play(Card.parse(text))
    assert play.tricks[0].winner == 3 and play.unseen(1) == 0 and 1 in play.known
    play.play(Card.parse("S6"))
    play.play(Card.parse("S7"))
    with pytest.raises(RuleError, match="^H6 is not in B's hand$"):
        play.play(Card.parse("H6"))
    play.play(Card.parse("C2"))
    assert play.shown(1) == ()
