"""The deal result, score sheet, rubber result, start, menu, settings, history and
pairing screens: each renders in English and Dutch at 800x480 and 1920x1080,
keeps its touch targets at least 48x48 logical px, and offers the actions it
promises; the sheet is paper and keeps a long rubber on it."""

import os

from device.ui.actions import (
    Forms,
    Honours,
    NewRubber,
    Overlay,
    PairDeck,
    Resume,
    Setting,
    Start,
    StartField,
    TapKey,
)
from tests.ui.touch import is_field

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.record import play_record  # noqa: E402
from device.forms import FORMS  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.decks_shown import DecksShown
from device.ui.history import HistoryState  # noqa: E402
from device.ui.i18n import Catalog, catalogue  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens import sheet as sheet_screen  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.screens.history import couple_lines, couples  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.engine.helpers import deal_cards  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]
MARKER = (90, 0, 160)  # purple: no theme colour


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield
    pygame.quit()


# --- rubbers to look at ---------------------------------------------------------------------------
# Ben deals first, so Anna speaks (and declares a one-bid auction) in odd deals, Ben in even.


def _deal(number: int, spec) -> dict:
    """A deal from a short spec: ("pass",), (contract, tricks) or (contract, "claim", tricks).

    The first speaker bids the contract (an X in it is the other player's double)
    and the declarer takes `tricks` tricks, or claims `tricks` of the last 11.
    """
    if spec == ("pass",):
        return {"calls": ["P", "P"]}
    contract, *rest = spec
    bid = contract.rstrip("X")
    calls = [bid, "X", "P"] if contract.endswith("X") else [bid, "P"]
    declarer = 0 if number % 2 else 1
    trump = None if bid.endswith("NT") else bid[1]
    if rest[0] == "claim":
        name = ("Anna", "Ben")[declarer]
        cards = deal_cards(declarer, 9, trump)[:4]
        claim = {"by": name, "tricks": rest[1], "accepted": True}
        return {"calls": calls, "cards": cards, "claim": claim}
    return {"calls": calls, "cards": deal_cards(declarer, rest[0], trump)}


def game_of(*specs, form="plain"):
    deals = [_deal(i + 1, spec) for i, spec in enumerate(specs)]
    record = {"game": form, "players": ["Anna", "Ben"], "first_dealer": "Ben", "deals": deals}
    return play_record(record)


def view_of(*specs, form="plain"):
    return build_view(game_of(*specs, form=form))


MADE = (("4S", 11),)
DOWN = (("3NTX", 8),)
THROWN_IN = (("pass",),)
CLAIMED = (("2H", "claim", 7),)
AFTER_GAME = (("4S", 10), ("2H", 8), ("1C", 8), ("1D", 7))
FINISHED = (("4S", 10), ("2H", 8), ("3NT", 10))
# Every deal goes down 13 tricks: a long column of undertricks above the line for each side.
LONG = tuple(("7NT", 0) for _ in range(50)) + (("1C", 8), ("1D", 8), ("1H", 8), ("1S", 8))

HISTORY = [
    {
        "players": ["Anna", "Ben"],
        "winner": "Anna",
        "totals": {"Anna": 950, "Ben": 610},
        "games": {"Anna": 2, "Ben": 1},
        "date": "2024-05-01",
    },
    {
        "players": ["Ben", "Anna"],
        "winner": "Ben",
        "totals": {"Anna": 300, "Ben": 820},
        "games": {"Anna": 0, "Ben": 2},
        "date": "2024-05-02",
    },
    {
        "players": ["Anna", "Carla"],
        "winner": None,
        "totals": {"Anna": 500, "Carla": 500},
        "games": {"Anna": 1, "Carla": 1},
        "date": "2024-05-03",
    },
]


def start_ui(**start) -> UiState:
    forms = [(f.name, f.title) for f in FORMS]
    return UiState(start=StartState(**start), forms=forms)


def screens():
    """(name, view, ui) for every screen and state worth drawing."""
    return [
        ("result-made", view_of(*MADE), UiState()),
        ("result-down", view_of(*DOWN), UiState()),
        ("result-thrown-in", view_of(*THROWN_IN), UiState()),
        ("result-claim", view_of(*CLAIMED), UiState()),
        ("sheet-early", view_of(*MADE), UiState(overlay="sheet")),
        ("sheet-game", view_of(*AFTER_GAME), UiState(overlay="sheet")),
        ("sheet-finished", view_of(*FINISHED), UiState(overlay="sheet")),
        ("sheet-long", view_of(*LONG), UiState(overlay="sheet")),
        ("sheet-blank", None, UiState(overlay="sheet", start=StartState())),
        ("finished", view_of(*FINISHED), UiState()),
        ("start", None, start_ui(editing=1, can_resume=True)),
        ("start-draw", None, start_ui(form="draw-and-discard", first_dealer=0)),
        ("menu", view_of(*MADE), UiState(overlay="menu")),
        ("menu-start", None, UiState(overlay="menu", start=StartState())),
        ("settings", view_of(*MADE), UiState(overlay="settings", devices={"scanner": "lost"})),
        ("history-empty", None, UiState(overlay="history", start=StartState())),
        ("history", view_of(*MADE), UiState(overlay="history", history=HistoryState(HISTORY))),
        ("pairing", None, UiState(decks=DecksShown(progress=("SA", 12, 52)))),
    ]


SCREENS = screens()


def draw_screen(view, ui, lang="en", size=(800, 480), catalog=None):
    surface = pygame.Surface(size)
    ui.lang = lang
    targets = render(surface, Layout(size), view, ui, catalog or Catalog(lang))
    return surface, targets


# --- every screen ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("name,view,ui", SCREENS, ids=[s[0] for s in SCREENS])
def test_every_screen_renders_with_big_enough_targets_on_the_screen(name, view, ui, lang, size):
    surface, targets = draw_screen(view, ui, lang, size)
    assert targets, name
    for target in targets:
        x, y, w, h = target.rect
        assert w >= MIN_TARGET and h >= MIN_TARGET, (name, target)
        assert x >= 0 and y >= 0 and x + w <= 800 and y + h <= 480, (name, target)


class Recording(Catalog):
    """A catalogue that notes every key asked for."""

    def __init__(self, lang):
        super().__init__(lang)
        self.asked = set()

    def t(self, key, **values):
        self.asked.add(key)
        return super().t(key, **values)


def _ui_texts(lang):
    return catalogue(lang)["ui"]


def test_every_catalogue_key_the_screens_use_exists_in_both_languages():
    recording = Recording("en")
    for _, view, ui in SCREENS:
        draw_screen(view, ui, catalog=recording)
    optional = {k for k in recording.asked if k.startswith(("form.", "device."))}
    needed = recording.asked - optional | {f"form.{f.name}" for f in FORMS}
    kinds = {"tricks", "overtricks", "insult", "slam", "undertricks", "honours", "game-bonus"}
    kinds |= {"part-score-bonus", "rubber-bonus", "unfinished-game", "unfinished-part-score"}
    needed |= {f"kind.{kind}" for kind in kinds}
    for form in FORMS:
        for option in form.options:
            needed.add(f"option.{option.name}")
            needed |= {f"option.{option.name}.{c}" for c in option.choices if isinstance(c, str)}
    assert len(recording.asked) > 60
    for lang in ("en", "nl"):
        missing = sorted(needed - set(_ui_texts(lang)))
        assert not missing, (lang, missing)


# --- the deal result ------------------------------------------------------------------------------


def _honours_actions(targets):
    return [t.action for t in targets if isinstance(t.action, Honours)]


def test_result_offers_honours_buttons_only_after_a_claim():
    _, made = draw_screen(view_of(*MADE), UiState())
    _, claimed = draw_screen(view_of(*CLAIMED), UiState())
    assert _honours_actions(made) == []
    assert _honours_actions(claimed) == [
        Honours(0, 100),
        Honours(0, 150),
        Honours(1, 100),
        Honours(1, 150),
        Honours(None, 0),  # None: nobody held honours
    ]
    assert TapKey("OK") in [t.action for t in claimed]


def test_honours_in_no_trumps_are_only_150():
    _, targets = draw_screen(view_of(("3NT", "claim", 7)), UiState())
    assert _honours_actions(targets) == [
        Honours(0, 150),
        Honours(1, 150),
        Honours(None, 0),
    ]


def test_result_texts_say_made_down_and_thrown_in():
    from device.ui.screens.result import contract_line

    en, nl = Catalog("en"), Catalog("nl")
    assert contract_line(view_of(*MADE).result, en) == "4S by Anna: made +1"
    assert contract_line(view_of(*DOWN).result, en) == "3NTX by Anna: down 1"
    assert contract_line(view_of(*DOWN).result, nl) == "3SAX door Anna: 1 slag te weinig"
    assert contract_line(view_of(*THROWN_IN).result, en).startswith("Thrown in")


# --- start, menu, settings ------------------------------------------------------------------------


def test_start_screen_offers_each_form_start_and_resume_when_possible():
    _, targets = draw_screen(None, start_ui())
    actions = [t.action for t in targets]
    assert Forms(0) in actions  # the chosen form's button opens the list of forms
    listed = []
    for page in range(len(FORMS)):  # every form on one page of the list or another
        ui = start_ui()
        ui.overlay, ui.forms_page = "forms", page
        listed += [t.action for t in draw_screen(None, ui)[1]]
    for form in FORMS:
        assert StartField("form", form.name) in listed
    assert Start() in actions and Resume() not in actions
    assert StartField("editing", 0) in actions and StartField("first_dealer", None) in actions
    _, targets = draw_screen(None, start_ui(can_resume=True))
    assert Resume() in [t.action for t in targets]


def test_start_screen_option_toggles_store_a_new_options_dict():
    _, targets = draw_screen(None, start_ui(form="draw-and-discard", options={"honours": False}))
    chosen = [t.action.value for t in targets if is_field(t.action, "options")]
    assert {"honours": True} in chosen  # honours off: its toggle turns it back on
    assert {"honours": False, "auction_end": "three-passes"} in chosen
    assert {"honours": False, "discards_face_up": True} in chosen


def test_settings_offers_language_suit_colours_and_rotation():
    _, targets = draw_screen(view_of(*MADE), UiState(overlay="settings"))
    actions = [t.action for t in targets]
    assert Setting("lang", "en") in actions and Setting("lang", "nl") in actions
    assert Setting("four_colour", True) in actions and Setting("four_colour", False) in actions
    for degrees in (0, 90, 180, 270):
        assert Setting("rotation", degrees) in actions
    assert PairDeck() in actions and Overlay(None) in actions


def test_menu_closes_quits_and_greys_game_buttons_without_a_game():
    _, targets = draw_screen(None, UiState(overlay="menu", start=StartState()))
    enabled = {t.action: t.enabled for t in targets}
    assert enabled[Overlay(None)] and enabled[Overlay("settings")]
    assert enabled[Overlay("confirm-quit")]  # Quit asks first
    assert not enabled[Overlay("sheet")] and not enabled[NewRubber()]


# --- the score sheet ------------------------------------------------------------------------------


def _count(surface, colour, area: pygame.Rect) -> int:
    mask = pygame.mask.from_threshold(surface, colour, (2, 2, 2, 255))
    window = pygame.mask.Mask(surface.get_size())
    window.draw(pygame.mask.Mask(area.size, fill=True), area.topleft)
    return mask.overlap_area(window, (0, 0))


@pytest.mark.parametrize("size", SIZES)
def test_sheet_overlay_draws_paper(size):
    surface, _ = draw_screen(view_of(*AFTER_GAME), UiState(overlay="sheet"), size=size)
    paper = Layout(size).rect(*sheet_screen.PAPER_RECT)
    assert _count(surface, theme.PAPER, paper) > 0.6 * paper.w * paper.h
    assert _count(surface, theme.PAPER_INK, paper) > 0  # the line and the entries
    assert surface.get_at((paper.right + 4, paper.centery))[:3] == theme.FELT


def _drawn_area(surface) -> pygame.Rect:
    mask = pygame.mask.from_threshold(surface, MARKER, (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "rect", [sheet_screen.PAPER_RECT, (496, 52, 292, 364), (100, 100, 240, 200)]
)
def test_a_long_rubber_stays_on_the_paper(size, rect):
    view = view_of(*LONG)
    assert len(view.sheet.above) >= 30
    surface = pygame.Surface(size)
    surface.fill(MARKER)
    layout = Layout(size)
    plan = sheet_screen.draw_paper(surface, layout, view.sheet, rect, Catalog("en"))
    assert layout.rect(*rect).contains(_drawn_area(surface))
    assert plan.row >= sheet_screen.ROW_MIN and plan.hidden > 0


def test_a_short_rubber_shows_every_entry_on_roomy_rows():
    plan = sheet_screen.plan_sheet(view_of(*AFTER_GAME).sheet, sheet_screen.PAPER_RECT[3])
    assert plan.hidden == 0 and plan.row == sheet_screen.ROW_MAX


def test_above_the_line_the_first_entry_sits_nearest_the_line():
    # Anna: 4S+1 (a game), Ben: 1C, Anna: 2S+1; Anna's only game earns her 300 if play stops.
    sheet = view_of(("4S", 11), ("1C", 7), ("2S", 9)).sheet
    plan = sheet_screen.plan_sheet(sheet, 460)
    anna = [(e.points, e.kind) for e in plan.above[0]]
    assert anna[:2] == [(30, "overtricks"), (30, "overtricks")]
    assert anna[-1][1] == "unfinished-game" and plan.above[0][-1].closing


def test_a_finished_rubber_closes_each_game_with_a_game_line():
    plan = sheet_screen.plan_sheet(view_of(*FINISHED).sheet, 460)
    assert plan.closed == 2 and len(plan.games) == 2
    plan = sheet_screen.plan_sheet(view_of(*AFTER_GAME).sheet, 460)
    assert plan.closed == 1 and len(plan.games) == 2  # the second game goes on


# --- history --------------------------------------------------------------------------------------


def test_history_shows_per_couple_wins_points_and_games_in_either_seat_order():
    found = couples(HISTORY)
    assert [c["players"] for c in found] == [["Anna", "Ben"], ["Anna", "Carla"]]
    head, anna, _, ben, _ = couple_lines(found[0], Catalog("en"))
    assert head == "Anna & Ben: 2 rubbers"
    assert anna == "Anna: 1 won, 1250 points, 2 games"
    assert ben == "Ben: 1 won, 1430 points, 3 games"
    assert couple_lines(found[1], Catalog("nl"))[0] == "Anna & Carla: 1 robber"
