"""Each form's own words come from its package (device/form_text.py): replayed input by
input, a robot rubber of every form gets a status line in each of its own phases that
is the form's, never the generic "deal N: PHASE, NAME to act", and a line for every
input that is never the generic "unknown input"."""

import pytest

from device.console import describe, status
from device.console_words import english
from device.engine.game import Game
from device.form_text import EVERY_FORM, FormText, form_text
from device.forms import FORMS, package_name
from device.robots import play_rubber


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.name)
def test_every_own_phase_and_input_is_said_in_the_forms_words(form):
    text = form_text(form)
    assert isinstance(text, FormText)
    assert text is EVERY_FORM or type(text).__module__.startswith(package_name(form))
    robots = play_rubber(1, form.name)
    game, t = Game(robots.setup), english()
    for event in robots.inputs[:400]:
        accepted = game.apply(event)
        name = game.name(getattr(accepted, "seat", None)) or "-"
        unknown = t.t("console.unknown_input", name=name, kind=accepted.kind)
        assert describe(game, accepted, t) != unknown
        if game.phase in form.own_phases:
            phase = (
                t.t(f"phase.{game.phase}") if f"phase.{game.phase}" in t.texts["ui"] else game.phase
            )
            generic = t.t(
                "console.own_phase", n=game.deal.number, phase=phase, name=game.name(game.turn)
            )
            assert status(game, t) != generic, game.phase
