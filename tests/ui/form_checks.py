"""Checks the screen tests of a game form share: its game walked to the end view by
view, its screens drawn in both languages, its refusals read in Dutch."""

from __future__ import annotations

import pytest

from device.engine.errors import RuleError
from device.engine.events import NextDeal
from device.robots import deal_inputs
from device.ui.i18n import Catalog
from device.ui.view import build_view

NL = Catalog("nl")


def every_view(game, rng):
    """`game` played by the robots to the end of the rubber: the view after each input."""
    while game.phase != "finished":
        for event in deal_inputs(game, rng):
            game.apply(event)
            yield build_view(game)
        if game.phase != "finished":
            game.apply(NextDeal())


def check_screens(screens) -> None:
    """Each (name, view, ui) draws in English and Dutch, every target big enough for a
    finger (48 x 48)."""
    from tests.ui.gallery import draw

    for _, view, ui in screens:
        for lang in ("en", "nl"):
            _, targets = draw(view, ui, lang)
            assert targets and all(t.rect[2] >= 48 and t.rect[3] >= 48 for t in targets)


class DutchRefusals:
    """Refusals checked for their Dutch: `refuse(game, event)` asserts the event is
    refused; `untranslated` lists the messages the Dutch catalogue has no text for."""

    def __init__(self):
        self.untranslated: list[str] = []

    def refuse(self, game, event) -> None:
        with pytest.raises(RuleError) as error:
            game.apply(event)
        message = str(error.value)
        if NL.error(message) == message:
            self.untranslated.append(message)
