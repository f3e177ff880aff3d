"""The table in a terminal: what `honeymoon run --text` shows and takes.

It prints what happens at the table and takes typed input: cards (`SA`),
calls (`1S`, `p`, `x`), keys (`ok`, `undo`, `menu`) and the screen's own
actions (`claim 3`, `accept`, `dispute`, `honours Anna 100`, `honours none`,
`end draw` then `yes`, `sheet`, `review`, `help`, `quit`). It says what the screen says:
a refusal with what to do instead, a revoke when it is proved, what follows a
disputed claim, what an undo took back. With simulated devices, typed cards
and calls go through them, over the real serial path. As on the screen, the
draw phase ends early only when `end draw` is confirmed: `menu` never ends it.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
import traceback

from .engine.events import (
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
    PickUp,
    Stated,
    TalonDiscarded,
    Undone,
)
from .engine.game import Game, normal_name
from .hal.events import Input
from .loop import TableLoop
from .sheet_text import deal_line, render_sheet
from .sim.keyboard import input_kind, parse_tokens
from .sim.script import press

HELP = """Type cards (SA, H10), calls (1S, 3NT, p, x, xx) and keys (ok, undo, menu).
Also: claim N [NAME] · accept · dispute · honours NAME 100|150|none · end draw · sheet · review
· quit"""
NOTED = "what was stored is kept; type the next input (the log has the details)"
HOLD = 5.0  # s: typed lines wait at most this long for a simulated device's input
END_DRAW_QUESTION = "end the draw phase now? type yes to end it (anything else goes on)"
# The forms whose draw phase the screen calls by its own name (its menu's Skip ...).
STOPPED = {"draw-bridge": ("the draw tricks", "are"), "draw-pick-up": ("the pick-up", "is")}


def help_text(game: Game) -> str:
    """The help; with honours off the honours command is not mentioned, nor `end draw`
    in a form with no draw phase (plain, bridge, three players)."""
    if game.form.declares_itself:  # aBRIDGEd: its own deck and words
        from .abridged_text import HELP as ABRIDGED_HELP

        return ABRIDGED_HELP
    text = HELP
    if not game.options.get("honours", True):
        text = text.replace(" · honours NAME 100|150|none", "")
    form = game.form
    if not any(form.accepts(p, DrawPhaseEnded()) for p in form.phases(game.options)):
        text = text.replace(" · end draw", "")  # no draw phase to end in this form
    return text


def describe(game: Game, event: Event) -> str:
    """One line for an accepted event, in the state after it."""
    deal = game.deal
    name = game.name(getattr(event, "seat", None))
    if isinstance(event, DrawTurnEnded):
        return f"{name} ends a draw turn ({deal.draw_turns} of {2 * game.form.draw_turns})"
    if isinstance(event, DrawPhaseEnded):
        stopped = STOPPED.get(game.form.name)
        if stopped is None:
            return "the draw phase is over: the auction starts"
        return f"{stopped[0]} {stopped[1]} no longer followed: the auction starts"
    if isinstance(event, PickUp):  # the card is face up still, or decided last
        card = deal.turned or deal.pickups[-1][0]
        if event.take:
            return f"{name} takes {card}"
        return f"{name} rejects {card}" + ("" if deal.turned else " too: it is out of play")
    if isinstance(event, CardShown) and game.phase == "pick-up":
        return f"{event.card} turned up"
    if isinstance(event, CardShown) and game.phase == "draw-tricks":  # Draw Bridge's top card
        return f"{event.card} turned up: the winner of draw trick {len(deal.draw_top)} draws it"
    if isinstance(event, CallMade):
        return f"{name}: {event.call}"
    if isinstance(event, CardPlayed):
        text = f"{name} plays {event.card}"
        if deal.play is None and getattr(deal, "draw", None) is not None:
            return text + draw_trick_won(game)
        play = deal.play
        hand = play.played.get(event.card, (None,))[0] if play is not None else None
        if hand is not None and play.names[hand] != name:  # the declarer plays the dummy
            text += f" from {play.names[hand]}'s dummy"
        if play is not None and not play.current and play.tricks:
            winner = play.tricks[-1].winner
            text += f"; trick {len(play.tricks)} to {play.names[winner]}"
        return text
    if isinstance(event, ClaimMade):
        return f"{name} claims {event.tricks} of the remaining tricks"
    if isinstance(event, ClaimAnswered):
        return f"{name} {'accepts' if event.accepted else 'disputes'} the claim"
    if isinstance(event, HonoursGiven):
        return f"{name} held honours: {event.points}" if event.points else "no honours"
    if isinstance(event, NextDeal):
        return f"{game.form.deal_word} {deal.number}: {game.players[deal.dealer]} deals"
    if isinstance(event, TalonDiscarded):
        return f"{name} has taken the talon and laid four cards face down"
    if isinstance(event, Undone):
        return "undone"
    if isinstance(event, Stated):  # aBRIDGEd's declaring: "Ben says strength 10"
        from .abridged_text import said

        return f"{name} says {said(deal, event.what)}"
    if isinstance(event, CardShown):
        return shown_line(game, event)
    if isinstance(event, DummyChosen):
        which = "face-up" if event.face_up else "face-down"
        return f"{name} plays with the {which} dummy"
    if isinstance(event, DummyDone):
        after = ": the auction starts" if game.phase == "auction" else ""  # the face-up dummy
        return "the dummy is down" + after
    return f"{name or 'the table'}: {event.kind}"  # never a repr, whatever comes


def shown_line(game: Game, event: CardShown) -> str:
    """A dummy's card laid face up: before the auction (the face-up dummy, no hand yet),
    after the opening lead (a named hand; two players' dummies are named by the player
    who plays them), or turned up under a card played (Semi-exposed dummies)."""
    deal = game.deal
    if event.hand is None:
        return f"{event.card} face up in the dummy ({len(deal.face_up)} of {game.form.tricks})"
    names = deal.play.names if deal.play is not None else game.form.hand_names(game.players)
    if deal.turned_up and deal.turned_up[-1] == event.card:
        return f"{event.card} turned up in {names[event.hand]}'s dummy"
    return f"{event.card} face up in {names[event.hand]}'s dummy"


def transfer_line(game: Game, deal) -> str | None:
    """What revokes changed, as the deal result says it:
    "Anna took 8 tricks; 1 transferred for Ben's revoke in trick 2: 9"."""
    if not deal.transfers:
        return None
    parts = [f"{game.players[deal.declarer]} took {deal.won} tricks"]
    for revoke, moved in deal.transfers:
        name, trick = deal.play.names[revoke.hand], revoke.trick + 1
        parts.append(f"{moved or 'none'} transferred for {name}'s revoke in trick {trick}")
    return "; ".join(parts) + f": {deal.tricks}"


def status(game: Game) -> str:
    deal = game.deal
    turn = game.name(game.turn)
    if game.phase == "finished":  # the form's word: a rubber, a chicago, a game
        return f"the {game.form.rubber_word} is over"
    if game.phase == "draw":
        turn_no = deal.draw_turns // 2 + 1
        return (
            f"deal {deal.number}, draw turn {turn_no} of 13: {turn} draws "
            "(ok ends the turn; end draw ends the phase)"
        )
    if game.phase in ("draw-top", "draw-tricks"):  # Draw Bridge
        return draw_trick_status(game)
    if game.phase == "pick-up":  # Draw / Pick-Up
        return pickup_status(game)
    if game.phase in game.form.own_phases and game.form.declares_itself:  # aBRIDGEd
        from .abridged_text import declaring_status

        return declaring_status(game)
    if game.phase == "auction":
        calls = " ".join(str(c) for _, c in deal.auction.calls) or "none yet"
        return f"deal {deal.number}, auction ({calls}): {turn} to call"
    if game.phase == "talon":  # three players: the declarer takes the talon
        return (
            f"deal {deal.number}, {deal.contract} by {turn}: {turn} takes the talon and "
            "lays four cards face down (ok when done)"
        )
    if game.phase == "play":
        word, contract = game.form.deal_word, game.form.contract_text(deal)  # aBRIDGEd: hand
        head = f"{word} {deal.number}, {contract} by {game.name(deal.declarer)}"
        if deal.claim is not None:  # play waits for the answer, not for a card
            claim = f"{game.name(deal.claim.seat)} claims {deal.claim.tricks}"
            return f"{head}, {claim}: {turn} to accept or dispute"
        hand = deal.play.to_play
        if hand is not None and deal.play.names[hand] != turn:  # the declarer plays it
            turn += f" to play from {deal.play.names[hand]}'s dummy"
        else:
            turn += " to play"
        return f"{head}, tricks {_tricks_text(game)}: {turn}"
    if game.phase == "dummy":  # the opening lead is down: the dummy is laid out
        return (
            f"deal {deal.number}, {game.form.contract_text(deal)} by {game.name(deal.declarer)}: "
            f"{deal.play.names[deal.dummy]}'s dummy is laid out (scan its cards; ok when down)"
        )
    if game.phase in DUMMY_PHASES:  # the two-player dummies' own phases
        return DUMMY_PHASES[game.phase](game)
    if deal.outcome is None:  # another phase of a form's own, before the deal's end
        return f"deal {deal.number}, {game.phase}: {turn}'s turn"
    return f"{deal_line(game, deal)} (ok: next {game.form.deal_word})"


def _face_up_status(game: Game) -> str:
    deal = game.deal
    laid = f"{len(deal.face_up)} of {game.form.tricks}"
    return (
        f"deal {deal.number}: {game.name(game.turn)} lays the dummy face up "
        f"(scan its cards, {laid} scanned; ok when it is down)"
    )


def _choose_status(game: Game) -> str:
    deal, turn = game.deal, game.name(game.turn)
    return (
        f"deal {deal.number}, {deal.contract} by {game.name(deal.declarer)}: {turn} chooses "
        "a dummy (ok the face-up dummy, p the face-down one)"
    )


def _turn_up_status(game: Game) -> str:
    deal = game.deal
    name = deal.play.names[deal.play.turn_up[0]]
    return (
        f"deal {deal.number}, {deal.contract} by {game.name(deal.declarer)}: turn up the card "
        f"under the one played from {name}'s dummy (scan it, or ok)"
    )


DUMMY_PHASES = {"face-up": _face_up_status, "choose": _choose_status, "turn-up": _turn_up_status}


def _tricks_text(game: Game) -> str:
    """The tricks won, the declarer's first: "3-2" for two sides; with three players
    each alone, "Ben 3, Anna 2, Carla 1" (three bare numbers would not say whose)."""
    deal = game.deal
    won = deal.play.tricks_won()
    side = game.form.side(deal.declarer)
    order = [side, *(s for s in range(len(won)) if s != side)]
    if len(won) == 2:
        return "-".join(str(won[s]) for s in order)
    return ", ".join(f"{game.name(s)} {won[s]}" for s in order)  # a side is a player


def draw_trick_won(game: Game) -> str:
    """Draw Bridge: after a draw trick's second card, who won it and draws (first)."""
    draw, top = game.deal.draw, game.deal.draw_top
    if draw.current or not draw.tricks:
        return ""
    number, winner = len(draw.tricks), game.players[draw.tricks[-1].winner]
    drawn = top[number - 1] if len(top) >= number else "first"
    return f"; draw trick {number} to {winner}: {winner} draws {drawn}"


def draw_trick_status(game: Game) -> str:
    """Draw Bridge's draw tricks: which one, its cards, and what is scanned next."""
    deal, turn = game.deal, game.name(game.turn)
    draw = deal.draw
    number = min(len(draw.tricks) + 1, draw.total)
    cards = " ".join(str(c) for c in draw.current) or "none yet"
    head = f"deal {deal.number}, draw trick {number} of {draw.total} ({cards})"
    if game.phase == "draw-top":
        return f"{head}: scan the top card of the stock"
    return f"{head}: {turn} to play"


def pickup_status(game: Game) -> str:
    """Draw / Pick-Up: which stock card, and whose turn to turn it up or decide."""
    deal, turn = game.deal, game.name(game.turn)
    head = f"deal {deal.number}, stock card {len(deal.pickups) + 1} of {game.form.stock}"
    if deal.turned is None:
        return f"{head}: {turn} turns up the top card (scan it)"
    return f"{head}: {deal.turned} face up; {turn}: ok takes it, P rejects it"


class Console:
    """Reads typed lines on a thread; the loop thread applies them."""

    def __init__(self, loop: TableLoop, sims=None, out=None, uids=False):
        self.loop = loop
        self.sims = sims or {}
        self.out = out or sys.stdout
        self.uids = uids  # simulated scanner sends tag UIDs, as an unpaired deck would
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.running = True
        self.confirming = False  # `end draw` asked: the next line says yes or no
        self.reviewer = None  # the double-dummy review's worker, started by `review`
        self.reviewing = None  # the facts of the deal whose review is awaited
        self.held = None  # since when typed lines wait for a simulated device's input
        self.failures = 0  # faults of the console's own, said as they came

    @property
    def game(self) -> Game:
        return self.loop.table.game

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def read_stdin(self, stream=None) -> None:
        def reader():
            for line in stream or sys.stdin:
                self.lines.put(line)
            self.lines.put(None)

        threading.Thread(target=reader, name="console-input", daemon=True).start()

    def run(self) -> int:
        """Until `quit` or the end of the input; the exit status: 1 when something went
        wrong in the console itself (said, and logged with its traceback), else 0."""
        self.say(help_text(self.game))
        self.say(self.prompt())
        try:
            while self.running:
                self.tick(0.05)
        finally:
            if self.reviewer is not None:
                self.reviewer.close()
        return 1 if self.failures else 0

    def tick(self, timeout: float) -> None:
        shown = False
        for _, outcome in self.loop.step(timeout):
            self._guarded(lambda o=outcome: self.say(self._outcome_text(o)))
            shown = True
        if self.reviewing is not None and self.reviewer.poll():
            shown = self._guarded(self._review_said) or shown
        # a typed card or call not applied yet: the next line (sheet, claim, quit, the
        # end of a here-doc) comes after it is, not before
        while not self._busy():
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self.running = False
                return
            shown = self._guarded(lambda typed=line: self.command(typed.strip())) or shown
        if shown:
            self._guarded(lambda: self.say(self.prompt()))

    def _guarded(self, action):
        """`action()`; a fault of the console's own is said and logged, and the table goes
        on: what was stored stays stored, and the exit status says it went wrong."""
        try:
            return action()
        except Exception as error:  # a bug here must not end a rubber at the table
            self.failures += 1
            traceback.print_exc(file=sys.stderr)
            self.say(f"! the terminal could not go on with this ({type(error).__name__}): {NOTED}")
            return True

    def _busy(self) -> bool:
        """A typed input waits in the loop's queue, or a simulated device has sent one
        not yet acknowledged (stored or refused); a device gone silent holds the
        typed lines HOLD s at most."""
        if not self.loop.inputs.empty():
            return True
        if not any(getattr(sim, "waiting", 0) for sim in self.sims.values()):
            self.held = None
            return False
        self.held = self.held or time.monotonic()
        return time.monotonic() - self.held < HOLD

    def prompt(self) -> str:
        pairing = self.loop.table.pairing
        if pairing is not None:
            done, total = pairing.progress
            return f"pair a deck ({done} of {total}): put the {pairing.next_card} on the scanner"
        return status(self.game)

    def _outcome_text(self, outcome) -> str:
        if not outcome.accepted:
            return f"! {_refusal(outcome)}"  # the refusal and what to do instead
        if outcome.menu:  # `end draw` only where a draw phase can be ended
            form = self.game.form
            draws = any(form.accepts(p, DrawPhaseEnded()) for p in form.phases(self.game.options))
            return f"menu: in the terminal type sheet, {'end draw, ' if draws else ''}help or quit"
        if outcome.event is None:
            return outcome.message
        if isinstance(outcome.event, Undone):
            return outcome.notice  # what it took back
        text = describe(self.game, outcome.event)
        if outcome.notice:  # a revoke proved, what follows a disputed claim
            text += "\n" + outcome.notice
        if self.game.phase in ("deal-end", "finished") and outcome.attention == "deal-end":
            text += "\n" + deal_line(self.game, self.game.deal)
            transfers = transfer_line(self.game, self.game.deal)
            text += "\n" + transfers if transfers else ""
            from .abridged_text import wrong_lines  # aBRIDGEd: the statements proved wrong

            text += "".join("\n" + line for line in wrong_lines(self.game, self.game.deal))
            if self.game.phase == "finished":  # the rubber's last deal: who won, by how much
                text += "\n" + render_sheet(self.game).splitlines()[-1]
        return text

    def command(self, line: str) -> bool:
        """Apply one typed line; True when something was said."""
        if not line:
            return False
        if self.confirming:
            self.confirming = False
            if line.lower() in ("yes", "y"):
                self.apply(DrawPhaseEnded())
                return True
            stopped = STOPPED.get(self.game.form.name)
            self.say(f"still following {stopped[0]}" if stopped else "the draw phase goes on")
            if line.lower() in ("no", "n"):  # the answer, not an input
                return True
        word, *rest = line.split()
        action = _COMMANDS.get(word.lower())
        if action is not None:
            action(self, rest)
            return True
        from .abridged_text import spoken

        try:
            said = spoken(self.game, line)
        except ValueError as error:  # "²", a number of 5,000 digits
            self.say(f"! {error}")
            return True
        if said is not None:  # aBRIDGEd's declaring: a word or number, as on the screen
            self.apply(Stated(said))
            return True
        try:
            tokens = parse_tokens(line)
        except ValueError as error:
            self.say(f"! {error}")
            return True
        for device, what, buttons in tokens:
            self._token(device, what, buttons)
        return False

    def _token(self, device: str, what: str, buttons: tuple[str, ...]) -> None:
        sim = self.sims.get(device)
        if sim is not None:  # through the simulated device and the serial line
            press(self.sims, device, what, self.uids)
            return
        self.loop.inputs.put(Input(input_kind(device, what), what, "keyboard"))

    def apply(self, event: Event) -> None:
        """A screen action (claim, answer, honours): through the table, so it is stored."""
        self.say(self._outcome_text(self.loop.apply(event)))

    def _claim(self, args: list[str]) -> None:
        try:
            tricks = int(args[0])
            seat = self._seat(args[1]) if len(args) > 1 else None
        except (IndexError, ValueError) as error:
            self.say(f"! claim N [NAME]: {error}")
            return
        self.apply(ClaimMade(tricks, seat))

    def _honours(self, args: list[str]) -> None:
        if [a.lower() for a in args] == ["none"]:
            self.apply(HonoursGiven(0))  # nobody held honours
            return
        try:
            seat, points = self._seat(args[0]), int(args[1])
        except (IndexError, ValueError) as error:
            self.say(f"! honours NAME 100|150, or honours none: {error}")
            return
        self.apply(HonoursGiven(points, seat))

    def _seat(self, name: str) -> int:
        typed = normal_name(name).casefold()  # "zoë" typed e + ¨ names Zoë
        for seat, player in enumerate(self.game.players):
            if player.casefold() == typed:
                return seat
        raise ValueError(f"{name!r} is not a player")

    def _end(self, args: list[str]) -> None:
        """`end draw`: asks first, as the screen does; the answer is the next line."""
        if [a.lower() for a in args] != ["draw"]:
            self.say("! end draw: ends the draw phase early (then yes to confirm)")
        elif not self.game.form.accepts(self.game.phase, DrawPhaseEnded()):
            self.say("! the draw phase is over")  # a draw phase of any form ends early
        else:
            self.confirming = True
            stopped = STOPPED.get(self.game.form.name)
            self.say(
                END_DRAW_QUESTION
                if stopped is None
                else f"stop following {stopped[0]} now? type yes to stop (anything else goes on)"
            )

    def _quit(self, _args) -> None:
        self.running = False

    def _review(self, _args) -> None:
        """`review`: the double-dummy review of the last deal played, worked out by the
        review's worker process as on the screen; said when done, the table goes on."""
        from .analysis.facts import NotReviewed, deal_facts
        from .analysis.worker import Reviewer

        deal = next((d for d in reversed(self.game.deals) if d.outcome is not None), None)
        word = self.game.form.deal_word  # aBRIDGEd: hand
        if deal is None:
            self.say(f"! review: no {word} has been played yet")
            return
        try:
            facts = deal_facts(self.game, deal)
        except NotReviewed as why:
            self.say(f"! {word} {deal.number}: {_why_not(str(why))}")
            return
        self.reviewer = self.reviewer or Reviewer()
        self.reviewing = facts
        if self.reviewer.want(facts).kind in ("done", "failed"):  # asked before: said again
            self._review_said()  # at once: the worker has nothing more to say of it
            return
        self.say(f"reviewing {word} {deal.number} double dummy: said here when done")

    def _review_said(self) -> bool:
        """Say the awaited review once it is done or failed; True when said."""
        from .analysis.report import as_text

        state = self.reviewer.state(self.reviewing)
        if state.kind == "done":
            word = self.game.form.deal_word
            self.say(as_text([(self.reviewing, state.review)], word).rstrip())
        elif state.kind == "failed":
            word = self.game.form.deal_word
            self.say(f"! {word} {self.reviewing.number}: {_why_not(state.reason)}")
        else:
            return False
        self.reviewing = None
        return True


def _refusal(outcome) -> str:
    """A refusal and its hint in the screen's English words (a phase said as the
    screen says it: "draw tricks", not "draw-tricks")."""
    from .ui.i18n import Catalog

    english = Catalog("en")
    text = english.error(outcome.message)
    return f"{text}: {english.error(outcome.hint)}" if outcome.hint else text


def _why_not(reason: str | None) -> str:
    """Why a deal has no review, in the screen's English words."""
    from .ui.i18n import Catalog
    from .ui.review_text import SAID

    if reason == "thrown_in":
        return "thrown in, no contract was played"
    return Catalog("en").t(f"review.failed.{reason if reason in SAID else 'crashed'}")


_COMMANDS = {
    "claim": Console._claim,
    "accept": lambda c, _: c.apply(ClaimAnswered(True)),
    "dispute": lambda c, _: c.apply(ClaimAnswered(False)),
    "honours": Console._honours,
    "end": Console._end,
    "sheet": lambda c, _: c.say(render_sheet(c.game)),
    "help": lambda c, _: c.say(help_text(c.game)),
    "review": Console._review,
    "quit": Console._quit,
}
