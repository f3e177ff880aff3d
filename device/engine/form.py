"""What a game form says: its seats, phases, options, who deals, speaks and
leads first, who plays which hand, how it is scored and what may be seen.

A new form is a subclass that overrides a few of these hooks; the game core
(`device.engine.game`) never asks which form it is playing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .auction import AuctionRules
from .calls import ALL_CALLS, PASS, Call, Strain
from .cards import STANDARD, Card, Deck, Suit
from .deal import Deal
from .errors import PlayError, SetupError
from .events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    Event,
    HonoursGiven,
    NextDeal,
)
from .message import Message, msg
from .scoring import DealOutcome, RubberSheet


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
    help="deals 2 and 3 of a chart of four: the dealer's opponents are vulnerable",
)


# The inputs each phase takes (Undone is taken in every phase). A form with a
# phase of its own adds it to a copy of this mapping.
PHASE_INPUTS: dict[str, frozenset[type[Event]]] = {
    "draw": frozenset({DrawTurnEnded, DrawPhaseEnded}),
    "auction": frozenset({CallMade}),
    "play": frozenset({CardPlayed, ClaimMade, ClaimAnswered}),
    "dummy": frozenset({CardShown, DummyDone}),
    "face-up": frozenset({CardShown, DummyDone}),
    "choose": frozenset({DummyChosen}),
    "deal-end": frozenset({HonoursGiven, NextDeal}),
    "finished": frozenset({HonoursGiven, NextDeal}),
}

# What a key, a scanned card or a pressed call means in each phase: the input
# made of it. A phase not listed for OK does not use OK; a card is played and a
# call is made unless the phase says otherwise.
KEY_INPUTS: dict[str, dict[str, type[Event]]] = {
    "OK": {
        "draw": DrawTurnEnded,
        "dummy": DummyDone,
        "face-up": DummyDone,
        "choose": DummyChosen,
        "deal-end": NextDeal,
        "finished": NextDeal,  # the engine says the rubber (or Chicago) is over
    },
    "card": {"dummy": CardShown, "face-up": CardShown},
    "call": {"choose": DummyChosen},
}

# Why an input is refused in a phase that does not take it: (input, phase) first,
# then (input, None); the words are for the table.
REFUSALS: dict[tuple[type[Event], str | None], Message] = {
    (DrawTurnEnded, None): msg("draw turns are over"),
    (DrawPhaseEnded, None): msg("draw turns are over"),
    (CallMade, "draw"): msg("the auction starts when the draw phase is over"),
    (CallMade, "face-up"): msg("the auction starts when the face-up dummy is laid out"),
    (CallMade, "choose"): msg(
        "the declarer chooses a dummy: OK for the face-up one, P for the other"
    ),
    (CallMade, None): msg("the auction is over"),
    (CardPlayed, "dummy"): msg("the dummy's cards are being laid out"),
    (CardPlayed, "choose"): msg("the declarer chooses a dummy first"),
    (CardPlayed, None): msg("no card can be played now"),
    (CardShown, None): msg("no card can be shown now"),
    (DummyDone, None): msg("the dummy is not being laid out"),
    (DummyChosen, None): msg("a dummy is chosen when the auction is over"),
    (ClaimMade, "dummy"): msg("a claim is made once the dummy is down"),
    (ClaimMade, None): msg("a claim is made during play"),
    (ClaimAnswered, None): msg("there is no claim to answer"),
    (HonoursGiven, None): msg("honours are given when play has ended"),
    (NextDeal, None): msg("the deal is not over"),
}

SEATS = "NESW"  # compass seats, clockwise from North


class GameForm:
    """The default hooks: two players, no draw phase, rubber scoring.

    Data a form may set: `name`, `aliases`, `former_names` (spellings that once
    named it and are words the table uses for something else, as a rubber or the
    draw phase: still read from a stored record or journal and taken by `--game`,
    never listed nor offered), `title`, `order` (its place in the
    registry, `device.forms.FORMS`, lowest first), `players` (how many, seated
    clockwise), `deck` (parses and prints its cards), `calls` (every call of its
    bidding box), `tricks` (a deal's tricks; `book` is always tricks - 7),
    `draw_turns` (turns each in a draw phase; 0: none), `scoring` (the PBN
    Scoring tag's word, lower case: "rubber", or the form's own), `options`,
    `phase_inputs` and `key_inputs` (see PHASE_INPUTS and KEY_INPUTS). Each
    method below is a hook: override it to change one rule.
    """

    name = ""
    aliases: tuple[str, ...] = ()
    former_names: tuple[str, ...] = ()
    title = ""
    order = 0  # each form sets its own: the start screen lists the forms by it
    players = 2
    deck: Deck = STANDARD
    calls: tuple[Call, ...] = tuple(ALL_CALLS)
    tricks = 13
    draw_turns = 0  # turns each in a draw phase; 0 means none
    scoring = "rubber"
    vulnerability = True  # False: the form has no vulnerability (aBRIDGEd)
    deal_word = "deal"  # what one deal is called at the table: "deal" or "hand"
    rubber_word = "rubber"  # what a whole played unit is called: "rubber", "chicago", "game"
    options: tuple[Option, ...] = (HONOURS, SINGLE_GAME, AUCTION_END, DEALER_BIDS_FIRST)
    phase_inputs: dict[str, frozenset[type[Event]]] = PHASE_INPUTS
    key_inputs: dict[str, dict[str, type[Event]]] = KEY_INPUTS
    refusals: dict[tuple[type[Event], str | None], Message] = REFUSALS

    def __repr__(self) -> str:
        return f"<form {self.name}>"

    @property
    def book(self) -> int:
        """The tricks a contract's level counts above: 6 in bridge."""
        return self.tricks - 7

    # -- deck and calls --------------------------------------------------
    def parse_call(self, text: str) -> Call:
        """A call of this form's bidding box from its text ("1S", "3N", "P", "XX")."""
        return Call.parse(text)

    def parse_card(self, text: str) -> Card:
        """A card of this form's deck from its text."""
        return self.deck.parse(text)

    # -- phases and their inputs ------------------------------------------
    def accepts(self, phase: str, event: Event) -> bool:
        """Whether `phase` takes this input at all (the rules then check it)."""
        return type(event) in self.phase_inputs.get(phase, frozenset())

    def refusal(self, phase: str, event: Event) -> Message | str:
        """Why `phase` does not take this input."""
        kind = type(event)
        found = self.refusals.get((kind, phase)) or self.refusals.get((kind, None))
        return found or f"{kind.__name__} is not taken in the {phase}"

    def input_for(self, phase: str, what: str, value: Any = None) -> Event | None:
        """The input a device makes in `phase`: `what` is "card" (value a Card),
        "call" (value a Call) or a key ("OK"). None: the phase does not use it."""
        made = self.key_inputs.get(what, {}).get(phase)
        if made is DummyChosen:  # OK: the face-up dummy; P: the face-down one
            if what == "call" and value != PASS:
                return CallMade(value)  # refused: the auction is over
            return DummyChosen(what == "OK")
        if what == "card":
            return (made or CardPlayed)(value)
        if what == "call":
            return (made or CallMade)(value)
        return None if made is None else made()

    # -- phases the form plays itself ---------------------------------------
    own_phases: frozenset[str] = frozenset()  # phases whose inputs the form takes

    def new_deal_state(self, deal: Deal, players: tuple[str, ...]) -> Any:
        """The form's own state of a deal that starts (`deal.own`): a typed object of
        the form's package (a dataclass, so that a deal's snapshot compares it field
        by field) holding what its own phases and rules keep; None by default."""
        return None

    def start_phase(self, deal: Deal, players: tuple[str, ...]) -> None:
        """The deal enters one of `own_phases` (a deal may start in one, or one may
        follow the auction): set it up. Its state is `deal.own`, made already."""

    def phase_turn(self, deal: Deal) -> int | None:
        """The seat whose input an own phase waits for."""
        return None

    def phase_input(self, deal: Deal, event: Event, players: tuple[str, ...]) -> Event:
        """Take an input of an own phase (checked by `accepts`): change the deal, or
        raise a RuleError that says why not and change nothing; return the event
        as recorded (its seat filled in)."""
        raise NotImplementedError(f"{self.name} has no phase of its own")

    def phase_legal(self, deal: Deal, players: tuple[str, ...]) -> Iterable[Event]:
        """Every input an own phase takes now (`legal_inputs` asks for the phase the
        deal is in), in a stable order: cards in the deck's order, then the keys. Each
        must be one `phase_input` accepts; the finite set the rules allow where a
        number is open-ended. By default none."""
        return ()

    def phase_over(self, deal: Deal) -> bool:
        """Whether an own phase is over after an input: the auction starts (play, when
        the form `declares_itself`)."""
        return False

    def phase_record(self, deal: Deal) -> dict:
        """What an own phase adds to a deal of the game record (before its calls)."""
        return {}

    # What a refusal says once the whole game is over; None: "the rubber (Chicago) is over".
    over_text: Message | None = None

    # Own phases that choose the declarer (`deal.declarer`) and the trump in place of
    # an auction (aBRIDGEd's declaring): play starts when they are over.
    declares_itself = False

    def replay_phases(self, game, entry: dict, place: str, last: bool, at) -> None:
        """Play a record's deal `entry` through the own phases of `game`'s current deal
        (the reverse of `phase_record`), each input as `at(where, game.apply, input)`;
        `last`: the record's last deal, which may stop anywhere. By default nothing."""

    def trump(self, deal: Deal) -> Suit | None:
        """The trump suit of a deal's play: by default the contract's strain."""
        strain = deal.contract.strain
        return None if strain is Strain.NOTRUMP else self.deck.suit(strain.letter)

    def laid_out_before_play(self, deal: Deal) -> bool:
        """Whether the dummy was laid out in an own phase before play (aBRIDGEd): play
        then has no `dummy` phase. By default it is laid out after the opening lead."""
        return False

    def contract_text(self, deal: Deal) -> str:
        """The contract as the screens write it: "4S", "3NTX"; "pass" when thrown in."""
        return "pass" if deal.contract is None else str(deal.contract)

    def replay_report(self, game) -> dict | None:
        """What `honeymoon replay` prints for a game of this form, or None for the
        rubber or Chicago sheet's report."""
        return None

    def dead_card(self, deal: Deal, card: Card) -> str | None:
        """Why a card cannot be played in the play of a deal because an earlier phase
        put it out of play (Draw Bridge's draw tricks), or None."""
        return None

    def not_held(self, deal: Deal, hand: int, card: Card) -> str | None:
        """Why `hand` did not hold `card` when the play started, known from an earlier
        phase (dead in the draw tricks, taken by the other player), or None."""
        return None

    def held_before_play(self, deal: Deal) -> tuple[tuple[int, Card], ...]:
        """(hand, card) known to be held when the play starts, from an earlier phase
        (a stock card seen drawn); they are shown in that hand."""
        return ()

    # -- options ---------------------------------------------------------
    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Every option of the form, the given ones checked, the rest at their defaults."""
        known = {o.name: o for o in self.options}
        for name in given or {}:
            if name not in known:
                raise SetupError(
                    msg("{form} has no option {name}", form=self.name, name=repr(name))
                )
        given = given or {}
        return {n: (o.check(given[n]) if n in given else o.default) for n, o in known.items()}

    # -- seats, sides and phases ----------------------------------------
    def side(self, seat: int) -> int:
        """Partners sit opposite: seats 0 and 2 are side 0, 1 and 3 side 1."""
        return seat % 2

    @property
    def side_count(self) -> int:
        """How many sides score on the sheet: two, or three players each alone."""
        return max(self.side(seat) for seat in range(self.players)) + 1

    def claim_refusal(self, seat: int, declarer: int) -> str | None:
        """Why `seat` may not claim in a deal `declarer` declares, or None: anyone may."""
        return None

    def claim_answerers(self, claimer: int) -> tuple[int, ...]:
        """Whose acceptance ends play with a claim: by default the first player of the
        other side after the claimer (one acceptance of that side is enough)."""
        seats = ((claimer + i) % self.players for i in range(1, self.players))
        return (next(s for s in seats if self.side(s) != self.side(claimer)),)

    def phases(self, options: dict) -> tuple[str, ...]:
        """The phases of a deal in order; a deal starts in the first."""
        phases = ("draw", "auction", "play") if self.draw_turns else ("auction", "play")
        return phases + ("deal-end",)

    def seat_names(self) -> tuple[str, ...]:
        """The compass seat of each hand in play ("N", "E", "S", "W"): four hands
        sit clockwise from North; two hands sit opposite, North and South (as in
        the PBN export)."""
        hands = len(self.hand_sides())
        if hands == 2:
            return ("N", "S")
        return tuple(SEATS[h % 4] for h in range(hands))

    def next_dealer(self, dealer: int, passed_out: bool) -> int:
        """The deal passes to the left, thrown-in deals included."""
        return (dealer + 1) % self.players

    def first_speaker(self, dealer: int, options: dict) -> int:
        """The seat that makes the first call: the non-dealer, or the dealer with
        the option dealer_bids_first."""
        return dealer if options.get("dealer_bids_first") else (dealer + 1) % self.players

    def dealer_by_draw(self, drawn: list) -> int:
        """Who deals first when each player draws a card: the highest card, and
        between equal ranks the higher suit (spades, hearts, diamonds, clubs)."""
        if len(drawn) != self.players or len(set(drawn)) != len(drawn):
            raise SetupError("each player draws one card, all different")
        return max(range(len(drawn)), key=lambda seat: (drawn[seat].rank, drawn[seat].suit.order))

    def seats_by_draw(self, drawn: list) -> tuple[tuple[int, ...], int]:
        """Seats and the first dealer from one card drawn by each player (in the order
        the players were entered): `(order, dealer)`, where order[i] is the entered
        player who sits in seat i and dealer is a seat. Two players keep their order
        and the higher card deals; four players: the two highest play together
        (partners sit opposite), the first entered stays in seat 0, the others keep
        their order, and the highest deals."""
        if self.players == 2:
            return (0, 1), self.dealer_by_draw(drawn)
        if self.players != 4:
            raise SetupError(msg("{form} has no draw for seats", form=self.name))
        if len(drawn) != 4 or len(set(drawn)) != 4:
            raise SetupError("each player draws one card, all different")
        ranked = sorted(range(4), key=lambda p: (drawn[p].rank, drawn[p].suit.order), reverse=True)
        high = set(ranked[:2])
        partner = next(p for p in range(1, 4) if (p in high) == (0 in high))
        others = [p for p in range(1, 4) if p != partner]
        order = (0, others[0], partner, others[1])
        return order, order.index(ranked[0])

    def first_drawer(self, dealer: int) -> int:
        """The seat that draws first in a draw phase: the dealer's left."""
        return (dealer + 1) % self.players

    def phase_stopped(self, event: DrawPhaseEnded, turn: int | None) -> DrawPhaseEnded:
        """The menu's stop of a draw phase (or a record that goes on without the rest):
        by the seat it names, else by `turn`, the seat whose turn it is."""
        seat = turn if event.seat is None else event.seat
        if seat not in range(self.players):
            raise PlayError(msg("there is no seat {seat}", seat=seat))
        return DrawPhaseEnded(seat)

    def check_card(self, card) -> None:
        """A card scanned or tapped in a form's own phase is one of its deck's."""
        if card not in self.deck:
            raise PlayError(
                msg("{text} is not a card of the {deck} deck", text=card, deck=self.deck.name)
            )

    def auction_rules(self, options: dict) -> AuctionRules:
        """Who bids for which side and when the auction ends: with two players a
        pass after a bid ends it (option auction_end), else three passes do and
        four passes throw the deal in."""
        sides = tuple(self.side(s) for s in range(self.players))
        if self.players == 2 and options.get("auction_end", "first-pass") == "first-pass":
            return AuctionRules(sides, passes_to_end=1, passes_to_throw_in=2)
        return AuctionRules(sides, passes_to_end=3, passes_to_throw_in=4)

    # -- hands in play ----------------------------------------------------
    def hand_sides(self) -> tuple[int, ...]:
        """The side of each hand in play, clockwise; by default one hand per player."""
        return tuple(self.side(s) for s in range(self.players))

    def play_sides(self, declarer_hand: int) -> tuple[int, ...]:
        """The side of each hand in the play of a deal: by default `hand_sides()`; a
        shared dummy (Exposed Dummy) plays for the declarer's side."""
        return self.hand_sides()

    def hand_names(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """How each hand is named in a message: by default its player."""
        return players

    def play_names(self, players: tuple[str, ...], declarer_hand: int) -> tuple[str, ...]:
        """How each hand is named in the play of a deal: by default `hand_names`; a
        shared dummy is named by its declarer."""
        return self.hand_names(players)

    def declarer_hand(self, declarer: int) -> int:
        """The hand the declaring player plays from: by default their own."""
        return declarer

    def controller(self, hand: int, declarer_hand: int) -> int:
        """The player who plays a hand; by default its owner."""
        return hand

    def dummy_hand(self, declarer_hand: int) -> int | None:
        """The hand laid face up after the opening lead (the `dummy` phase waits for
        its cards), or None for a form without a dummy."""
        return None

    def dummy_hands(self, declarer_hand: int) -> tuple[int, ...]:
        """The hands laid face up after the opening lead, in the order the `dummy`
        phase takes them (a card scanned there goes to the first not yet laid out;
        OK moves on to the next): by default `dummy_hand`'s, if any."""
        dummy = self.dummy_hand(declarer_hand)
        return () if dummy is None else (dummy,)

    def laid_out(self) -> int:
        """How many cards of a dummy lie face up once it is laid out (the `dummy` phase
        waits for that many, a card it led counted): by default all of them."""
        return self.tricks

    def piles(self) -> int:
        """How many of a dummy's face-up cards each cover a face-down card (semi-exposed
        dummies): the first shown cover them; a face-down card is turned up (the
        `turn-up` phase) at the end of the trick in which the card on it was played,
        and only face-up cards are played. By default none."""
        return 0

    def face_up_hand(self, declarer_hand: int, face_up: bool) -> int | None:
        """Forms with a `face-up` phase (a dummy laid face up before the auction) and a
        `choose` phase (the declarer chooses a dummy): the hand the face-up dummy's
        cards are in, given the declarer's choice (`face_up`: that one)."""
        return None

    def opening_leader(self, declarer_hand: int) -> int:
        """The hand to the declarer's left leads first."""
        return (declarer_hand + 1) % len(self.hand_sides())

    # -- scoring and what may be seen --------------------------------------
    # -- one deal scored alone (`honeymoon score --scoring NAME`) --------------
    # A form whose deals score alone otherwise than a rubber's names its way here;
    # `alone_deals` numbers its deals 1 to N where the deal changes the score.
    alone_scoring: str | None = None
    alone_deals = 0

    def alone_vulnerable(self, deal: int, vulnerable: bool) -> bool:
        """The declarer's vulnerability on deal `deal` scored alone (RuleError where
        `vulnerable` contradicts the form's schedule)."""
        return vulnerable

    def alone_bonus(self, trick_points: int, vulnerable: bool, deal: int) -> int:
        """What a deal scored alone earns above the line besides the contract's score."""
        return 0

    def new_sheet(self, options: dict):
        """The empty score sheet: a rubber's, with the options (a form with a sheet of
        its own, as Chicago's, gives it here)."""
        return RubberSheet(
            single_game=options.get("single_game", False), honours=options.get("honours", True)
        )

    def deal_outcome(self, contract, declarer, tricks, honours, dealer, deal: Deal | None = None):
        """What a deal gives the sheet (declarer and dealer as sides, honours per side);
        `deal` for a form whose sheet needs more of it (aBRIDGEd's declaration)."""
        return DealOutcome(contract, declarer, tricks, honours, dealer)

    def honours_seen(self, deal: Deal) -> bool:
        """True when every held card was played, so honours are read from the cards."""
        return deal.play is not None and deal.play.finished and deal.claimed is None

    def exposed_hands(self, deal: Deal) -> frozenset[int]:
        """Hands whose unplayed cards may be shown on the shared screen: those with
        cards shown face up (CardShown) and not yet played."""
        return frozenset(hand for hand, cards in deal.shown.items() if cards)

    def vulnerable(self, deal: Deal) -> tuple[bool, ...]:
        """Whether each side was vulnerable on `deal`, as it was dealt (a thrown-in
        Chicago deal: as the deal dealt again in its place)."""
        sheet, dealer = deal.sheet_before, self.side(deal.dealer)
        if sheet.finished:
            return (False,) * self.side_count
        return tuple(sheet.vulnerable(side, dealer) for side in range(self.side_count))
