"""Draw Bridge's draw tricks on the screen: the view holds only cards the table has
seen, the trick count, whose turn and who draws first; the picker greys the dead
cards, the top card and the cards the other player drew; by touch alone a deal's
draw tricks are played, undone from the footer's Undo back to the first card and
skipped from the menu; the refusals of the form read in Dutch."""

import os
import queue
import random

from device.ui.actions import EndDraw, Overlay, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.engine.cards import Card  # noqa: E402
from device.engine.events import (  # noqa: E402
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    Setup,
    Undone,
)
from device.engine.game import Game  # noqa: E402
from device.forms.draw_bridge import tricks_screen as draw_tricks  # noqa: E402
from device.forms.draw_bridge.screens import MENU as STOP_DRAW_TRICKS  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table, undone_text  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import menu  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui.draw_bridge_gallery import drawing  # noqa: E402
from tests.ui.form_checks import DutchRefusals, check_screens, every_view  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def seen(game) -> set[str]:
    """Cards the table has seen this deal: played (draw tricks and play), turned up."""
    deal = game.deal
    cards = {str(c) for c in deal.own.draw.played} | {str(c) for c in deal.own.draw_top}
    if deal.play is not None:
        cards |= {str(c) for c in deal.play.played}
        cards |= {str(c) for hand in deal.play.seen.values() for c in hand}
    return cards


@pytest.mark.parametrize("top_card_shown", [False, True])
def test_privacy_walk_no_view_holds_a_card_the_table_has_not_seen(top_card_shown):
    game = Game(Setup("draw-bridge", ("Anna", "Ben"), 1, {"top_card_shown": top_card_shown}))
    views = 0
    for view in every_view(game, random.Random(5)):
        assert view.cards() <= seen(game)
        assert (view.own is not None) == (game.phase in ("draw-top", "draw-tricks"))
        views += 1
    assert views > 100


def test_the_view_of_a_draw_trick():
    tricks = build_view(drawing(5)).own  # Ben won the first two, led SA
    assert (tricks.number, tricks.of, tricks.dead, tricks.stock) == (3, 13, 5, 22)
    assert tricks.trick == ((1, "SA"),) and tricks.to_play == 0
    assert tricks.last_trick == ((1, "HK"), (0, "H3")) and tricks.last_winner == 1
    assert tricks.top is None and not tricks.top_shown and not tricks.must_follow
    won = build_view(drawing(8)).own  # four tricks won, none in progress
    assert won.trick == () and won.number == 5 and won.last_winner == 1


def test_the_top_card_is_shown_and_goes_to_the_winner():
    scanning = build_view(drawing(6, tops=3, top_card_shown=True))
    assert scanning.phase == "draw-top" and scanning.turn == "Ben"
    tricks = scanning.own
    assert tricks.top is None and tricks.last_top == "DA" and tricks.last_winner == 1
    assert tricks.drawn == ((1, "SK"), (1, "H7"), (1, "DA"))  # Ben won the three tricks
    shown = build_view(drawing(7, tops=4, top_card_shown=True))
    assert shown.phase == "draw-tricks" and shown.own.top == "C5"
    grey = draw_tricks.refused(shown)
    assert "C5" in grey  # the top card is not in a hand yet
    assert "DQ" in grey and "C2" in grey  # dead
    holder = dict((card, hand) for hand, card in shown.own.drawn)
    others = {card for card, hand in holder.items() if hand != shown.own.to_play}
    assert others <= grey
    assert draw_tricks.refused(scanning) >= {"SK", "H7", "DA", "C2"}  # seen before


def test_every_draw_screen_draws_without_error_in_both_languages():
    from tests.ui.draw_bridge_gallery import draw_bridge_screens

    check_screens(draw_bridge_screens())


DRAW = ["C2", "C9", "HK", "H3", "SA", "D4", "DQ", "D2"]


def test_draw_tricks_by_touch_undone_from_the_screen_and_skipped_from_the_menu():
    table = Table(Game(Setup("draw-bridge", ("Anna", "Ben"), 1, {"top_card_shown": True})))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(scanner=False))
    app.step(0)
    tap(app, Overlay("picker"))
    for i, card in enumerate(DRAW):
        if i % 2 == 0:  # the top card first: tapped on the same picker
            assert table.game.phase == "draw-top"
            tap(app, TapCard(("SK", "H7", "DA", "C5")[i // 2]))
        tap(app, TapCard(card))
        assert app.ui.banner is None, app.ui.banner
    assert app.ui.overlay == "picker" and len(table.game.deal.own.draw.tricks) == 4
    tap(app, Overlay(None))
    while table.game.inputs:  # Undo on the footer, back to the deal's first input
        tap(app, TapKey("UNDO"))
    assert table.game.phase == "draw-top" and not table.game.deal.own.draw.played
    tap(app, TapKey("MENU"))
    assert STOP_DRAW_TRICKS in menu.items(app.view())
    tap(app, Overlay("end-draw-tricks"))
    tap(app, EndDraw())  # Yes: the draw tricks are not followed any more
    assert table.game.phase == "auction" and app.ui.overlay is None
    tap(app, TapKey("UNDO"))
    assert table.game.phase == "draw-top"
    assert undone_text(table.game) == "Undone: skipping the draw tricks"


def test_an_undone_top_card_says_so_in_both_languages():
    game = drawing(0, top_card_shown=True)
    game.apply(CardShown(Card.parse("SK")))
    game.apply(Undone())
    text = undone_text(game)
    assert text == "Undone: the top card SK"
    assert Catalog("nl").error(text) == "Teruggenomen: de bovenste kaart SK"


def test_the_refusals_of_the_draw_tricks_read_in_dutch():
    dutch = DutchRefusals()
    refuse = dutch.refuse
    game = drawing(0, top_card_shown=True)
    refuse(game, CardPlayed(Card.parse("C2")))  # the top card first
    refuse(game, CallMade(game.form.parse_call("1S")))
    refuse(game, ClaimMade(3, 0))
    game.apply(CardShown(Card.parse("SK")))
    refuse(game, CardShown(Card.parse("H7")))  # shown before a trick starts
    refuse(game, CardPlayed(Card.parse("SK")))  # the top card, in no hand yet
    game.apply(CardPlayed(Card.parse("C2")))
    game.apply(CardPlayed(Card.parse("C9")))  # Ben wins and draws SK
    refuse(game, CardShown(Card.parse("SK")))  # already seen
    game.apply(CardShown(Card.parse("H7")))
    game.apply(CardPlayed(Card.parse("HK")))
    refuse(game, CardPlayed(Card.parse("SK")))  # Ben drew it
    refuse(game, CardPlayed(Card.parse("C2")))  # already played
    played = drawing(0)
    for card in ["C2", "C3"] + [f"{s}{r}" for s in "DH" for r in "23456789TJQKA"][:24]:
        played.apply(CardPlayed(Card.parse(card)))
    played.apply(CallMade(played.form.parse_call("1NT")))
    played.apply(CallMade(played.form.parse_call("P")))
    refuse(played, CardPlayed(Card.parse("C2")))  # dead
    assert not dutch.untranslated, dutch.untranslated


def test_the_play_picker_greys_the_dead_cards():
    from device.ui.screens.play import picker_refused

    game = drawing(0)
    cards = ["C2", "C3"] + [f"{s}{r}" for s in "DH" for r in "23456789TJQKA"][:24]
    for card in cards:
        game.apply(CardPlayed(Card.parse(card)))
    assert build_view(game).dead == frozenset()  # not in the play yet
    game.apply(CallMade(game.form.parse_call("1NT")))
    game.apply(CallMade(game.form.parse_call("P")))
    view = build_view(game)
    assert view.phase == "play" and view.dead == frozenset(cards)
    assert picker_refused(view) >= frozenset(cards) and "SA" not in picker_refused(view)
