"""The inputs a game accepts, which are also the events it is made of.

An input names its seat, or leaves it None for "whoever's turn it is"; the
game fills the seat in when it accepts the input, so every stored event is
complete. Events turn into plain dicts and back for the journal and records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .calls import Call
from .cards import DECKS, Card
from .errors import NotationError


@dataclass(frozen=True)
class Setup:
    """How a rubber starts: the form, its options, the players clockwise, the first dealer."""

    form: str
    players: tuple[str, ...]
    first_dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "game": self.form,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": dict(self.options),
        }

    @staticmethod
    def from_dict(data: dict) -> Setup:
        return Setup(
            data["game"], tuple(data["players"]), data["first_dealer"], dict(data["options"])
        )


class Event:
    """Base of every input. `kind` names it in dicts."""

    kind = ""
    seat: int | None = None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = str(value) if isinstance(value, Card | Call) else value
        return out


@dataclass(frozen=True)
class DrawTurnEnded(Event):
    """OK at the end of a draw turn."""

    seat: int | None = None
    kind = "draw-turn"


@dataclass(frozen=True)
class DrawPhaseEnded(Event):
    """The draw phase ended early (confirmed on the screen): the auction starts."""

    seat: int | None = None
    kind = "draw-end"


@dataclass(frozen=True)
class CallMade(Event):
    call: Call
    seat: int | None = None
    kind = "call"


@dataclass(frozen=True)
class CardPlayed(Event):
    card: Card
    seat: int | None = None
    kind = "card"


@dataclass(frozen=True)
class CardShown(Event):
    """A card laid face up in a hand before it is played (a dummy laid out, a card
    turned up). `hand` None: the hand the form shows cards of now (the dummy)."""

    card: Card
    hand: int | None = None
    kind = "shown"


@dataclass(frozen=True)
class DummyDone(Event):
    """OK while the dummy is laid out: play on; the cards not scanned stay unknown."""

    kind = "dummy-done"


@dataclass(frozen=True)
class DummyChosen(Event):
    """The declarer chooses a dummy (Single Dummy): the one face up since before the
    auction (`face_up`, OK) or the face-down one (P)."""

    face_up: bool
    seat: int | None = None
    kind = "dummy-chosen"


@dataclass(frozen=True)
class TalonDiscarded(Event):
    """OK once the declarer has taken the talon and discarded as many cards face
    down (three-player Honeymoon): the opening lead comes next."""

    seat: int | None = None
    kind = "talon-discarded"


@dataclass(frozen=True)
class PickUp(Event):
    """Draw / Pick-Up: the stock card turned face up is taken (`take`, OK) or
    rejected (P) by the player whose turn it is."""

    take: bool
    seat: int | None = None
    kind = "pick-up"


@dataclass(frozen=True)
class ClaimMade(Event):
    """A claim of `tricks` of the remaining tricks; a concession claims 0."""

    tricks: int
    seat: int | None = None
    kind = "claim"


@dataclass(frozen=True)
class ClaimAnswered(Event):
    accepted: bool
    seat: int | None = None
    kind = "claim-answer"


@dataclass(frozen=True)
class HonoursGiven(Event):
    """After a claim: the seat whose hand held honours, and their value."""

    points: int
    seat: int | None = None
    kind = "honours"


@dataclass(frozen=True)
class Stated(Event):
    """A word said at the table in place of a call (aBRIDGEd's declaring): "Pass",
    "Play", "Ten", "Seven", a trump colour ("R", "Y", "B", "G") or "NT", or a
    number (a hand strength or a colour count)."""

    what: str | int
    seat: int | None = None
    kind = "stated"


@dataclass(frozen=True)
class NextDeal(Event):
    """OK on the deal result: go on to the next deal."""

    kind = "next-deal"


@dataclass(frozen=True)
class Undone(Event):
    """Take back the last input."""

    kind = "undo"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        DrawTurnEnded,
        DrawPhaseEnded,
        CallMade,
        CardPlayed,
        CardShown,
        DummyDone,
        DummyChosen,
        PickUp,
        TalonDiscarded,
        ClaimMade,
        ClaimAnswered,
        HonoursGiven,
        Stated,
        NextDeal,
        Undone,
    )
}


def event_from_dict(data: dict, deck: str = "standard") -> Event:
    """Rebuild an event from `Event.to_dict` output."""
    cls = EVENT_TYPES.get(data.get("type", ""))
    if cls is None:
        raise NotationError(f"unknown event type {data.get('type')!r}")
    values = {k: v for k, v in data.items() if k != "type"}
    if cls is CallMade:
        values["call"] = Call.parse(values["call"])
    elif cls in (CardPlayed, CardShown):
        values["card"] = DECKS[deck].parse(values["card"])
    return cls(**values)
