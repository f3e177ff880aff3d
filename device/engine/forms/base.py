"""What a game form says: its seats, phases, options, who deals, speaks and
leads first, who plays which hand, how it is scored and what may be seen.

A new form is a subclass that overrides a few of these hooks; the game core
(`device.engine.game`) never asks which form it is playing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..auction import AuctionRules
from ..cards import STANDARD, Deck
from ..errors import SetupError
from ..scoring import ChicagoSheet, RubberSheet

if TYPE_CHECKING:
    from ..game import Deal


@dataclass(frozen=True)
class Option:
    """A setting chosen before a rubber: its name, default and allowed values."""

    name: str
    default: Any
    choices: tuple = (False, True)
    help: str = ""

    def check(self, value: Any) -> Any:
        if value not in self.choices or type(value) is not type(self.default):
            allowed = ", ".join(_json_text(c) for c in self.choices)
            raise SetupError(
                f"option {self.name} must be one of {allowed}, not {_json_text(value)}"
            )
        return value


def _json_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


HONOURS = Option("honours", True, help="score honours held in one hand")
SINGLE_GAME = Option("single_game", False, help="the first to 100 below the line wins")
AUCTION_END = Option(
    "auction_end",
    "first-pass",
    ("first-pass", "three-passes"),
    "first-pass: a pass after a bid ends the auction; three-passes: three passes do",
)
DEALER_BIDS_FIRST = Option("dealer_bids_first", False, help="the dealer makes the first call")
SWITCHED_VULNERABILITY = Option(
    "switched_vulnerability",
    False,
    help="Chicago deals 2 and 3: the dealer's opponents are vulnerable",
)


class GameForm:
    """The default hooks: two players, no draw phase, rubber scoring."""

    name = ""
    aliases: tuple[str, ...] = ()
    title = ""
    players = 2
    deck: Deck = STANDARD
    draw_turns = 0  # turns each in a draw phase; 0 means none
    scoring = "rubber"
    options: tuple[Option, ...] = (HONOURS, SINGLE_GAME, AUCTION_END, DEALER_BIDS_FIRST)

    def __repr__(self) -> str:
        return f"<form {self.name}>"

    # -- options ---------------------------------------------------------
    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Every option of the form, the given ones checked, the rest at their defaults."""
        known = {o.name: o for o in self.options}
        for name in given or {}:
            if name not in known:
                raise SetupError(f"{self.name} has no option {name!r}")
        given = given or {}
        return {n: (o.check(given[n]) if n in given else o.default) for n, o in known.items()}

    # -- seats, sides and phases ----------------------------------------
    def side(self, seat: int) -> int:
        """Partners sit opposite: seats 0 and 2 are side 0, 1 and 3 side 1."""
        return seat % 2

    def phases(self, options: dict) -> tuple[str, ...]:
        return ("draw", "auction", "play") if self.draw_turns else ("auction", "play")

    def next_dealer(self, dealer: int, passed_out: bool) -> int:
        """The deal passes to the left, thrown-in deals included."""
        return (dealer + 1) % self.players

    def first_speaker(self, dealer: int, options: dict) -> int:
        return dealer if options.get("dealer_bids_first") else (dealer + 1) % self.players

    def dealer_by_draw(self, drawn: list) -> int:
        """Who deals first when each player draws a card: the highest card, and
        between equal ranks the higher suit (spades, hearts, diamonds, clubs)."""
        if len(drawn) != self.players or len(set(drawn)) != len(drawn):
            raise SetupError("each player draws one card, all different")
        return max(range(len(drawn)), key=lambda seat: (drawn[seat].rank, drawn[seat].suit.order))

    def first_drawer(self, dealer: int) -> int:
        return (dealer + 1) % self.players

    def auction_rules(self, options: dict) -> AuctionRules:
        sides = tuple(self.side(s) for s in range(self.players))
        if self.players == 2 and options.get("auction_end", "first-pass") == "first-pass":
            return AuctionRules(sides, passes_to_end=1, passes_to_throw_in=2)
        return AuctionRules(sides, passes_to_end=3, passes_to_throw_in=4)

    # -- hands in play ----------------------------------------------------
    def hand_sides(self) -> tuple[int, ...]:
        """The side of each hand in play, clockwise; by default one hand per player."""
        return tuple(self.side(s) for s in range(self.players))

    def hand_names(self, players: tuple[str, ...]) -> tuple[str, ...]:
        return players

    def declarer_hand(self, declarer: int) -> int:
        return declarer

    def controller(self, hand: int, declarer_hand: int) -> int:
        """The player who plays a hand; by default its owner."""
        return hand

    def opening_leader(self, declarer_hand: int) -> int:
        """The hand to the declarer's left leads first."""
        return (declarer_hand + 1) % len(self.hand_sides())

    # -- scoring and what may be seen --------------------------------------
    def new_sheet(self, options: dict):
        if self.scoring == "chicago":
            return ChicagoSheet(
                switched=options.get("switched_vulnerability", False),
                honours=options.get("honours", True),
            )
        return RubberSheet(
            single_game=options.get("single_game", False), honours=options.get("honours", True)
        )

    def honours_seen(self, deal: Deal) -> bool:
        """True when every held card was played, so honours are read from the cards."""
        return deal.play is not None and deal.play.finished and deal.claimed is None

    def exposed_hands(self, deal: Deal) -> frozenset[int]:
        """Hands whose unplayed cards may be shown on the shared screen."""
        return frozenset()
