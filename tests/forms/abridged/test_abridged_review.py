"""The double-dummy review of aBRIDGEd: the coloured deck mapped onto suits gives the
numbers of the same deal written in suits; a played robot hand's review; `honeymoon
analyze` on a record and a stored game; the review's lines in English and Dutch."""

from __future__ import annotations

import dataclasses
import json
import random
import time
import types

import pytest

from device.analysis.facts import DealFacts, NotReviewed, deal_facts
from device.analysis.four import FourHands
from device.analysis.report import as_json, as_text, reviews
from device.analysis.review import Costly, analyse
from device.analysis.worker import ReviewState
from device.cli import main
from device.engine.game import Game
from device.engine.record import to_record
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.forms.abridged.result_lines import result_lines
from device.forms.abridged.review import AbridgedReview, colour_card, suit_card
from device.forms.abridged.review import analyse as analyse_abridged
from device.forms.abridged.review import deal_facts as abridged_facts
from device.forms.abridged.scoring import score_abridged
from device.robots import play_rubber
from device.store.journal import FILENAME, Journal
from device.table import Table
from device.ui.i18n import Catalog
from device.ui.review_text import ReviewShown, deal_line, review_lines
from tests.ui.abridged_gallery import claimed_game, colour_hand

pytest.importorskip("endplay")

RANKS = "23456789TJQKA"
# Another colour -> suit mapping than the review's own: the colours have no order.
OTHER = {"R": "C", "Y": "S", "B": "H", "G": "D"}


@pytest.fixture(scope="module")
def robot():
    return play_rubber(3, "abridged")


@pytest.fixture(scope="module")
def robot_reviews(robot):
    return reviews(robot)


def in_suits(hand, mapping) -> tuple[str, ...]:
    """aBRIDGEd cards written in suits by `mapping`, from each card's colour and number."""
    return tuple(mapping[c.suit.letter] + RANKS[c.rank - 2] for c in hand)


def suit_table(hands, declarer: int) -> dict[str, int]:
    """The declarer's tricks per strain, the deal given to the four-hand path in suits."""
    facts = DealFacts(
        number=1,
        names=("a", "b", "c", "d"),
        sides=(0, 1, 0, 1),
        side_names=("ac", "bd"),
        hands=hands,
        declarers=((declarer, (declarer + 1) % 4),),
        contract="1NT",
        declarer=declarer,
        played=(),
        won=None,
        vulnerable=(False, False),
        below=(0, 0),
        first=0,
    )
    return {c.strain: c.tricks for c in FourHands(facts).table()}


def test_cards_map_to_suits_and_back():
    for card in ABRIDGED.cards:
        text = suit_card(str(card))
        assert text[0] in "SHDC" and RANKS.index(text[1]) == card.rank - 2
        assert colour_card(text) == str(card)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_mapping_gives_the_numbers_of_the_deal_written_in_suits(seed):
    rng = random.Random(seed)
    cards = list(ABRIDGED.cards)
    rng.shuffle(cards)
    hands = [sorted(cards[i * 13 : i * 13 + 13], key=lambda c: c.sort_key) for i in range(4)]
    declarer = rng.randrange(4)
    trump = rng.choice("RYBG")
    facts = _facts(hands, declarer, trump)
    review = analyse_abridged(facts)
    other = suit_table(tuple(in_suits(h, OTHER) for h in hands), declarer)
    assert {c.strain: c.tricks for c in review.table} == {
        **{colour: other[suit] for colour, suit in OTHER.items()},
        "NT": other["NT"],
    }
    assert review.best == review.tricks(trump)
    assert {c.declarer for c in review.table} == {declarer}
    assert {c.leader for c in review.table} == {(declarer + 1) % 4}


def _facts(hands, declarer, trump):
    """A played hand's facts with other cards, declarer and trump, before any card."""
    played = colour_hand()
    return dataclasses.replace(
        abridged_facts(played, played.deal),
        hands=tuple(tuple(suit_card(str(c)) for c in h) for h in hands),
        declarer=declarer,
        trump=trump,
        played=(),
        won=None,
    )


def test_a_hand_of_whole_colours_is_worked_out_by_hand():
    """Each player holds one colour whole, Anna red: her team ruffs everything with
    red or blue trumps and takes nothing with yellow, green or none (Ben leads)."""
    played = colour_hand()
    review = analyse(deal_facts(played, played.deal))
    assert isinstance(review, AbridgedReview)
    assert {c.strain: c.tricks for c in review.table} == {
        "R": 13,
        "Y": 0,
        "B": 13,
        "G": 0,
        "NT": 0,
    }
    assert (review.contract, review.best, review.won, review.costly) == ("Play NT", 0, 0, ())
    best = review.best_declaration
    assert (best.declaration, best.tricks, best.points) == ("Play", 13, 140)
    assert best.trump in ("R", "B")


def test_the_review_of_played_robot_hands(robot, robot_reviews):
    assert len(robot_reviews) == 4
    for deal, (_, review) in zip(robot.deals, robot_reviews, strict=True):
        assert isinstance(review, AbridgedReview), review
        assert (review.declarer, review.trump) == (deal.declarer, deal.own.trump_colour)
        assert review.declaration == deal.own.declaration and review.won == deal.won
        assert review.best == review.tricks(deal.own.trump_colour)
        moved = sum(c.after - c.before for c in review.costly)
        assert review.best + moved == review.won  # the costly cards account for every trick
        played = {(n, str(c)) for n, t in enumerate(deal.play.tricks, 1) for c in t.cards}
        assert all((c.trick, c.card) in played for c in review.costly)  # in colours
        words = ("play",) if deal.own.round == 1 else ("ten", "seven")
        scores = [score_abridged(w, c.tricks) for w in words for c in review.table]
        assert review.best_declaration.points == max(a - b for a, b in scores)


def test_a_claimed_hand_is_not_reviewed():
    played = claimed_game(1)
    with pytest.raises(NotReviewed, match="unknown"):
        deal_facts(played, played.deal)


def test_the_facts_cross_to_the_worker():
    from device.analysis.worker import Reviewer

    played = colour_hand()
    facts = deal_facts(played, played.deal)
    reviewer = Reviewer(limit=60)
    try:
        state = reviewer.want(facts)
        end = time.monotonic() + 60
        while state.kind in ("waiting", "working") and time.monotonic() < end:
            reviewer.poll()
            state = reviewer.state(facts)
            time.sleep(0.05)
    finally:
        reviewer.close()
    assert state.kind == "done" and state.review.tricks("R") == 13


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_analyze_a_record(tmp_path, capsys, robot):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(robot)))
    status, out, err = run(capsys, "analyze", str(path), "--deal", "2", "--json")
    assert (status, err) == (0, "")
    (deal,) = json.loads(out)["deals"]
    second = robot.deals[1]
    assert deal["reviewed"] is True and deal["form"] == "abridged" and deal["par"] is None
    assert deal["trump"] == second.own.trump_colour and deal["made"] == second.won
    assert [e["strain"] for e in deal["table"]] == ["R", "Y", "B", "G", "NT"]
    assert set(deal["best"]) == {"declaration", "trump", "tricks", "points"}
    status, out, _ = run(capsys, "analyze", str(path))
    assert status == 0 and out.count("Hand ") == 4 and "Best by the chart: " in out


def test_analyze_a_stored_game(tmp_path, capsys, robot):
    table = Table(Game(robot.setup), journal=Journal(tmp_path / FILENAME))
    for event in robot.inputs:
        assert table.apply(event).accepted
    status, out, err = run(capsys, "analyze", "--data-dir", str(tmp_path), "--json")
    assert (status, err) == (0, "")
    deals = json.loads(out)["deals"]
    assert [d["deal"] for d in deals] == [1, 2, 3, 4]
    assert all(d["reviewed"] and d["costly"] is not None for d in deals)


def test_text_and_json_agree(robot_reviews):
    text = as_text(robot_reviews)
    for entry in as_json(robot_reviews)["deals"]:
        assert f"Hand {entry['deal']}: {entry['contract']} by {entry['declarer']}" in text


def shown(review, names=("Anna", "Ben", "Carla", "Dirk")) -> ReviewShown:
    done = ReviewState("done", 1.0, review=review)
    return ReviewShown(1, done, names, ("A & C", "B & D"), "hand")


@pytest.fixture(scope="module")
def whole_colours():
    played = colour_hand()
    return analyse(deal_facts(played, played.deal))


def test_the_lines_in_english(whole_colours):
    review = dataclasses.replace(whole_colours, costly=(Costly(5, 1, "B4", 10, 9),))
    lines = result_lines(shown(review), Catalog("en"))
    assert lines[0] == "DD: Play no trump makes 0; Anna made 0"
    assert lines[1] == "Trick 5, blue 4 (Ben) cost a trick"
    best = review.best_declaration
    colour = {"R": "red", "B": "blue"}[best.trump]
    own = f"{review.declared_points:+d}"  # Play no trump, no trick: it lost
    assert review.declared_points < 0 < best.points
    assert lines[2] == f"Better by the chart: Play {colour}, 13 tricks: +140 (as declared: {own})"
    assert lines[3] == "Tricks with each trump: red 13 · yellow 0 · blue 13 · green 0 · no trump 0"
    assert deal_line(shown(review), Catalog("en")) == "Hand 1: " + lines[0]


def test_the_lines_in_dutch(whole_colours):
    costly = (Costly(5, 1, "G14", 10, 9), Costly(7, 2, "R2", 9, 8))
    review = dataclasses.replace(whole_colours, costly=costly)
    lines = result_lines(shown(review), Catalog("nl"))
    assert lines[0] == "Dubbeldummy: Spelen sans atout maakt 0; Anna maakte 0"
    assert lines[1] == "Slag 5, groen 14 (Ben) kostte een slag (+1 andere)"
    assert lines[2].startswith("Beter volgens de tabel: Spelen ")
    assert lines[3] == "Slagen met elke troef: rood 13 · geel 0 · blauw 13 · groen 0 · sans atout 0"
    assert review_lines(shown(review), Catalog("nl")) == lines[:3]  # the history's three


@pytest.mark.parametrize(
    "lang, said", [("en", "Passing was better: "), ("nl", "Passen was beter: ")]
)
def test_the_review_says_plainly_when_passing_was_better(whole_colours, lang, said):
    """Round one, where the declarer could pass: every declaration loses by the chart."""
    losing = dataclasses.replace(whole_colours.best_declaration, points=-10)
    review = dataclasses.replace(whole_colours, best_declaration=losing, declared_points=-40)
    line = result_lines(shown(review), Catalog(lang))[2]
    assert line.startswith(said) and "-10" in line
    in_round_two = dataclasses.replace(review, may_pass=False)  # Ten or Seven: no pass
    assert not result_lines(shown(in_round_two), Catalog(lang))[2].startswith(said)


def test_the_declared_best_is_said_as_the_best(whole_colours):
    best = whole_colours.best_declaration
    review = dataclasses.replace(whole_colours, declared_points=best.points)
    assert result_lines(shown(review), Catalog("en"))[2].startswith("Best by the chart: ")


def test_the_history_names_a_stored_games_hands_hands(robot):
    from device.ui.reviews import Reviews

    class Idle:  # a reviewer that is never asked to finish: the line says "working"
        def want_all(self, facts):
            pass

        def state(self, facts):
            return ReviewState("working", 0.0)

    reviews = Reviews(Idle())
    reviews.open_rubber(robot)
    ui = types.SimpleNamespace(overlay="history-review", review=None, reviews=())
    reviews.show(ui, None, robot)
    assert [deal_line(r, Catalog("en"))[:7] for r in ui.reviews][:2] == ["Hand 1:", "Hand 2:"]


def test_analyze_says_hand_for_a_claimed_hand_and_a_hand_not_played(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(claimed_game(1))))
    status, out, _ = run(capsys, "analyze", str(path))
    assert status == 0 and out.startswith("Hand 1: not reviewed: not every card was seen")
    status, _, err = run(capsys, "analyze", str(path), "--deal", "3")
    assert status == 2 and "--deal: no finished hand 3 (1 to 1)" in err
