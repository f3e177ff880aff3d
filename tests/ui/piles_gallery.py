"""The screens of Semi-exposed dummies' piles for the gallery (tests/ui/gallery.py),
from one deal played by hand (the robots' deals land anywhere): the layout part-way
(South's dummy 3 of 7, West's not begun), the layout of the second dummy, the play
with piles uncovered (a card turned up and scanned, one not scanned, a place played
empty, a card back waiting to be turned up), the turn-up of South's pile 3 and then
West's pile 2, and the turn-up's picker.

Anna (N) declares 1NT; Ben (E) leads H2. South's dummy (Anna's) covers its piles with
SA..S9 and lays DA on its own; West's (Ben's) covers with CA..C9 and lays C8 alone."""

from __future__ import annotations

from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import CallMade, CardPlayed, CardShown, DummyDone, Setup
from device.engine.game import Game
from device.ui.screens.base import UiState
from device.ui.view import build_view

FORM = "semi-exposed-dummies"
S_UP = "SA SK SQ SJ ST S9 DA"
W_UP = "CA CK CQ CJ CT C9 C8"


def _game(*steps: str) -> Game:
    """Anna's 1NT and Ben's lead of H2, then `steps`: "SA" a card (shown in the dummy
    phase and the turn-up, else played), "OK" the rest of a dummy or a card turned up
    not scanned."""
    game = Game(Setup(FORM, ("Anna", "Ben"), 1, {}))
    for call in ("1NT", "P"):
        game.apply(CallMade(Call.parse(call)))
    game.apply(CardPlayed(Card.parse("H2")))
    for step in " ".join(steps).split():
        game.apply(_event(game, step))
    return game


def _event(game: Game, step: str):
    if step == "OK":
        return DummyDone()
    card = Card.parse(step)
    return CardShown(card) if game.phase in ("dummy", "turn-up") else CardPlayed(card)


# Trick 1 (H2 led): South plays SA from pile 1, West CA from pile 2... of its piles, Anna
# H3 wins; South's pile 1 turns up HA (scanned), West's pile 1 is turned up not scanned.
TRICK_1 = "SA CA H3 HA OK"
# Trick 2 (Anna leads H4): Ben H5, South must follow with HA (on pile 1 now), West plays
# C8, the card on its own. Trick 3 (South leads, HA won): SQ from pile 3, West CK.
TRICK_2 = "H4 H5 HA C8"
TRICK_3 = "SQ CK"


def piles_screens() -> list[tuple[str, object, UiState]]:
    """The screens of the piles: the layout, the play, the turn-up (name, view, ui)."""
    laying = build_view(_game("SA SK SQ"))  # South's dummy: 3 of 7
    second = build_view(_game(S_UP, "CA CK"))  # West's dummy: 2 of 7
    playing = build_view(_game(S_UP, W_UP, TRICK_1, TRICK_2, TRICK_3))
    turning = build_view(_game(S_UP, W_UP, TRICK_1, TRICK_2, TRICK_3, "S2 S3"))
    west = build_view(_game(S_UP, W_UP, TRICK_1, TRICK_2, TRICK_3, "S2 S3 D7"))
    return [
        ("piles-dummy", laying, UiState()),
        ("piles-dummy-second", second, UiState()),
        ("piles-play", playing, UiState()),
        ("piles-turn-up", turning, UiState()),
        ("piles-turn-up-west", west, UiState()),
        ("piles-turn-up-picker", turning, UiState(overlay="picker")),
    ]
