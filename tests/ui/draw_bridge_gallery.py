"""The screens of Draw Bridge's draw tricks for the gallery (tests/ui/gallery.py):
each step of a draw trick, with and without the top card shown, the picker for
both phases, the menu with its stop, and the stop asked once more."""

from __future__ import annotations

from device.engine.cards import STANDARD, Card
from device.engine.events import CallMade, CardPlayed, CardShown, Setup
from device.engine.game import Game
from device.forms import FORMS
from device.ui.screens.base import StartState, UiState
from device.ui.view import build_view

FORM = "draw-bridge"
# The draw tricks' cards in play order (Anna leads the first: Ben deals) and the top
# cards turned up before each trick.
DRAW = ["C2", "C9", "HK", "H3", "SA", "D4", "DQ", "D2", "S5", "ST", "H2", "HA", "C3", "CK"]
TOPS = ["SK", "H7", "DA", "C5", "S9", "D8", "HQ"]


def drawing(cards: int, tops: int = 0, **options) -> Game:
    """Ben deals; `cards` of DRAW played, with `tops` top cards shown before the tricks."""
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, options))
    for i, text in enumerate(DRAW[:cards]):
        if i % 2 == 0 and i // 2 < tops:
            game.apply(CardShown(Card.parse(TOPS[i // 2])))
        game.apply(CardPlayed(Card.parse(text)))
    if cards % 2 == 0 and tops > cards // 2:  # the next trick's top card, before its lead
        game.apply(CardShown(Card.parse(TOPS[cards // 2])))
    return game


def late() -> Game:
    """The 13th draw trick: 24 dead cards, the one led."""
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {"must_follow_draw": True}))
    for card in STANDARD.cards[:25]:
        game.apply(CardPlayed(card))
    return game


def draw_bridge_screens() -> list[tuple[str, object, UiState]]:
    f = FORM
    first = build_view(drawing(0))
    follow = build_view(drawing(5))
    won = build_view(drawing(8))
    top_scan = build_view(drawing(6, tops=3, top_card_shown=True))
    top_shown = build_view(drawing(7, tops=4, top_card_shown=True))
    after = build_view(drawing(6, tops=4, top_card_shown=True))
    forms = [(form.name, form.title) for form in FORMS]
    start = StartState(form=FORM, options={"top_card_shown": True})
    return [
        (f"start-{f}", None, UiState(start=start, forms=forms)),
        (f"{f}-draw-tricks", first, UiState()),
        (f"{f}-draw-tricks-follow", follow, UiState()),
        (f"{f}-draw-tricks-won", won, UiState(scanner=True)),
        (f"{f}-draw-tricks-late", build_view(late()), UiState()),
        (f"{f}-draw-top", top_scan, UiState(scanner=True)),
        (f"{f}-draw-top-shown", after, UiState(scanner=True)),
        (f"{f}-draw-tricks-top", top_shown, UiState(scanner=True)),
        (f"{f}-draw-picker", follow, UiState(overlay="picker")),
        (f"{f}-draw-top-picker", top_scan, UiState(overlay="picker")),
        (f"{f}-draw-menu", follow, UiState(overlay="menu")),
        (f"{f}-end-draw-tricks", follow, UiState(overlay="end-draw-tricks")),
        (
            f"{f}-end-draw-tricks-over",
            build_view(late_over()),
            UiState(overlay="end-draw-tricks"),
        ),
        (f"{f}-draw-help", follow, UiState(overlay="help", help_back="menu")),
        (f"{f}-play-picker-dead", build_view(in_play()), UiState(overlay="picker")),
    ]


def in_play() -> Game:
    """The draw tricks over (their 26 cards dead now), 1NT by Anna, Ben's lead."""
    game = late_over()
    for call in ("1NT", "P"):
        game.apply(CallMade(game.form.parse_call(call)))
    game.apply(CardPlayed(STANDARD.cards[40]))
    return game


def late_over() -> Game:
    """The draw tricks just over: the auction."""
    game = late()
    game.apply(CardPlayed(STANDARD.cards[25]))
    return game
