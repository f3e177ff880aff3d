"""The double-dummy review's screens for the gallery (tests/ui/gallery.py): the deal
result with the review done, being worked out, and not possible (a claim), for
two hands, three and four; a stored rubber's review opened from its score sheet."""

from __future__ import annotations

import dataclasses
import functools

from device.analysis.facts import NotReviewed, deal_facts
from device.analysis.review import analyse
from device.analysis.worker import ReviewState
from device.engine.game import Game
from device.engine.record import play_record
from device.robots import play_rubber
from device.ui.review_text import ReviewShown
from device.ui.screens.base import UiState
from device.ui.view import build_view
from tests.ui.four import NAMES


@functools.cache
def at_result(form: str, seed: int, skip: int = 0) -> Game:
    """A robot rubber of `form` replayed up to the result of a deal played out (after
    `skip` such results)."""
    rubber = play_rubber(seed, form)
    game = Game(rubber.setup)
    for event in rubber.inputs:
        game.apply(event)
        deal = game.deal
        if game.phase == "deal-end" and deal.contract is not None and not deal.claimed:
            if skip == 0:
                return game
            skip -= 1
    raise AssertionError(f"no deal of {form} was played out")


def shown_for(game: Game, deal=None, state: ReviewState | None = None) -> ReviewShown:
    """The review of a deal as the screen gets it: done (worked out here) or `state`."""
    deal = deal or game.deal
    try:
        facts = deal_facts(game, deal)
    except NotReviewed as why:
        return ReviewShown(deal.number, ReviewState("failed", reason=str(why)), (), ("", ""))
    if state is None:
        try:
            state = ReviewState("done", 1.0, review=analyse(facts))
        except NotReviewed as why:
            state = ReviewState("failed", reason=str(why))
    word = game.form.deal_word
    return ReviewShown(deal.number, state, facts.names, facts.side_names, word)


def _claimed(form: str, players: list[str], calls: list[str], tricks: int = 8) -> dict:
    """A record of one deal: `calls`, then Anna claims `tricks`, accepted."""
    claim = {"by": "Anna", "tricks": tricks, "accepted": True}
    deal = {"calls": calls, "claim": claim}
    return {"game": form, "players": players, "first_dealer": players[1], "deals": [deal]}


def review_screens(stored_ui) -> list[tuple[str, object, UiState]]:
    plain = at_result("plain", 1, 2)
    working = ReviewState("working", 0.4)
    four = at_result("double-dummy", 1)
    three = at_result("exposed-dummy", 1)  # three hands: the fourth seat's DDS
    ended = play_rubber(2, "plain")  # finished: its last deal's result and review
    claimed = shown_for(plain, state=ReviewState("failed", reason="unknown"))
    after_claim = play_record(_claimed("plain", ["Anna", "Ben"], ["2H", "P"], 9))
    unseen = shown_for(after_claim)  # not every card was seen: no review
    chicago = play_record(_claimed("chicago", list(NAMES), ["1H", "P", "P", "P"]))
    four_unseen = shown_for(chicago)
    rubber = play_rubber(1, "plain")
    reviews = [shown_for(rubber, d) for d in rubber.deals[:7] if d.outcome is not None]
    reviews[1] = dataclasses.replace(reviews[1], state=working)
    history = dataclasses.replace(stored_ui("plain"), overlay="history-review")
    history.reviews = tuple(reviews)
    return [
        ("plain-result-review", build_view(plain), UiState(review=shown_for(plain))),
        (
            "plain-result-review-working",
            build_view(plain),
            UiState(review=shown_for(plain, state=working)),
        ),
        ("plain-result-review-unknown", build_view(plain), UiState(review=claimed)),
        # After a claim: the honours question, its buttons and the review line under them.
        ("plain-result-claim-review", build_view(after_claim), UiState(review=unseen)),
        ("chicago-result-claim-review", build_view(chicago), UiState(review=four_unseen)),
        ("double-dummy-result-review", build_view(four), UiState(review=shown_for(four))),
        ("exposed-dummy-result-review", build_view(three), UiState(review=shown_for(three))),
        ("plain-finished-review", build_view(ended), UiState(review=shown_for(ended))),
        ("plain-history-review", build_view(plain), history),
        (
            "plain-history-review-2",
            build_view(plain),
            dataclasses.replace(
                history, history=dataclasses.replace(history.history, review_page=1)
            ),
        ),
    ]
