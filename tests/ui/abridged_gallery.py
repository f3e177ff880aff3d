"""The screens of aBRIDGEd for the gallery (tests/ui/gallery.py): each step of the
declaring in both rounds, the dummy being laid out, the play in colours, a
hand's result with the check of what was stated (wrong, right, not seen after
a claim), the sheet of four hands and the game's end won on a tie-break."""

from __future__ import annotations

from device.engine.events import CardPlayed, CardShown, DummyDone, NextDeal, Setup, Stated
from device.engine.game import Game
from device.engine.record import play_record
from device.forms import FORMS
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.ui.history import HistoryState
from device.ui.screens.base import StartState, UiState
from device.ui.view import build_view, stored_rubber_view

FORM = "abridged"
NAMES = ("Anna", "Ben", "Carla", "Dirk")


def game(*words, dealer=0) -> Game:
    """Anna deals (by default); then the inputs: words, numbers, cards (str of a card)."""
    played = Game(Setup(FORM, NAMES, dealer))
    for word in words:
        if isinstance(word, str) and word[:1] in "RYBG" and word[1:].isdigit():
            card = ABRIDGED.parse(word)
            event = CardShown(card) if played.phase == "lay-out" else CardPlayed(card)
        elif word == "OK":
            event = DummyDone()
        else:
            event = Stated(word)
        played.apply(event)
    return played


ROUND_ONE = ("Pass", "Pass", "Play")  # Carla declares, Anna is the dummy
DUMMY = ("R14", "R9", "R3", "Y12", "Y5", "B13", "B8", "B7", "B2", "G11", "G6", "G4", "G2")
STATED = ("R", 9, 12, 8, 11, 5, 4, 6, 5)
ROUND_TWO = ("Pass",) * 4 + (12, 8, 11)


def colour_hand() -> Game:
    """Each player holds one colour whole (Anna red ... Dirk green): Anna plays, all
    52 cards are seen and some statements were wrong."""
    played = game("Play", "OK", "NT", 10, 11, 10, 9, 13, 13, 12, 13)
    hands = [[c for c in ABRIDGED.cards if c.suit is s] for s in ABRIDGED.suits]
    for rank in range(13):
        for i in range(4):
            played.apply(CardPlayed(hands[(1 + i) % 4][rank]))
    return played


def claimed_game(hands: int) -> Game:
    """`hands` hands, each claimed at once (the record's claims)."""
    words = [["Play"], ["Pass", "Play"], [10, 10, 10, 10, "Seven"], ["Pass", "Pass", "Play"]]
    claims = [("Anna", 11), ("Carla", 8), ("Carla", 9), ("Ben", 9)]
    deals = []
    for i in range(hands):
        deal = {"declaring": words[i], "trump": "RYBG"[i], "counts": [5, 5, 5, 5]}
        if words[i][-1] != "Seven":
            deal["strengths"] = [10, 10, 10, 10]
        by, tricks = claims[i]
        deal["claim"] = {"by": by, "tricks": tricks, "accepted": True}
        deals.append(deal)
    return play_record(
        {"game": FORM, "players": list(NAMES), "first_dealer": "Anna", "deals": deals}
    )


def played_out_last() -> Game:
    """Three hands claimed, the fourth (Dirk deals and plays) played out to the last
    card, with a strength and a count said wrong: the game ends with its check."""
    played = claimed_game(3)
    played.apply(NextDeal())
    for word in ("Play", "NT", 10, 11, 10, 9, 13, 13, 12, 13):
        played.apply(Stated(word))
        if played.phase == "lay-out":  # the dummy down unscanned
            played.apply(DummyDone())
    hands = [[c for c in ABRIDGED.cards if c.suit is s] for s in ABRIDGED.suits]
    for rank in range(13):
        for i in range(4):
            played.apply(CardPlayed(hands[i][rank]))
    return played


def in_play() -> Game:
    played = game(*ROUND_ONE, *DUMMY, *STATED)
    for card in ("Y14", "Y5", "Y3", "Y9", "G3", "G2", "G8", "R2", "B10"):
        played.apply(CardPlayed(ABRIDGED.parse(card)))
    return played


def abridged_screens() -> list[tuple[str, object, UiState]]:
    f = FORM
    sheet_game = claimed_game(2)
    sheet_game.apply(NextDeal())
    return [
        (f"{f}-round-one", build_view(game("Pass")), UiState()),
        (f"{f}-lay-out", build_view(game(*ROUND_ONE, *DUMMY[:5])), UiState(scanner=True)),
        (
            f"{f}-lay-out-picker",  # the dummy tapped in: its 5 cards so far greyed
            build_view(game(*ROUND_ONE, *DUMMY[:5])),
            UiState(overlay="picker"),
        ),
        (f"{f}-trump", build_view(game(*ROUND_ONE, "OK")), UiState()),
        (f"{f}-strength", build_view(game(*ROUND_ONE, "OK", "G", 9, 12)), UiState()),
        (f"{f}-count", build_view(game(*ROUND_ONE, "OK", "B", 9, 12, 8, 11, 5)), UiState()),
        (f"{f}-round-two", build_view(game(*ROUND_TWO)), UiState()),
        (f"{f}-round-two-stuck", build_view(game(*ROUND_TWO[:4], 20, 12, 10)), UiState()),
        (f"{f}-ten-seven", build_view(game(*ROUND_TWO, 9, "OK")), UiState()),
        (f"{f}-play", build_view(in_play()), UiState(scanner=True)),
        (f"{f}-picker", build_view(in_play()), UiState(overlay="picker")),
        (f"{f}-claim", build_view(in_play()), UiState(overlay="claim")),
        (f"{f}-deal-end-wrong", build_view(colour_hand()), UiState()),
        (f"{f}-deal-end-claimed", build_view(claimed_game(1)), UiState()),
        (f"{f}-sheet", build_view(sheet_game), UiState(overlay="sheet")),
        (f"{f}-finished", build_view(claimed_game(4)), UiState()),
        (f"{f}-finished-checked", build_view(played_out_last()), UiState()),
        (f"{f}-history-sheet", None, stored_ui()),
        ("start-abridged", None, start()),
        ("forms-abridged", None, start("forms")),
    ]


def start(overlay=None) -> UiState:
    """The start screen with aBRIDGEd chosen (four names), or its list of forms."""
    forms = [(form.name, form.title) for form in FORMS]
    state = StartState(form=FORM, players=list(NAMES))
    return UiState(start=state, forms=forms, overlay=overlay)


class _Replayed:
    """A stored game as the history replays it: all of it readable."""

    def __init__(self, game: Game):
        self.game, self.rubber, self.kept, self.stored, self.problem = game, 3, 40, 40, None


def stored_ui() -> UiState:
    """A finished game of aBRIDGEd opened from the history: its sheet of four hands."""
    entry = {"date": "2024-05-01", "winner": "Anna & Carla"}
    stored = stored_rubber_view(entry, _Replayed(claimed_game(4)))
    return UiState(overlay="history-sheet", history=HistoryState(stored=stored))
