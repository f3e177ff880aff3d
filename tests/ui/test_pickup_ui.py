"""Draw / Pick-Up's pick-up on the screen: the view holds only cards turned face up
at the table; whose turn, the card face up and the cards each took; Take and
Reject buttons that say their keys; by touch alone the stock is turned up (the
picker), taken and rejected, undone from the footer and skipped from the menu;
the refusals and the undo read in Dutch; the hint says what to do next."""

import os
import queue
import random

from device.ui.actions import EndDraw, Overlay, TapCall, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.engine.cards import Card  # noqa: E402
from device.engine.events import (  # noqa: E402
    CallMade,
    CardPlayed,
    CardShown,
    ClaimMade,
    DrawPhaseEnded,
    PickUp,
    Setup,
    Undone,
)
from device.engine.game import Game  # noqa: E402
from device.forms.draw_pick_up.screens import MENU as STOP_PICK_UP  # noqa: E402
from device.hints import next_step  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table, undone_text  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import menu  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui.form_checks import DutchRefusals, check_screens, every_view  # noqa: E402
from tests.ui.pickup_gallery import picking, pickup_screens  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def seen(game) -> set[str]:
    """Cards the table has seen face up this deal: turned up from the stock, played."""
    deal = game.deal
    cards = {str(c) for c, _ in deal.own.pickups}
    cards |= {str(deal.own.turned)} if deal.own.turned is not None else set()
    if deal.play is not None:
        cards |= {str(c) for c in deal.play.played}
    return cards


def test_privacy_walk_no_view_holds_a_card_the_table_has_not_seen():
    game = Game(Setup("draw-pick-up", ("Anna", "Ben"), 1, {}))
    views = 0
    for view in every_view(game, random.Random(5)):
        assert view.cards() <= seen(game)
        assert (view.own is not None) == (game.phase == "pick-up")
        views += 1
    assert views > 100


def test_the_view_of_the_pick_up():
    pick = build_view(picking(6, rejected=True)).own  # Ben rejected the 7th card
    assert (pick.number, pick.of, pick.stock) == (7, 26, 19)
    assert pick.turned == "D9" and pick.to_act == 0 and pick.rejected_by == 1
    assert pick.taken == (("SK", "H4", "DA", "HQ"), ()) and pick.dead == ("C7", "S2")
    waiting = build_view(picking(7)).own
    assert waiting.turned is None and waiting.rejected_by is None and waiting.stock == 19
    assert waiting.seen == frozenset({"SK", "H4", "C7", "DA", "S2", "HQ", "D9"})


def test_every_pick_up_screen_draws_in_both_languages_with_large_targets():
    check_screens(pickup_screens())


def test_take_and_reject_are_buttons_only_while_a_card_is_face_up():
    from tests.ui.gallery import draw

    _, targets = draw(build_view(picking(3, face_up=True)), UiState(scanner=True), "en")
    enabled = {t.action for t in targets if t.enabled}
    assert {TapKey("OK"), TapCall("P")} <= enabled
    assert Overlay("picker") not in enabled
    _, targets = draw(build_view(picking(3)), UiState(scanner=True), "en")
    enabled = {t.action for t in targets if t.enabled}
    assert TapKey("OK") not in enabled and TapCall("P") not in enabled
    assert Overlay("picker") in enabled


def test_the_pick_up_by_touch_undone_from_the_screen_and_skipped_from_the_menu():
    table = Table(Game(Setup("draw-pick-up", ("Anna", "Ben"), 1, {})))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(scanner=False))
    app.step(0)
    tap(app, Overlay("picker"))
    tap(app, TapCard("SA"))  # turned up: the table shows with its buttons
    assert table.game.deal.own.turned == Card.parse("SA") and app.ui.banner is None
    tap(app, TapCall("P"))  # Anna rejects it: Ben decides
    assert table.game.turn == 1
    tap(app, TapKey("OK"))  # Ben takes it
    assert table.game.deal.own.pickups == [(Card.parse("SA"), 1)]
    tap(app, TapCard("H2"))  # the picker is back for the next card (Anna's turn)
    tap(app, TapCall("P"))
    tap(app, TapCall("P"))  # rejected by both: out of play
    assert table.game.deal.own.pickups[-1] == (Card.parse("H2"), None)
    assert build_view(table.game).own.dead == ("H2",)
    tap(app, Overlay(None))
    while table.game.inputs:  # Undo on the footer, back to the deal's first input
        tap(app, TapKey("UNDO"))
    assert table.game.phase == "pick-up" and table.game.deal.own.turned is None
    tap(app, TapKey("MENU"))
    assert STOP_PICK_UP in menu.items(app.view())
    tap(app, Overlay("end-pick-up"))
    tap(app, EndDraw())  # Yes: the pick-up is not followed any more
    assert table.game.phase == "auction" and app.ui.overlay is None
    tap(app, TapKey("UNDO"))
    assert table.game.phase == "pick-up"
    assert undone_text(table.game) == "Undone: the end of the pick-up"


def test_the_undo_says_what_it_took_back_in_both_languages():
    game = picking(0)
    game.apply(CardShown(Card.parse("SK")))
    game.apply(PickUp(False))
    game.apply(Undone())
    assert undone_text(game) == "Undone: Anna rejected SK"
    assert Catalog("nl").error(undone_text(game)) == "Teruggenomen: Anna wees SK af"
    game.apply(PickUp(True))
    game.apply(Undone())
    assert Catalog("nl").error(undone_text(game)) == "Teruggenomen: Anna pakte SK"
    game.apply(Undone())
    assert undone_text(game) == "Undone: SK turned up"
    assert Catalog("nl").error(undone_text(game)) == "Teruggenomen: SK omgedraaid"


def test_the_refusals_of_the_pick_up_read_in_dutch():
    dutch = DutchRefusals()
    refuse = dutch.refuse
    game = picking(0)
    refuse(game, PickUp(True))  # nothing face up
    refuse(game, CallMade(game.form.parse_call("1S")))
    refuse(game, CardPlayed(Card.parse("SA")))
    refuse(game, ClaimMade(3, 0))
    refuse(game, CardShown(Card.parse("SA"), 0))
    game.apply(CardShown(Card.parse("SK")))
    refuse(game, CardShown(Card.parse("SA")))  # SK is face up
    refuse(game, PickUp(True, 1))  # Anna's turn
    game.apply(PickUp(True))
    refuse(game, CardShown(Card.parse("SK")))  # already turned up
    game.apply(CardShown(Card.parse("S2")))
    game.apply(PickUp(False))
    game.apply(PickUp(False))
    game.apply(DrawPhaseEnded())
    game.apply(CallMade(game.form.parse_call("P")))
    game.apply(CallMade(game.form.parse_call("1C")))
    game.apply(CallMade(game.form.parse_call("P")))  # Ben declares, Anna leads
    game.apply(CardPlayed(Card.parse("C2")))
    refuse(game, CardPlayed(Card.parse("SK")))  # Anna took it
    refuse(game, CardPlayed(Card.parse("S2")))  # both rejected it
    assert not dutch.untranslated, dutch.untranslated


def test_the_hint_says_what_the_pick_up_waits_for():
    game = picking(0)
    assert next_step(game) == "turn up the top card of the stock and scan it"
    game.apply(CardShown(Card.parse("SK")))
    assert next_step(game) == "take SK with OK or reject it with P"
    assert Catalog("nl").error(next_step(game)) == "pak SK met OK of wijs hem af met P"


def test_over_13_cards_taken_lie_in_two_rows_each_corner_showing():
    from device.forms.draw_pick_up.pickup_screen import NUMBER_Y, SEAT_Y, taken_rects

    cards = [f"C{n}" for n in range(25)]
    one = taken_rects(cards[:13], SEAT_Y[0])
    assert len({rect[1] for rect, _ in one}) == 1  # one row
    for seat, below in ((1, NUMBER_Y), (0, 425)):  # over the stock card's number, the footer
        placed = taken_rects(cards, SEAT_Y[seat])
        assert [card for _, card in placed] == cards  # every card, in the order taken
        rows = sorted({rect[1] for rect, _ in placed})
        assert len(rows) == 2 and rows[1] - rows[0] >= 30  # the rank of the row behind shows
        for top in rows:
            xs = [rect[0] for rect, _ in placed if rect[1] == top]
            assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 30  # no rank hidden
        assert max(rect[1] + rect[3] for rect, _ in placed) <= below
