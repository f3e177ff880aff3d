"""The double-dummy review of aBRIDGEd for the gallery (tests/ui/gallery.py): a hand's
result with its review done, being worked out, and not possible after a claim; the
game's end with the last hand's review; a stored game's review from the history."""

from __future__ import annotations

import dataclasses
import functools

from device.analysis.worker import ReviewState
from device.engine.game import Game
from device.robots import play_rubber
from device.ui.screens.base import UiState
from device.ui.view import build_view
from tests.ui.abridged_gallery import claimed_game, colour_hand, stored_ui
from tests.ui.review_gallery import shown_for

SEED = 3  # a robot game whose hands are all played out to the last card


@functools.cache
def robot_game() -> Game:
    return play_rubber(SEED, "abridged")


@functools.cache
def at_hand(number: int) -> Game:
    """The robot game replayed up to the result of hand `number`."""
    rubber = robot_game()
    game = Game(rubber.setup)
    for event in rubber.inputs:
        game.apply(event)
        if game.phase in ("deal-end", "finished") and game.deal.number == number:
            return game
    raise AssertionError(f"the robot game has no hand {number}")


def abridged_review_screens() -> list[tuple[str, object, UiState]]:
    game = at_hand(1)
    working = ReviewState("working", 0.5)
    claimed = claimed_game(1)
    ended = robot_game()
    history = dataclasses.replace(stored_ui(), overlay="history-review")
    history.reviews = tuple(shown_for(ended, d) for d in ended.deals)
    return [
        ("abridged-result-review", build_view(game), UiState(review=shown_for(game))),
        (
            "abridged-result-review-working",
            build_view(game),
            UiState(review=shown_for(game, state=working)),
        ),
        (
            "abridged-result-review-wrong",
            build_view(colour_hand()),
            UiState(review=shown_for(colour_hand())),
        ),
        ("abridged-result-review-unknown", build_view(claimed), UiState(review=shown_for(claimed))),
        ("abridged-finished-review", build_view(ended), UiState(review=shown_for(ended))),
        (
            "abridged-finished-review-unknown",
            build_view(claimed_game(4)),
            UiState(review=shown_for(claimed_game(4))),
        ),
        ("abridged-history-review", None, history),
    ]
