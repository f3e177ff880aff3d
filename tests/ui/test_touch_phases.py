"""Touch in every phase (issue 20, item 5): the card picker takes a card in each phase
that waits for one (a Semi-exposed dummy's card turned up, aBRIDGEd's dummy laid out,
a dummy laid out before the auction or after the opening lead) and offers exactly the
cards the engine takes there; while a dummy is laid out OK stays lit under the picker
and says it is down."""

import os
import queue
import random

from device.ui.actions import Overlay, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from device.engine.errors import RuleError  # noqa: E402
from device.engine.events import CardPlayed, CardShown, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.screens import screen_name  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def app_at(game: Game) -> App:
    """The app on a table at `game`, with no scanner: cards are tapped in."""
    loop = TableLoop(Table(game), queue.Queue(), {})
    app = App(loop, UiState(lang="en"))
    app.step(0)
    return app


def robots_until(form: str, players, phase: str, seed: int = 0) -> Game:
    """A deal of `form` played by the robots up to the first time it reaches `phase`."""
    for attempt in range(20):
        game = Game(Setup(form, tuple(players), 1))
        for event in deal_inputs(game, random.Random(seed + attempt)):
            game.apply(event)
            if game.phase == phase:
                return game
    raise AssertionError(f"{form} never reached {phase}")


def accepted(game: Game) -> set[str]:
    """Every card the engine takes in this phase: each one applied, then retracted."""
    event = CardPlayed if game.phase == "play" else CardShown
    taken = set()
    for card in game.form.deck.cards:
        try:
            game.apply(event(card))
        except RuleError:
            continue
        game.retract()
        taken.add(str(card))
    return taken


def offered(app: App) -> set[str]:
    return {t.action.card for t in app.targets if isinstance(t.action, TapCard) and t.enabled}


def ok_lit(app: App) -> bool:
    return any(t.action == TapKey("OK") and t.enabled for t in app.targets)


def test_the_picker_turns_up_a_semi_exposed_dummys_card():
    game = robots_until("semi-exposed-dummies", ("Anna", "Ben"), "turn-up")
    app = app_at(game)
    tap(app, Overlay("picker"), 48)
    assert screen_name(app.view(), app.ui) == "picker"  # it stays open in this phase
    assert offered(app) == accepted(game)  # exactly the cards that can lie there
    hand = game.deal.play.turn_up[0]
    card = sorted(offered(app))[0]
    tap(app, TapCard(card))
    assert card in {str(c) for c in game.deal.play.shown(hand)}  # turned up, as a scan does


def test_ok_under_the_turn_up_picker_says_the_card_is_not_scanned():
    game = robots_until("semi-exposed-dummies", ("Anna", "Ben"), "turn-up")
    app = app_at(game)
    left = len(game.deal.play.turn_up)
    tap(app, Overlay("picker"))
    assert ok_lit(app)
    tap(app, TapKey("OK"))
    assert len(game.deal.play.turn_up) == left - 1 and app.ui.overlay == "picker"


@pytest.mark.parametrize(
    "form,players,phase",
    [
        ("double-dummy", ("Anna", "Ben"), "dummy"),
        ("semi-exposed-dummies", ("Anna", "Ben"), "dummy"),
        ("exposed-dummy", ("Anna", "Ben"), "face-up"),
        ("chicago", ("Anna", "Ben", "Carla", "Daan"), "dummy"),
    ],
)
def test_the_dummy_picker_offers_what_can_be_laid_out_and_ok_stays_lit(form, players, phase):
    game = robots_until(form, players, phase)
    app = app_at(game)
    tap(app, Overlay("picker"), 48)
    assert screen_name(app.view(), app.ui) == "picker"
    assert offered(app) == accepted(game)
    assert ok_lit(app)  # OK: the dummy is down
    before = (game.phase, game.deal.dummy)
    tap(app, TapKey("OK"))
    assert (game.phase, game.deal.dummy) != before  # the play, or the next dummy


def abridged_lay_out() -> App:
    """aBRIDGEd, round one: Anna passes, Ben plays; Daan's dummy is laid out."""
    from device.engine.events import Stated

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Daan"), 0))
    game.apply(Stated("Pass"))
    game.apply(Stated("Play"))
    assert game.phase == "lay-out"
    return app_at(game)


def test_the_picker_lays_out_the_abridged_dummy_and_ok_says_it_is_down():
    app = abridged_lay_out()
    game = app.table.game
    tap(app, Overlay("picker"), 48)  # Cards, on the lay-out screen
    assert screen_name(app.view(), app.ui) == "picker"
    assert offered(app) == accepted(game) and len(offered(app)) == 52
    for card in ("R14", "G2"):
        tap(app, TapCard(card))
    assert [str(c) for c in game.deal.own.dummy_cards] == ["R14", "G2"]
    assert offered(app) == accepted(game) and not {"R14", "G2"} & offered(app)  # greyed
    assert app.ui.overlay == "picker" and ok_lit(app)
    tap(app, TapKey("OK"))
    assert game.phase == "trump"  # the dummy is down: the declarer names the trump
    assert app.ui.overlay is None  # the picker has nothing to take now


def test_a_whole_abridged_dummy_tapped_in_closes_the_picker():
    app = abridged_lay_out()
    game = app.table.game
    tap(app, Overlay("picker"))
    for card in [f"R{rank}" for rank in range(2, 15)]:
        tap(app, TapCard(card))
    assert game.phase == "trump" and app.ui.overlay is None


@pytest.mark.parametrize(
    "form,players",
    [
        ("plain", ("Anna", "Ben")),
        ("single-dummy", ("Anna", "Ben")),
        ("semi-exposed-dummies", ("Anna", "Ben")),
        ("exposed-dummy", ("Anna", "Ben")),
        ("draw-pick-up", ("Anna", "Ben")),
        ("chicago", ("Anna", "Ben", "Carla", "Daan")),
    ],
)
def test_the_picker_offers_exactly_the_cards_the_engine_takes_through_a_deal(form, players):
    """A deal the robots play: at every fifth input of the play, a dummy laid out or a
    card turned up, the picker's live cards are the cards the engine takes there (a
    card that must follow suit, lies in a hand laid out or under a pile is greyed)."""
    from device.ui.screens.play import picker_refused
    from device.ui.view import build_view
    from device.ui.widgets.picker import picker_cards

    played = Game(Setup(form, players, 1))
    events = []
    for event in deal_inputs(played, random.Random(7)):
        events.append(played.apply(event))
    checked = 0
    for end in range(1, len(events), 5):
        game = Game(played.setup)
        game.replay(events[:end])
        if game.phase not in ("play", "dummy", "turn-up") or game.deal.claim is not None:
            continue
        view = build_view(game)
        deck = {card for row in picker_cards(view.deck) for card in row}
        assert deck - picker_refused(view) == accepted(game), (form, end, game.phase)
        checked += 1
    assert checked >= 5
