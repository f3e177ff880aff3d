"""Reviews of robot rubbers: every change of the double-dummy value is a costly
card, so the changes add up from the contract's value to the tricks taken."""

import pytest

from device.analysis.facts import NotReviewed, deal_facts
from device.analysis.par import par
from device.analysis.review import analyse
from device.robots import play_rubber

STRAINS = ("C", "D", "H", "S", "NT")


def reviewed(form: str, seed: int = 1, most: int = 6):
    game = play_rubber(seed, form)
    out = []
    for deal in game.deals:
        try:
            facts = deal_facts(game, deal)
        except NotReviewed:
            continue
        if not deal.play.revokes:
            out.append((facts, analyse(facts)))
        if len(out) == most:
            break
    return out


@pytest.mark.parametrize("form", ["plain", "draw-and-discard", "double-dummy", "rubber-bridge"])
def test_the_costly_cards_account_for_every_trick(form):
    pytest.importorskip("endplay") if form in ("double-dummy", "rubber-bridge") else None
    items = reviewed(form)
    assert items
    for facts, review in items:
        assert review.best == review.cell(facts.strain, facts.declarer).tricks
        moved = sum(c.after - c.before for c in review.costly)
        assert review.best + moved == review.won, facts.number
        for c in review.costly:  # a mistake costs its own side
            mine = facts.sides[c.hand] == facts.sides[facts.declarer]
            assert (c.after < c.before) if mine else (c.after > c.before)
        assert len(review.table) == 5 * len(facts.declarers)


def test_two_hands_table_is_both_leaders():
    facts, review = reviewed("plain", most=1)[0]
    assert {(c.declarer, c.leader) for c in review.table} == {(0, 1), (1, 0)}
    assert review.engine == "two-hand search" and review.nodes > 0
    data = review.to_dict(facts)
    assert {e["declarer"] for e in data["table"]} == set(facts.names)


def test_a_thrown_in_deal_is_not_reviewed():
    game = play_rubber(1, "plain")
    deal = next(d for d in game.deals if d.contract is None)
    with pytest.raises(NotReviewed, match="thrown_in"):
        deal_facts(game, deal)


def by_strain(tricks) -> dict:
    return dict(zip(STRAINS, tricks, strict=True))


def tricks_of(zero: dict, one: dict) -> dict:
    return {**{(0, s): t for s, t in zero.items()}, **{(1, s): t for s, t in one.items()}}


def test_par_the_best_making_contract():
    made = tricks_of(by_strain((7, 6, 10, 9, 8)), by_strain((6, 7, 3, 4, 5)))
    result = par(made, (False, False))
    assert (result.contract, result.declarer, result.score) == ("4H", 0, 420)


def test_par_a_doubled_sacrifice_and_all_pass():
    made = tricks_of(by_strain((7, 6, 10, 4, 8)), by_strain((6, 7, 3, 9, 5)))
    result = par(made, (False, False))
    assert (result.contract, result.declarer, result.score) == ("4SX", 1, -100)
    nothing = tricks_of(dict.fromkeys(STRAINS, 6), dict.fromkeys(STRAINS, 6))
    assert par(nothing, (False, False)).contract is None


def test_par_counts_a_part_score_toward_game():
    made = tricks_of(by_strain((6, 6, 8, 6, 6)), dict.fromkeys(STRAINS, 5))
    assert par(made, (False, False)).score == 60  # 1H made +1, 2H the same, no game
    with_part = par(made, (False, False), below=(40, 0))  # 2H completes the game
    assert (with_part.contract, with_part.score) == ("2H", 60 + 300)


def test_four_hands_without_endplay_say_so(monkeypatch):
    game = play_rubber(1, "double-dummy")
    deal = next(d for d in game.deals if d.contract is not None)
    facts = deal_facts(game, deal)
    monkeypatch.setitem(__import__("sys").modules, "endplay", None)  # not installed
    with pytest.raises(NotReviewed, match="endplay"):
        analyse(facts)
