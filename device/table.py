"""The table controller: turns what the devices (and the screen) say into
engine inputs for the seat whose turn it is, and says what came of it.

A card is a card wherever it comes from (a code, or a tag through the deck
profile); a call is a call; OK, UNDO and MENU mean what the phase makes of
them. Anything refused changes nothing and comes back with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .engine.errors import RuleError
from .engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyDone,
    Event,
    HonoursGiven,
    NextDeal,
    TalonDiscarded,
    Undone,
)
from .engine.game import Game
from .engine.message import Message, msg
from .form_text import form_text
from .hal.deck import DeckProfile, Pairing, PairingError
from .hal.events import CALL, CARD, CONNECTED, ERROR, KEY, LOST, Input
from .hal.two_decks import other_deck_card, with_paired
from .hints import CANCEL_PAIRING, PAIR_NEXT, hint
from .store.history import rubber_result
from .store.journal import JournalError


@dataclass(frozen=True)
class Outcome:
    """What the table made of an input: accepted or refused, and why."""

    accepted: bool
    message: str = ""
    event: Event | None = None
    menu: bool = False  # MENU: the screen opens its menu
    # Refused only because the journal could not store it: not acknowledged, so
    # that its device sends it again until it can be stored.
    unstored: bool = False
    hint: str = ""  # refused: what to do instead ("play a heart")
    notice: str = ""  # accepted: what it did that the screen does not show by itself
    attention: str | None = None  # "revoke", "claim" or "deal-end": worth a beep

    @property
    def text(self) -> str:
        """The refusal with its hint, or the notice: one line, in English."""
        if not self.accepted and self.hint:
            return f"{self.message}: {self.hint}"
        return self.notice or self.message


ENDED = ("deal-end", "finished")


class Table:
    """The game at the table; with a journal, every accepted input is stored
    before it counts (and so before its device hears the ACK).

    `storage_error` holds why the journal cannot store now (a JournalError:
    StorageError with its kind, or JournalDamaged), from the failed attempt
    until the next one that succeeds.
    """

    def __init__(self, game: Game, profile: DeckProfile | None = None, journal=None, rubber=None):
        self.game = game
        self.profile = profile
        self.pairing: Pairing | None = None
        self._profile_path: Path | None = None
        self.journal = journal
        self.rubber = rubber
        self.storage_error: JournalError | None = None
        self._finished = game.phase == "finished"
        if journal is not None and rubber is None:
            self._new_rubber()

    def _new_rubber(self) -> bool:
        """Store the rubber's start; when the journal cannot, the first input tries again."""
        try:
            self.rubber = self.journal.new_rubber(self.game.setup)
        except JournalError as error:
            self.storage_error = error
            return False
        self.storage_error = None
        return True

    def start_pairing(self, profile: DeckProfile, save_to: Path | None = None) -> None:
        """Pair a deck; with `save_to`, the profile is saved after every card, so a
        half-paired deck goes on where it stopped. The other paired deck (the aBRIDGEd
        deck beside the table's own) stays read."""
        self.profile = with_paired(self.profile, profile)
        self.pairing = Pairing(profile)
        self._profile_path = save_to

    def handle(self, item: Input) -> Outcome:
        if item.kind == CONNECTED:
            return Outcome(True, msg("{source} connected", source=item.source))
        if item.kind == LOST:
            return Outcome(True, item.value or msg("{source} disconnected", source=item.source))
        if item.kind == ERROR:
            return Outcome(False, item.value)
        try:
            if item.kind == CARD and self.pairing is not None:
                return self._pair(item)
            event = self._event(item)
        except RuleError as error:
            return self.refused(str(error))
        if event is None:
            return Outcome(True, "menu", menu=True)
        return self.apply(event, item)

    def refused(self, reason: str) -> Outcome:
        """A refusal, with what to do instead."""
        return Outcome(False, reason, hint=hint(self.game, reason))

    def apply(self, event: Event, item: Input | None = None) -> Outcome:
        """An engine input from a device or from the screen (a claim, honours)."""
        before = self._facts()
        try:
            done = self.game.apply(event)
        except RuleError as error:
            return self.refused(str(error))
        if self.journal is not None:
            try:
                self._store(done, item)
            except JournalError as error:
                self.game.retract()  # not stored, so not accepted: nothing changed
                self.storage_error = error
                if getattr(error, "kind", None) == "full":
                    self.journal.checkpoint()  # the resend may fit in the WAL's room
                return Outcome(False, f"the input could not be stored: {error}", unstored=True)
            self.storage_error = None
        return self._explained(done, before)

    def _facts(self) -> tuple[str, int]:
        """What an input may change that deserves a word: the phase, the revokes proved."""
        play = self.game.deal.play
        return self.game.phase, len(play.revokes) if play is not None else 0

    def _explained(self, done: Event, before: tuple[str, int]) -> Outcome:
        """An accepted input, with what it did that needs saying or a beep."""
        phase, revokes = before
        game = self.game
        play = game.deal.play
        if isinstance(done, CardPlayed) and play is not None and len(play.revokes) > revokes:
            revoke = play.revokes[-1]
            notice = msg(
                "Revoke: {name} did not follow suit in trick {n}",
                name=play.names[revoke.hand],
                n=revoke.trick + 1,
            )
            return Outcome(True, "", done, notice=notice, attention="revoke")
        if isinstance(done, Undone):
            return Outcome(True, "", done, notice=undone_text(game))
        if isinstance(done, ClaimMade):
            return Outcome(True, "", done, attention="claim")
        if isinstance(done, ClaimAnswered) and not done.accepted:
            return Outcome(True, "", done, notice=disputed_text(game))
        if phase not in ENDED and game.phase in ENDED:
            return Outcome(True, "", done, attention="deal-end")
        return Outcome(True, "", done)

    def stop_early(self) -> None:
        """The players start another rubber: this one ends where it is, with the
        unfinished-rubber bonuses, and goes into the history as stopped early."""
        if self.journal is not None and not self._finished and self.rubber is not None:
            try:
                self.journal.finish(self.rubber, {**rubber_result(self.game), "stopped": True})
            except JournalError as error:  # it stays unfinished in the journal, not lost
                self.storage_error = error
                return
            self._finished = True

    def _store(self, done: Event, item: Input | None) -> None:
        if self.rubber is None and not self._new_rubber():
            raise self.storage_error
        session, seq = (item.session, item.seq) if item is not None else (None, None)
        finished = self.game.phase == "finished"
        result = ...  # the rubber's end is stored with the input that ends (or reopens) it
        if finished != self._finished:
            result = rubber_result(self.game) if finished else None
        self.journal.append(self.rubber, done, session, seq, result)
        self._finished = finished
        if self.game.phase in ENDED:  # a deal's end: its inputs into the database proper
            self.journal.checkpoint()

    def _event(self, item: Input) -> Event | None:
        """The engine input a device input makes in this phase, as the form routes it
        (a card scanned while the dummy is laid out is shown, not played)."""
        form, phase = self.game.form, self.game.phase
        if item.kind == CARD:
            return form.input_for(phase, "card", self._card(item))
        if item.kind == CALL:
            return form.input_for(phase, "call", form.parse_call(item.value))
        if item.kind == KEY:
            return self._key(item.value.upper())
        raise RuleError(f"{item.kind} is not an input for the table")

    def _card(self, item: Input):
        if item.uid is None:
            return self.game.form.deck.parse(item.value)
        card = self.profile.card_for(item.uid) if self.profile else None
        if card is None:
            raise RuleError(msg("unknown card"))
        return card

    def _key(self, key: str) -> Event | None:
        phase = self.game.phase
        if key == "UNDO":
            return Undone()
        if key == "OK":
            event = self.game.form.input_for(phase, "OK")
            if event is None:
                raise RuleError(msg("OK is not used in the {phase}", phase=phase))
            return event
        if key == "MENU":
            # Opens the menu, in every phase: a stray MENU never ends the draw phase;
            # the menu's "End the draw phase" does, after a confirmation on the screen.
            return None
        raise RuleError(msg("unknown key {key}", key=key))

    def _pair(self, item: Input) -> Outcome:
        if item.uid is None:
            return self.refused(msg("this scanner reads card codes: its deck needs no pairing"))
        try:
            known = other_deck_card(self.profile, self.pairing.profile, item.uid)
            if known is not None:  # a card of the other deck: one tag is one card
                raise PairingError(msg("this tag is already paired with {card}", card=known))
            card = self.pairing.offer(item.uid)
        except RuleError as error:  # a tag already paired: the card asked for is the same
            asked = self.pairing.next_card
            instead = msg(PAIR_NEXT, card=asked) if asked is not None else msg(CANCEL_PAIRING)
            return Outcome(False, str(error), hint=instead)
        if self._profile_path is not None:
            self.pairing.profile.save(self._profile_path)
        done, total = self.pairing.progress
        if self.pairing.next_card is None:
            self.pairing = None
            return Outcome(True, f"paired {card}: the deck is complete ({done} of {total})")
        return Outcome(True, f"paired {card} ({done} of {total})")

    def leds(self) -> int:
        """Turn LEDs: one bit for the seat whose turn it is."""
        turn = self.game.turn
        return 0 if turn is None else 1 << turn


def undone_text(game: Game) -> Message:
    """ "Undone: Ben's SA", "Undone: 1H by Anna": what the last undo took back."""
    event = game.last_undone
    name = game.name(getattr(event, "seat", None))
    own = form_text(game.form).undone(game, event)  # the top card, the stock, a word said
    if own is not None:
        return own
    if isinstance(event, CardPlayed):
        return msg("Undone: {name}'s {card}", name=name, card=event.card)
    if isinstance(event, CardShown):
        return msg("Undone: the dummy's {card}", card=event.card)
    if isinstance(event, DummyDone):
        return msg("Undone: the end of the dummy's layout")
    if isinstance(event, CallMade):
        if str(event.call) == "P":
            return msg("Undone: {name}'s pass", name=name)
        return msg("Undone: {call} by {name}", call=event.call, name=name)
    if isinstance(event, DrawTurnEnded):
        return msg("Undone: the end of {name}'s draw turn", name=name)
    if isinstance(event, DrawPhaseEnded):
        return msg("Undone: the end of the draw phase")
    if isinstance(event, TalonDiscarded):
        return msg("Undone: the talon taken by {name}", name=name)
    if isinstance(event, ClaimMade):
        return msg("Undone: {name}'s claim", name=name)
    if isinstance(event, ClaimAnswered):
        return msg("Undone: {name}'s answer to the claim", name=name)
    if isinstance(event, HonoursGiven):
        return msg("Undone: the honours")
    if isinstance(event, NextDeal):
        return msg("Undone: the next deal; back to the result of deal {n}", n=game.deal.number)
    return msg("Undone")


def disputed_text(game: Game) -> Message:
    """After a disputed claim play goes on: who plays to which trick."""
    play = game.deal.play
    name = game.name(game.turn)
    if play.current:
        return msg(
            "Claim disputed: play goes on; {name} plays to trick {n}",
            name=name,
            n=play.trick_number,
        )
    return msg(
        "Claim disputed: play goes on; {name} leads to trick {n}", name=name, n=play.trick_number
    )
