"""A game record (docs/game-record.md) as the button presses and card scans that
would play it at the table, for the simulated devices.

The record is played through the engine, and each of its inputs becomes what a
device sends in the phase it came in, as the form routes device inputs
(`form.input_for`): OK for each turn of a draw phase (Draw and Discard), the
calls on the bidding box from the first speaker (the dealer in bridge for
four), the cards on the scanner in play order, and OK for the next deal. In
the `dummy` phase (after the opening lead in bridge for four) the record's
`shown` cards of the dummy are scanned as it is laid out; when they are not
all of its cards (or there is no `shown`), OK ends the layout and the dummy
stays unknown. Before the auction a dummy laid face up (Single and Exposed
Dummy) is scanned the same way; the declarer's choice of a dummy is OK for the
face-up one and P for the face-down one. With several dummies (Double Dummy:
South's, then West's) they are laid out in turn, each scanned while it is the
one being laid out, as a scanned card goes to it: a record may list West's
cards first. Draw Bridge's draw tricks (`draw_cards`) are scanned in play
order, each trick's top stock card (`draw_top`) first when it is shown; a
deal without `draw_cards` skipped them on the screen. Draw / Pick-Up's stock
cards (`pickups`) are scanned as they are turned up, each taken with OK and
rejected with P on the bidding box. aBRIDGEd's declaring goes on
the bidding box by the form's mapping (`form.box_input`: Pass on P, Play on OK, a
colour or a number as a bid), its dummy scanned as it is laid out. In three-player Honeymoon
the declarer's talon is OK on the bidding box after the auction (the record has
no key for it: its cards are never scanned). Claims and honours are
made on the screen, so a record with them cannot be played through the
devices alone.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass

from device.engine.calls import PASS, Bid, Call
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DummyChosen,
    DummyDone,
    Event,
    HonoursGiven,
    PickUp,
    Stated,
)
from device.engine.game import Game
from device.engine.legal import legal_inputs
from device.engine.record import RecordError, play_record

from .devices import REFUSED
from .keyboard import BIDBOX, SCANNER


def fake_uid(card: str) -> bytes:
    """A stable 7-byte tag UID for a card, like the NTAG stickers of a paired deck."""
    return b"\x04" + hashlib.sha1(card.encode()).digest()[:6]


def record_steps(record: dict) -> list[tuple[str, str]]:
    """[(device, what)]: ("bidbox", "OK"), ("bidbox", "1S"), ("scanner", "SA"), ...

    RecordError for a record the engine refuses (with its place), or one with an
    input that no device makes (a claim or honours given on the screen)."""
    played = play_record(record)
    game = Game(played.setup)  # the same inputs again, each from its device in its phase
    steps: list[tuple[str, str]] = []
    inputs = list(played.inputs)
    i = 0
    while i < len(inputs):
        if _dummies_in_turn(game) and isinstance(inputs[i], CardShown | DummyDone):
            end = i
            while end < len(inputs) and isinstance(inputs[end], CardShown | DummyDone):
                end += 1
            events = _in_turn(game, inputs[i:end])
            i = end
        else:
            events = [inputs[i]]
            i += 1
        for event in events:
            steps.append(_step(game, event))
            game.apply(event)
    return steps


def _dummies_in_turn(game: Game) -> bool:
    """Whether several dummies are laid out in turn now: the game takes a card shown in
    a later one (named by its hand) as well as in the one a scan goes to."""
    return any(isinstance(e, CardShown) and e.hand is not None for e in legal_inputs(game))


def _in_turn(game: Game, run: list) -> Iterator[Event]:
    """The dummy phase's inputs as the devices make them: each dummy's cards scanned
    while it is the one laid out (a scanned card goes to it), then OK for it when
    the record pressed OK for it (it is not all shown)."""
    deal = game.deal
    dummies = deal.dummies or (deal.dummy,)
    left = dummies[dummies.index(deal.dummy) :]
    cards: dict[int, list] = {hand: [] for hand in left}
    for event in run:
        if isinstance(event, CardShown):
            hand = left[0] if event.hand is None else event.hand
            cards.setdefault(hand, []).append(event.card)
    oks = sum(isinstance(event, DummyDone) for event in run)
    for hand in left:
        for card in cards[hand]:
            yield CardShown(card)
        if oks and game.phase == "dummy" and game.deal.dummy == hand:
            oks -= 1
            yield DummyDone()


def _step(game: Game, event: Event) -> tuple[str, str]:
    """The device step that makes `event` in the game's phase now."""
    form, phase = game.form, game.phase
    if isinstance(event, CardPlayed | CardShown):
        device, what, value = SCANNER, "card", event.card
    elif isinstance(event, CallMade):
        device, what, value = BIDBOX, "call", event.call
    elif _is_p(event):  # the face-down dummy chosen, a card face up rejected
        device, what, value = BIDBOX, "call", PASS
    elif isinstance(event, Stated):  # aBRIDGEd: a word or number by the form's mapping
        device, (what, value) = BIDBOX, form.box_input(phase, event.what)
    else:
        device, what, value = BIDBOX, "OK", None
    made = form.input_for(phase, what, value)
    if (
        type(made) is not type(event)
        or getattr(made, "face_up", None) != getattr(event, "face_up", None)
        or getattr(made, "what", None) != getattr(event, "what", None)
        or getattr(made, "take", None) != getattr(event, "take", None)
    ):
        place = f"deal {game.deal.number}"
        if isinstance(event, ClaimMade | ClaimAnswered | HonoursGiven):
            raise RecordError(f"{place}: claims and honours are made on the screen")
        if isinstance(event, DrawPhaseEnded) and phase in SKIPPED:
            raise RecordError(f"{place}: {SKIPPED[phase]} on the screen (Menu), not on the devices")
        raise RecordError(f"{place}: {event.kind} is not made on the devices in the {phase}")
    if made not in legal_inputs(game):  # the device's input as the engine takes it now
        place = f"deal {game.deal.number}"
        raise RecordError(f"{place}: {what} on the {device} is not taken in the {phase}")
    return device, what if value is None else str(value)


# A phase stopped early from the menu, as the record says it: why no device makes it.
SKIPPED = {
    "draw-top": "without draw_cards the draw tricks are skipped",
    "draw-tricks": "without draw_cards the draw tricks are skipped",
    "pick-up": "without all its pickups the pick-up is skipped",
}


def _is_p(event: Event) -> bool:
    """An input made with P on the bidding box outside the auction."""
    if isinstance(event, DummyChosen):
        return not event.face_up
    return isinstance(event, PickUp) and not event.take


def press(sims: dict, device: str, what: str, uids: bool = False) -> None:
    """Make one step happen on the simulated device."""
    sim = sims[device]
    if device == SCANNER:
        if uids:
            sim.card(uid=fake_uid(what))
        else:
            sim.card(what)
        return
    call = None if what in ("OK", "UNDO", "MENU") else Call.parse(what)
    if isinstance(call, Bid):
        sim.press(str(call.level))
        sim.press(call.strain.letter)
    else:
        sim.press(what)


HOST_WAIT_S = 120.0  # the table starting (a busy machine: imports, the journal, pygame)
ANSWER_WAIT_S = 30.0  # one input, once the table is there: stored and answered


@dataclass
class Played:
    """What became of a record's steps at the table: each input accepted (stored) or
    refused, told apart by the BEEP after its ACK (PROTOCOL.md); `stopped` says why
    the rest was not played."""

    total: int
    accepted: int = 0
    refused: int = 0
    unanswered: int = 0  # acknowledged, but its BEEP was lost (an unplug in between)
    stopped: str | None = None

    @property
    def done(self) -> int:
        return self.accepted + self.refused + self.unanswered

    def line(self) -> str:
        """One line: `played 214 of 214 inputs: 214 accepted, 0 refused`."""
        text = f"played {self.done} of {self.total} inputs: "
        text += f"{self.accepted} accepted, {self.refused} refused"
        if self.unanswered:
            text += f", {self.unanswered} without an answer (the line was unplugged)"
        return text


def play_steps(
    sims: dict, steps, speed: float, uids: bool = False, say=print, played: Played | None = None
) -> Played:
    """Play the steps one by one, each answered before the next. A record's steps are
    all legal, so the first refusal stops the rest: what was refused is said (the
    table's log says why), and so is an input the table never acknowledged. `played`
    is counted into as it goes (its caller keeps the count when interrupted)."""
    played = played if played is not None else Played(len(steps))
    for number, (device, what) in enumerate(steps, 1):
        if not sims[device].host_heard.wait(HOST_WAIT_S):  # at once once it has spoken
            played.stopped = f"the table did not open the {device} within {HOST_WAIT_S:.0f} s"
            break
        press(sims, device, what, uids)
        answer = sims[device].answer(timeout=ANSWER_WAIT_S)
        if answer is None:
            played.stopped = f"input {number} ({device} {what}) got no acknowledgement"
            break
        setattr(played, answer, getattr(played, answer) + 1)  # its count, by its name
        if answer == REFUSED:
            played.stopped = f"input {number} ({device} {what}) was refused by the table"
            break
        if speed > 0:
            time.sleep(1 / speed)
    if played.stopped:
        say(f"stopping: {played.stopped}")
    return played
