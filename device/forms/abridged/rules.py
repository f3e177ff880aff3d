"""aBRIDGEd (seed 001; rules-reference section 4): four players in two teams, the
coloured deck (R, Y, B, G, numbered 2..14) and a declaring in place of an auction.

Round one (phase `round-one`), from the dealer clockwise: Pass or Play. Play makes
that player the declarer; the partner lays out the dummy at once (`lay-out`: its
cards scanned, or OK); the declarer names a trump colour or NT (`trump`); from
the declarer's left each player states the hand's strength (`strength`: pips 4,
3, 2, 1 on 14, 13, 12, 11) and then its colour count (`count`: the length of its
longest colour). Round two, when all four passed: from the dealer each states
the strength; the four must add up to 40 (else the fourth is refused at once);
the team with more declares (the dealer's on equal totals), its partner with
more is the declarer (on equal strengths the one who dealt or sat to the
dealer's left); the dummy is laid out; the declarer says Ten or Seven and names
the trump; then the colour counts from the declarer's left. Then 13 tricks, led
from the declarer's left, the declarer playing the dummy's cards.

Every word is a `Stated` input: "Pass", "Play", "Ten", "Seven", a colour or
"NT", or a number. On the bidding box: P is Pass (Seven in round two), OK is
Play (Ten); a bid names its strain's colour (BID_COLOURS) and a number is the
bid's level plus 7 for each strain above clubs (1C = 1 .. 7NT = 35), X is 0
and XX 36.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from device.engine.calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Bid, Call
from device.engine.cards import Card, Suit
from device.engine.errors import PlayError, RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DummyDone,
    Event,
    NextDeal,
    Stated,
)
from device.engine.form import PHASE_INPUTS, REFUSALS, GameForm
from device.engine.message import msg

from .deck import COLOURED
from .sheet import AbridgedOutcome, AbridgedSheet
from .state import Declaring

if TYPE_CHECKING:
    from device.engine.deal import Deal

COLOURS = ("R", "Y", "B", "G", "NT")
DECLARING = ("round-one", "lay-out", "ten-seven", "trump", "strength", "count")
STRENGTHS = (0, 37)  # 4 x 14, 4 x 13, 4 x 12 and an 11 is the most a hand holds
COUNTS = (4, 13)  # 13 cards in four colours: the longest holds 4 to 13
TOTAL = 40  # the four hands' strengths
BID_COLOURS = {"H": "R", "D": "Y", "S": "B", "C": "G", "NT": "NT"}  # the bidding box
_STRAIN_STEP = {"C": 0, "D": 7, "H": 14, "S": 21, "NT": 28}

_WORDS = {  # what each phase takes, in the form's spelling
    "round-one": ("Pass", "Play"),
    "ten-seven": ("Ten", "Seven"),
    "trump": COLOURS,
}
_ASKED = {  # the refusal of another word, one message each
    "round-one": lambda what: msg("say Pass or Play, not {what}", what=what),
    "ten-seven": lambda what: msg("say Ten or Seven, not {what}", what=what),
    "trump": lambda what: msg("say a trump colour (R, Y, B, G) or NT, not {what}", what=what),
}
_NOT_A_NUMBER = {  # the refusal of a number out of range, by phase
    "strength": lambda what: msg("a hand strength is a number from 0 to 37, not {what}", what=what),
    "count": lambda what: msg("a colour count is a number from 4 to 13, not {what}", what=what),
}
_NOT_NOW = msg("the cards are played once the declaring is over")
_COLOUR_NAMES = {"RED": "R", "YELLOW": "Y", "BLUE": "B", "GREEN": "G", "N": "NT"}
_COLOUR_NAMES |= {"NO-TRUMP": "NT", "NO TRUMP": "NT", "NOTRUMP": "NT"}


def bid_number(call: Call) -> int | None:
    """The number a bidding-box call stands for: a bid's level plus 7 for each strain
    above clubs (1C = 1 .. 7NT = 35), X = 0, XX = 36; None for another call."""
    if call == DOUBLE:
        return 0
    if call == REDOUBLE:
        return 36
    if isinstance(call, Bid):
        return call.level + _STRAIN_STEP[call.strain.letter]
    return None


class Abridged(GameForm):
    """aBRIDGEd for four; a game is four hands, each player deals once."""

    name = "abridged"
    aliases = ("abridged-bridge",)
    title = "aBRIDGEd"
    order = 120
    players = 4
    deck = COLOURED
    vulnerability = False  # the seed has none
    deal_word = "hand"  # the seed's word: a game is four hands
    rubber_word = "game"
    options = ()
    scoring = "abridged"  # four hands by the chart (new_sheet)
    over_text = msg("the game of four hands is over")
    own_phases = frozenset(DECLARING)
    declares_itself = True
    phase_inputs = {
        **PHASE_INPUTS,
        **{phase: frozenset({Stated}) for phase in DECLARING},
        "lay-out": frozenset({CardShown, DummyDone}),
        "play": frozenset({CardPlayed, ClaimMade, ClaimAnswered}),
        "deal-end": frozenset({NextDeal}),
        "finished": frozenset({NextDeal}),
    }
    refusals = {
        **REFUSALS,
        **{(CardPlayed, phase): _NOT_NOW for phase in DECLARING},
        **{(ClaimMade, phase): msg("a claim is made during play") for phase in DECLARING},
        **{
            (CardShown, phase): msg("only the dummy's cards are shown, as it is laid out")
            for phase in DECLARING
        },
        (CallMade, "round-one"): msg("Pass is P and Play is OK on the bidding box"),
        (CallMade, "ten-seven"): msg("Ten is OK and Seven is P on the bidding box"),
        (CallMade, "strength"): msg("a number is a bid (1C = 1 .. 7NT = 35) or X (0)"),
        (CallMade, "count"): msg("a number is a bid (1C = 1 .. 7NT = 35) or X (0)"),
        (CallMade, "trump"): msg(
            "a trump is a bid's suit: H red, D yellow, S blue, C green, or NT"
        ),
        (CallMade, None): msg("aBRIDGEd has no auction"),
        (Stated, "lay-out"): msg("the dummy is laid out first"),  # the hint says how
        (Stated, None): msg("the declaring is over"),
        (DummyDone, None): msg("the dummy is laid out during the declaring"),
    }

    def phases(self, options: dict) -> tuple[str, ...]:
        return (*DECLARING, "play", "deal-end")

    def input_for(self, phase: str, what: str, value: Any = None) -> Event | None:
        """The bidding box and OK in the declaring (see the module's docstring)."""
        if phase not in self.own_phases:
            return super().input_for(phase, what, value)
        if what == "card":
            return CardShown(value) if phase == "lay-out" else CardPlayed(value)
        if what == "OK":
            return {
                "round-one": Stated("Play"),
                "ten-seven": Stated("Ten"),
                "lay-out": DummyDone(),
            }.get(phase)
        if what != "call":
            return None
        if value == PASS and phase in ("round-one", "ten-seven"):
            return Stated("Pass" if phase == "round-one" else "Seven")
        if phase == "trump" and isinstance(value, Bid):
            return Stated(BID_COLOURS[value.strain.letter])
        number = bid_number(value) if phase in ("strength", "count") else None
        return CallMade(value) if number is None else Stated(number)

    def box_input(self, phase: str, what: Any) -> tuple[str, Call | None]:
        """How the bidding box says `what` in `phase` (the reverse of `input_for`):
        ("OK", None) or ("call", the call); a number over 36 has no call."""
        if what in ("Play", "Ten"):
            return "OK", None
        if what in ("Pass", "Seven"):
            return "call", PASS
        if phase == "trump":
            strain = next((s for s, c in BID_COLOURS.items() if c == what), "NT")
            return "call", Call.parse(f"1{strain}")
        calls = {bid_number(c): c for c in ALL_CALLS if bid_number(c) is not None}
        return "call", calls.get(what)

    # -- the declaring -----------------------------------------------------------
    def new_deal_state(self, deal: Deal, players: tuple[str, ...]) -> Declaring:
        """Each hand's declaring, from the dealer (`deal.own`)."""
        return Declaring(speaker=deal.dealer)

    def phase_turn(self, deal: Deal) -> int | None:
        """The player to speak; while the dummy is laid out, the dummy's player."""
        if deal.phase == "lay-out":
            return (deal.declarer + 2) % 4
        return deal.own.speaker

    def phase_input(self, deal: Deal, event: Event, players: tuple[str, ...]) -> Event:
        if isinstance(event, CardShown):
            return self._dummy_card(deal, event)
        if isinstance(event, DummyDone):
            self._laid_out(deal)
            return DummyDone()
        seat = deal.own.speaker
        if event.seat is not None and event.seat != seat:
            raise PlayError(msg("it is {name}'s turn to speak", name=players[seat]))
        if deal.phase in ("strength", "count"):
            what = self._number(deal, event.what)
        else:
            what = self._word(deal.phase, event.what)
        _STEPS[deal.phase](self, deal, what)
        return Stated(what, seat)

    def phase_legal(self, deal: Deal, players: tuple[str, ...]):
        """The dummy's cards not laid out yet and OK; the words of the phase in its
        spelling; every number the rules allow (the fourth strength of round two: the
        one that makes 40)."""
        if deal.phase == "lay-out":
            yield from (CardShown(c) for c in self.deck.cards if c not in deal.own.dummy_cards)
            yield DummyDone()
        elif deal.phase in _WORDS:
            yield from (Stated(word) for word in _WORDS[deal.phase])
        else:
            low, high = STRENGTHS if deal.phase == "strength" else COUNTS
            if deal.phase == "strength" and deal.own.round == 2 and len(deal.own.strengths) == 3:
                low = high = TOTAL - sum(deal.own.strengths)  # out of range: none
            yield from (Stated(number) for number in range(max(low, STRENGTHS[0]), high + 1))

    def phase_over(self, deal: Deal) -> bool:
        """Play starts once the four colour counts are stated."""
        return len(deal.own.counts) == 4

    @staticmethod
    def _word(phase: str, what: Any) -> str:
        words = _WORDS[phase]
        if phase == "trump" and isinstance(what, str):  # "red", "N": the letters
            what = _COLOUR_NAMES.get(what.strip().upper(), what)
        found = next(
            (w for w in words if isinstance(what, str) and w.upper() == what.upper()), None
        )
        if found is None:
            raise RuleError(_ASKED[phase](what))
        return found

    @staticmethod
    def _number(deal: Deal, what: Any) -> int:
        low, high = STRENGTHS if deal.phase == "strength" else COUNTS
        # ASCII digits only, and few: str.isdigit() takes "²", and int() of 5,000
        # digits is refused by Python itself.
        text = what.strip() if isinstance(what, str) else ""
        if text.isascii() and text.isdigit() and len(text) <= 3:
            what = int(text)
        if not isinstance(what, int) or isinstance(what, bool) or not low <= what <= high:
            shown = f"{what[:12]}…" if isinstance(what, str) and len(what) > 12 else what
            raise RuleError(_NOT_A_NUMBER[deal.phase](shown))
        if deal.phase == "strength" and deal.own.round == 2 and len(deal.own.strengths) == 3:
            total = sum(deal.own.strengths) + what
            if total != TOTAL:
                raise RuleError(
                    msg(
                        "the four strengths add up to {total}, not 40: "
                        "someone counted wrong (undo to say one again)",
                        total=total,
                    )
                )
        return what

    def _pass_or_play(self, deal: Deal, word: str) -> None:
        deal.own.words.append(word)
        if word == "Play":
            deal.declarer, deal.own.declaration = deal.own.speaker, "Play"
            deal.phase = "lay-out"
        elif len(deal.own.words) == 4:  # all passed: round two, strengths from the dealer
            deal.own.round, deal.phase, deal.own.speaker = 2, "strength", deal.dealer
        else:
            deal.own.speaker = (deal.own.speaker + 1) % 4

    def _ten_or_seven(self, deal: Deal, word: str) -> None:
        deal.own.words.append(word)
        deal.own.declaration = word
        deal.phase = "trump"

    def _trump(self, deal: Deal, colour: str) -> None:
        deal.own.trump_colour = colour
        deal.phase = "strength" if deal.own.round == 1 else "count"
        deal.own.speaker = (deal.declarer + 1) % 4

    def _strength(self, deal: Deal, number: int) -> None:
        deal.own.strengths.append(number)
        deal.own.speaker = (deal.own.speaker + 1) % 4
        if deal.own.round == 2:
            deal.own.words.append(number)
        if len(deal.own.strengths) < 4:
            return
        if deal.own.round == 1:
            deal.phase = "count"
        else:
            deal.declarer = self.round_two_declarer(deal.dealer, deal.own.strengths)
            deal.phase = "lay-out"
        deal.own.speaker = (deal.declarer + 1) % 4

    def _count(self, deal: Deal, number: int) -> None:
        deal.own.counts.append(number)
        deal.own.speaker = (deal.own.speaker + 1) % 4

    @staticmethod
    def round_two_declarer(dealer: int, strengths: list[int]) -> int:
        """The declarer from the four strengths stated from the dealer: the team with
        more (the dealer's on equal totals), its partner with more (on equal, the
        one who dealt or sat to the dealer's left)."""
        by_seat = {(dealer + i) % 4: s for i, s in enumerate(strengths)}
        teams = [by_seat[t] + by_seat[t + 2] for t in (0, 1)]
        team = dealer % 2 if teams[0] == teams[1] else (0 if teams[0] > teams[1] else 1)
        first, second = team, team + 2
        if by_seat[first] != by_seat[second]:
            return first if by_seat[first] > by_seat[second] else second
        return first if first in (dealer, (dealer + 1) % 4) else second

    def _dummy_card(self, deal: Deal, event: CardShown) -> Event:
        dummy = (deal.declarer + 2) % 4
        if event.hand is not None and event.hand != dummy:
            raise PlayError(msg("only the dummy's cards are shown, as it is laid out"))
        card = event.card
        self.check_card(card)
        if card in deal.own.dummy_cards:
            raise PlayError(msg("{card} is already in the dummy", card=card))
        deal.own.dummy_cards.append(card)
        if len(deal.own.dummy_cards) == self.tricks:
            self._laid_out(deal)
        return CardShown(card, dummy)

    def _laid_out(self, deal: Deal) -> None:
        """The dummy is down: round one names the trump, round two says Ten or Seven."""
        deal.phase = "trump" if deal.own.round == 1 else "ten-seven"
        deal.own.speaker = deal.declarer

    # -- the play and the sheet ----------------------------------------------------
    def dummy_hand(self, declarer_hand: int) -> int | None:
        return (declarer_hand + 2) % 4

    def controller(self, hand: int, declarer_hand: int) -> int:
        """The declarer plays the dummy's cards."""
        return declarer_hand if hand == self.dummy_hand(declarer_hand) else hand

    def laid_out_before_play(self, deal: Deal) -> bool:
        return True

    def held_before_play(self, deal: Deal) -> tuple[tuple[int, Card], ...]:
        """The dummy's cards scanned in the declaring."""
        dummy = (deal.declarer + 2) % 4
        return tuple((dummy, card) for card in deal.own.dummy_cards)

    def trump(self, deal: Deal) -> Suit | None:
        colour = deal.own.trump_colour
        return None if colour == "NT" else self.deck.suit(colour)

    def honours_seen(self, deal: Deal) -> bool:
        return False  # aBRIDGEd has no honours

    def new_sheet(self, options: dict) -> AbridgedSheet:
        return AbridgedSheet()

    def deal_outcome(self, contract, declarer, tricks, honours, dealer, deal=None):
        return AbridgedOutcome(deal.own.declaration, declarer, tricks, dealer)

    def vulnerable(self, deal: Deal) -> tuple[bool, ...]:
        return (False, False)

    def contract_text(self, deal: Deal) -> str:
        """ "Play R", "Ten NT", "Seven G" once declared and the trump named."""
        if deal.own.declaration is None or deal.own.trump_colour is None:
            return "pass"
        return f"{deal.own.declaration} {deal.own.trump_colour}"

    # -- the check of what was stated ------------------------------------------------
    def stated_by(self, deal: Deal) -> dict[str, list[tuple[int, int]]]:
        """(seat, number) of every strength and colour count, in the order stated."""
        first = deal.dealer if deal.own.round == 2 else (deal.declarer or 0) + 1
        after = (deal.declarer or 0) + 1
        return {
            "strength": [((first + i) % 4, n) for i, n in enumerate(deal.own.strengths)],
            "count": [((after + i) % 4, n) for i, n in enumerate(deal.own.counts)],
        }

    def wrong_statements(self, deal: Deal) -> list[tuple[int, str, int, int]] | None:
        """(seat, "strength" or "count", stated, held) of every statement the cards
        prove wrong, once all 52 cards were seen (played); None before that."""
        play = deal.play
        if play is None or not play.finished or deal.claimed is not None:
            return None
        wrong = []
        for what, stated in self.stated_by(deal).items():
            for seat, number in stated:
                held = _held(what, play.by_hand[seat])
                if held != number:
                    wrong.append((seat, what, number, held))
        return wrong

    # -- the record ----------------------------------------------------------------
    def phase_record(self, deal: Deal) -> dict:
        """`declaring`, `trump`, `strengths`, `counts` and `shown` (the dummy's cards as
        scanned in the declaring; the record's own `shown` leaves out such cards)."""
        entry: dict[str, Any] = {"declaring": list(deal.own.words)}
        if deal.own.trump_colour is not None:
            entry["trump"] = deal.own.trump_colour
        entry["strengths"] = list(deal.own.strengths)
        entry["counts"] = list(deal.own.counts)
        if deal.own.dummy_cards:
            seat = self.seat_names()[(deal.declarer + 2) % 4]
            entry["shown"] = {seat: [str(c) for c in deal.own.dummy_cards]}
        return entry

    def replay_phases(self, game, entry: dict, place: str, last: bool, at) -> None:
        from .record import replay_declaring

        replay_declaring(self, game, entry, place, last, at)

    def replay_report(self, game) -> dict:
        from .record import report

        return report(self, game)


def _held(what: str, cards) -> int:
    if what == "strength":
        return sum(COLOURED.pips(c) for c in cards)
    return max(sum(c.suit is colour for c in cards) for colour in COLOURED.suits)


_STEPS = {
    "round-one": Abridged._pass_or_play,
    "ten-seven": Abridged._ten_or_seven,
    "trump": Abridged._trump,
    "strength": Abridged._strength,
    "count": Abridged._count,
}
