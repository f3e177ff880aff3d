"""Before a rubber: the start screen's form (the game form, its options, the players'
names typed on the on-screen keyboard), drawing for the deal (and at four for the
seats), and starting the rubber.

StartState, the form being filled in, is ui.start while the start screen shows; the
controller sees the app only as a Host.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from device import hints
from device.engine.errors import RuleError
from device.engine.events import Setup
from device.engine.message import msg
from device.forms import DEFAULT, find_form
from device.hal.events import CALL, CARD, KEY, Input
from device.table import Outcome

from . import actions as a
from .host import Host

DEFAULT_NAMES = ("Anna", "Ben", "Carla", "Daan")  # for seats nobody has named yet


@dataclass
class StartState:
    """The new-rubber form on the start screen."""

    form: str = DEFAULT
    options: dict = field(default_factory=dict)
    players: list[str] = field(default_factory=lambda: ["Anna", "Ben"])
    first_dealer: int | None = None  # None: draw a card for it
    editing: int | None = None  # which player's name the keyboard types into
    shift: bool = False  # the on-screen keyboard types capitals
    can_resume: bool = False
    drawn: list[str] | None = None  # cards drawn for the deal, per player, while drawing
    leave_confirmed: bool = False  # "Leave the rubber in progress?" was answered yes
    # At a table of four the draw also seats the players: their names and cards as
    # drawn, before the draw moved them to their seats (an undo puts them back).
    unseated: tuple[tuple[str, ...], tuple[str, ...]] | None = None


class SeatingController:
    """The start screen and the draw for the deal, up to the rubber's start."""

    def __init__(self, host: Host):
        self.host = host

    @property
    def ui(self):
        return self.host.ui

    def handlers(self) -> dict[type[a.Action], Callable]:
        return {
            a.StartField: self._start_field,
            a.KeyboardKey: lambda act: self.keyboard(act.what, act.text),
            a.Start: lambda act: self.start_rubber(),
            a.LeaveRubber: self._leave_rubber,
            a.DrawRandom: lambda act: self.draw_at_random(),
            a.DrawCancel: self._draw_cancel,
            a.NewRubber: lambda act: self.new_rubber(),
            a.Resume: self._resume,
            a.Forms: self._forms,
            a.FormsPage: self._forms_page,
        }

    def _start_field(self, action: a.StartField) -> None:
        setattr(self.ui.start, action.name, action.value)
        if action.name == "form":
            self._seat_count()
            if self.ui.overlay == "forms":  # chosen from the list: back to the start
                self.ui.overlay = None
        if action.name == "editing" and action.value is not None:
            self.keyboard("open")

    def _leave_rubber(self, _: a.LeaveRubber) -> None:
        """Confirmed: the rubber in progress stops for a new one."""
        self.ui.overlay = None
        if self.ui.start is not None:
            self.ui.start.leave_confirmed = True
            self.start_rubber()

    def _draw_cancel(self, _: a.DrawCancel) -> None:
        self._unseat()
        self.ui.start.drawn, self.ui.start.first_dealer = None, None

    def _resume(self, _: a.Resume) -> None:
        if self.host.table is not None:
            self.ui.start = None  # back to the rubber in progress

    def _forms(self, action: a.Forms) -> None:
        """The game forms' list, open at the page of the chosen one."""
        self.ui.overlay, self.ui.forms_page = "forms", max(0, action.page)

    def _forms_page(self, action: a.FormsPage) -> None:
        self.ui.forms_page = max(0, action.page)

    def new_rubber(self) -> None:
        players = list(self.host.table.game.players) if self.host.table else ["Anna", "Ben"]
        form = self.host.table.game.form.name if self.host.table else DEFAULT
        options = dict(self.host.table.game.options) if self.host.table else {}
        self.ui.start = StartState(
            form=form, players=players, options=options, can_resume=self.host.table is not None
        )
        self.ui.overlay = None

    def start_rubber(self) -> None:
        start = self.ui.start
        if self.host.new_table is None or start is None:
            return
        start.editing = None  # the keyboard closes: the name is as typed
        if self.leaves_rubber() and not start.leave_confirmed:
            self.ui.overlay = "confirm-leave"  # asked once, before the draw for the deal
            return
        if start.first_dealer is None:  # draw for the deal first
            start.drawn = [None] * len(start.players)
            return
        names = tuple(p.strip() for p in start.players)
        known = {o.name for o in find_form(start.form).options}
        options = {k: v for k, v in start.options.items() if k in known}  # from another form
        try:
            table = self.host.new_table(Setup(start.form, names, start.first_dealer, options))
        except RuleError as error:  # a bad name or option: say so and stay
            self.ui.banner, self.ui.banner_error = self.host.t.error(str(error)), True
            start.drawn = None
            return
        if self.host.table is not None:
            self.host.table.stop_early()
        current = self.host.table.profile if self.host.table is not None else self.host.profile
        table.profile = current or table.profile  # the deck paired last stays
        self.host.loop.table = table
        self.host.settings.remember(
            players=list(table.game.players), form=start.form, options=start.options
        )
        self.ui.start, self.ui.overlay, self.ui.banner = None, None, None
        self.host.storage_status()  # its start may not be stored yet (a full disk)

    def leaves_rubber(self) -> bool:
        """Starting a rubber now would stop one that is not over."""
        return self.host.table is not None and self.host.table.game.phase != "finished"

    def device_input(self, item: Input) -> Outcome | None:
        """While the start screen shows, device inputs do not reach any game: a card is
        a card drawn for the deal, the rest waits for the rubber to start (None: not
        the start screen's)."""
        start = self.ui.start
        if start is None or item.kind not in (CARD, CALL, KEY):
            return None
        if item.kind == KEY:
            return self._start_key(item.value)
        if item.kind != CARD or start.drawn is None or start.first_dealer is not None:
            return Outcome(False, msg("start the new rubber first"), hint=msg(hints.TAP_START))
        try:
            card = self._drawn_card(item)
        except RuleError as error:
            unknown = getattr(str(error), "key", None) == "unknown card"
            return Outcome(
                False, str(error), hint=msg(hints.PAIR) if unknown else msg(hints.DRAW_CARD)
            )
        if str(card) in start.drawn:
            return Outcome(
                False, msg("{card} was already drawn", card=card), hint=msg(hints.DRAW_ANOTHER)
            )
        start.drawn[start.drawn.index(None)] = str(card)
        self._dealer_from_draw()
        return Outcome(True, "")

    def _start_key(self, key: str) -> Outcome:
        """OK starts (drawing for the deal first), Undo takes back a drawn card."""
        start = self.ui.start
        if key == "OK":
            self.start_rubber()
            return Outcome(True, "")
        if key == "MENU":
            return Outcome(True, "menu", menu=True)
        if key != "UNDO":
            return Outcome(False, msg("unknown key {key}", key=key), hint=msg(hints.KEYS))
        self._unseat()  # the cards as drawn: the last one drawn is taken back
        drawn = [c for c in start.drawn or [] if c is not None]
        if not drawn:
            instead = msg(hints.TAP_START) if start.drawn is None else msg(hints.DRAW_CARD)
            return Outcome(False, msg("there is nothing to undo"), hint=instead)
        seat = start.drawn.index(drawn[-1])
        start.drawn[seat] = None
        start.first_dealer = None
        notice = msg("Undone: {name}'s {card}", name=start.players[seat], card=drawn[-1])
        return Outcome(True, "", notice=notice)

    def _drawn_card(self, item: Input):
        if item.uid is None:
            return find_form(self.ui.start.form).deck.parse(item.value)
        profile = self.host.table.profile if self.host.table is not None else self.host.profile
        card = profile.card_for(item.uid) if profile is not None else None
        if card is None:
            raise RuleError(msg("unknown card"))
        return card

    def _dealer_from_draw(self) -> None:
        start = self.ui.start
        if None not in start.drawn:
            form = find_form(start.form)
            drawn = [form.deck.parse(text) for text in start.drawn]
            # At four the draw seats them too: the two highest play together.
            order, dealer = form.seats_by_draw(drawn)
            if len(order) == 4:  # the screen says who sits where before play starts
                start.unseated = (tuple(start.players), tuple(start.drawn))
            start.players = [start.players[i] for i in order]
            start.drawn = [start.drawn[i] for i in order]
            start.first_dealer = dealer

    def _unseat(self) -> None:
        """The players back in the order they drew, before the draw seated them."""
        start = self.ui.start
        if start is not None and start.unseated is not None:
            players, drawn = start.unseated
            start.players, start.drawn, start.unseated = list(players), list(drawn), None

    def _seat_count(self) -> None:
        """As many names as the chosen form has players: the names typed so far stay,
        new seats get a name to change; a dealer who is no longer at the table is
        drawn for again."""
        start = self.ui.start
        count = find_form(start.form).players
        names = list(start.players[:count])
        spare = [n for n in DEFAULT_NAMES if n not in names]
        while len(names) < count:
            names.append(spare.pop(0) if spare else "")
        start.players = names
        if start.first_dealer is not None and start.first_dealer >= count:
            start.first_dealer = None

    def draw_at_random(self) -> None:
        """Let the table draw for the players that have not drawn."""
        import random

        start = self.ui.start
        deck = [str(c) for c in find_form(start.form).deck.cards if str(c) not in start.drawn]
        rng = random.Random(os.urandom(8))
        for seat, card in enumerate(start.drawn):
            if card is None:
                start.drawn[seat] = deck.pop(rng.randrange(len(deck)))
        self._dealer_from_draw()

    def keyboard(self, what: str, text: str = "") -> None:
        """A key of the on-screen keyboard: a letter goes through the same checks as
        one typed on a real keyboard; shift follows the name (capitals start a word)."""
        from .widgets.keyboard import auto_shift

        start = self.ui.start
        if start is None or start.editing is None:
            return
        if what == "char":
            self.ui.banner = None  # a refusal of the last key is answered
            self.type_name(text)
        elif what == "back":
            self.edit_name("backspace")
        elif what == "clear":
            start.players[start.editing] = ""
            start.shift = True
        elif what == "done":
            start.editing = None
        elif what == "shift":
            start.shift = not start.shift
        else:  # just opened
            start.shift = auto_shift(start.players[start.editing])

    def type_name(self, text: str) -> None:
        """Letters typed into a name; a character the screen cannot draw, or one
        letter too many, is refused with the reason and the name stays as it was."""
        import unicodedata

        from device.config import typing_refusal

        from .widgets.keyboard import auto_shift

        start = self.ui.start
        name = unicodedata.normalize("NFC", start.players[start.editing] + text)
        refusal = typing_refusal(name)
        if refusal is None:
            start.players[start.editing] = name
            start.shift = auto_shift(name)  # the on-screen keys show what comes next
        else:
            self.ui.banner, self.ui.banner_error = self.host.t.error(refusal), True

    def edit_name(self, name: str) -> None:
        from .widgets.keyboard import auto_shift

        start = self.ui.start
        if name == "backspace":
            start.players[start.editing] = start.players[start.editing][:-1]
            start.shift = auto_shift(start.players[start.editing])
        elif name in ("return", "escape", "tab"):
            start.editing = None
        self.host.dirty = True
