"""Screens for three players each alone: the view never holds a card not played
(the talon and the discards are never seen), the talon screen takes OK from the
bidding box, the play's three spots, the claim answered by each opponent in turn,
the sheet and the honours in three columns; every gallery screen of the form
drawn without an error in English and Dutch."""

import os
import random

from device.ui.actions import Answer, Start, StartField, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.calls import Call  # noqa: E402
from device.engine.events import CallMade, ClaimMade, Setup, TalonDiscarded  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import CALL, KEY, Input  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import render, table3  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.screens.sheet import plan_sheet  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui import gallery  # noqa: E402
from tests.ui.three_gallery import three_screens, three_start_screens  # noqa: E402

PLAYERS = ("Anna", "Ben", "Carla")
SIZE = (800, 480)


pytestmark = pytest.mark.usefixtures("pygame_module")


def draw(view, ui=None, lang="en"):
    surface = pygame.Surface(SIZE)
    layout = Layout(SIZE)
    targets = render(surface, layout, view, ui or UiState(), Catalog(lang))
    return layout, targets


def test_no_view_holds_a_card_that_was_not_played():
    """Robots play a deal: the talon and the cards laid face down never reach a view."""
    game = Game(Setup("three-player", PLAYERS, 0))
    for event in deal_inputs(game, random.Random(3)):
        game.apply(event)
        view = build_view(game)
        played = {str(c) for c in game.deal.play.played} if game.deal.play else set()
        assert view.cards() <= played
    assert game.phase in ("deal-end", "finished")


def test_the_talon_screen_waits_for_ok_from_the_bidding_box():
    game = Game(Setup("three-player", PLAYERS, 0))
    table = Table(game)
    for call in ("1S", "P", "P"):
        assert table.handle(Input(CALL, call, "bidbox")).accepted
    view = build_view(game)
    assert view.phase == "talon" and view.extra["talon"]["leader"] == "Carla"
    layout, targets = draw(view)
    assert not layout.too_small and not layout.overflow
    ok = [target for target in targets if target.action == TapKey("OK")]
    assert ok and ok[0].enabled
    refused = table.handle(Input(CALL, "2S", "bidbox"))
    assert not refused.accepted and "talon" in refused.message
    assert table.handle(Input(KEY, "OK", "bidbox")).accepted
    assert game.phase == "play" and game.turn == 2  # Carla leads


def test_the_play_has_three_spots_and_sixteen_tricks():
    game = Game(Setup("three-player", PLAYERS, 0))
    for call in ("2H", "P", "P"):
        game.apply(CallMade(Call.parse(call)))
    game.apply(TalonDiscarded())
    view = build_view(game)
    assert view.tricks == 16 and view.play.claimers == (1,)
    lefts = [table3.spot(seat)[0] for seat in range(3)]
    assert lefts == sorted(lefts) and len(set(lefts)) == 3
    layout, targets = draw(view, lang="nl")
    assert not layout.too_small and not layout.overflow
    game.apply(ClaimMade(10))
    view = build_view(game)
    _, targets = draw(view)
    answers = [t.action for t in targets if t.action and isinstance(t.action, Answer)]
    assert answers == [Answer(True), Answer(False)]
    assert view.turn == "Carla"


def test_the_sheet_has_a_column_per_player():
    screens = {name: (view, ui) for name, view, ui in three_screens()}
    view, _ = screens["three-player-sheet"]
    assert view.sheet.sides == PLAYERS
    plan = plan_sheet(view.sheet, 460)
    assert len(plan.above) == 3 and all(len(game) == 3 for game in plan.games)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_screen_of_the_form_is_drawn_readably(lang):
    forms = [("three-player", "Three-player Honeymoon")]
    for name, view, ui in three_screens() + three_start_screens(forms):
        surface, _ = gallery.draw(view, ui, lang, SIZE, layout := Layout(SIZE))
        assert not layout.too_small and not layout.overflow, (name, lang)
        assert surface.get_size() == SIZE


def test_three_names_the_draw_for_the_dealer_and_a_whole_deal_from_the_start_screen():
    """Choosing the form makes a third name; three cards are drawn (the highest deals,
    nobody changes seats); then the calls, OK for the talon and a card on the devices."""
    import queue

    from device.hal.events import CARD
    from device.loop import TableLoop
    from device.ui.app import App, new_table_factory
    from device.ui.screens import screen_name
    from device.ui.screens.base import StartState

    loop = TableLoop(None, queue.Queue(), {})
    ui = UiState(scanner=True, start=StartState(players=["Anna", "Ben"]))
    app = App(loop, ui, new_table=new_table_factory())
    app.step(0)
    app.act(StartField("form", "three-player"))
    assert len(app.ui.start.players) == 3
    app.act(Start())
    assert screen_name(None, app.ui) == "cut" and app.ui.start.drawn == [None] * 3
    for card in ("H9", "SK", "D2"):
        assert app.loop.handle(Input(CARD, card, "scanner")).accepted
    assert app.ui.start.first_dealer == 1 and app.ui.start.unseated is None
    players = list(app.ui.start.players)
    app.act(Start())
    game = app.table.game
    assert game.form.name == "three-player" and list(game.players) == players
    assert game.deal.dealer == 1 and game.turn == 2  # the dealer's left speaks first
    for call in ("1NT", "P", "P"):
        assert app.loop.handle(Input(CALL, call, "bidbox")).accepted
    app.step(0)
    assert game.phase == "talon" and TapKey("OK") in [t.action for t in app.targets]
    assert app.loop.handle(Input(KEY, "OK", "bidbox")).accepted
    assert game.phase == "play" and game.turn == 0  # left of Carla, the declarer
    assert app.loop.handle(Input(CARD, "SA", "scanner")).accepted
    app.step(0)
    assert screen_name(build_view(game), app.ui) == "play"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_each_opponent_is_told_the_tricks_to_beat_it_are_taken_together(lang):
    game = Game(Setup("three-player", PLAYERS, 0))
    for text in ("2C", "P", "P"):  # Ben declares 2C: 11 of 16, so 6 beat it
        game.apply(CallMade(Call.parse(text)))
    game.apply(TalonDiscarded())
    view, t = build_view(game), Catalog(lang)
    together = t.t("three.to_beat", n=6)
    assert together != t.t("play.to_beat", n=6)  # not as if one opponent alone needed 6
    said = [table3.tricks_target(view, seat, t) for seat in range(3)]
    assert said == [together, t.t("play.needs", n=11), together]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_long_name_in_the_result_title_wraps_instead_of_going_under_the_sheet(lang):
    from device.engine.events import ClaimAnswered

    names = ("Alexandrina", "Bartholomeus", "Christiaan")
    game = Game(Setup("three-player", names, 0))
    for text in ("P", "P", "3NT", "P", "P"):  # Alexandrina declares 3NT: 12 needed
        game.apply(CallMade(Call.parse(text)))
    game.apply(TalonDiscarded())
    game.apply(ClaimMade(7))
    game.apply(ClaimAnswered(True))
    game.apply(ClaimAnswered(True))
    layout, _ = draw(build_view(game), lang=lang)
    assert not layout.overflow and not layout.too_small
