"""What every screen shares: the UI's own state, touch targets, and the
contract a screen module keeps:

    def draw(surface, layout, view, ui, t) -> list[Target]

It paints `view` (a TableView, or None on the start screen) onto `surface`
through `layout` (logical 800x480 coordinates), in `t`'s language, and
returns the touch targets it drew. A target's action is one of device/ui/actions.py:
TapCall("1S"), TapCard("SA"), TapKey("OK"), Overlay("sheet"), Claim(seat, tricks),
Answer(True), Honours(seat, points), Setting(name, value), Start(), PairDeck("abridged"),
and so on; the app hands each to the handler of its type.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field

from ..decks_shown import DecksShown
from ..history import HistoryState
from ..seating import StartState  # noqa: F401 (the start screen's state, ui.start)
from ..target import Target  # noqa: F401 (the screens' and widgets' touch target)

BANNER_CHARS = 120  # a refusal with the device text it quotes


@dataclass(frozen=True)
class Notice:
    """A warning that matters, on the screen until it is tapped away: `key` says what
    it is about (journal, settings, device.scanner, ...), so a newer word on the same
    thing takes its place; `message` has text(t), made in the screen's language each
    time it is drawn, so a change of language shows at once."""

    key: str
    message: object


@dataclass(frozen=True)
class DeviceNotice:
    """A device that failed (lost, or never opened): why, in the device's English
    words (the catalogue's error templates translate them), and what to do instead;
    `back` once the device is connected again."""

    device: str
    why: str = ""
    back: bool = False

    def text(self, t) -> str:
        key = f"device.{self.device}"
        name = t.t(key) if t.t(key) != key else self.device
        if self.back:
            return t.t("notice.device_back", device=name)
        if self.why in ("", f"{self.device} disconnected"):
            text = t.t("notice.device_lost", device=name)
        else:  # the device's own words name it ("Card scanner cannot be opened ...")
            text = t.error(self.why).rstrip(".") + "."
        instead = f"notice.{self.device}_instead"
        return text if t.t(instead) == instead else f"{text} {t.t(instead)}"


@dataclass(frozen=True)
class Said:
    """A notice that is one catalogue text: its key and the values for its fields."""

    key: str
    values: tuple[tuple[str, str], ...] = ()

    def text(self, t) -> str:
        return t.t(self.key, **dict(self.values))


@dataclass
class NoticesShown:
    """Warnings that matter (a damaged journal, settings ignored, a device failing), each
    on the screen until tapped away, the first one shown first; a long one is read
    page by page."""

    items: list[Notice] = field(default_factory=list)
    page: int = 0  # the page of the notice shown
    pages: int = 1  # how many pages it has, as last drawn
    box: tuple | None = None  # where the notice was drawn

    def notify(self, key: str, message) -> None:
        """Show `message` until tapped; it takes the place of an older one on the same key."""
        for index, notice in enumerate(self.items):
            if notice.key == key:
                self.items[index] = Notice(key, message)
                return
        self.items.append(Notice(key, message))

    def notice_for(self, key: str):
        return next((n.message for n in self.items if n.key == key), None)

    def withdraw(self, key: str, message) -> None:
        """Take away the notice on `key` that says `message`, if there is one."""
        kept = [n for n in self.items if (n.key, n.message) != (key, message)]
        if len(kept) != len(self.items):
            self.items, self.page = kept, 0

    def dismiss(self) -> None:
        """A tap on the notice shown puts it away; the next one shows."""
        if self.items:
            self.items.pop(0)
        self.page = 0


@dataclass
class UiState:
    """What the screen shows besides the game: overlays, banner, settings, devices."""

    lang: str = "en"
    overlay: str | None = None  # sheet, last-trick, menu, settings, history, claim, picker
    banner: str | None = None
    banner_error: bool = False
    four_colour: bool = False
    rotation: int = 0
    shared_flipped: bool = False  # the header's shared texts turned to face the far player

    devices: dict[str, str] = field(default_factory=dict)  # name -> connected/disconnected
    scanner: bool = False  # a scanner is configured: no card picker needed
    typed: str = ""  # keyboard buffer (simulation)
    start: StartState | None = None  # shown when there is no game
    decks: DecksShown = field(default_factory=DecksShown)  # paired decks, a pairing under way
    history: HistoryState = field(default_factory=HistoryState)  # its list, a rubber opened
    # The double-dummy review (ui.review_text.ReviewShown) of the deal on the result
    # screen, and of each deal of the rubber opened from the history (its page: history).
    review: object | None = None
    reviews: tuple = ()
    help_page: int = 0
    sheet_back: int = 0  # a long score sheet's page: how many before the newest
    help_back: str | None = None  # the overlay that the help's Back returns to
    forms_page: int = 0  # the page of the game forms' list (overlay "forms")
    claim_seat: int | None = None
    # The appliance (device/appliance.py): the menu's Quit is Restart, and Shut down is
    # offered where the Pi can be powered off.
    restarts: bool = False
    power_off: bool = False
    forms: list[tuple[str, str]] = field(default_factory=list)  # (name, title)
    # Warnings that matter, each on the screen until tapped away (NoticesShown); why
    # an input cannot be stored now (a StorageError kind), shown while that lasts; why
    # nothing is kept at all, shown always.
    notices: NoticesShown = field(default_factory=NoticesShown)
    storage: str | None = None
    memory_only: str | None = None
    journal_notice: InitVar[object | None] = None  # the journal's notice, first of all

    def __post_init__(self, journal_notice) -> None:
        if journal_notice is not None:
            self.notices.notify("journal", journal_notice)

    def touch_cards(self) -> bool:
        """Cards are tapped in on the screen: no scanner, or it is not connected now."""
        return not self.scanner or self.devices.get("scanner") != "connected"


def _shown_notice(ui: UiState):
    """The message of the notice on the screen now (issue #9's single journal_notice)."""
    return ui.notices.items[0].message if ui.notices.items else None


def _set_notice(ui: UiState, message) -> None:
    if message is None:
        ui.notices.dismiss()
    else:
        ui.notices.notify("journal", message)


UiState.journal_notice = property(_shown_notice, _set_notice)
