"""On the screen: Quit and leaving a rubber in progress ask first (No, the safe
choice, lit); Menu opens the menu in every phase; a revoke, a disputed claim and an
undo are said in the banner; the honours question offers None; the turn LEDs are
lit as soon as a rubber starts, whichever way."""

import os
import queue

from device.ui.actions import (
    Answer,
    Claim,
    Honours,
    LeaveRubber,
    NewRubber,
    Overlay,
    PairDeck,
    Quit,
    Resume,
    Start,
    TapKey,
)

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from device.engine.calls import Call  # noqa: E402
from device.engine.cards import Card  # noqa: E402
from device.engine.events import (  # noqa: E402
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    Setup,
)
from device.engine.game import Game  # noqa: E402
from device.hal.events import CARD, KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.store.journal import Journal  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.screens import screen_name  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from tests.doubles import NotingDevice  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

ANNA, BEN = 0, 1


def plain(dealer=BEN):
    return Game(Setup("plain", ("Anna", "Ben"), dealer))


def make_app(game=None, lang="en", journal=None, devices=None, start=None):
    table = Table(game, journal=journal) if game is not None else None
    loop = TableLoop(table, queue.Queue(), devices or {})
    ui = UiState(lang=lang, scanner=True, start=start)
    app = App(loop, ui, new_table=new_table_factory(None, journal))
    app.step(0)
    return app


def press(app, kind, value, source="bidbox"):
    app.send(Input(kind, value, source))
    app.step(0)


def colour_at(app, action):
    target = next(t for t in app.targets if t.action == action)
    x, y, w, h = target.rect
    return tuple(app.canvas.get_at(app.layout.point(x + 6, y + h / 2)))[:3]


# -- confirmations ----------------------------------------------------------------------


def test_quit_asks_first_and_no_the_safe_choice_is_lit_and_goes_back():
    app = make_app(plain())
    press(app, KEY, "MENU")
    tap(app, Overlay("confirm-quit"))
    assert screen_name(app.view(), app.ui) == "confirm-quit" and app.running
    assert colour_at(app, Overlay(None)) == theme.ACCENT  # No: the safe choice
    assert colour_at(app, Quit()) == theme.DANGER
    tap(app, Overlay(None))
    assert app.running and app.ui.overlay is None and app.view().phase == "auction"
    press(app, KEY, "MENU")
    tap(app, Overlay("confirm-quit"))
    tap(app, Quit())
    assert not app.running


def test_leaving_a_rubber_in_progress_asks_first(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    game = plain()
    game.apply(CallMade(Call.parse("1S")))
    app = make_app(game, journal=journal)
    old = app.table
    app.act(NewRubber())  # Menu > New rubber: the start screen, with Resume
    app.ui.start.first_dealer = ANNA
    app.step(0)
    tap(app, Start())
    assert app.ui.overlay == "confirm-leave" and app.table is old
    tap(app, Overlay(None))  # No: back to the start screen, nothing stopped
    assert app.ui.overlay is None and app.ui.start is not None and app.table is old
    assert journal.finished_results() == []
    tap(app, Resume())  # and the rubber goes on
    assert app.ui.start is None and app.table.game.inputs
    app.act(NewRubber())
    app.ui.start.first_dealer = ANNA
    app.step(0)
    tap(app, Start())
    tap(app, LeaveRubber())  # Yes: the old one is stopped, the new one starts
    assert app.table is not old and app.table.game.inputs == []
    [stopped] = journal.finished_results()
    assert stopped.get("stopped") is True


def test_the_confirmation_comes_before_the_draw_for_the_deal_and_only_once():
    game = plain()
    game.apply(CallMade(Call.parse("1S")))
    app = make_app(game)
    app.act(NewRubber())
    app.step(0)
    press(app, KEY, "OK")  # OK on the start screen is Start: it asks too
    assert app.ui.overlay == "confirm-leave" and app.ui.start.drawn is None
    tap(app, LeaveRubber())
    assert app.ui.start.drawn == [None, None]  # drawing for the deal, not asked again
    press(app, CARD, "SK", "scanner")
    press(app, CARD, "H2", "scanner")
    tap(app, Start())
    assert app.ui.start is None and app.table.game.deal.dealer == ANNA


def test_a_finished_rubber_is_left_without_a_question():
    game = plain()
    for deal in range(2):
        if deal:
            game.apply(game_next())
            game.apply(CallMade(Call.parse("P")))
        game.apply(CallMade(Call.parse("7NT")))
        game.apply(CallMade(Call.parse("P")))
        game.apply(ClaimMade(13, ANNA))
        game.apply(ClaimAnswered(True))
    devices = {"bidbox": NotingDevice()}
    app = make_app(game, devices=devices)
    assert app.view().phase == "finished" and devices["bidbox"].leds[-1] == 0
    tap(app, NewRubber())
    app.ui.start.first_dealer = BEN
    app.step(0)
    tap(app, Start())
    assert app.ui.overlay is None and app.ui.start is None
    assert devices["bidbox"].leds[-1] == 1 << ANNA  # lit at once: Anna speaks first


def game_next():
    from device.engine.events import NextDeal

    return NextDeal()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_confirmations_speak_the_screens_language(lang):
    from device.ui.i18n import Catalog

    t = Catalog(lang)
    for name in ("quit", "leave"):
        for part in ("question", "note", "yes", "no"):
            key = f"confirm.{name}.{part}"
            assert t.t(key) != key
    assert t.t("confirm.quit.yes") != Catalog("en" if lang == "nl" else "nl").t("confirm.quit.yes")


# -- Menu in every phase ------------------------------------------------------------------


def phases():
    """(name, app) at each phase and screen the table can show."""
    from device.engine.events import DrawTurnEnded

    draw = Game(Setup("draw-and-discard", ("Anna", "Ben"), ANNA))
    draw.apply(DrawTurnEnded())
    yield "draw", make_app(draw)
    yield "auction", make_app(plain())
    play = plain()
    for call in ("1S", "P"):
        play.apply(CallMade(Call.parse(call)))
    yield "play", make_app(play)
    claim = plain()
    for call in ("1S", "P"):
        claim.apply(CallMade(Call.parse(call)))
    claim.apply(ClaimMade(10, ANNA))
    yield "play", make_app(claim)  # a claim waiting for its answer
    claim.apply(ClaimAnswered(True))
    yield "deal-end", make_app(claim)
    yield "start", make_app(start=StartState())
    cut = StartState(drawn=[None, None])
    yield "cut", make_app(start=cut)
    pairing = make_app(plain())
    pairing.act(PairDeck())  # from Settings
    pairing.step(0)
    yield "pairing", pairing


def test_menu_opens_the_menu_in_every_phase():
    seen = []
    for name, app in phases():
        assert screen_name(app.view(), app.ui) == name
        press(app, KEY, "MENU")
        assert screen_name(app.view(), app.ui) == "menu", name
        seen.append(name)
        tap(app, Overlay(None))  # Close: back where it was
        assert screen_name(app.view(), app.ui) == name
    assert seen == ["draw", "auction", "play", "play", "deal-end", "start", "cut", "pairing"]


# -- explanations in the banner ---------------------------------------------------------------


def revoke_app(lang="en", devices=None):
    game = plain()
    game.apply(CallMade(Call.parse("1S")))
    game.apply(CallMade(Call.parse("P")))
    for card in ("H2", "HA", "D5", "C3", "D6"):
        game.apply(CardPlayed(Card.parse(card)))
    return make_app(game, lang, devices=devices)


@pytest.mark.parametrize(
    "lang,text",
    [
        ("en", "Revoke: Ben did not follow suit in trick 2"),
        ("nl", "Verzaking: Ben bekende geen kleur in slag 2"),
    ],
)
def test_a_revoke_is_announced_in_red_with_an_attention_beep(lang, text):
    from firmware_bridge.protocol import BEEP_ATTENTION, LED_ERROR

    devices = {"scanner": NotingDevice(), "bidbox": NotingDevice()}
    app = revoke_app(lang, devices)
    app.send(Input(CARD, "D4", "scanner"))
    app.step(0)
    assert app.ui.banner == text and app.ui.banner_error
    assert devices["bidbox"].beeps == [BEEP_ATTENTION] and devices["bidbox"].leds[-1] & LED_ERROR


@pytest.mark.parametrize(
    "lang,text",
    [
        ("en", "Claim disputed: play goes on; Anna leads to trick 3"),
        ("nl", "Claim betwist: er wordt doorgespeeld; Anna komt uit in slag 3"),
    ],
)
def test_a_disputed_claim_says_what_happens_next(lang, text):
    app = revoke_app(lang)
    app.table.game.undo()  # Anna won trick 2 and leads: D6 taken back
    app.step(0)
    tap(app, Overlay("claim"))
    tap(app, Claim(ANNA, 10))
    tap(app, Answer(False))
    assert app.ui.banner == text and not app.ui.banner_error


@pytest.mark.parametrize(
    "lang,text", [("en", "Undone: Ben's SA"), ("nl", "Teruggenomen: SA van Ben")]
)
def test_undo_says_what_it_took_back(lang, text):
    game = plain()
    for call in ("1S", "P"):
        game.apply(CallMade(Call.parse(call)))
    app = make_app(game, lang)
    press(app, CARD, "SA", "scanner")
    tap(app, TapKey("UNDO"))
    assert app.ui.banner == text and not app.ui.banner_error
    press(app, CARD, "SA", "scanner")
    assert app.ui.banner is None  # the next input: the word is answered


def test_an_undone_drawn_card_is_said_on_the_start_screen():
    app = make_app(start=StartState(drawn=[None, None]))
    press(app, CARD, "SK", "scanner")
    press(app, KEY, "UNDO")
    assert app.ui.banner == "Undone: Anna's SK" and app.ui.start.drawn == [None, None]
    press(app, KEY, "UNDO")
    assert app.ui.banner == "there is nothing to undo: draw a card" and app.ui.banner_error


# -- honours: None ------------------------------------------------------------------------------


def test_the_honours_question_offers_none():
    game = plain()
    for call in ("1S", "P"):
        game.apply(CallMade(Call.parse(call)))
    game.apply(ClaimMade(13, ANNA))
    game.apply(ClaimAnswered(True))
    app = make_app(game)
    before = app.table.game.sheet.totals()
    tap(app, Honours(None, 0))
    deal = app.table.game.deal
    assert deal.honours_from == "players" and deal.honours == (0, 0)
    assert app.table.game.sheet.totals() == before
    assert not any(isinstance(t.action, Honours) for t in app.targets)  # answered
