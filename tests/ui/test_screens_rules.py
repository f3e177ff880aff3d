"""Rules edges on the screen: the draw phase ends early only when its menu item
is confirmed (a stray MENU never ends it), impossible honours are refused with
the reason, and with honours off no screen mentions honours."""

import os
import queue
import random

from device.ui.actions import EndDraw, Honours, Overlay, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.calls import Call  # noqa: E402
from device.engine.cards import Card  # noqa: E402
from device.engine.events import (  # noqa: E402
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    NextDeal,
    Setup,
)
from device.engine.game import Game  # noqa: E402
from device.hal.events import KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.store.journal import Journal  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


class _Font:
    """A font that notes every text it renders."""

    def __init__(self, font, texts):
        self._font, self._texts = font, texts

    def render(self, text, *args):
        self._texts.append(text)
        return self._font.render(text, *args)

    def __getattr__(self, name):
        return getattr(self._font, name)


class Recording(Layout):
    """A layout whose fonts note what the screen writes."""

    def __init__(self, size=(800, 480)):
        super().__init__(size)
        self.texts: list[str] = []

    def font(self, size, bold=False):
        return _Font(super().font(size, bold), self.texts)


def screen(view, lang="en", **ui):
    """(texts written, targets) of the screen for `view` and this UI state."""
    layout = Recording()
    targets = render(
        pygame.Surface((800, 480)), layout, view, UiState(lang=lang, **ui), Catalog(lang)
    )
    return " | ".join(layout.texts), targets


def actions(targets):
    return [t.action for t in targets if t.enabled]


# -- the draw phase ------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table(Game(Setup("draw-and-discard", ("Anna", "Ben"), 0)), journal=journal)
    app = App(TableLoop(table, queue.Queue(), {}), UiState())
    app.step(0)
    yield app
    journal.close()


def tap(app, action):
    target = next(t for t in app.targets if t.action == action and t.enabled)
    x, y, w, h = target.rect
    assert w >= MIN_TARGET and h >= MIN_TARGET
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    app.step(0)


def stored_kinds(app):
    table = app.table
    return [e.kind for e in table.journal.rubber(table.rubber).events]


def test_a_stray_menu_never_ends_the_draw_phase(app):
    app.send(Input(KEY, "MENU", "bidbox"))  # the bidding box's MENU ...
    assert app.ui.overlay == "menu" and app.table.game.phase == "draw"
    app.ui.overlay = None
    app.key("escape")  # ... or Escape on the keyboard: the menu opens, nothing more
    app.step(0)
    assert app.ui.overlay == "menu" and app.table.game.phase == "draw"
    tap(app, Overlay(None))  # closing the menu: still drawing
    assert app.table.game.phase == "draw" and stored_kinds(app) == []


def test_the_menu_item_asks_first_and_no_goes_back_to_the_draw(app):
    tap(app, TapKey("OK"))  # one draw turn
    tap(app, TapKey("MENU"))
    tap(app, Overlay("end-draw"))
    assert app.ui.overlay == "end-draw" and app.table.game.phase == "draw"
    assert set(actions(app.targets)) == {EndDraw(), Overlay(None)}
    tap(app, Overlay(None))  # No
    assert app.ui.overlay is None and app.table.game.phase == "draw"
    assert stored_kinds(app) == ["draw-turn"]


def test_yes_ends_the_draw_phase_through_the_table_and_the_journal(app):
    tap(app, TapKey("MENU"))
    tap(app, Overlay("end-draw"))
    tap(app, EndDraw())  # Yes
    assert app.ui.overlay is None and app.table.game.phase == "auction"
    assert stored_kinds(app) == ["draw-end"]
    tap(app, TapKey("MENU"))  # after the draw phase the menu has no such item
    assert Overlay("end-draw") not in actions(app.targets)
    tap(app, Overlay(None))
    app.step(0)
    tap(app, TapKey("UNDO"))  # and undo takes it back, like any input
    assert app.table.game.phase == "draw"


def test_the_question_in_both_languages():
    game = Game(Setup("draw-and-discard", ("Anna", "Ben"), 0))
    view = build_view(game)
    text, targets = screen(view, overlay="menu")
    assert "End the draw phase" in text and Overlay("end-draw") in actions(targets)
    assert all(w >= MIN_TARGET and h >= MIN_TARGET for (_, _, w, h) in (t.rect for t in targets))
    text, _ = screen(view, overlay="end-draw")
    assert "End the draw phase now?" in text and "Turn 1 of 13" in text
    assert "Yes, end it" in text and "No, go on" in text
    text, _ = screen(view, "nl", overlay="end-draw")
    assert "De trekfase nu beëindigen?" in text and "Ja, beëindigen" in text
    text, _ = screen(view, "nl")
    assert "Menu, Trekfase beëindigen" in text  # the draw screen says where it is


def test_the_question_after_the_last_turn_only_closes():
    game = Game(Setup("draw-and-discard", ("Anna", "Ben"), 0))
    game.apply(DrawPhaseEnded())
    text, targets = screen(build_view(game), overlay="end-draw")
    assert "already over" in text and actions(targets) == [Overlay(None)]


# -- honours that cannot be ----------------------------------------------------------------


def claimed_app(honours=True):
    """Anna declares 4S in a plain deal; Ben led the SK; Anna claims the rest, Ben accepts."""
    game = Game(Setup("plain", ("Anna", "Ben"), 1, {"honours": honours}))
    for call in ("4S", "P"):
        game.apply(CallMade(Call.parse(call)))
    for card in ("SK", "S2"):
        game.apply(CardPlayed(Card.parse(card)))
    game.apply(ClaimMade(12, 0))
    game.apply(ClaimAnswered(True))
    return App(TableLoop(Table(game), queue.Queue(), {}), UiState())


@pytest.mark.parametrize(
    "lang,message",
    [
        (
            "en",
            "Anna cannot have held 5 trump honours: Ben played SK: "
            "choose who held honours, or None",
        ),
        (
            "nl",
            "Anna kan geen 5 troefhonneurs gehad hebben: Ben speelde SK: "
            "kies wie honneurs had, of Geen",
        ),
    ],
)
def test_impossible_honours_are_refused_on_the_screen_with_the_reason(lang, message):
    app = claimed_app()
    app.settings.setting("lang", lang)
    app.step(0)
    tap(app, Honours(0, 150))
    assert app.ui.banner == message and app.ui.banner_error
    assert app.table.game.deal.honours_from is None  # nothing changed: still to be given
    tap(app, Honours(0, 100))  # A Q J 10 fit
    assert app.table.game.deal.honours == (100, 0)


# -- honours off ---------------------------------------------------------------------------


def walk_rubber(honours: bool, seed: int = 3):
    """A whole plain rubber by robots; deal 1 ends in a claim. Yields each deal's end."""
    rng = random.Random(seed)
    game = Game(Setup("plain", ("Anna", "Ben"), 0, {"honours": honours}))
    while True:
        for n, event in enumerate(deal_inputs(game, rng)):
            if game.deal.number == 1 and n == 8:  # six cards played: claim the rest
                game.apply(ClaimMade(5, game.deal.declarer))
                game.apply(ClaimAnswered(True))
                break
            game.apply(event)
        yield game
        if game.phase == "finished":
            return
        game.apply(NextDeal())


def everything_shown(game) -> str:
    """Every text the screens show at a deal's end: result (or rubber result), sheet, menu."""
    view = build_view(game)
    texts = [screen(view, lang)[0] for lang in ("en", "nl")]
    texts += [screen(view, lang, overlay="sheet")[0] for lang in ("en", "nl")]
    return " | ".join(texts)


def test_with_honours_off_no_screen_mentions_honours():
    deals = 0
    for game in walk_rubber(honours=False):
        deals += 1
        result = build_view(game).result
        assert result.honours == (0, 0) and result.honours_from is None
        assert not result.ask_honours
        assert all(kind != "honours" for *_, kind in result.lines)
        shown = everything_shown(game).lower()
        assert "honour" not in shown and "honneur" not in shown, shown
    assert game.phase == "finished" and deals >= 2


def test_with_honours_on_the_same_rubber_does_mention_them():
    """The check above can fail: with the option on, the screens speak of honours."""
    shown = [everything_shown(game).lower() for game in walk_rubber(honours=True)]
    assert "honours after the claim" in shown[0]  # deal 1 ended in a claim: asked
    assert any("counted from the cards" in text for text in shown[1:])
