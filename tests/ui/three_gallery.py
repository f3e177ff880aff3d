"""The screens of three-player Honeymoon for the gallery (tests/ui/gallery.py): the
auction in three columns, the talon taken, the play with three card spots, a claim
both opponents answer, the results, the sheet in three columns and the rubber's end."""

from __future__ import annotations

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    NextDeal,
    Setup,
    TalonDiscarded,
)
from device.engine.game import Game
from device.robots import play_rubber
from device.ui.history import HistoryState
from device.ui.screens.base import UiState
from device.ui.view import StoredRubberView, build_view, sheet_view

FORM = "three-player"
PLAYERS = ("Anna", "Ben", "Carla")
# Anna deals: Ben speaks first. Ben declares 4S; Carla leads.
CALLS = ["1H", "1S", "2H", "2S", "P", "3H", "4S", "P", "P"]
CARDS = ["DK", "D6", "DA", "CA", "C5", "CJ", "HA", "H5", "H3", "C3", "C8", "CK", "SK"]


def calls(game: Game, texts) -> Game:
    for text in texts:
        game.apply(CallMade(Call.parse(text)))
    return game


def cards(game: Game, texts) -> Game:
    for text in texts:
        game.apply(CardPlayed(Card.parse(text)))
    return game


def fresh() -> Game:
    return Game(Setup(FORM, PLAYERS, 0))


def playing(count: int) -> Game:
    game = calls(fresh(), CALLS)
    game.apply(TalonDiscarded())
    return cards(game, CARDS[:count])


def deal_done(texts, made: int) -> Game:
    """A deal played out by a claim: the declarer's `made` tricks in all."""
    game = calls(fresh(), texts)
    game.apply(TalonDiscarded())
    game.apply(ClaimMade(made))
    game.apply(ClaimAnswered(True))
    game.apply(ClaimAnswered(True))
    return game


def vulnerable() -> Game:
    """Ben made a game in deal 1: the auction of deal 2, Ben vulnerable."""
    game = deal_done(["4S", "P", "P"], 14)
    game.apply(NextDeal())
    return calls(game, ["P", "1NT"])


LONG_SEED = 14  # the robots' longest three-player rubber of the first 300 seeds


def stored_long(game, back: int = 0) -> UiState:
    """The history with the long rubber opened, `back` pages before its newest."""
    stored = StoredRubberView(
        rubber=7,
        date="2026-12-01 21:40",
        stopped=False,
        winner=game.side_name(game.sheet.winner),
        sheet=sheet_view(game),
        kept=len(game.events),
        stored=len(game.events),
        problem=None,
        form=FORM,
    )
    shown = HistoryState(history(), stored=stored)
    return UiState(overlay="history-sheet", history=shown, sheet_back=back)


def three_screens() -> list[tuple[str, object, UiState]]:
    f = FORM
    mid = build_view(playing(8))
    claiming = playing(6)
    claiming.apply(ClaimMade(9))
    answered = playing(6)
    answered.apply(ClaimMade(9))
    answered.apply(ClaimAnswered(True))
    thrown = calls(fresh(), ["P", "P", "P"])
    rubber = play_rubber(1, FORM)
    long_game = play_rubber(LONG_SEED, FORM)
    long = build_view(long_game)  # 103 deals: a sheet of 13 pages
    return [
        (f"{f}-auction", build_view(calls(fresh(), ["1H"])), UiState()),
        (f"{f}-auction-late", build_view(calls(fresh(), CALLS[:-1])), UiState()),
        (f"{f}-auction-vulnerable", build_view(vulnerable()), UiState()),
        (f"{f}-talon", build_view(calls(fresh(), CALLS)), UiState()),
        (f"{f}-play-start", build_view(playing(0)), UiState()),
        (f"{f}-play", mid, UiState()),
        (f"{f}-play-trick", build_view(playing(12)), UiState()),
        (f"{f}-play-claim", build_view(claiming), UiState()),
        (f"{f}-play-claim-second", build_view(answered), UiState()),
        (f"{f}-last-trick", mid, UiState(overlay="last-trick")),
        (f"{f}-picker", mid, UiState(overlay="picker")),
        (f"{f}-claim", mid, UiState(overlay="claim")),
        (f"{f}-result-made", build_view(deal_done(["4S", "P", "P"], 14)), UiState()),
        (f"{f}-result-down", build_view(deal_done(["3NT", "X", "P", "P"], 9)), UiState()),
        (f"{f}-result-thrown-in", build_view(thrown), UiState()),
        (f"{f}-sheet", build_view(rubber), UiState(overlay="sheet")),
        (f"{f}-sheet-long", long, UiState(overlay="sheet")),
        (f"{f}-sheet-long-earlier", long, UiState(overlay="sheet", sheet_back=3)),
        (f"{f}-history-sheet-long", None, stored_long(long_game, 2)),
        (f"{f}-finished", build_view(rubber), UiState()),
        (f"{f}-help", mid, UiState(overlay="help", help_back="menu")),
        (f"{f}-history", mid, UiState(overlay="history", history=HistoryState(history()))),
    ]


def history() -> list[dict]:
    """Two finished rubbers of the same three players, as the journal keeps them."""
    from device.store.history import rubber_result

    return [rubber_result(play_rubber(seed, FORM), 0) for seed in (1, 2)]


def three_start_screens(forms) -> list[tuple[str, object, UiState]]:
    """The start screen with three names, the draw for the first dealer and the list of
    forms open at this one; `forms` is what the start screen lists."""
    from device.ui.screens.base import StartState

    def start(overlay=None, **fields) -> UiState:
        fields = {"form": FORM, "players": list(PLAYERS)} | fields
        return UiState(start=StartState(**fields), forms=forms, overlay=overlay)

    return [
        ("start-three", None, start()),
        ("start-three-dealer", None, start(first_dealer=2)),
        ("start-three-typing", None, start(editing=2)),
        ("forms-three", None, start("forms")),
        ("cut-three", None, start(drawn=["SA", None, None])),
        ("cut-three-decided", None, start(drawn=["SA", "H9", "SK"], first_dealer=0)),
        ("help-start-three", None, start("help")),
    ]
