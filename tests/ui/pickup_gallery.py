"""The screens of Draw / Pick-Up's pick-up for the gallery (tests/ui/gallery.py): the
top card to turn up, a card face up to take or reject, one offered after a reject,
late in the stock with many cards taken, the picker, the menu with its stop, the
stop asked once more (and after the stock ran out), a refusal, the help and the
play with the last card taken known in its hand."""

from __future__ import annotations

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import CallMade, CardPlayed, CardShown, PickUp, Setup
from device.engine.game import Game
from device.engine.message import msg
from device.forms import FORMS
from device.ui.screens.base import StartState, UiState
from device.ui.view import build_view

FORM = "draw-pick-up"
# Stock cards in the order turned up, each with its decisions: True take, False reject.
STOCK = [
    ("SK", (True,)),
    ("H4", (False, True)),
    ("C7", (False, False)),
    ("DA", (True,)),
    ("S2", (False, False)),
    ("HQ", (True,)),
    ("D9", (False, True)),
    ("CJ", (True,)),
    ("H8", (False, False)),
    ("SQ", (True,)),
    ("C3", (False, False)),
    ("HA", (False, True)),
    ("DK", (True,)),
    ("S9", (True,)),
    ("H6", (False, False)),
    ("CQ", (True,)),
    ("D5", (False, True)),
    ("ST", (True,)),
    ("HJ", (True,)),
    ("C2", (False, False)),
    ("DQ", (True,)),
    ("S5", (False, True)),
    ("HK", (True,)),
    ("C9", (False, False)),
    ("D3", (True,)),
    ("SA", (True,)),
]


def picking(cards: int, face_up: bool = False, rejected: bool = False) -> Game:
    """Ben deals (Anna turns up first); `cards` stock cards decided, the next face up
    (and rejected by its turner)."""
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {}))
    for text, decisions in STOCK[:cards]:
        game.apply(CardShown(Card.parse(text)))
        for take in decisions:
            game.apply(PickUp(take))
    if face_up or rejected:
        game.apply(CardShown(Card.parse(STOCK[cards][0])))
    if rejected:
        game.apply(PickUp(False))
    return game


def greedy() -> Game:
    """Anna takes every card: the first she turns up, then each Ben rejects; the last
    one face up."""
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {}))
    for i, (text, _) in enumerate(STOCK):
        game.apply(CardShown(Card.parse(text)))
        if i < len(STOCK) - 1:
            game.apply(PickUp(i == 0))
            if i:
                game.apply(PickUp(True))
    return game


def playing() -> Game:
    """The stock empty, Ben declares 2H; Anna has led the club ace."""
    game = picking(len(STOCK))
    for call in ("P", "2H", "P"):
        game.apply(CallMade(Call.parse(call)))
    game.apply(CardPlayed(Card.parse("CA")))
    return game


def pickup_screens() -> list[tuple[str, object, UiState]]:
    f = FORM
    first = build_view(picking(0))
    decide = build_view(picking(3, face_up=True))
    offered = build_view(picking(6, rejected=True))
    late = build_view(picking(23, face_up=True))
    scan = build_view(picking(9))
    over = build_view(picking(len(STOCK)))
    forms = [(form.name, form.title) for form in FORMS]
    refused = msg("{card} was already turned up", card="SK")
    return [
        (f"start-{f}", None, UiState(start=StartState(form=FORM), forms=forms)),
        (f"{f}-turn-up", first, UiState(scanner=True)),
        (f"{f}-decide", decide, UiState(scanner=True)),
        (f"{f}-offered", offered, UiState(scanner=True)),
        (f"{f}-late", late, UiState()),
        (f"{f}-greedy", build_view(greedy()), UiState()),
        (f"{f}-scan", scan, UiState()),
        (f"{f}-refused", decide, UiState(banner=refused, banner_error=True)),
        (f"{f}-picker", scan, UiState(overlay="picker")),
        (f"{f}-menu", decide, UiState(overlay="menu")),
        (f"{f}-end-pick-up", scan, UiState(overlay="end-pick-up")),
        (f"{f}-end-pick-up-over", over, UiState(overlay="end-pick-up")),
        (f"{f}-help", decide, UiState(overlay="help", help_back="menu")),
        (f"{f}-play", build_view(playing()), UiState()),
    ]
