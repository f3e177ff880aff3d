"""What a touch target does when tapped: one small frozen dataclass per kind of action.

A screen or a widget draws a Target with one of these; the app dispatches on its type
(App.HANDLERS), never on a string. Nothing here imports a screen, a widget or the app,
so every one of them may import this.

Every screen, widget and form package builds these; no action is a string tuple.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    """Any action a touch target carries."""


# -- inputs, as a device would send them -------------------------------------------------
@dataclass(frozen=True)
class TapCall(Action):
    call: str  # a call of the bidding box: "1S", "P" (also "face down" at a dummy's choice)


@dataclass(frozen=True)
class TapCard(Action):
    card: str  # a card tapped in instead of scanned: "SA"


@dataclass(frozen=True)
class TapKey(Action):
    key: str  # a key of the bidding box: OK, UNDO, MENU


# -- what only the screen can say (through the table, so stored) -------------------------
@dataclass(frozen=True)
class Claim(Action):
    seat: int  # the claimer
    tricks: int


@dataclass(frozen=True)
class ClaimSeat(Action):
    seat: int  # who claims, chosen before the tricks


@dataclass(frozen=True)
class Answer(Action):
    accept: bool  # the claim accepted or disputed


@dataclass(frozen=True)
class Statement(Action):
    value: object  # aBRIDGEd's words and numbers, said on the screen


@dataclass(frozen=True)
class Honours(Action):
    seat: int | None  # None: nobody held honours
    points: int


@dataclass(frozen=True)
class EndDraw(Action):
    """The draw phase (or draw tricks, or pick-up) ended, as confirmed."""


# -- the screen's own state ----------------------------------------------------------------
@dataclass(frozen=True)
class Overlay(Action):
    name: str | None  # the overlay opened; None closes it


@dataclass(frozen=True)
class FlipShared(Action):
    """The header's shared texts turn to face the other player."""


@dataclass(frozen=True)
class ExplainStorage(Action):
    """A tap on the storage mark: why, in full."""


@dataclass(frozen=True)
class DismissNotice(Action):
    """The notice shown is put away."""


@dataclass(frozen=True)
class NoticePage(Action):
    """A long notice's next page."""


@dataclass(frozen=True)
class Setting(Action):
    name: str  # lang, four_colour, rotation
    value: object


# -- the start screen, and drawing for the deal ---------------------------------------------
@dataclass(frozen=True)
class StartField(Action):
    name: str  # a StartState field: form, options, editing, first_dealer
    value: object


@dataclass(frozen=True)
class KeyboardKey(Action):
    what: str  # char, back, clear, done, shift
    text: str = ""  # the character, for char


@dataclass(frozen=True)
class Start(Action):
    """Start the rubber (drawing for the deal first)."""


@dataclass(frozen=True)
class LeaveRubber(Action):
    """Confirmed: the rubber in progress stops for a new one."""


@dataclass(frozen=True)
class DrawRandom(Action):
    """The table draws for the players that have not drawn."""


@dataclass(frozen=True)
class DrawCancel(Action):
    """Back from drawing for the deal to the form."""


@dataclass(frozen=True)
class NewRubber(Action):
    """The start screen, for a new rubber."""


@dataclass(frozen=True)
class Resume(Action):
    """Back to the rubber in progress."""


# -- pairing a deck -------------------------------------------------------------------------
@dataclass(frozen=True)
class PairDeck(Action):
    deck: str | None = None  # None: the table's deck; "abridged": the coloured one


@dataclass(frozen=True)
class PairNew(Action):
    """Another deck: pairing starts from its first card."""


@dataclass(frozen=True)
class CameraPair(Action):
    deck: str  # standard or abridged, learnt by the camera


@dataclass(frozen=True)
class CameraPairAgain(Action):
    """The camera learns the deck again (under new light)."""


@dataclass(frozen=True)
class CancelPairing(Action):
    """Stop pairing: what was paired is saved and stays paired."""


# -- browsing: help, history, the game forms' list, a review's pages ------------------------
@dataclass(frozen=True)
class Help(Action):
    back: str | None  # the overlay its Back returns to


@dataclass(frozen=True)
class HelpPage(Action):
    page: int


@dataclass(frozen=True)
class SheetPage(Action):
    """A long score sheet's page: `back` pages before the newest (0: the newest)."""

    back: int


@dataclass(frozen=True)
class HistoryPage(Action):
    page: int


@dataclass(frozen=True)
class HistoryRubber(Action):
    rubber: int  # the stored rubber opened to its sheet


@dataclass(frozen=True)
class ReviewPage(Action):
    page: int


@dataclass(frozen=True)
class Forms(Action):
    page: int  # the game forms' list, opened at this page


@dataclass(frozen=True)
class FormsPage(Action):
    page: int


# -- the history's charts -------------------------------------------------------------------
@dataclass(frozen=True)
class ChartsGroup(Action):
    group: int  # the couple or partnership shown, by the arrows


@dataclass(frozen=True)
class ChartsForm(Action):
    """The next form: all, then each one played, then all again."""


@dataclass(frozen=True)
class ChartsKind(Action):
    kind: str  # "balance" or "contracts"


# -- the appliance --------------------------------------------------------------------------
@dataclass(frozen=True)
class Quit(Action):
    """Confirmed; on the appliance the unit starts it again."""


@dataclass(frozen=True)
class ShutDown(Action):
    """Confirmed: the Pi powers off."""


def every_action() -> list[type[Action]]:
    """Every kind of action (for the test that each has a handler)."""
    found, todo = [], list(Action.__subclasses__())
    while todo:
        kind = todo.pop(0)
        found.append(kind)
        todo += kind.__subclasses__()
    return found
