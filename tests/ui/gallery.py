"""Every screen of the table, from real games of both forms: the start screen and
its overlays, the draw for the deal, every phase of a deal with and without
vulnerability, every overlay, and the marks that lie over a screen (banner,
journal notice, storage mark, a lost device).

Tests render them all (tests/ui/test_readable.py); run as a program it saves
each one as a PNG to look at, in both languages and at both screen sizes:

    .venv/bin/python -m tests.ui.gallery /tmp/screens        # every screen
    .venv/bin/python -m tests.ui.gallery --docs              # the screenshots in docs/
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.engine.events import ClaimMade, NextDeal, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.engine.message import msg  # noqa: E402
from device.engine.record import play_record  # noqa: E402
from device.forms import FORMS  # noqa: E402
from device.ui.decks_shown import DecksShown
from device.ui.history import HistoryState  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.view import StoredRubberView, build_view, sheet_view  # noqa: E402
from tests.engine.helpers import deal_cards  # noqa: E402
from tests.ui.abridged_gallery import abridged_screens  # noqa: E402
from tests.ui.abridged_review_gallery import abridged_review_screens  # noqa: E402
from tests.ui.camera_gallery import camera_screens  # noqa: E402
from tests.ui.charts_gallery import charts_screens  # noqa: E402
from tests.ui.deck_pairing_gallery import deck_pairing_screens  # noqa: E402
from tests.ui.draw_bridge_gallery import draw_bridge_screens  # noqa: E402
from tests.ui.four import NAMES, four  # noqa: E402
from tests.ui.pickup_gallery import pickup_screens  # noqa: E402
from tests.ui.piles_gallery import piles_screens  # noqa: E402
from tests.ui.review_gallery import review_screens  # noqa: E402
from tests.ui.three_gallery import three_screens, three_start_screens  # noqa: E402

FORM_NAMES = ("draw-and-discard", "plain", "draw-bridge")
FOUR_FORMS = ("chicago", "rubber-bridge")
# The two-player forms with dummies
DUMMY_FORMS = ("double-dummy", "single-dummy", "exposed-dummy", "semi-exposed-dummies")
SIZES = ((800, 480), (1024, 600))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"

HISTORY = [
    {
        "players": ["Anna", "Ben"],
        "winner": "Anna",
        "totals": {"Anna": 950, "Ben": 610},
        "games": {"Anna": 2, "Ben": 1},
        "date": "2024-05-01",
    },
    {
        "players": ["Anna", "Ben"],
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
        "stopped": True,
    },
]


def deal(number: int, contract: str, tricks=None, claim=None, calls=None) -> dict:
    """Deal `number` (Ben deals first: Anna speaks first in odd deals, Ben in even) with
    the first speaker declaring `contract` and taking `tricks`, or claiming `claim`."""
    if contract == "pass":
        return {"calls": ["P", "P"]}
    bid = contract.rstrip("X")
    declarer = 0 if number % 2 else 1
    record = {"calls": calls or ([bid, "X", "P"] if contract.endswith("X") else [bid, "P"])}
    trump = None if bid.endswith("NT") else bid[1]
    if tricks is not None:
        record["cards"] = deal_cards(declarer, tricks, trump)
    if claim is not None:
        record["cards"] = deal_cards(declarer, 9, trump)[:4]
        record["claim"] = {"by": ("Anna", "Ben")[declarer], "tricks": claim, "accepted": True}
    return record


def game(form: str, *deals: dict) -> Game:
    record = {"game": form, "players": ["Anna", "Ben"], "first_dealer": "Ben"}
    return play_record({**record, "deals": list(deals)})


def next_deal(played: Game) -> Game:
    played.apply(NextDeal())
    return played


# Anna has a game (deal 1): she is vulnerable from deal 2 on.
ANNA_GAME = deal(1, "4S", 10)
BOTH_GAMES = (ANNA_GAME, deal(2, "4H", 10))


def game_screens(form: str) -> list[tuple[str, object, UiState]]:
    """(name, view, ui) of every screen of a rubber of `form`."""
    f = "dd" if form == "draw-and-discard" else form
    screens = []
    if form == "draw-and-discard":
        drawing = build_view(Game(Setup(form, ("Anna", "Ben"), 1)))
        later = build_view(next_deal(game(form, ANNA_GAME)))
        screens += [
            (f"{f}-draw", drawing, UiState()),
            (f"{f}-draw-vulnerable", later, UiState()),
            (
                f"{f}-draw-banner",
                drawing,
                UiState(banner=msg("it is {name}'s turn to draw", name="Anna"), banner_error=True),
            ),
            (f"{f}-menu-draw", drawing, UiState(overlay="menu")),
            (f"{f}-end-draw", drawing, UiState(overlay="end-draw")),
            (
                f"{f}-end-draw-over",
                build_view(game(form, {"calls": []})),
                UiState(overlay="end-draw"),
            ),
        ]
    late = ["1H", "1S", "X", "XX", "2C", "2S", "3C", "X", "3H", "3S", "4C", "4S", "5C"]
    mid = game(form, deal(1, "2H", calls=["2H", "P"]) | {"cards": deal_cards(0, 9, "H")[:11]})
    claiming = game(form, {"calls": ["2H", "P"], "cards": deal_cards(0, 9, "H")[:12]})
    claiming.apply(ClaimMade(5, 0))
    screens += [
        (f"{f}-auction", build_view(game(form, {"calls": ["1H"]})), UiState()),
        (f"{f}-auction-late", build_view(game(form, {"calls": late})), UiState()),
        (f"{f}-auction-vulnerable", build_view(game(form, ANNA_GAME, {"calls": []})), UiState()),
        (f"{f}-auction-both", build_view(game(form, *BOTH_GAMES, {"calls": ["1C"]})), UiState()),
        (f"{f}-play", build_view(mid), UiState(devices={"scanner": "lost"})),
        (f"{f}-play-start", build_view(game(form, {"calls": ["3NT", "P"]})), UiState()),
        (f"{f}-play-claim", build_view(claiming), UiState()),
        (f"{f}-last-trick", build_view(mid), UiState(overlay="last-trick")),
        (f"{f}-picker", build_view(mid), UiState(overlay="picker")),
        (f"{f}-claim", build_view(mid), UiState(overlay="claim")),
        (f"{f}-result-made", build_view(game(form, deal(1, "4S", 11))), UiState()),
        (f"{f}-result-down", build_view(game(form, deal(1, "3NTX", 8))), UiState()),
        (f"{f}-result-game", build_view(game(form, ANNA_GAME)), UiState()),
        (f"{f}-result-thrown-in", build_view(game(form, deal(1, "pass"))), UiState()),
        (f"{f}-result-claim", build_view(game(form, deal(1, "2H", claim=7))), UiState()),
        (f"{f}-sheet", build_view(game(form, *BOTH_GAMES)), UiState(overlay="sheet")),
        (f"{f}-sheet-long", build_view(long_game(form)), UiState(overlay="sheet")),
        (f"{f}-finished", build_view(finished_game(form)), UiState()),
        (f"{f}-menu", build_view(mid), UiState(overlay="menu")),
        (
            f"{f}-settings",
            build_view(mid),
            UiState(overlay="settings", devices={"scanner": "lost"}),
        ),
        (
            f"{f}-history",
            build_view(mid),
            UiState(overlay="history", history=HistoryState(HISTORY)),
        ),
        (f"{f}-help", build_view(mid), UiState(overlay="help", help_back="menu")),
        (f"{f}-help-2", build_view(mid), UiState(overlay="help", help_page=1)),
        (f"{f}-confirm-quit", build_view(mid), UiState(overlay="confirm-quit")),
        (f"{f}-confirm-leave", build_view(mid), UiState(overlay="confirm-leave")),
        # On the appliance: Restart in Quit's place, and Shut down.
        (f"{f}-menu-appliance", build_view(mid), appliance_ui("menu")),
        (f"{f}-confirm-restart", build_view(mid), appliance_ui("confirm-restart")),
        (f"{f}-confirm-shutdown", build_view(mid), appliance_ui("confirm-shutdown")),
        (f"{f}-history-sheet", build_view(mid), stored_ui(form)),
    ]
    return screens


def appliance_ui(overlay: str) -> UiState:
    """The table run by its systemd unit, where the Pi can be powered off."""
    return UiState(overlay=overlay, restarts=True, power_off=True)


def stored_ui(form: str) -> UiState:
    """The history with a finished rubber opened to its score sheet."""
    played = finished_game(form)
    fields = {"rubber": 1, "date": "2024-05-01", "stopped": False, "winner": "Anna"}
    fields |= {"sheet": sheet_view(played), "kept": 30, "stored": 30, "problem": None}
    fields["rubber_word"] = played.form.rubber_word
    names = StoredRubberView.__dataclass_fields__
    stored = StoredRubberView(**{k: v for k, v in fields.items() if k in names})
    return UiState(overlay="history-sheet", history=HistoryState(HISTORY, stored=stored))


def long_game(form: str) -> Game:
    """Every deal goes down 13: long columns above the line, then part-scores."""
    deals = [deal(i + 1, "7NT", 0) for i in range(20)]
    deals += [deal(21 + i, c, 8) for i, c in enumerate(("1C", "1D", "1H", "1S"))]
    return game(form, *deals)


def finished_game(form: str) -> Game:
    return game(form, deal(1, "4S", 10), deal(2, "2H", 8), deal(3, "3NT", 10))


def start_screens() -> list[tuple[str, object, UiState]]:
    forms = [(form.name, form.title) for form in FORMS]

    def start(overlay=None, **fields) -> UiState:
        return UiState(start=StartState(**fields), forms=forms, overlay=overlay)

    drawn_none = start(first_dealer=None, drawn=[None, None])
    drawn_one = start(drawn=["SK", None])
    decided = start(drawn=["SK", "HQ"], first_dealer=0)
    scanner = start(drawn=[None, None])
    scanner.scanner = True
    return [
        ("start", None, start(can_resume=True)),
        ("start-plain", None, start(form="plain", first_dealer=0)),
        ("start-typing", None, start(editing=1)),
        ("help-start", None, start("help")),
        ("forms", None, start("forms", form="plain")),
        ("cut", None, drawn_none),
        ("cut-one", None, drawn_one),
        ("cut-scanner", None, scanner),
        ("cut-decided", None, decided),
        ("cut-tie", None, start(drawn=["H9", "S9"], first_dealer=1)),  # settled by suit
        ("menu-start", None, start("menu")),
        ("settings-start", None, start("settings")),
        ("history-empty", None, start("history")),
        ("sheet-blank", None, start("sheet")),
        ("pairing", None, UiState(decks=DecksShown(progress=("SQ", 12, 52)))),
    ]


class _Notice:
    """A journal notice as device/store/journal/salvage.py makes them: its text in the catalogue."""

    def text(self, t) -> str:
        return t.t("journal.salvaged", file="journal.sqlite3.damaged-1", kept="x", lost="y")


def marked_screens() -> list[tuple[str, object, UiState]]:
    """The marks that lie over a screen: a refusal, the journal's notice, the storage mark."""
    view = build_view(game("plain", {"calls": ["1H"]}))
    return [
        (
            "banner-refusal",
            view,
            UiState(
                banner=msg("{call} is not higher than {last}", call="1C", last="1H"),
                banner_error=True,
            ),
        ),
        ("notice", view, UiState(journal_notice=_Notice())),
        ("storage", view, UiState(storage="full")),
        ("memory-only", None, UiState(start=StartState(), memory_only="missing")),
    ]


def _claim(name: str, tricks: int) -> dict:
    return {"by": name, "tricks": tricks, "accepted": True}


# A whole Chicago: a part-score, a deal thrown in (dealt again by Ben), a vulnerable
# game, a vulnerable contract down one, and the part-score of the fourth deal.
CHICAGO = (
    {"calls": ["1H", "P", "P", "P"], "claim": _claim("Anna", 8)},
    {"calls": ["P", "P", "P", "P"]},
    {"calls": ["1S", "P", "4S", "P", "P", "P"], "claim": _claim("Ben", 10)},
    {"calls": ["3NT", "P", "P", "P"], "claim": _claim("Carla", 8)},
    {"calls": ["2C", "P", "P", "P"], "claim": _claim("Daan", 9)},
)
FOUR_CALLS = ["1H", "1S", "2H", "2S", "4H", "X", "P", "P", "P"]  # 4HX by Anna, Carla dummy
DUMMY = ["HA", "HK", "S2", "S3", "D3", "C4", "C5", "C6", "C7", "H2", "H3", "D4", "D5"]


def four_in_play(form: str, shown: int, cards=()) -> Game:
    """4HX by Anna after Ben's lead of SA, `shown` of the dummy's cards scanned (all 13
    and the dummy phase is over), then `cards` played."""
    from device.engine.cards import Card
    from device.engine.events import CardPlayed, CardShown, DummyDone

    played = four(form, {"calls": FOUR_CALLS, "cards": ["SA"]})
    for card in DUMMY[:shown]:
        played.apply(CardShown(Card.parse(card)))
    if played.phase == "dummy" and cards:
        played.apply(DummyDone())
    for card in cards:
        played.apply(CardPlayed(Card.parse(card)))
    return played


def four_screens(form: str) -> list[tuple[str, object, UiState]]:
    """Every screen of a game of four: the auction in W N E S, the dummy laid out, the
    play with the dummy's cards, the result, the sheet or chart, the end."""
    f = "chicago" if form == "chicago" else "rb"
    mid = build_view(four_in_play(form, 13, ["S2", "SK", "S4", "SQ", "S3", "S6"]))
    claiming = four_in_play(form, 13, ["S2", "SK", "S4", "SQ"])
    claiming.apply(ClaimMade(8, 0))
    finished = four(form, *CHICAGO) if form == "chicago" else four(form, *RUBBER)
    return [
        (f"{f}-auction", build_view(four(form, {"calls": ["1H", "1S", "2H"]})), UiState()),
        (
            f"{f}-auction-late",
            build_view(four(form, {"calls": FOUR_CALLS[:6] + ["XX", "4S", "P", "P"]})),
            UiState(),
        ),
        (f"{f}-dummy", build_view(four_in_play(form, 5)), UiState()),
        (f"{f}-dummy-none", build_view(four_in_play(form, 0)), UiState()),
        (f"{f}-dummy-picker", build_view(four_in_play(form, 5)), UiState(overlay="picker")),
        (f"{f}-play", mid, UiState()),
        (f"{f}-play-unknown", build_view(four_in_play(form, 0, ["S2", "SK"])), UiState()),
        (f"{f}-play-claim", build_view(claiming), UiState()),
        (f"{f}-last-trick", mid, UiState(overlay="last-trick")),
        (f"{f}-picker", mid, UiState(overlay="picker")),
        (f"{f}-claim", mid, UiState(overlay="claim")),
        (f"{f}-result", build_view(four(form, *CHICAGO[:1])), UiState()),
        (f"{f}-result-down", build_view(four(form, *CHICAGO[:4])), UiState()),
        (f"{f}-result-thrown-in", build_view(four(form, *CHICAGO[:2])), UiState()),
        (f"{f}-sheet", build_view(four(form, *CHICAGO[:3])), UiState(overlay="sheet")),
        (f"{f}-finished", build_view(finished), UiState()),
        (f"{f}-sheet-finished", build_view(finished), UiState(overlay="sheet")),
        (f"{f}-help", mid, UiState(overlay="help", help_back="menu")),
        (f"{f}-history", mid, UiState(overlay="history", history=HistoryState(history_four()))),
    ]


def history_four() -> list[dict]:
    """Three finished games at a table of four, stored as the journal stores them: two
    Chicagos with other partners, and a rubber."""
    from device.store.history import rubber_result

    other = ("Anna", "Ben", "Daan", "Carla")  # Anna and Daan partners
    again = play_record(
        {"game": "chicago", "players": list(other), "first_dealer": "Ben", "deals": list(CHICAGO)}
    )
    played = [four("chicago", *CHICAGO), again, four("rubber-bridge", *RUBBER)]
    return [{**rubber_result(g, 0), "rubber": n + 1} for n, g in enumerate(played)]


RUBBER = (  # rubber bridge: North-South win two games
    {"calls": ["4H", "P", "P", "P"], "claim": _claim("Anna", 10)},
    {"calls": ["P", "P", "P", "P"]},
    {"calls": ["3NT", "P", "P", "P"], "claim": _claim("Carla", 9)},
)


def four_start_screens() -> list[tuple[str, object, UiState]]:
    forms = [(form.name, form.title) for form in FORMS]

    def start(overlay=None, **fields) -> UiState:
        fields = {"form": "chicago", "players": list(NAMES)} | fields
        return UiState(start=StartState(**fields), forms=forms, overlay=overlay)

    seated = ("Anna", "Carla", "Ben", "Daan")  # Anna and Ben drew the two highest
    return [
        ("start-four", None, start()),
        ("start-four-dealer", None, start(form="rubber-bridge", first_dealer=3)),
        ("start-four-typing", None, start(editing=3)),
        ("forms-four", None, start("forms", form="rubber-bridge")),
        ("cut-four", None, start(drawn=["SA", "H9", None, None])),
        (
            "cut-four-seated",
            None,
            start(
                players=list(seated),
                drawn=["SA", "H9", "SK", "C2"],
                first_dealer=0,
                unseated=(NAMES, ("SA", "SK", "H9", "C2")),
            ),
        ),
        (
            "cut-four-tie",
            None,
            start(
                players=list(seated),
                drawn=["SA", "H9", "HA", "C2"],
                first_dealer=0,
                unseated=(NAMES, ("SA", "HA", "H9", "C2")),
            ),
        ),
    ]


def robots_deal(form: str, seed: int) -> list:
    """Every view of the first deal of `form` played by the robots (Ben deals), in order."""
    from device.robots import deal_inputs

    played = Game(Setup(form, ("Anna", "Ben"), 1))
    views = [build_view(played)]
    for event in deal_inputs(played, random.Random(seed)):
        played.apply(event)
        views.append(build_view(played))
    return views


def shown_count(view) -> int:
    return sum(len(cards) for _, cards in view.play.shown) if view.play else 0


def dummy_screens(form: str) -> list[tuple[str, object, UiState]]:
    """Every screen of a two-player form with dummies, from deals the robots play: each
    phase (a dummy laid out before the auction, the choice of a dummy, the dummies laid
    out after the opening lead), the play with one dummy and with two laid out, the
    overlays of the play, the result, the sheet and the end of the rubber."""
    from device.robots import play_rubber

    views = robots_deal(form, 0)  # a deal where both dummies are laid out, in part
    screens = []
    for phase in dict.fromkeys(v.phase for v in views):  # each phase, halfway through it
        of_phase = [v for v in views if v.phase == phase]
        screens.append((f"{form}-{phase}", of_phase[len(of_phase) // 2], UiState()))
    laying = [v for v in views if v.phase == "dummy"]
    for hand in dict.fromkeys(v.play.dummy for v in laying):  # each dummy laid out in turn
        of_hand = [v for v in laying if v.play.dummy == hand]
        screens.append((f"{form}-dummy-{hand}", of_hand[len(of_hand) // 2], UiState()))
    playing = [v for v in views if v.phase == "play" and len(v.play.trick) == 2]
    one = next((v for v in playing if len(v.play.shown) == 1), playing[0])
    most = max(playing[: len(playing) // 2 + 1], key=lambda v: (len(v.play.shown), shown_count(v)))
    screens += [
        (f"{form}-play-one-dummy", one, UiState()),
        (f"{form}-play-dummies", most, UiState()),
        (f"{form}-last-trick", most, UiState(overlay="last-trick")),
        (f"{form}-picker", most, UiState(overlay="picker")),
        (f"{form}-claim", most, UiState(overlay="claim")),
        (f"{form}-help", most, UiState(overlay="help", help_back="menu")),
    ]
    dummy = [v for v in views if v.phase == "dummy"]
    if dummy:
        screens.append((f"{form}-dummy-picker", dummy[-1], UiState(overlay="picker")))
    turning = [v for v in views if v.phase == "turn-up"]
    if turning:  # a dummy's card the trick uncovered, tapped in
        screens.append((f"{form}-turn-up-picker", turning[-1], UiState(overlay="picker")))
    face_up = [v for v in views if v.phase == "face-up"]
    if face_up:  # a dummy laid face up before the auction, tapped in
        screens.append((f"{form}-face-up-picker", face_up[-1], UiState(overlay="picker")))
    rubber = play_rubber(2, form, ("Anna", "Ben"))
    screens += [
        (f"{form}-sheet", build_view(rubber), UiState(overlay="sheet")),
        (f"{form}-finished", build_view(rubber), UiState()),
    ]
    return screens


def every_screen() -> list[tuple[str, object, UiState]]:
    """Every screen of the gallery: (name, view, ui). Built once per process (it plays
    and reviews robot deals: 6 s), as five test modules collect over it; drawing a
    screen changes neither its view nor its ui (draw_on draws a copy of the ui)."""
    return list(_every_screen())


@functools.cache
def _every_screen() -> tuple[tuple[str, object, UiState], ...]:
    screens = start_screens() + four_start_screens()
    for form in FORM_NAMES:
        screens += game_screens(form)
    for form in FOUR_FORMS:
        screens += four_screens(form)
    for form in DUMMY_FORMS:
        screens += dummy_screens(form)
    screens += draw_bridge_screens()
    screens += pickup_screens()
    screens += piles_screens()
    screens += abridged_screens()
    screens += three_screens() + three_start_screens([(f.name, f.title) for f in FORMS])
    screens += review_screens(stored_ui)
    screens += abridged_review_screens()
    screens += deck_pairing_screens(build_view(game("plain", {"calls": ["1H"]})))
    screens += camera_screens(build_view(game("plain", {"calls": ["1H"]})))
    screens += charts_screens()
    return tuple(screens + marked_screens())


def draw(view, ui: UiState, lang: str, size=(800, 480), layout=None, catalog=None):
    """(surface, targets) of one screen; banners are translated as the app does."""
    surface = pygame.Surface(size)
    targets = draw_on(surface, view, ui, lang, layout or Layout(size), catalog)
    return surface, targets


def draw_on(surface, view, ui: UiState, lang: str, layout, catalog=None):
    """Draw one screen on `surface`; returns its targets."""
    t = catalog or Catalog(lang)
    ui = dataclasses.replace(ui, lang=lang)
    if ui.banner and ui.banner_error:
        ui.banner = t.error(ui.banner)
    return render(surface, layout, view, ui, t)


README = {  # file in docs/screens -> (screen, language, size)
    "auction-en-800x480.png": ("dd-auction-vulnerable", "en", (800, 480)),
    "play-en-800x480.png": ("plain-play", "en", (800, 480)),
    "sheet-en-800x480.png": ("plain-sheet", "en", (800, 480)),
    "result-nl-800x480.png": ("plain-result-made", "nl", (800, 480)),
    "start-en-800x480.png": ("start", "en", (800, 480)),
    "play-nl-1920x1080.png": ("plain-play", "nl", (1920, 1080)),
    "sheet-nl-1920x1080.png": ("plain-sheet", "nl", (1920, 1080)),
    "chicago-play-en-800x480.png": ("chicago-play", "en", (800, 480)),
    "chicago-sheet-nl-800x480.png": ("chicago-sheet-finished", "nl", (800, 480)),
    "double-dummy-play-en-800x480.png": ("double-dummy-play-dummies", "en", (800, 480)),
    "forms-en-800x480.png": ("forms", "en", (800, 480)),
    "three-player-play-en-800x480.png": ("three-player-play-trick", "en", (800, 480)),
    "three-player-sheet-nl-800x480.png": ("three-player-sheet", "nl", (800, 480)),
    "abridged-declaring-en-800x480.png": ("abridged-strength", "en", (800, 480)),
    "sheet-long-en-800x480.png": ("three-player-sheet-long", "en", (800, 480)),
    "sheet-long-earlier-nl-800x480.png": ("three-player-sheet-long-earlier", "nl", (800, 480)),
    "abridged-sheet-nl-800x480.png": ("abridged-finished", "nl", (800, 480)),
    "camera-pairing-en-800x480.png": ("camera-pairing", "en", (800, 480)),
    "camera-pairing-nl-800x480.png": ("camera-pairing", "nl", (800, 480)),
    "camera-page-en-800x480.png": ("camera-page", "en", (800, 480)),
    "camera-page-nl-800x480.png": ("camera-page", "nl", (800, 480)),
    "history-charts-en-800x480.png": ("charts-balance", "en", (800, 480)),
    "history-charts-nl-800x480.png": ("charts-contracts", "nl", (800, 480)),
}


def save(folder: Path, docs: bool) -> int:
    pygame.init()
    screens = {name: (view, ui) for name, view, ui in every_screen()}
    if docs:
        jobs = [
            (DOCS / file, *screens[name], lang, size) for file, (name, lang, size) in README.items()
        ]
    else:
        jobs = [
            (folder / f"{name}-{lang}-{w}x{h}.png", view, ui, lang, (w, h))
            for name, (view, ui) in screens.items()
            for lang in ("en", "nl")
            for w, h in SIZES
        ]
    for path, view, ui, lang, size in jobs:
        path.parent.mkdir(parents=True, exist_ok=True)
        surface, _ = draw(view, ui, lang, size)
        pygame.image.save(surface, str(path))
    return len(jobs)


if __name__ == "__main__":
    args = sys.argv[1:]
    docs = "--docs" in args
    folder = Path(next((a for a in args if a != "--docs"), "screens"))
    print(f"{save(folder, docs)} screens saved to {DOCS if docs else folder}")
