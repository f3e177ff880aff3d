"""`honeymoon run`: the touchscreen app.

One loop owns the game: it waits on the device queue (so it sleeps while
nobody plays, instead of SDL's polling event wait), pumps pygame's events,
hands every input to the table, and draws a frame only when something
changed. Device threads never touch pygame or the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from device.appliance import Appliance
from device.engine.events import (
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    HonoursGiven,
    Setup,
    Stated,
)
from device.engine.game import Game
from device.engine.message import msg
from device.hal.events import CALL, CARD, CONNECTED, KEY, LOST, Input
from device.hal.text import safe_text
from device.loop import TableLoop
from device.table import Outcome, Table

from . import actions as a
from .actions import Action
from .history import HistoryController
from .i18n import Catalog
from .pairing import PairingController
from .reviews import Reviews
from .screens.base import BANNER_CHARS, DeviceNotice, Said, Target, UiState
from .seating import SeatingController
from .settings import SettingsController
from .view import build_view

WAIT_S = 0.05  # longest sleep on the device queue: a touch is seen within 50 ms
KEY_NAMES = {"return": "OK", "backspace": "UNDO", "escape": "MENU"}


class App:
    def __init__(
        self,
        loop: TableLoop | None,
        ui: UiState,
        size=(800, 480),
        screenshot_dir: str | None = None,
        sims: dict | None = None,
        new_table=None,
        decks: Path | None = None,
        profile=None,
        prefs=None,
    ):
        import pygame

        from .layout import Layout

        self.pg = pygame
        self.loop = loop
        self.ui = ui
        self.t = Catalog(ui.lang)
        self.size = size
        self.layout = Layout(size)
        pygame.display.init()  # fonts: Layout.font starts them, and renews its cache after a quit
        pygame.display.set_caption("Honeymoon Table")
        self.turn_display()
        self.targets: list[Target] = []
        self.dirty = True
        self.running = True
        self.exit_code = 0  # a confirmed Quit on the appliance: the unit's restart status
        self.appliance = Appliance.here()  # tests set its `run`: nothing is powered off
        ui.restarts, ui.power_off = self.appliance.on, self.appliance.can_power_off()
        self.frames = 0
        self.flipped_at = 0.0
        self.sims = sims or {}
        self.reviews = Reviews()  # the double-dummy review, worked out off this loop
        self.new_table = new_table  # builds a Table for a Setup chosen on the start screen
        self.decks = decks  # where a paired deck is saved
        self.profile = profile  # the paired deck, for cards drawn before a rubber
        self.prefs = prefs  # what is remembered for the next start (store.prefs.Prefs)
        self.seating = SeatingController(self)  # the start screen, the draw for the deal
        self.pairing = PairingController(self)  # decks paired by tags or by the camera
        self.history = HistoryController(self)  # the stored rubbers, one opened
        self.settings = SettingsController(self)  # language, colours, rotation
        self.handlers = self._handlers()
        if loop is not None:
            loop.intercept = self.before_rubber
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        self._last_screen: str | None = None
        self._shots = 0
        self.pairing.camera_decks()
        self.pairing.status()
        self.storage_status()  # a rubber resumed on a disk that cannot store it now
        pygame.key.start_text_input()

    # -- the loop --------------------------------------------------------------------
    def run(self, until=None) -> None:
        from device import stopping
        from device.notify import notify, watchdog_interval

        interval = watchdog_interval()
        pinged = time.monotonic()
        self.draw()
        notify("READY=1")  # the first frame is on the screen
        while self.running and not (until and until(self)):
            with stopping.deferred():  # a signal is taken between steps, never in a wait
                self.step(WAIT_S)
            stopping.check()
            if interval and time.monotonic() - pinged >= interval:
                notify("WATCHDOG=1")  # from the screen loop: a hung screen stops these
                pinged = time.monotonic()
        self.reviews.close()
        notify("STOPPING=1")

    def step(self, timeout: float) -> None:
        timeout = 0.0 if self.history.state.opening is not None else timeout  # work waits: no sleep
        if self.loop is not None:
            for item, outcome in self.loop.step(timeout):
                self.note(item, outcome)
        else:
            time.sleep(timeout)
        for event in self.pg.event.get():
            self.on_event(event)
        self.pairing.camera_preview()
        self.history.open_more()
        if self.reviews.poll():
            self.dirty = True
        if self.dirty:
            self.draw()

    @property
    def table(self) -> Table | None:
        return self.loop.table if self.loop is not None else None

    def note(self, item: Input, outcome: Outcome) -> None:
        """Show what an input did: a banner for a refusal, device status changes."""
        self.dirty = True
        if item.kind in (CONNECTED, LOST):
            self.ui.devices[item.source] = "connected" if item.kind == CONNECTED else "lost"
            self._device_notice(item)
        if outcome.menu:
            self.ui.overlay = "menu"
        if outcome.unstored or item.kind == LOST:
            pass  # the storage mark says why, for as long as it lasts; a notice, a lost device
        elif not outcome.accepted:
            # The message may quote a device: never a NUL or a control code to draw.
            message = safe_text(self.said(outcome.message, outcome.hint), BANNER_CHARS)
            self.ui.banner, self.ui.banner_error = message, True
        elif outcome.notice:  # a revoke proved (red), a disputed claim, what an undo took back
            self.ui.banner = safe_text(self.t.error(outcome.notice), BANNER_CHARS)
            self.ui.banner_error = outcome.attention == "revoke"
        elif item.kind in (CARD, CALL, KEY, CONNECTED):
            self.ui.banner = None
        self.pairing.status()
        self.storage_status()

    def said(self, reason: str, hint: str = "") -> str:
        """A refusal and what to do instead, each in the screen's language."""
        text = self.t.error(reason)
        return f"{text}: {self.t.error(hint)}" if hint else text

    def _device_notice(self, item: Input) -> None:
        """A device lost (or never opened) is said until tapped away, with what to do
        instead; when it is back, its notice (if not tapped away yet) says so."""
        key = f"device.{item.source}"
        if item.kind == LOST:
            why = item.value or msg("{source} disconnected", source=item.source)
            why = safe_text(why, BANNER_CHARS)
            self.ui.notices.notify(key, DeviceNotice(item.source, why))
        elif self.ui.notices.notice_for(key) is not None:
            self.ui.notices.notify(key, DeviceNotice(item.source, "", back=True))

    def storage_status(self) -> None:
        """The storage mark: why the journal cannot store now, until a store succeeds."""
        error = self.table.storage_error if self.table is not None else None
        self.ui.storage = None if error is None else getattr(error, "kind", "damaged")

    # -- drawing ---------------------------------------------------------------------
    def turn_display(self) -> None:
        """The window as the rotation wants it; a turned screen draws on a canvas first."""
        from .layout import rotated_size

        self.display = self.pg.display.set_mode(rotated_size(self.size, self.ui.rotation))
        self.canvas = self.pg.Surface(self.size) if self.ui.rotation else self.display

    def view(self):
        if self.ui.start is not None or self.table is None:
            return None  # the start screen
        return build_view(self.table.game)

    def draw(self) -> None:
        from .screens import chrome, render, screen_name

        view = self.view()
        if not overlay_fits(view, self.ui.overlay):
            self.ui.overlay = None  # the play is over (or undone): the phase's own screen
        self.reviews.show(self.ui, view, self.table.game if self.table is not None else None)
        self.targets = render(self.canvas, self.layout, view, self.ui, self.t)
        notice = chrome.notice_target(self.ui)  # over everything until it is tapped
        self.targets += [notice] if notice is not None else []
        page = chrome.notice_page_target(self.ui)  # a long notice's next page
        self.targets += [page] if page is not None else []
        mark = chrome.mark_target(self.ui)  # a tap on the storage mark says why in full
        self.targets += [mark] if mark is not None and notice is None else []
        if self.ui.rotation:
            turned = self.pg.transform.rotate(self.canvas, self.ui.rotation)
            self.display.blit(turned, (0, 0))
        self.pg.display.flip()
        self.flipped_at = time.perf_counter()
        self.frames += 1
        self.dirty = False
        name = f"{screen_name(view, self.ui)}-{self.ui.lang}"
        if self.screenshot_dir is not None and name != self._last_screen:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
            self._shots += 1
            path = self.screenshot_dir / f"{self._shots:03d}-{name}.png"
            self.pg.image.save(self.display, str(path))
        self._last_screen = name

    # -- input -------------------------------------------------------------------------
    def on_event(self, event) -> None:
        pg = self.pg
        if event.type == pg.QUIT:
            self.running = False
        elif event.type == pg.FINGERDOWN:
            width, height = self.display.get_size()
            self.touch((event.x * width, event.y * height))
        elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1 and not event.touch:
            self.touch(event.pos)  # touch also makes mouse events: those are dropped
        elif event.type == pg.TEXTINPUT:
            self.typed(event.text)
        elif event.type == pg.KEYDOWN:
            self.key(pg.key.name(event.key))
        elif event.type in (pg.WINDOWEXPOSED, pg.VIDEOEXPOSE, pg.WINDOWRESTORED):
            self.dirty = True

    def touch(self, pos) -> None:
        from .layout import unrotate

        x, y = self.layout.to_logical(unrotate(pos, self.size, self.ui.rotation))
        for target in reversed(self.targets):  # the last drawn lies on top
            if target.hit(x, y):
                self.act(target.action)
                return

    def act(self, action: Action) -> None:
        """A touch target's action, to the handler of its type."""
        self.dirty = True
        self.handlers[type(action)](action)

    def _handlers(self) -> dict[type[Action], Callable]:
        """Each kind of action and what does it (tests/ui/test_actions.py: every kind):
        the app's own, then each controller's; a kind is never handled twice."""
        handlers = self._own_handlers()
        for controller in (self.seating, self.pairing, self.history, self.settings):
            theirs = controller.handlers()
            assert not handlers.keys() & theirs.keys(), handlers.keys() & theirs.keys()
            handlers.update(theirs)
        return handlers

    def _own_handlers(self) -> dict[type[Action], Callable]:
        return {
            # The picker stays open for the next card.
            a.TapCall: lambda act: self.send(Input(CALL, act.call, "touch")),
            a.TapCard: lambda act: self.send(Input(CARD, act.card, "touch")),
            a.TapKey: lambda act: self.send(Input(KEY, act.key, "touch")),
            a.Overlay: self._overlay,
            a.Claim: self._claim,
            a.FlipShared: self._flip_shared,
            a.ExplainStorage: self._explain_storage,
            a.Answer: lambda act: self.engine(ClaimAnswered(act.accept)),
            a.Statement: lambda act: self.engine(Stated(act.value)),
            a.Honours: lambda act: self.engine(HonoursGiven(act.points, act.seat)),
            a.EndDraw: self._end_draw,
            a.ClaimSeat: self._claim_seat,
            a.Help: self._help,
            a.HelpPage: self._help_page,
            a.SheetPage: self._sheet_page,
            a.Quit: self._quit,
            a.ShutDown: lambda act: self.shut_down(),
            a.DismissNotice: lambda act: self.ui.notices.dismiss(),
            a.NoticePage: self._notice_page,
        }

    def _overlay(self, action: a.Overlay) -> None:
        if action.name != self.ui.overlay:  # a sheet opened again opens on its newest page
            self.ui.sheet_back = 0
        self.ui.overlay = action.name
        self.ui.claim_seat = None if action.name != "claim" else self.ui.claim_seat
        if action.name == "history":
            self.history.open_list()

    def _claim(self, action: a.Claim) -> None:
        self.ui.overlay, self.ui.claim_seat = None, None
        self.engine(ClaimMade(action.tricks, action.seat))

    def _claim_seat(self, action: a.ClaimSeat) -> None:
        self.ui.claim_seat = action.seat

    def _flip_shared(self, _: a.FlipShared) -> None:
        """The header's texts turn to face the other player."""
        self.ui.shared_flipped = not self.ui.shared_flipped

    def _explain_storage(self, _: a.ExplainStorage) -> None:
        from .screens.chrome import StorageWhy

        self.ui.notices.notify("storage", StorageWhy(self.ui))

    def _end_draw(self, _: a.EndDraw) -> None:
        """Confirmed on the screen: through the table, so stored."""
        self.ui.overlay = None
        self.engine(DrawPhaseEnded())

    def _quit(self, _: a.Quit) -> None:
        """Confirmed; on the appliance the unit starts it again."""
        self.running = False
        self.exit_code = self.appliance.quit_status()

    def _notice_page(self, _: a.NoticePage) -> None:
        self.ui.notices.page = (self.ui.notices.page + 1) % max(1, self.ui.notices.pages)

    def shut_down(self) -> None:
        """Power the Pi off; the notice says it is on its way, or why it cannot be."""
        self.ui.overlay = None
        failed = self.appliance.power_off()
        self.ui.notices.notify("power", failed or Said("notice.shutting_down"))

    # -- help ------------------------------------------------------------------------
    def _help(self, action: a.Help) -> None:
        """The help, opened from `action.back`: the overlay its Back returns to."""
        self.ui.overlay, self.ui.help_page, self.ui.help_back = "help", 0, action.back

    def _sheet_page(self, action: a.SheetPage) -> None:
        self.ui.sheet_back = max(0, action.back)  # (past the oldest: drawn as the oldest)

    def _help_page(self, action: a.HelpPage) -> None:
        self.ui.help_page = max(0, action.page)

    # -- to the table ----------------------------------------------------------------
    def send(self, item: Input) -> None:
        if self.loop is not None:
            self.note(item, self.loop.handle(item))
            self.loop.show_turn()

    def engine(self, event) -> None:
        """An on-screen action that only the screen can make (claims, honours)."""
        if self.table is None:
            return
        outcome = self.loop.apply(event)  # stored; the devices beep for a claim
        self.note(Input(KEY, "", "touch"), outcome)

    # -- before a rubber: pairing, or the start screen -------------------------------
    def before_rubber(self, item: Input) -> Outcome | None:
        """The loop's intercept. While a deck is paired, a card is its tag for the card
        asked for (the camera's answers are pairing's too); while the start screen shows,
        inputs are the start screen's."""
        if item.source == "scanner" and self.pairing.camera() is not None:
            outcome = self.pairing.from_camera(item)
            if outcome is not None:
                return outcome
        if self.pairing.state.tags is not None and item.kind == CARD:
            return self.pairing.paired_card(item)
        return self.seating.device_input(item)

    # -- keyboard (simulation) ---------------------------------------------------------
    def key(self, name: str) -> None:
        if self.ui.start is not None and self.ui.start.editing is not None:
            self.seating.edit_name(name)
            return
        if name in KEY_NAMES and not self.ui.typed:
            self.press(KEY, KEY_NAMES[name])
        elif name == "backspace":
            self.ui.typed = self.ui.typed[:-1]
        elif name in ("return", "space"):
            self.submit()
        elif name == "escape":
            self.ui.typed = ""
        self.dirty = True

    def typed(self, text: str) -> None:
        if self.ui.start is not None and self.ui.start.editing is not None:
            self.seating.type_name(text)
        elif text.strip():
            self.ui.typed = (self.ui.typed + text.strip()).upper()[:4]
            if complete_token(self.ui.typed):
                self.submit()
        self.dirty = True

    def submit(self) -> None:
        from device.sim.keyboard import input_kind, parse_tokens

        text, self.ui.typed = self.ui.typed, ""
        if not text:
            return
        try:
            tokens = parse_tokens(text)
        except ValueError as error:
            self.ui.banner, self.ui.banner_error = self.t.error(str(error)), True
            return
        for device, what, _ in tokens:
            self.press(input_kind(device, what), what)

    def press(self, kind: str, what: str) -> None:
        """A typed card, call or key: through the simulated device if there is one."""
        from device.sim.script import press

        device = "scanner" if kind == CARD else "bidbox"
        if device in self.sims:
            press(self.sims, device, what)
        else:
            self.send(Input(kind, what, "keyboard"))


def overlay_fits(view, overlay: str | None) -> bool:
    """The last trick stays open during the play, the card picker in every phase that
    takes a card (the play, a dummy laid out or turned up, a form's own phase)."""
    from .screens import PICKER_PHASES

    if overlay == "last-trick":
        return view is not None and view.play is not None and view.phase in ("play", "dummy")
    if overlay == "picker":
        return view is not None and view.phase in PICKER_PHASES
    return True


def complete_token(text: str) -> bool:
    """A typed token that nothing longer could extend: a card or a bid (not 1N, S1, X)."""
    import re

    card = re.fullmatch(r"[SHDC]([AKQJT2-9]|10)|[RYBG]([2-9]|1[0-4])", text)  # SA, R14
    bid = re.fullmatch(r"[1-7]([CDHS]|NT)", text)
    return bool(card or bid or text in ("P", "XX"))


def new_table_factory(profile=None, journal=None):
    def make(setup: Setup) -> Table:
        return Table(Game(setup), profile, journal)

    make.journal = journal  # the history reads it before any rubber
    return make
