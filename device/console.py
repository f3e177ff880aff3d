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

from . import stopping
from .console_words import Words, english
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
    Stated,
    TalonDiscarded,
    Undone,
)
from .engine.game import Game, normal_name
from .form_text import form_text
from .hal.events import Input
from .loop import TableLoop
from .sheet_text import deal_line, render_sheet
from .sim.keyboard import input_kind, parse_tokens
from .sim.script import press

LINE_MAX = 240  # characters of one printed line
MAX_DIGITS = 9  # a typed number: far over any claim or honours
HOLD = 5.0  # s: typed lines wait at most this long for a simulated device's input


def draw_phase_words(t: Words, form, what: str) -> str:
    """The draw phase stopped, going on, or the question whether to stop it (`what`):
    in the words of the form's own catalogue entry "console.WHAT.NAME" where its
    package has one (Draw Bridge's draw tricks, the pick-up), else the draw's."""
    own = f"console.{what}.{form.name}"
    return t.t(own if own in english().texts["console"] else f"console.{what}.draw")


def help_text(game: Game, t: Words | None = None) -> str:
    """The help; with honours off the honours command is not mentioned, nor `end draw`
    in a form with no draw phase (plain, bridge, three players)."""
    t = t or english()
    own = form_text(game.form).help(game, t)  # aBRIDGEd: its own deck and words
    if own is not None:
        return own
    also = ["claim N [NAME]", "accept", "dispute"]
    if game.options.get("honours", True):
        also.append(t.t("console.help_honours"))
    form = game.form
    if any(form.accepts(p, DrawPhaseEnded()) for p in form.phases(game.options)):
        also.append("end draw")  # only where a draw phase can be ended
    also += ["sheet", "review\n· quit"]
    return t.t("console.help", also=" · ".join(also))


def describe(game: Game, event: Event, t: Words | None = None) -> str:
    """One line for an accepted event, in the state after it."""
    t = t or english()
    deal = game.deal
    name = game.name(getattr(event, "seat", None))
    own = form_text(game.form).event_line(game, event, t)  # the pick-up, the draw tricks
    if own is not None:
        return own
    if isinstance(event, DrawTurnEnded):
        return t.t("console.draw_turn", name=name, n=deal.draw_turns, of=2 * game.form.draw_turns)
    if isinstance(event, DrawPhaseEnded):
        return draw_phase_words(t, game.form, "stopped")
    if isinstance(event, CallMade):
        return t.t("console.call", name=name, call=event.call)
    if isinstance(event, CardPlayed):
        return _played(game, event, name, t)
    if isinstance(event, ClaimMade):
        return t.t("console.claims", name=name, n=event.tricks)
    if isinstance(event, ClaimAnswered):
        return t.t("console.accepts" if event.accepted else "console.disputes", name=name)
    if isinstance(event, HonoursGiven):
        if event.points:
            return t.t("console.honours", name=name, points=event.points)
        return t.t("console.no_honours")
    if isinstance(event, NextDeal):
        return t.t(
            "console.next", word=_word(game, t), n=deal.number, name=game.players[deal.dealer]
        )
    if isinstance(event, TalonDiscarded):
        return t.t("console.talon_taken", name=name)
    if isinstance(event, Undone):
        return t.t("console.undone")
    if isinstance(event, CardShown):
        return shown_line(game, event, t)
    if isinstance(event, DummyChosen):
        return t.t(
            "console.chose_face_up" if event.face_up else "console.chose_face_down", name=name
        )
    if isinstance(event, DummyDone):
        key = "console.dummy_down_auction" if game.phase == "auction" else "console.dummy_down"
        return t.t(key)  # before the auction: the face-up dummy
    return t.t("console.unknown_input", name=name or "-", kind=event.kind)  # never a repr


def _word(game: Game, t: Words) -> str:
    """What the form calls a deal: "deal", or aBRIDGEd's "hand"."""
    return t.t(f"console.word.{game.form.deal_word}")


def _played(game: Game, event: CardPlayed, name: str, t: Words) -> str:
    """A card played: from whose dummy, and the trick's winner after its last card."""
    deal = game.deal
    text = t.t("console.plays", name=name, card=event.card)
    play = deal.play
    hand = play.played.get(event.card, (None,))[0] if play is not None else None
    if hand is not None and play.names[hand] != name:  # the declarer plays the dummy
        text += t.t("console.from_dummy", name=play.names[hand])
    if play is not None and not play.current and play.tricks:
        winner = play.tricks[-1].winner
        text += t.t("console.trick_to", n=len(play.tricks), name=play.names[winner])
    return text


def shown_line(game: Game, event: CardShown, t: Words | None = None) -> str:
    """A dummy's card laid face up: before the auction (the face-up dummy, no hand yet),
    after the opening lead (a named hand; two players' dummies are named by the player
    who plays them), or turned up under a card played (Semi-exposed dummies)."""
    t = t or english()
    deal = game.deal
    if event.hand is None:
        return t.t("console.face_up", card=event.card, n=len(deal.face_up), of=game.form.tricks)
    names = deal.play.names if deal.play is not None else game.form.hand_names(game.players)
    if deal.turned_up and deal.turned_up[-1] == event.card:
        return t.t("console.turned_up_in", card=event.card, name=names[event.hand])
    return t.t("console.face_up_in", card=event.card, name=names[event.hand])


def transfer_line(game: Game, deal, t: Words | None = None) -> str | None:
    """What revokes changed, as the deal result says it:
    "Anna took 8 tricks; 1 transferred for Ben's revoke in trick 2: 9"."""
    if not deal.transfers:
        return None
    t = t or english()
    parts = [t.t("console.took", name=game.players[deal.declarer], n=deal.won)]
    for revoke, moved in deal.transfers:
        name, trick = deal.play.names[revoke.hand], revoke.trick + 1
        key = "result.transfer" if moved else "result.transfer_none"
        parts.append(t.t(key, n=moved, name=name, trick=trick))
    return "; ".join(parts) + f": {deal.tricks}"


def status(game: Game, t: Words | None = None) -> str:
    t = t or english()
    deal = game.deal
    turn = game.name(game.turn)
    if game.phase == "finished":  # the form's word: a rubber, a chicago, a game
        return t.t(f"console.over.{game.form.rubber_word}")
    if game.phase == "draw":
        return t.t("console.draw", n=deal.number, turn=deal.draw_turns // 2 + 1, name=turn)
    own = form_text(game.form).status(game, t)  # a phase of the form's own
    if own is not None:
        return own
    if game.phase == "auction":
        calls = " ".join(str(c) for _, c in deal.auction.calls) or t.t("console.none_yet")
        return t.t("console.auction", n=deal.number, calls=calls, name=turn)
    if game.phase == "talon":  # three players: the declarer takes the talon
        return t.t("console.talon", n=deal.number, contract=deal.contract, name=turn)
    if game.phase == "play":
        return _play_status(game, t)
    if game.phase == "dummy":  # the opening lead is down: the dummy is laid out
        return t.t(
            "console.dummy",
            **_head(game, t),
            dummy=deal.play.names[deal.dummy],
        )
    if game.phase in DUMMY_PHASES:  # the two-player dummies' own phases
        return DUMMY_PHASES[game.phase](game, t)
    if deal.outcome is None:  # another phase of a form's own, before the deal's end
        phase = t.t(f"phase.{game.phase}") if f"phase.{game.phase}" in t.texts["ui"] else game.phase
        return t.t("console.own_phase", n=deal.number, phase=phase, name=turn)
    return t.t("console.deal_over", line=deal_line(game, deal, t), word=_word(game, t))


def _head(game: Game, t: Words) -> dict:
    """The fields of a deal's head: "deal 1, 1S by Anna"."""
    deal = game.deal
    return {
        "word": _word(game, t),
        "n": deal.number,
        "contract": game.form.contract_text(deal),
        "declarer": game.name(deal.declarer),
    }


def _play_status(game: Game, t: Words) -> str:
    deal, turn = game.deal, game.name(game.turn)
    head = t.t("console.head", **_head(game, t))
    if deal.claim is not None:  # play waits for the answer, not for a card
        claimer = game.name(deal.claim.seat)
        return t.t("console.claim_waits", head=head, by=claimer, n=deal.claim.tricks, name=turn)
    hand = deal.play.to_play
    if hand is not None and deal.play.names[hand] != turn:  # the declarer plays it
        who = t.t("console.to_play_dummy", name=turn, dummy=deal.play.names[hand])
    else:
        who = t.t("console.to_play", name=turn)
    return t.t("console.play", head=head, tricks=_tricks_text(game), who=who)


def _face_up_status(game: Game, t: Words) -> str:
    deal = game.deal
    return t.t(
        "console.face_up_status",
        n=deal.number,
        name=game.name(game.turn),
        laid=len(deal.face_up),
        of=game.form.tricks,
    )


def _choose_status(game: Game, t: Words) -> str:
    head = t.t("console.head", **_head(game, t))
    return t.t("console.choose", head=head, name=game.name(game.turn))


def _turn_up_status(game: Game, t: Words) -> str:
    deal = game.deal
    head = t.t("console.head", **_head(game, t))
    hand = deal.play.turn_up[0]
    pile = deal.play.pile_to_turn(hand)  # numbered from 1, as the screen says it
    return t.t("console.turn_up", head=head, name=deal.play.names[hand], pile=pile + 1)


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


class Console:
    """Reads typed lines on a thread; the loop thread applies them."""

    def __init__(self, loop: TableLoop, sims=None, out=None, uids=False, lang="en"):
        self.loop = loop
        self.t = Words(lang)  # the screen's words, in the table's language
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
        """Print `text`, each line cut to LINE_MAX characters: a pasted 5,000-digit number
        is echoed in a refusal as its start, not as a screenful."""
        lines = (cut(line, LINE_MAX) for line in text.split("\n"))
        print("\n".join(lines), file=self.out, flush=True)

    def read_stdin(self, stream=None) -> None:
        def reader():
            for line in stream or sys.stdin:
                self.lines.put(line)
            self.lines.put(None)

        threading.Thread(target=reader, name="console-input", daemon=True).start()

    def run(self) -> int:
        """Until `quit` or the end of the input; the exit status: 1 when something went
        wrong in the console itself (said, and logged with its traceback), else 0."""
        self.say(help_text(self.game, self.t))
        self.say(self.prompt())
        try:
            # A stop signal is taken between ticks, never inside the loop's queue wait,
            # where Python can lose the KeyboardInterrupt its handler raises.
            with stopping.deferred():
                while self.running:
                    self.tick(0.05)
                    stopping.check()
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
            self.say("! " + self.t.t("console.fault", error=type(error).__name__))
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
            return self.t.t("console.pairing", n=done, of=total, card=pairing.next_card)
        return status(self.game, self.t)

    def _outcome_text(self, outcome) -> str:
        if not outcome.accepted:
            return f"! {_refusal(outcome, self.t)}"  # the refusal and what to do instead
        if outcome.menu:  # `end draw` only where a draw phase can be ended
            form = self.game.form
            draws = any(form.accepts(p, DrawPhaseEnded()) for p in form.phases(self.game.options))
            return self.t.t("console.menu_draw" if draws else "console.menu")
        if outcome.event is None:
            return self.t.error(outcome.message)
        if isinstance(outcome.event, Undone):
            return self.t.error(outcome.notice)  # what it took back
        text = describe(self.game, outcome.event, self.t)
        if outcome.notice:  # a revoke proved, what follows a disputed claim
            text += "\n" + self.t.error(outcome.notice)
        if self.game.phase in ("deal-end", "finished") and outcome.attention == "deal-end":
            text += "\n" + deal_line(self.game, self.game.deal, self.t)
            transfers = transfer_line(self.game, self.game.deal, self.t)
            text += "\n" + transfers if transfers else ""
            notes = form_text(self.game.form).deal_notes(self.game, self.game.deal, self.t)
            text += "".join("\n" + line for line in notes)  # aBRIDGEd: statements proved wrong
            if self.game.phase == "finished":  # the rubber's last deal: who won, by how much
                text += "\n" + render_sheet(self.game, self.t).splitlines()[-1]
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
            self.say(draw_phase_words(self.t, self.game.form, "goes_on"))
            if line.lower() in ("no", "n"):  # the answer, not an input
                return True
        word, *rest = line.split()
        action = _COMMANDS.get(word.lower())
        if action is not None:
            action(self, rest)
            return True
        try:
            said = form_text(self.game.form).spoken(self.game, line)
        except ValueError as error:  # "²", a number of 5,000 digits
            self.say(f"! {self.t.error(str(error))}")
            return True
        if said is not None:  # aBRIDGEd's declaring: a word or number, as on the screen
            self.apply(Stated(said))
            return True
        try:
            tokens = parse_tokens(line)
        except ValueError as error:
            self.say(f"! {self.t.error(str(error))}")
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
            tricks = self._number(args, 0)
            seat = self._seat(args[1]) if len(args) > 1 else None
        except ValueError as error:
            self.say(f"! claim N [NAME]: {error}")
            return
        self.apply(ClaimMade(tricks, seat))

    def _honours(self, args: list[str]) -> None:
        if [a.lower() for a in args] == ["none"]:
            self.apply(HonoursGiven(0))  # nobody held honours
            return
        try:
            seat, points = self._seat(args[0] if args else ""), self._number(args, 1)
        except ValueError as error:
            self.say("! " + self.t.t("console.honours_usage", error=error))
            return
        self.apply(HonoursGiven(points, seat))

    def _number(self, args: list[str], index: int) -> int:
        """The typed number at `index`, in the digits 0 to 9 and not absurdly long (int()
        takes "٣" as 3, refuses "²" and fails on 5,000 digits in words of its own)."""
        if index >= len(args):
            raise ValueError(self.t.t("console.number_missing"))
        word = args[index]
        if not (word.isascii() and word.isdigit()) or len(word) > MAX_DIGITS:
            raise ValueError(self.t.t("console.not_a_number", word=cut(word, 12)))
        return int(word)

    def _seat(self, name: str) -> int:
        typed = normal_name(name).casefold()  # "zoë" typed e + ¨ names Zoë
        for seat, player in enumerate(self.game.players):
            if player.casefold() == typed:
                return seat
        raise ValueError(self.t.t("console.not_a_player", name=repr(cut(name, 20))))

    def _end(self, args: list[str]) -> None:
        """`end draw`: asks first, as the screen does; the answer is the next line."""
        if [a.lower() for a in args] != ["draw"]:
            self.say("! " + self.t.t("console.end_usage"))
        elif not self.game.form.accepts(self.game.phase, DrawPhaseEnded()):
            self.say("! " + self.t.t("console.draw_over"))  # any form's draw phase ends early
        else:
            self.confirming = True
            self.say(draw_phase_words(self.t, self.game.form, "end_question"))

    def _quit(self, _args) -> None:
        self.running = False

    def _review(self, _args) -> None:
        """`review`: the double-dummy review of the last deal played, worked out by the
        review's worker process as on the screen; said when done, the table goes on."""
        from .analysis.facts import NotReviewed, deal_facts
        from .analysis.worker import Reviewer

        deal = next((d for d in reversed(self.game.deals) if d.outcome is not None), None)
        word = _word(self.game, self.t)  # aBRIDGEd: hand
        if deal is None:
            self.say("! " + self.t.t("console.review_none", word=word))
            return
        try:
            facts = deal_facts(self.game, deal)
        except NotReviewed as why:
            self.say(f"! {word} {deal.number}: {_why_not(str(why), self.t)}")
            return
        self.reviewer = self.reviewer or Reviewer()
        self.reviewing = facts
        if self.reviewer.want(facts).kind in ("done", "failed"):  # asked before: said again
            self._review_said()  # at once: the worker has nothing more to say of it
            return
        self.say(self.t.t("console.reviewing", word=word, n=deal.number))

    def _review_said(self) -> bool:
        """Say the awaited review once it is done or failed; True when said."""
        state = self.reviewer.state(self.reviewing)
        if state.kind == "done":
            self.say(self._review_text(self.reviewing, state))
        elif state.kind == "failed":
            word = _word(self.game, self.t)
            self.say(f"! {word} {self.reviewing.number}: {_why_not(state.reason, self.t)}")
        else:
            return False
        self.reviewing = None
        return True

    def _review_text(self, facts, state) -> str:
        """The screen's review lines in the table's language, then (two sides) the
        declarer's double-dummy tricks in each strain."""
        from .analysis.report import tricks_table
        from .ui.review_text import ReviewShown, review_lines

        t, word = self.t, self.game.form.deal_word
        shown = ReviewShown(facts.number, state, facts.names, facts.side_names, word)
        first, *rest = review_lines(shown, t)
        lines = [t.t(f"review.{word}", n=facts.number, text=first), *rest]
        if hasattr(state.review, "cell"):  # aBRIDGEd's chart has no table of strains
            names = facts.names
            lines.append(t.t("console.review_table"))
            lines += tricks_table(
                facts,
                state.review,
                lambda d, lead: t.t("console.review_column", name=names[d], leader=names[lead]),
                lambda strain: t.t("strain.nt") if strain == "NT" else strain,
            )
        return "\n".join(lines)


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _refusal(outcome, t: Words) -> str:
    """A refusal and its hint in the screen's words (a phase said as the screen says it:
    "draw tricks", not "draw-tricks")."""
    text = t.error(outcome.message)
    return f"{text}: {t.error(outcome.hint)}" if outcome.hint else text


def _why_not(reason: str | None, t: Words) -> str:
    """Why a deal has no review, in the screen's words."""
    from .ui.review_text import SAID

    if reason == "thrown_in":
        return t.t("console.thrown_in")
    return t.t(f"review.failed.{reason if reason in SAID else 'crashed'}")


_COMMANDS = {
    "claim": Console._claim,
    "accept": lambda c, _: c.apply(ClaimAnswered(True)),
    "dispute": lambda c, _: c.apply(ClaimAnswered(False)),
    "honours": Console._honours,
    "end": Console._end,
    "sheet": lambda c, _: c.say(render_sheet(c.game, c.t)),
    "help": lambda c, _: c.say(help_text(c.game, c.t)),
    "review": Console._review,
    "quit": Console._quit,
}
