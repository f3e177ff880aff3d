"""Drawing for the deal before a rubber: the higher card deals."""

import os
import queue

import pytest

from device.ui.actions import DrawCancel, DrawRandom, Resume, Setting, Start, TapCard

os.environ["SDL_VIDEODRIVER"] = "dummy"

from device.engine.cards import Card  # noqa: E402
from device.engine.errors import SetupError  # noqa: E402
from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.forms import find_form  # noqa: E402
from device.hal.events import CALL, CARD, KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.screens import screen_name  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402


def cards(*texts):
    return [Card.parse(t) for t in texts]


def test_the_higher_card_deals_and_suits_break_a_tie():
    form = find_form("draw-and-discard")
    assert form.dealer_by_draw(cards("H5", "SK")) == 1
    assert form.dealer_by_draw(cards("CA", "SK")) == 0
    assert form.dealer_by_draw(cards("H9", "S9")) == 1  # spades over hearts
    assert form.dealer_by_draw(cards("D9", "C9")) == 0
    with pytest.raises(SetupError):
        form.dealer_by_draw(cards("H9", "H9"))


def start_app(scanner=True, table=None):
    loop = TableLoop(table, queue.Queue(), {})
    ui = UiState(scanner=scanner, start=StartState(players=["Anna", "Ben"]))
    app = App(loop, ui, new_table=new_table_factory())
    app.step(0)
    return app


def scan(app, text):
    outcome = app.loop.handle(Input(CARD, text, "scanner"))
    app.note(Input(CARD, text, "scanner"), outcome)
    return outcome


def test_start_draws_for_the_deal_then_starts_with_that_dealer():
    app = start_app()
    app.act(Start())
    assert app.ui.start.drawn == [None, None] and screen_name(None, app.ui) == "cut"
    assert scan(app, "H9").accepted
    refused = scan(app, "H9")
    assert not refused.accepted and refused.message == "H9 was already drawn"
    assert scan(app, "S9").accepted
    assert app.ui.start.first_dealer == 1  # Ben: the nine of spades beats the nine of hearts
    app.step(0)
    assert Start() in [t.action for t in app.targets]
    app.act(Start())
    assert app.ui.start is None and app.table.game.deal.dealer == 1
    assert app.table.game.turn == 0  # the non-dealer speaks first


def test_undo_takes_back_a_drawn_card_and_ok_starts():
    app = start_app()
    app.loop.handle(Input(KEY, "OK", "bidbox"))  # OK on the start screen: draw for the deal
    scan(app, "DA")
    scan(app, "C2")
    assert app.ui.start.first_dealer == 0
    assert app.loop.handle(Input(KEY, "UNDO", "bidbox")).accepted
    assert app.ui.start.drawn == ["DA", None] and app.ui.start.first_dealer is None
    scan(app, "SA")
    assert app.ui.start.first_dealer == 1
    app.loop.handle(Input(KEY, "OK", "bidbox"))
    assert app.ui.start is None and app.table.game.deal.dealer == 1


def test_without_a_scanner_cards_are_tapped_or_the_table_draws():
    app = start_app(scanner=False)
    app.act(Start())
    app.step(0)
    grid = [t for t in app.targets if isinstance(t.action, TapCard)]
    assert len(grid) == 52 and all(t.rect[2] >= 48 and t.rect[3] >= 48 for t in grid)
    app.act(TapCard("HQ"))
    app.act(DrawRandom())
    drawn = app.ui.start.drawn
    assert drawn[0] == "HQ" and drawn[1] not in (None, "HQ")
    assert app.ui.start.first_dealer in (0, 1)
    app.act(DrawCancel())
    assert app.ui.start.drawn is None and app.ui.start.first_dealer is None


def test_a_new_rubber_screen_keeps_devices_away_from_the_old_game():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = start_app(table=table)
    before = table.game.snapshot()
    for item in (Input(CALL, "1S", "bidbox"), Input(CARD, "SA", "scanner")):
        outcome = app.loop.handle(item)
        assert not outcome.accepted and outcome.message == "start the new rubber first"
    assert table.game.snapshot() == before
    app.act(Resume())
    assert app.loop.handle(Input(CALL, "1S", "bidbox")).accepted  # back at the old table


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_cut_screen_renders_in_both_languages(lang):
    app = start_app(scanner=False)
    app.ui.lang = lang
    app.act(Setting("lang", lang))
    app.act(Start())
    app.act(TapCard("SK"))
    app.step(0)
    assert app.ui.banner is None
    assert all(t.rect[2] >= 48 and t.rect[3] >= 48 for t in app.targets)


def cut_texts(*drawn: str, lang: str = "en", form: str = "plain") -> list[str]:
    """The texts of the draw for the deal once every card is drawn."""
    from tests.ui import gallery
    from tests.ui.test_readable import Recording

    deck = find_form(form).deck
    players = ["Anna", "Ben", "Carla", "Dirk"][: len(drawn)]
    start = StartState(form=form, players=players, drawn=list(drawn))
    start.first_dealer = find_form(form).dealer_by_draw([deck.parse(card) for card in drawn])
    layout = Recording((800, 480))
    gallery.draw(None, UiState(start=start), lang, (800, 480), layout)
    return layout.texts


def test_a_tie_in_the_draw_says_the_suit_settled_it():
    tied = cut_texts("H9", "S9")
    assert "Ben deals first" in tied
    assert "Equal ranks: the higher suit counts (spades, hearts, diamonds, clubs)" in tied
    nl = cut_texts("H9", "S9", lang="nl")
    assert "Gelijke hoogte: de hogere kleur telt (schoppen, harten, ruiten, klaveren)" in nl
    coloured = cut_texts("G7", "R7", "B2", "Y3", form="abridged")
    assert "Equal ranks: the higher suit counts (red, yellow, blue, green)" in coloured
    assert not any("Equal ranks" in text for text in cut_texts("H9", "S8"))
