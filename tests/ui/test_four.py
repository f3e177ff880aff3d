"""Screens for four: what the view holds (never an unshown card), the auction's
columns, the play's spots and dummy, the Chicago chart, and the start screen's
four names, the draw for partners and the seating it gives."""

import os
import queue
import random

from device.ui.actions import (
    ClaimSeat,
    DrawCancel,
    Honours,
    KeyboardKey,
    NewRubber,
    Overlay,
    Start,
    StartField,
    TapCall,
    TapCard,
    TapKey,
)
from tests.ui.touch import is_field

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.engine.cards import Card  # noqa: E402
from device.engine.events import CardPlayed, NextDeal, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import CARD, KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import auction, chart, screen_name, table4  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.screens.play import picker_refused  # noqa: E402
from device.ui.screens.result import honours_choices  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from device.ui.widgets.picker import picker_cards  # noqa: E402
from tests.ui.four import NAMES, four  # noqa: E402
from tests.ui.gallery import CHICAGO, DUMMY, FOUR_CALLS, four_in_play  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

EN = Catalog("en")
PICKER = picker_cards("standard")


def seen_so_far(game):
    """Cards face up at the table at some point of this deal: played or shown."""
    deal = game.deal
    if deal.play is None:
        return set()
    shown = {str(c) for cards in deal.shown.values() for c in cards}
    return {str(c) for c in deal.play.played} | shown


@pytest.mark.parametrize("form", ["chicago", "rubber-bridge"])
def test_privacy_walk_at_four_no_view_holds_a_card_not_played_or_shown(form):
    """Robots play (some scanning the dummy, some skipping it): after every input the
    view holds only cards played or shown; the dummy's shown cards are in it."""
    rng = random.Random(11)
    game = Game(Setup(form, NAMES, 0))
    views = shown_views = 0
    while game.phase != "finished" and game.deal.number <= 6:
        for event in deal_inputs(game, rng):
            game.apply(event)
            view = build_view(game)
            assert view.cards() <= seen_so_far(game)
            held = (
                {card for _, cards in view.play.shown for card, _ in cards} if view.play else set()
            )
            shown = {str(c) for cards in game.deal.shown.values() for c in cards}
            assert shown <= held  # what was shown is drawn
            shown_views += bool(held)
            views += 1
        if game.phase != "finished":
            game.apply(NextDeal())
    assert views > 200 and shown_views > 20


def test_the_dummy_phase_view_counts_the_cards_shown_and_plays_nothing_unseen():
    game = four_in_play("chicago", 5)
    view = build_view(game)
    assert view.phase == "dummy" and view.dummy_shown == 5 and view.tricks == 13
    assert view.play.dummy == 2 and view.turn == view.seats[2].name  # its player lays it out
    ((hand, cards),) = view.play.shown
    assert hand == 2 and {c for c, _ in cards} == set(DUMMY[:5])
    assert view.cards() == set(DUMMY[:5]) | {"SA"}
    assert table4.turn_text(view, EN) == "Lay out the dummy: Carla"
    assert picker_refused(view) >= set(DUMMY[:5]) | {"SA"}  # not shown twice


def test_the_declarer_plays_from_the_dummy_and_the_dummy_greys_what_it_played():
    game = four_in_play("chicago", 13)  # Ben led SA: the dummy (South) is to play
    view = build_view(game)
    assert view.play.to_play == 2 and view.turn == "Anna"
    assert table4.turn_text(view, EN) == "Anna: from the dummy (Carla)"
    assert table4.turn_text(view, Catalog("nl")) == "Anna: uit de blinde (Carla)"
    # The dummy's cards are all known: for its turn the picker offers only them, and
    # of them only the spades, as it must follow Ben's lead of SA.
    assert {c for row in PICKER for c in row} - picker_refused(view) == {"S2", "S3"}
    game.apply(CardPlayed(Card.parse("S2")))
    view = build_view(game)
    assert view.play.to_play == 3 and view.turn == "Daan"
    assert table4.turn_text(view, EN) == "Daan to play"
    ((hand, cards),) = view.play.shown
    assert hand == 2 and ("S2", True) in cards and ("HA", False) in cards and len(cards) == 13
    assert "HA" in picker_refused(view)  # Daan cannot play a card lying in the dummy


def test_a_skipped_dummy_stays_unknown_and_nothing_of_it_is_drawn():
    game = four_in_play("chicago", 0, ["S2", "SK"])
    view = build_view(game)
    assert view.play.shown == () or all(
        played for _, cards in view.play.shown for _, played in cards
    )
    assert view.cards() == {"SA", "S2", "SK"}


def test_the_auction_columns_are_west_north_east_south_the_first_call_under_the_dealer():
    view = build_view(four("chicago", {"calls": ["1H", "1S", "2H"]}, first_dealer="Ben"))
    order = auction.speaking_order(view)
    assert [view.seats[s].compass for s in order] == ["W", "N", "E", "S"]
    assert order.index(view.auction.first) == 2  # Ben, East, deals and calls first
    assert [s.dealer for s in view.seats] == [False, True, False, False]
    assert view.turn == "Anna"  # Ben 1H, Carla 1S, Daan 2H: North calls next


def test_the_play_shows_the_trick_at_the_compass_spots():
    view = build_view(four_in_play("chicago", 13, ["S2", "SK"]))
    assert [hand for hand, _ in view.play.trick] == [1, 2, 3]  # Ben led, Carla, Daan
    north, east, south, west = (table4.spot(hand) for hand in range(4))
    assert north[1] < west[1] == east[1] < south[1] and west[0] < north[0] == south[0] < east[0]
    assert view.play.won == (0, 0) and view.play.hands == NAMES


def test_the_chicago_chart_rows_are_the_deals_as_dealt():
    sheet = build_view(four("chicago", *CHICAGO)).sheet
    rows = sheet.deals
    assert [r.number for r in rows] == [1, 2, 2, 3, 4]  # deal 2 passed out and dealt again
    assert [r.dealer for r in rows] == ["Anna", "Ben", "Ben", "Carla", "Daan"]
    assert [r.vulnerable for r in rows] == [(), (1,), (1,), (0,), (0, 1)]
    assert rows[1].contract == "pass" and rows[1].points == (0, 0)
    assert [r.points for r in rows] == [(60, 0), (0, 0), (0, 620), (0, 100), (0, 160)]
    assert rows[-1].running == sheet.totals == (60, 880)
    assert sheet.finished and sheet.winner == "Ben & Daan" and sheet.counted == 4
    assert chart.status(sheet, EN) == "Ben & Daan win by 820"
    assert chart.result_text(rows[3], EN) == "3NT −1"
    assert chart.result_text(rows[1], EN) == "passed out"
    assert chart.vulnerable_text(rows[4].vulnerable, EN) == "all"
    unfinished = build_view(four("chicago", *CHICAGO[:3])).sheet
    assert not unfinished.finished and chart.status(unfinished, EN) == "2 of 4 deals played"


def test_the_finished_chicago_offers_another_with_a_new_draw(tmp_path):
    from device.table import Table

    table = Table(four("chicago", *CHICAGO))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(), new_table=new_table_factory())
    app.step(0)
    labels = [t.action for t in app.targets]
    assert NewRubber() in labels
    app.act(NewRubber())
    start = app.ui.start
    assert start.form == "chicago" and start.players == list(NAMES)
    assert start.first_dealer is None  # a new draw for partners


def test_honours_after_a_claim_are_given_per_side_at_four():
    view = build_view(four("chicago", *CHICAGO[:1]))
    actions = [action for _, action in honours_choices(view, EN)]
    assert Honours(0, 100) in actions and Honours(1, 150) in actions
    assert {a.seat for a in actions} == {0, 1, None}  # N-S for Anna, E-W for Ben


def start_app(form="chicago", scanner=True, players=NAMES):
    loop = TableLoop(None, queue.Queue(), {})
    ui = UiState(scanner=scanner, start=StartState(form=form, players=list(players)))
    app = App(loop, ui, new_table=new_table_factory())
    app.step(0)
    return app


def scan(app, text):
    item = Input(CARD, text, "scanner")
    outcome = app.loop.handle(item)
    app.note(item, outcome)
    return outcome


def test_four_name_fields_and_the_seats_on_the_start_screen():
    app = start_app()
    fields = [t for t in app.targets if is_field(t.action, "editing")]
    assert [t.action.value for t in fields] == [0, 1, 2, 3]
    assert all(t.rect[2] >= 48 and t.rect[3] >= 48 for t in app.targets)
    dealers = [t.action.value for t in app.targets if is_field(t.action, "first_dealer")]
    assert dealers == [None, 0, 1, 2, 3]
    # Typing into the fourth name with the on-screen keyboard.
    app.act(StartField("editing", 3))
    app.act(KeyboardKey("clear"))
    for letter in "Dirk":
        app.act(KeyboardKey("char", letter))
    app.act(KeyboardKey("done"))
    assert app.ui.start.players == ["Anna", "Ben", "Carla", "Dirk"]


def test_choosing_a_form_sets_the_number_of_names():
    app = start_app(form="plain", players=("Anna", "Ben"))
    app.act(StartField("form", "chicago"))
    assert app.ui.start.players == ["Anna", "Ben", "Carla", "Daan"]
    app.ui.start.first_dealer = 3
    app.act(StartField("form", "plain"))
    assert app.ui.start.players == ["Anna", "Ben"] and app.ui.start.first_dealer is None


def test_the_draw_for_partners_seats_the_players_and_an_undo_puts_them_back():
    app = start_app()
    app.act(Start())
    assert app.ui.start.drawn == [None] * 4 and screen_name(None, app.ui) == "cut"
    for card in ("H5", "C2", "SK", "SA"):  # Anna, Ben, Carla, Daan draw in turn
        assert scan(app, card).accepted
    start = app.ui.start
    # Carla and Daan drew the two highest: they play together (East and West), Anna
    # keeps North, and Daan (the ace) deals.
    assert start.players == ["Anna", "Carla", "Ben", "Daan"]
    assert start.drawn == ["H5", "SK", "C2", "SA"] and start.first_dealer == 3
    app.step(0)
    assert Start() in [t.action for t in app.targets]  # the seating shows before Start
    outcome = app.loop.handle(Input(KEY, "UNDO", "keyboard"))
    assert outcome.accepted and outcome.notice == "Undone: Daan's SA"
    assert start.players == list(NAMES) and start.drawn == ["H5", "C2", "SK", None]
    assert start.first_dealer is None
    assert scan(app, "D9").accepted  # Daan again: Carla (SK) now deals
    assert start.players == ["Anna", "Carla", "Ben", "Daan"] and start.first_dealer == 1
    app.act(Start())
    game = app.table.game
    assert game.form.name == "chicago" and game.players == ("Anna", "Carla", "Ben", "Daan")
    assert game.deal.dealer == 1 and game.side_name(0) == "Anna & Ben"


def test_back_from_the_seating_puts_the_names_back_in_their_order():
    app = start_app()
    app.act(Start())
    for card in ("H5", "C2", "SK", "SA"):
        scan(app, card)
    app.act(DrawCancel())
    assert app.ui.start.players == list(NAMES) and app.ui.start.drawn is None


def test_dummy_cards_tapped_in_are_shown_once_and_ok_skips_the_rest():
    from device.table import Table

    game = four("chicago", {"calls": FOUR_CALLS, "cards": ["SA"]})
    table = Table(game)
    app = App(TableLoop(table, queue.Queue(), {}), UiState(), new_table=new_table_factory())
    app.step(0)
    assert screen_name(build_view(game), app.ui) == "dummy"
    assert TapKey("OK") in [t.action for t in app.targets if t.enabled]
    app.send(Input(CARD, "HA", "touch"))
    assert build_view(game).dummy_shown == 1 and app.ui.banner is None
    app.send(Input(CARD, "HA", "touch"))
    assert app.ui.banner_error and build_view(game).dummy_shown == 1
    app.send(Input(KEY, "OK", "touch"))  # OK: the rest of the dummy stays unknown
    assert game.phase == "play" and game.deal.shown == {2: (Card.parse("HA"),)}
    app.step(0)
    assert screen_name(build_view(game), app.ui) == "play"


def pick(app, card):
    """A card by touch on the picker (opened if it is not)."""
    if app.ui.overlay != "picker":
        tap(app, Overlay("picker"))
    tap(app, TapCard(card))


def test_a_whole_chicago_by_touch_from_the_start_screen(tmp_path):
    """Four counting deals and one thrown in, every input a tap or a key: the start
    screen, the bidding box, the picker for the cards and for the dummy's cards, OK to
    skip the rest of a dummy, the chart, and Another Chicago at the end. Each phase's
    screen is drawn (saved as PNG) and holds no card that was not played or shown."""
    from device.engine.record import play_record, sheet_report, to_record
    from device.robots import play_rubber

    expected = to_record(play_rubber(3, "chicago"))
    deals = list(expected["deals"])
    deals.insert(1, {"calls": ["P", "P", "P", "P"]})  # thrown in: the same dealer again
    record = {**expected, "deals": deals}
    players = record["players"]
    shots = tmp_path / "shots"
    ui = UiState(scanner=False, start=StartState(form="chicago", players=["", "", "", ""]))
    app = App(
        TableLoop(None, queue.Queue(), {}), ui, new_table=new_table_factory(), screenshot_dir=shots
    )
    app.step(0)
    for seat, name in enumerate(players):  # the names typed on the on-screen keyboard
        tap(app, StartField("editing", seat))
        for letter in name:
            tap(app, KeyboardKey("char", letter))
        tap(app, KeyboardKey("done"))
    tap(app, StartField("first_dealer", players.index(record["first_dealer"])))
    tap(app, Start())
    game = app.table.game
    assert game.players == tuple(players) and game.form.name == "chicago"
    compass = {"N": 0, "E": 1, "S": 2, "W": 3}
    skipped = []  # per deal with a dummy: whether OK skipped the rest of it
    for number, deal in enumerate(deals):
        if number:
            tap(app, TapKey("OK"))  # the deal result: next deal
        for call in deal["calls"]:
            tap(app, TapCall(call))
        cards = deal.get("cards", [])
        shown = [c for seat, hand in deal.get("shown", {}).items() for c in hand]
        for index, card in enumerate(cards):
            pick(app, card)
            if index == 0 and game.phase == "dummy":
                for dummy_card in shown:
                    pick(app, dummy_card)
                skipped.append(game.phase == "dummy")
                if skipped[-1]:  # not all 13: OK skips the rest
                    tap(app, Overlay(None))
                    tap(app, TapKey("OK"))
                assert game.phase == "play"
                assert {compass[s] for s in deal.get("shown", {})} <= set(game.deal.shown) | {
                    game.deal.dummy
                }
            view = build_view(game)
            assert view.cards() <= seen(game)
        assert app.ui.banner is None, app.ui.banner
    assert game.phase == "finished" and skipped == [True, False, True, False]
    assert sheet_report(game) == sheet_report(play_record(record))
    tap(app, Overlay("sheet"))  # the chart
    assert [r.number for r in build_view(game).sheet.deals] == [1, 2, 2, 3, 4]  # a redeal
    tap(app, Overlay(None))
    tap(app, NewRubber())  # Another Chicago: the same four, a new draw for partners
    assert app.ui.start.form == "chicago" and app.ui.start.first_dealer is None
    names = {path.name.split("-", 1)[1] for path in shots.iterdir()}
    phases = ("start", "auction", "dummy", "play", "picker", "deal-end", "finished", "sheet")
    assert {f"{phase}-en.png" for phase in phases} <= names, names


def seen(game):
    return seen_so_far(game)


def test_history_per_partnership_and_per_player():
    from device.store.history import couple_stats, partnership_stats
    from device.ui.screens.history import _sections, partnership_lines
    from tests.ui.gallery import HISTORY, history_four

    history = history_four()
    assert history[0]["sides"] == [["Anna", "Carla"], ["Ben", "Daan"]]
    pairs, players = partnership_stats(history + HISTORY)
    by_pair = {tuple(p["players"]): p for p in pairs}
    assert set(by_pair) == {("Anna", "Carla"), ("Ben", "Daan"), ("Anna", "Daan"), ("Ben", "Carla")}
    assert by_pair[("Anna", "Carla")]["played"] == 2 and by_pair[("Anna", "Carla")]["won"] == 1
    assert by_pair[("Anna", "Carla")]["points"] == 60 + 920
    assert by_pair[("Ben", "Daan")]["made"] == 2  # 4S by Ben and 2C by Daan
    by_name = {p["name"]: p for p in players}
    assert by_name["Anna"]["played"] == 3 and by_name["Anna"]["won"] == 1
    assert by_name["Ben"]["won"] == 2 and by_name["Ben"]["points"] == 880 + 700
    assert couple_stats(history) == []  # couples are tables of two
    blocks, lines = partnership_lines(history, EN)
    # "games" are 100 below the line ("1 won, 980 points, 2 games"), not what was played
    assert blocks[0][0] == "Anna & Carla: played together 2 times"
    assert "Ben: 2 of 3 won, 1580 points" in lines
    headings = [heading for heading, _ in _sections(history + HISTORY, EN)]
    assert headings == [
        "Couples",
        "Partnerships",
        "Players",
        "Rubbers: tap one for its score sheet",
    ]


def test_an_older_four_player_result_without_sides_pairs_players_one_and_three():
    from device.store.history import partnership_stats
    from tests.ui.gallery import history_four

    older = [{k: v for k, v in result.items() if k != "sides"} for result in history_four()]
    pairs, _ = partnership_stats(older)
    assert {tuple(p["players"]) for p in pairs} >= {("Anna", "Carla"), ("Ben", "Daan")}


def test_the_picker_and_the_claim_at_four():
    from tests.ui.gallery import draw

    view = build_view(four_in_play("chicago", 13))  # the dummy's card is due
    ui = UiState(overlay="claim")
    _, targets = draw(view, ui, "en")
    seats = [t for t in targets if isinstance(t.action, ClaimSeat)]
    dummy = view.play.dummy
    assert [t.action.seat for t in seats] == [s for s in range(4) if s != dummy]  # not the dummy
    assert all(t.rect[0] + t.rect[2] <= 800 and t.rect[2] >= 48 for t in seats)

    def offered(shown_view):
        _, targets = draw(shown_view, UiState(overlay="picker"), "en")
        return {t.action.card for t in targets if isinstance(t.action, TapCard) and t.enabled}

    assert offered(view) == {"S2", "S3"}  # the dummy's turn: only its cards that follow
    laying_out = offered(build_view(four_in_play("chicago", 5)))
    assert len(laying_out) == 52 - 6 and not laying_out & (set(DUMMY[:5]) | {"SA"})
