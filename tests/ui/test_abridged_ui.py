"""aBRIDGEd on the touchscreen: a hand declared by taps (Pass, Play, a colour
swatch, the number pads), the dummy laid out with OK, a card typed on the
keyboard (R14), the bidding box's mapping (P Pass, OK Play, a bid a number),
round two's fourth strength only the one number that makes 40, and the result
and sheet screens after a claim."""

import os
import queue

from device.ui.actions import Statement, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.events import ClaimAnswered, ClaimMade, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import CALL, CARD, KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, complete_token, new_table_factory  # noqa: E402
from device.ui.screens import screen_name  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402

NAMES = ("Anna", "Ben", "Carla", "Dirk")


def make_app():
    table = Table(Game(Setup("abridged", NAMES, 0)))
    loop = TableLoop(table, queue.Queue(), {})
    app = App(loop, UiState(lang="en", scanner=True), new_table=new_table_factory(None, None))
    app.step(0)
    return app


def tap(app, value):
    target = next(t for t in app.targets if t.action == Statement(value) and t.enabled)
    x, y, w, h = target.rect
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    app.step(0)


def press(app, kind, value):
    app.send(Input(kind, value, "bidbox" if kind != CARD else "scanner"))
    app.step(0)


def test_a_hand_declared_by_taps_and_the_bidding_box():
    app = make_app()
    game = app.table.game
    assert screen_name(app.view(), app.ui) == "round-one"
    tap(app, "Pass")  # Anna, on the screen
    press(app, CALL, "P")  # Ben, on the bidding box
    press(app, KEY, "OK")  # Carla: Play
    assert game.deal.declarer == 2 and game.phase == "lay-out"
    press(app, CARD, "R14")  # the dummy's first card scanned
    press(app, KEY, "OK")  # the rest laid out unscanned
    assert game.phase == "trump"
    tap(app, "B")  # the blue swatch
    for number in (9, 12, 8):
        tap(app, number)
    press(app, CALL, "1H")  # 15 on the bidding box
    assert game.deal.own.strengths == [9, 12, 8, 15] and game.phase == "count"
    assert not any(t.action == Statement(3) for t in app.targets)  # counts are 4 to 13
    for number in (5, 4, 6):
        tap(app, number)
    press(app, CALL, "6C")
    assert game.deal.own.counts == [5, 4, 6, 6] and game.phase == "play"
    assert game.deal.play.trump.letter == "B"
    assert screen_name(app.view(), app.ui) == "play"
    app.loop.apply(ClaimMade(10, 2))
    app.loop.apply(ClaimAnswered(True))
    app.step(0)
    assert game.phase == "deal-end" and game.sheet.totals() == (80, 0)
    app.draw()
    assert any(t.action == TapKey("OK") and t.enabled for t in app.targets)


def test_round_two_lights_only_the_number_that_makes_40():
    app = make_app()
    for _ in range(4):
        tap(app, "Pass")
    for number in (12, 8, 11):
        tap(app, number)
    lit = [t.action.value for t in app.targets if isinstance(t.action, Statement) and t.enabled]
    assert lit == [9]
    press(app, CALL, "1S")  # 22: refused, said in the banner
    assert "add up to 53, not 40" in app.ui.banner and app.ui.banner_error
    assert app.table.game.deal.own.strengths == [12, 8, 11]


def test_coloured_cards_are_complete_tokens_when_typed():
    assert complete_token("R14") and complete_token("G2") and complete_token("B10")
    assert not complete_token("R1")  # R10 .. R14 may follow


def test_three_strengths_no_fourth_can_make_40_with_say_undo_one():
    app = make_app()
    for _ in range(4):
        tap(app, "Pass")
    for number in (20, 12, 10):  # 42 already
        tap(app, number)
    assert not any(isinstance(t.action, Statement) for t in app.targets)
    assert app.view().own.stuck
    press(app, KEY, "UNDO")
    assert app.table.game.deal.own.strengths == [20, 12]
    tap(app, 8)
    assert [
        t.action.value for t in app.targets if isinstance(t.action, Statement) and t.enabled
    ] == [0]


def test_the_header_says_hand_and_no_vulnerability_the_seed_has_none():
    from device.ui.view import build_view
    from tests.ui.gallery import draw
    from tests.ui.test_readable import Recording

    abridged = Game(Setup("abridged", NAMES, 0))
    chicago = Game(Setup("chicago", NAMES, 0))
    texts = {}
    for game in (abridged, chicago):
        layout = Recording((800, 480))
        draw(build_view(game), UiState(lang="en"), "en", (800, 480), layout=layout)
        texts[game.form.name] = " | ".join(layout.texts)
    assert "Hand 1 · Anna deals" in texts["abridged"]
    assert "Vulnerable" not in texts["abridged"]
    assert "Deal 1 · Anna deals" in texts["chicago"]
    assert "Vulnerable: nobody" in texts["chicago"]


def test_a_stored_game_is_titled_by_its_forms_word_for_it():
    from device.ui.i18n import Catalog
    from device.ui.screens.history import stored_title
    from device.ui.view import StoredRubberView

    def titled(form: str, lang: str, key: str = "history.sheet_title") -> str:
        word = Game(Setup(form, NAMES, 0)).form.rubber_word
        stored = StoredRubberView(3, "2024-05-01", False, None, None, 0, 0, None, None, word)
        return stored_title(stored, Catalog(lang), key)

    assert titled("rubber-bridge", "en") == "Rubber 3"
    assert titled("chicago", "en") == "Chicago 3"
    assert titled("abridged", "en") == "Game 3"
    assert titled("abridged", "nl") == "Partij 3"
    assert titled("rubber-bridge", "nl", "review.title") == "Dubbeldummyanalyse, robber 3"
    assert titled("abridged", "en", "review.title") == "Double-dummy review, game 3"


def test_the_bidding_box_line_of_the_trump_says_what_each_bid_names():
    from device.ui.i18n import Catalog

    for lang in ("en", "nl"):
        t = Catalog(lang)
        line = t.t("abridged.box.trump")
        for colour in ("R", "Y", "B", "G", "NT"):  # 1NT too: no trump, sans atout
            assert t.t(f"review.abridged.colour.{colour}") in line, (lang, colour)


def test_the_help_names_no_trump_as_the_screen_does():
    from device.ui.i18n import Catalog

    en, nl = Catalog("en").t("help.abridged.bid"), Catalog("nl").t("help.abridged.bid")
    assert "NT no trump" in en
    assert "troefkleur of SA (sans atout)" in nl  # the Dutch button says SA
    assert "NT sans atout" in nl  # the bidding box's key


def test_the_trump_in_a_sentence_is_lower_case_and_no_trump_is_said_once():
    from device.ui.i18n import Catalog

    en, nl = Catalog("en"), Catalog("nl")
    by = {"declared": "Play", "name": "Anna"}
    assert en.t("abridged.result.by", trump=en.t("abridged.trump_is.R"), **by) == (
        "Play by Anna, trump red"
    )
    assert en.t("abridged.trump_is.NT") == "no trump"
    assert nl.t("abridged.trump_is.B") == "troef blauw" and nl.t("abridged.trump_is.NT") == (
        "sans atout"
    )


def _grid_calls(app) -> dict[int, str]:
    """The call each number's button stands under, read from where the buttons lie:
    its column (1 to 7, left to right) and its row (clubs to no-trump, top down)."""
    numbers = {
        t.action.value: t.rect
        for t in app.targets
        if isinstance(t.action, Statement) and isinstance(t.action.value, int)
    }
    widths = sorted({round(r[2]) for r in numbers.values()})
    grid = {n: r for n, r in numbers.items() if round(r[2]) == widths[0]}  # one column wide
    xs = sorted({round(r[0]) for r in grid.values()})
    ys = sorted({round(r[1]) for r in grid.values()})
    strains = ("C", "D", "H", "S", "NT") if len(ys) == 5 else ("C", "D")  # counts: two rows
    return {
        n: f"{xs.index(round(r[0])) + 1}{strains[ys.index(round(r[1]))]}" for n, r in grid.items()
    }


def test_the_numbers_lie_where_the_bidding_box_says_them():
    """Issue 23: each number's button lies at its bid's level column and strain row,
    so a player reads the key from the screen; pressing that key on the bidding box
    states the number on the button. Every number from 0 to 37 (counts 4 to 13) has
    one button, X and XX in the row under the grid."""
    app = make_app()
    game = app.table.game
    tap(app, "Pass")
    press(app, KEY, "OK")  # Ben: Play
    press(app, KEY, "OK")  # the dummy laid out
    tap(app, "R")
    calls = _grid_calls(app)
    assert len(calls) == 35 and calls[1] == "1C" and calls[17] == "3H" and calls[35] == "7NT"
    shown = sorted(t.action.value for t in app.targets if isinstance(t.action, Statement))
    assert shown == list(range(38))
    for number in (17, 35, 1):  # three strengths, each by its key on the box
        press(app, CALL, calls[number])
    press(app, CALL, "XX")  # the row under the grid: XX = 36
    assert game.deal.own.strengths == [17, 35, 1, 36] and game.phase == "count"
    calls = _grid_calls(app)
    assert sorted(calls) == list(range(4, 14)) and calls[4] == "4C" and calls[13] == "6D"
    for number in (13, 4, 9, 8):
        press(app, CALL, calls[number])
    assert game.deal.own.counts == [13, 4, 9, 8] and game.phase == "play"
