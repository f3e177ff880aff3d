"""A game made of events: one rubber (or Chicago) of one form, from the first
input to the last line of the score sheet.

`Game.apply` checks an input against the rules, fills in its seat, records
it and changes the state; a refused input raises RuleError and changes
nothing. The state is the fold of the recorded inputs: replaying the same
events always gives the same state, and undo is "replay without the last
input", started from a checkpoint kept at the start of each deal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from .auction import Auction
from .calls import Strain
from .cards import Card
from .deal import Claim, Deal
from .errors import PlayError, RuleError, SetupError
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
    Setup,
    Undone,
)
from .form import GameForm
from .honours import refusal as honours_refusal
from .message import Message, msg
from .play import Play, revoke_moves
from .registry import find_form
from .scoring import honours_in_hand


class Game:
    """One rubber or Chicago: the setup, the recorded events and the state they give."""

    def __init__(self, setup: Setup):
        self.form: GameForm = find_form(setup.form)
        self.options = self.form.resolve_options(setup.options)
        self.players = _check_players(self.form, setup.players)
        if not 0 <= setup.first_dealer < len(self.players):
            raise SetupError("the first dealer must be one of the players")
        self.setup = Setup(self.form.name, self.players, setup.first_dealer, self.options)
        self.events: list[Event] = []  # every accepted input, undo included
        self.inputs: list[Event] = []  # the inputs in force: events less the undone ones
        self._checkpoints: list[tuple[int, int, Any]] = []  # (len(inputs), len(deals), sheet)
        self._undone: list[Event] = []  # what each undo took back, for retract()
        self.sheet = self.form.new_sheet(self.options)
        self.deals: list[Deal] = []
        self._checkpoints.append((0, 0, self.sheet))
        self._start_deal(setup.first_dealer)

    # -- what the table shows ------------------------------------------------
    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def phase(self) -> str:
        """The deal's phase (draw, auction, play, dummy, deal-end), or finished."""
        if self.sheet.finished and self.deal.phase == "deal-end":
            return "finished"
        return self.deal.phase

    @property
    def turn(self) -> int | None:
        """The seat whose input the game waits for, or None."""
        deal = self.deal
        if deal.phase in self.form.own_phases:
            return self.form.phase_turn(deal)
        if deal.phase == "draw":
            return deal.drawer
        if deal.phase == "auction":
            return deal.auction.turn
        if deal.phase == "face-up":
            return deal.dealer  # the dealer lays the dummy out
        if deal.phase == "choose":
            return deal.declarer
        if deal.phase == "turn-up":  # the dummy's player turns its card up
            return self.form.controller(deal.play.turn_up[0], self._declarer_hand)
        if deal.phase in ("play", "dummy"):
            if deal.claim is not None:
                return self._answerer(deal.claim.seat)
            return self.form.controller(deal.play.to_play, self._declarer_hand)
        return None

    @property
    def hand(self) -> int | None:
        """The hand whose input the game waits for: the hand to play next (also while
        a dummy is laid out, as status's `hand` says), the dummy whose covered card
        is turned up, the seat to call or draw, a claim's answerer; None when nobody
        is to act."""
        deal = self.deal
        if deal.phase in ("play", "dummy") and deal.claim is None:
            return deal.play.to_play
        if deal.phase == "turn-up":
            return deal.play.turn_up[0]
        return self.turn

    @property
    def hand_seat(self) -> str | None:
        """The compass seat (N, E, S, W) of `hand`."""
        hand = self.hand
        return None if hand is None else self.form.seat_names()[hand]

    def exposed(self, hand: int) -> tuple[Card, ...]:
        """The cards shown face up in `hand` in this deal and not yet played."""
        return self.deal.shown.get(hand, ())

    def vulnerable(self, deal: Deal | None = None) -> tuple[int, ...]:
        """The sides vulnerable on `deal` (by default the current one), as it was dealt."""
        flags = self.form.vulnerable(deal or self.deal)
        return tuple(side for side, flag in enumerate(flags) if flag)

    def name(self, seat: int | None) -> str | None:
        return None if seat is None else self.players[seat]

    def side_name(self, side: int) -> str:
        seats = [s for s in range(len(self.players)) if self.form.side(s) == side]
        return " & ".join(self.players[s] for s in seats)

    @property
    def claimers(self) -> tuple[int, ...]:
        """The seats that may claim in this deal's play (the dummy takes no part)."""
        deal = self.deal
        if deal.play is None:
            return ()
        seats = range(len(self.players))
        return tuple(
            s
            for s in seats
            if self._not_dummy(s) == s and not self.form.claim_refusal(s, deal.declarer)
        )

    @property
    def can_undo(self) -> bool:
        return bool(self.inputs)

    @property
    def last_undone(self) -> Event | None:
        """The input the last undo took back (for saying what it was)."""
        return self._undone[-1] if self._undone else None

    def snapshot(self) -> tuple:
        """Everything the state holds, as plain values: equal snapshots, equal states."""
        return (
            self.phase,
            self.turn,
            tuple(d.snapshot() for d in self.deals),
            self.sheet.lines,
            self.sheet.deals,
            self.sheet.finished,
            self.sheet.totals(),
        )

    # -- inputs -----------------------------------------------------------------
    def apply(self, event: Event) -> Event:
        """Accept one input: returns the event as recorded (seat filled in)."""
        if isinstance(event, Undone):
            self.undo()
            return event
        done = self._accept(event)
        self.events.append(done)
        self.inputs.append(done)
        return done

    def undo(self) -> Event:
        """Take back the last input in force; returns it."""
        if not self.inputs:
            raise RuleError(msg("there is nothing to undo"))
        last = self._rewind()
        self._undone.append(last)
        self.events.append(Undone())
        return last

    def retract(self) -> None:
        """Forget the last event `apply` recorded, as if it never came (it could not
        be stored). Only the event just applied can be retracted."""
        last = self.events.pop()
        if isinstance(last, Undone):
            self.inputs.append(self._accept(self._undone.pop()))
        else:
            self._rewind()

    def _rewind(self) -> Event:
        """Drop the last input in force and rebuild from the deal's checkpoint."""
        last = self.inputs.pop()
        while self._checkpoints[-1][0] > len(self.inputs):
            self._checkpoints.pop()
        start, deals, sheet = self._checkpoints[-1]
        del self.deals[deals:]
        self.sheet = sheet
        self._start_deal(self._next_dealer_after(deals))
        for event in self.inputs[start:]:
            self._accept(event)
        return last

    def replay(self, events) -> None:
        """Apply recorded events in order (undo markers included)."""
        for event in events:
            self.apply(event)

    # -- the fold ---------------------------------------------------------------
    def _accept(self, event: Event) -> Event:
        handler = _HANDLERS.get(type(event))
        if not isinstance(event, Event):  # a form's own input has no handler here
            raise RuleError(f"{type(event).__name__} is not an input")
        phase = self.phase
        if not self.form.accepts(phase, event):
            if phase == "finished":
                raise RuleError(self._over)
            raise RuleError(self.form.refusal(phase, event))
        if phase in self.form.own_phases:  # a phase whose inputs the form takes itself
            done = self.form.phase_input(self.deal, event, self.players)
            if self.form.phase_over(self.deal):  # before the auction, or after it (the talon)
                after = self.deal.auction is not None or self.form.declares_itself
                (self._start_play if after else self._start_auction)(self.deal)
            return done
        if handler is None:
            raise RuleError(self.form.refusal(phase, event))
        return handler(self, event)

    @property
    def _over(self) -> Message | str:
        return self.form.over_text or msg("the rubber is over")  # or the form's own word

    def _draw_turn(self, event: DrawTurnEnded) -> Event:
        deal = self._need_phase("draw", msg("draw turns are over"))
        seat = self._seat(event.seat, deal.drawer, _turn_to_draw)
        deal.draw_turns += 1
        if deal.draw_turns >= 2 * self.form.draw_turns:
            self._start_auction(deal)
        else:
            deal.drawer = (deal.drawer + 1) % len(self.players)
        return DrawTurnEnded(seat)

    def _draw_end(self, event: DrawPhaseEnded) -> Event:
        deal = self._need_phase("draw", msg("draw turns are over"))
        seat = deal.drawer if event.seat is None else self._check_seat(event.seat)
        self._start_auction(deal)
        return DrawPhaseEnded(seat)

    def _call(self, event: CallMade) -> Event:
        if self.deal.phase == "draw":  # not "over": it has not started
            raise RuleError(msg("the auction starts when the draw phase is over"))
        deal = self._need_phase("auction", msg("the auction is over"))
        seat = deal.auction.add(event.call, event.seat)
        if deal.auction.is_over:
            if deal.auction.thrown_in:
                self._end_deal(deal)
            elif "choose" in self.form.phases(self.options):
                deal.phase = "choose"  # the declarer chooses a dummy first
                deal.contract, deal.declarer = deal.auction.contract, deal.auction.declarer
            elif (after := self._phase_after("auction")) in self.form.own_phases:
                deal.phase = after  # the form's own phase before play (the talon)
                deal.contract, deal.declarer = deal.auction.contract, deal.auction.declarer
                self.form.start_phase(deal, self.players)
            else:
                self._start_play(deal)
        return CallMade(event.call, seat)

    def _card(self, event: CardPlayed) -> Event:
        deal = self._need_phase("play", msg("no card can be played now"))
        if deal.claim is not None:
            raise PlayError(msg("first answer {name}'s claim", name=self.players[deal.claim.seat]))
        if event.card not in self.form.deck:
            raise PlayError(self._not_of_deck(event.card))
        seat = self._seat(event.seat, self.turn, _turn_to_play)
        dead = self.form.dead_card(deal, event.card)
        if dead:
            raise PlayError(dead)
        deal.play.play(event.card)
        if deal.play.finished:
            self._end_play(deal)
        elif deal.play.turn_up:
            deal.phase = "turn-up"  # a face-down card of a dummy is turned up first
        elif deal.dummy is not None and not deal.dummy_done and len(deal.play.played) == 1:
            deal.phase = "dummy"  # the opening lead is down: the dummy is laid out
            self._dummy_down(deal, skip=False)  # a dummy known already is down
        return CardPlayed(event.card, seat)

    def _shown(self, event: CardShown) -> Event:
        if self.deal.phase == "face-up":
            return self._face_up(event)
        if self.deal.phase == "turn-up":
            return self._turned_up(event)
        deal = self._need_phase("dummy", msg("no card can be shown now"))
        hand = deal.dummy if event.hand is None else event.hand
        if not isinstance(hand, int) or not 0 <= hand < deal.play.hands:
            raise PlayError(msg("there is no hand {hand}", hand=hand))
        if hand not in self._dummies_left(deal):
            raise PlayError(
                msg("the dummy's cards are laid out now, not {name}'s", name=deal.play.names[hand])
            )
        if self._laid_out(deal, hand) and hand not in deal.play.known:
            laid = self.form.laid_out()
            raise PlayError(
                msg(
                    "all {count} face-up cards of {name}'s dummy are in",
                    count=laid,
                    name=deal.play.names[hand],
                )
            )
        if event.card not in self.form.deck:
            raise PlayError(self._not_of_deck(event.card))
        deal.play.show(hand, event.card)
        self._dummy_down(deal, skip=False)  # a dummy whose cards are all known is down
        return CardShown(event.card, hand)

    def _face_up(self, event: CardShown) -> Event:
        """A card of the dummy laid face up before the auction; 13 start the auction."""
        deal = self.deal
        if event.hand is not None:
            raise PlayError(msg("the face-up dummy's hand is known once the declarer chooses it"))
        if event.card not in self.form.deck:
            raise PlayError(self._not_of_deck(event.card))
        if event.card in deal.face_up:
            raise PlayError(msg("{card} is already shown", card=event.card))
        deal.face_up.append(event.card)
        if len(deal.face_up) == self.form.tricks:
            self._start_auction(deal)
        return CardShown(event.card)

    def _chosen(self, event: DummyChosen) -> Event:
        deal = self._need_phase("choose", msg("a dummy is chosen when the auction is over"))
        seat = self._seat(event.seat, deal.declarer, _turn_to_choose)
        deal.chose_face_up = bool(event.face_up)
        deal.face_up_hand = self.form.face_up_hand(self._declarer_hand, deal.chose_face_up)
        self._start_play(deal)
        return DummyChosen(bool(event.face_up), seat)

    def _turned_up(self, event: CardShown) -> Event:
        """The face-down card under a card played from a dummy, turned up at the end of
        the trick; play goes on once every such card is up."""
        deal = self.deal
        hand = deal.play.turn_up[0]
        if event.hand is not None and event.hand != hand:
            raise PlayError(
                msg("a card of {name}'s dummy is turned up now", name=deal.play.names[hand])
            )
        if event.card not in self.form.deck:
            raise PlayError(self._not_of_deck(event.card))
        deal.play.turned_up(event.card)
        self._turn_up_done(deal, event.card)
        return CardShown(event.card, hand)

    def _turn_up_done(self, deal: Deal, card: Card | None) -> None:
        deal.turned_up.append(card)
        if not deal.play.turn_up:
            deal.phase = "play"

    def _dummy_done(self, event: DummyDone) -> Event:
        if self.deal.phase == "face-up":  # the rest of the face-up dummy is not scanned
            self._start_auction(self.deal)
            return DummyDone()
        if self.deal.phase == "turn-up":  # the card turned up is not scanned
            self.deal.play.turned_up(None)
            self._turn_up_done(self.deal, None)
            return DummyDone()
        self._dummy_down(
            self._need_phase("dummy", msg("the dummy is not being laid out")), skip=True
        )
        return DummyDone()

    @staticmethod
    def _dummies_left(deal: Deal) -> tuple[int, ...]:
        """The dummies still being laid out, the one scanned cards go to first."""
        dummies = deal.dummies or (deal.dummy,)
        return dummies[dummies.index(deal.dummy) :]

    def _dummy_down(self, deal: Deal, skip: bool) -> None:
        """Move on past the dummy laid out now (`skip`: OK) and every dummy whose cards
        are all known; play goes on once no dummy is left to lay out."""
        left = list(self._dummies_left(deal))
        if skip:
            left.pop(0)
        while left and self._laid_out(deal, left[0]):
            left.pop(0)
        if left:
            deal.dummy = left[0]
            return
        deal.dummy = deal.dummies[0] if deal.dummies else deal.dummy  # however laid out
        deal.dummy_done = True
        deal.phase = "play"
        piles, laid = self.form.piles(), self.form.laid_out()
        for hand in deal.dummies if piles else ():  # each dummy lies in piles
            deal.play.lay_piles(hand, piles, laid)

    def _laid_out(self, deal: Deal, hand: int) -> bool:
        """Whether every card of a dummy that is laid face up is known."""
        play = deal.play
        laid = len(set(play.seen.get(hand, ())) | set(play.by_hand[hand]))
        return hand in play.known or laid >= self.form.laid_out()

    def _claim(self, event: ClaimMade) -> Event:
        deal = self._need_phase("play", msg("a claim is made during play"))
        if deal.claim is not None:
            raise PlayError(msg("first answer {name}'s claim", name=self.players[deal.claim.seat]))
        seat = deal.declarer if event.seat is None else self._not_dummy(event.seat)
        refused = self.form.claim_refusal(seat, deal.declarer)
        if refused:
            raise PlayError(refused)
        remaining = self.form.tricks - len(deal.play.tricks)
        if not isinstance(event.tricks, int) or not 0 <= event.tricks <= remaining:
            raise PlayError(
                msg("a claim is for 0 to {max} tricks, not {n}", max=remaining, n=event.tricks)
            )
        deal.claim = Claim(seat, event.tricks)
        return ClaimMade(event.tricks, seat)

    def _claim_answer(self, event: ClaimAnswered) -> Event:
        deal = self._need_phase("play", msg("there is no claim to answer"))
        claim = deal.claim
        if claim is None:
            raise PlayError(msg("there is no claim to answer"))
        seat = self._answerer(claim.seat) if event.seat is None else self._not_dummy(event.seat)
        if self.form.side(seat) == self.form.side(claim.seat):
            raise PlayError(msg("a claim is answered by the other side"))
        needed = self._answerers(claim.seat)
        if seat in deal.claim_accepted:
            raise PlayError(msg("{name} has accepted the claim already", name=self.players[seat]))
        if event.accepted and len(needed) > 1 and {*deal.claim_accepted, seat} < set(needed):
            deal.claim_accepted += (seat,)  # the other opponent answers too
            return ClaimAnswered(True, seat)
        deal.claim, deal.claim_accepted = None, ()
        if event.accepted:
            deal.claimed = claim
            self._end_play(deal)
        else:
            deal.disputed.append(claim)
        return ClaimAnswered(bool(event.accepted), seat)

    def _honours(self, event: HonoursGiven) -> Event:
        deal = self._need_phase("deal-end", msg("honours are given when play has ended"))
        if deal.contract is None:
            raise PlayError(msg("there are no honours in a thrown-in deal"))
        if not self.options.get("honours", True):
            raise PlayError(msg("honours are not scored in this game"))
        if deal.honours_from is not None:
            raise PlayError(_HONOURS_SOURCE[deal.honours_from]())
        if event.points == 0:  # the players say nobody held honours
            seat = None if event.seat is None else self._check_seat(event.seat)
            self._score(deal, self._no_honours, "players")
            return HonoursGiven(0, seat)
        if event.seat is None:
            raise PlayError(msg("say who held the honours"))
        seat = self._check_seat(event.seat)
        allowed = (150,) if deal.contract.strain is Strain.NOTRUMP else (100, 150)
        if event.points not in allowed:
            raise PlayError(
                msg(
                    "honours in {strain} are worth {points}",
                    strain=deal.contract.strain,
                    points=_or(allowed),
                )
            )
        side = self.form.side(seat)
        impossible = honours_refusal(
            deal.play,
            side,
            self.players[seat],
            deal.contract.strain,
            event.points,
            self.form.deck,
            lambda hand, card: self.form.not_held(deal, hand, card),
        )
        if impossible:
            raise PlayError(impossible)
        honours = list(self._no_honours)
        honours[side] = event.points
        self._score(deal, tuple(honours), "players")
        return HonoursGiven(event.points, seat)

    def _next_deal(self, event: NextDeal) -> Event:
        deal = self._need_phase("deal-end", msg("the deal is not over"))
        if self.sheet.finished:
            raise RuleError(self._over)
        self._checkpoints.append((len(self.inputs) + 1, len(self.deals), self.sheet))
        self._start_deal(self.form.next_dealer(deal.dealer, deal.thrown_in))
        return NextDeal()

    # -- phase changes -----------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        phase = self.form.phases(self.options)[0]
        deal = Deal(len(self.deals) + 1, dealer, phase, self.sheet)
        # Made afresh with each deal: undo replays a deal from its start, so the
        # form's state is rebuilt from its inputs like the rest of the deal.
        deal.own = self.form.new_deal_state(deal, self.players)
        self.deals.append(deal)
        if phase in self.form.own_phases:
            self.form.start_phase(deal, self.players)
        elif phase == "draw":
            deal.drawer = self.form.first_drawer(dealer)
        elif phase != "face-up":  # else the face-up dummy is laid out first
            self._start_auction(deal)

    def _next_dealer_after(self, deals: int) -> int:
        """The dealer of the deal that follows the first `deals` deals."""
        if deals == 0:
            return self.setup.first_dealer
        last = self.deals[-1]
        return self.form.next_dealer(last.dealer, last.thrown_in)

    def _start_auction(self, deal: Deal) -> None:
        deal.phase = "auction"
        deal.drawer = None
        deal.auction = Auction(
            self.form.auction_rules(self.options),
            self.form.first_speaker(deal.dealer, self.options),
            self.players,
        )

    def _start_play(self, deal: Deal) -> None:
        deal.phase = "play"
        if deal.auction is not None:  # else the form's own phases declared
            deal.contract = deal.auction.contract
            deal.declarer = deal.auction.declarer
        hand = self.form.declarer_hand(deal.declarer)
        deal.play = Play(
            self.form.play_sides(hand),
            self.form.opening_leader(hand),
            self.form.trump(deal),
            self.form.play_names(self.players, hand),
            tricks=self.form.tricks,
            dummies=self._dummy_hands(hand),
        )
        if deal.face_up and deal.face_up_hand is None:  # no choice: the form says where
            deal.face_up_hand = self.form.face_up_hand(hand, True)
        for card in deal.face_up if deal.face_up_hand is not None else ():
            deal.play.show(deal.face_up_hand, card)
        for held, card in self.form.held_before_play(deal):  # known from an earlier phase
            deal.play.show(held, card)
        deal.dummies = self.form.dummy_hands(hand)
        deal.dummy = deal.dummies[0] if deal.dummies else None
        deal.dummy_done = self.form.laid_out_before_play(deal)  # no dummy phase then

    def _end_play(self, deal: Deal) -> None:
        play = deal.play
        won_by_trick = [play.sides[t.winner] for t in play.tricks]
        if deal.claimed is not None:
            remaining = self.form.tricks - len(play.tricks)
            side = self.form.side(deal.claimed.seat)
            won_by_trick += [side] * deal.claimed.tricks
            other = next(s for s in range(self.form.side_count) if s != side)
            won_by_trick += [other] * (remaining - deal.claimed.tricks)
        side = self.form.side(deal.declarer)
        deal.transfers = tuple(revoke_moves(play, won_by_trick))
        gain = sum(moved if play.sides[r.hand] != side else -moved for r, moved in deal.transfers)
        deal.won = won_by_trick.count(side)
        deal.tricks = max(0, min(self.form.tricks, deal.won + gain))
        self._end_deal(deal)

    def _end_deal(self, deal: Deal) -> None:
        deal.phase = "deal-end"
        honours, source = self._no_honours, None
        # With honours off nothing is counted, so nothing about honours is shown.
        scored = self.options.get("honours", True)
        if scored and deal.contract is not None and self.form.honours_seen(deal):
            honours, source = self._honours_from_cards(deal), "cards"
        self._score(deal, honours, source)

    def _honours_from_cards(self, deal: Deal) -> tuple[int, ...]:
        honours = list(self._no_honours)
        for hand, cards in enumerate(deal.play.by_hand):
            points = honours_in_hand(cards, deal.contract.strain)
            if points:
                honours[deal.play.sides[hand]] += points
        return tuple(honours)

    def _score(self, deal: Deal, honours: tuple[int, ...], source: str | None) -> None:
        deal.honours, deal.honours_from = honours, source
        deal.outcome = self.form.deal_outcome(
            deal.contract,
            None if deal.declarer is None else self.form.side(deal.declarer),
            deal.tricks or 0,
            honours if self.options.get("honours", True) else self._no_honours,
            self.form.side(deal.dealer),
            deal=deal,
        )
        self.sheet = deal.sheet_before.add(deal.outcome)

    # -- helpers ----------------------------------------------------------------
    @property
    def _declarer_hand(self) -> int:
        return self.form.declarer_hand(self.deal.declarer)

    def _dummy_hands(self, declarer_hand: int) -> frozenset[int]:
        """The hands played by a player other than their owner: the dummies."""
        hands = len(self.form.play_sides(declarer_hand))
        return frozenset(h for h in range(hands) if self.form.controller(h, declarer_hand) != h)

    @property
    def _no_honours(self) -> tuple[int, ...]:
        return (0,) * self.form.side_count

    def _phase_after(self, phase: str) -> str | None:
        phases = self.form.phases(self.options)
        return phases[phases.index(phase) + 1] if phase in phases[:-1] else None

    def _answerer(self, claimer: int) -> int:
        """Who answers the claim next: the first of the form's answerers (by default
        the first player of the other side after the claimer) yet to accept it."""
        answerers = self._answerers(claimer)
        return next((s for s in answerers if s not in self.deal.claim_accepted), answerers[0])

    def _answerers(self, claimer: int) -> tuple[int, ...]:
        """The form's answerers of a claim, the dummy's player replaced by the declarer:
        a dummy takes no part in a claim (rules reference, section 3)."""
        seats = (self._not_dummy(s) for s in self.form.claim_answerers(claimer))
        return tuple(dict.fromkeys(seats))

    def _not_dummy(self, seat: int) -> int:
        """`seat` checked; the dummy's player (who plays no hand in this deal) speaks
        for the declarer, so a stored claim or answer naming the dummy still replays."""
        seat = self._check_seat(seat)
        declarer_hand = self._declarer_hand
        hands = range(len(self.form.play_sides(declarer_hand)))
        if all(self.form.controller(h, declarer_hand) != seat for h in hands):
            return self.deal.declarer
        return seat

    def _need_phase(self, phase: str, refusal: Message) -> Deal:
        if self.phase == "finished" and phase != "deal-end":
            raise RuleError(self._over)
        if self.deal.phase != phase:
            raise RuleError(refusal)
        return self.deal

    def _check_seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise RuleError(msg("there is no seat {seat}", seat=seat))
        return seat

    def _seat(self, given: int | None, expected: int, turn: Callable[[str], Message]) -> int:
        if given is not None and self._check_seat(given) != expected:
            raise RuleError(turn(self.players[expected]))
        return expected

    def _not_of_deck(self, card) -> Message:
        return msg("{text} is not a card of the {deck} deck", text=card, deck=self.form.deck.name)


def _turn_to_draw(name: str) -> Message:
    return msg("it is {name}'s turn to draw", name=name)


def _turn_to_play(name: str) -> Message:
    return msg("it is {name}'s turn to play", name=name)


def _turn_to_choose(name: str) -> Message:
    return msg("it is {name}'s turn to choose a dummy", name=name)


_HONOURS_SOURCE = {
    "cards": lambda: msg("honours were already counted from the cards"),
    "players": lambda: msg("honours were already given"),
}

_HANDLERS = {
    DrawTurnEnded: Game._draw_turn,
    DrawPhaseEnded: Game._draw_end,
    CallMade: Game._call,
    CardPlayed: Game._card,
    CardShown: Game._shown,
    DummyDone: Game._dummy_done,
    DummyChosen: Game._chosen,
    ClaimMade: Game._claim,
    ClaimAnswered: Game._claim_answer,
    HonoursGiven: Game._honours,
    NextDeal: Game._next_deal,
}


def _or(values) -> str:
    return " or ".join(str(v) for v in values)


def _check_players(form: GameForm, players) -> tuple[str, ...]:
    """The names as the table keeps them: composed (e + ¨ is ë, so "Zoë" typed either way
    is one name) and trimmed; two names equal but for case are one player's."""
    names = tuple(normal_name(str(p)) for p in players)
    if len(names) != form.players:
        raise SetupError(f"{form.name} is played by {form.players} players, not {len(names)}")
    if any(not n for n in names):
        raise SetupError("every player needs a name")
    if len({n.casefold() for n in names}) != len(names):
        raise SetupError("the players need different names")
    return names


def normal_name(name: str) -> str:
    """A name in Unicode's composed form (NFC), without outer spaces."""
    return unicodedata.normalize("NFC", name).strip()
