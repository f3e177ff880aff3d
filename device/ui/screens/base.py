"""What every screen shares: the UI's own state, touch targets, and the
contract a screen module keeps:

    def draw(surface, layout, view, ui, t) -> list[Target]

It paints `view` (a TableView, or None on the start screen) onto `surface`
through `layout` (logical 800x480 coordinates), in `t`'s language, and
returns the touch targets it drew. An action is a tuple the app turns into
an input: ("call", "1S"), ("card", "SA"), ("key", "OK"), ("overlay", "sheet"),
("claim", seat, tricks), ("answer", True), ("honours", seat, points),
("set", name, value), ("start",), ("start-field", name, value).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Target:
    """A touch target in logical coordinates; disabled ones are drawn greyed and ignored."""

    rect: tuple[float, float, float, float]
    action: tuple
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        left, top, width, height = self.rect
        return self.enabled and left <= x < left + width and top <= y < top + height


@dataclass
class StartState:
    """The new-rubber form on the start screen."""

    form: str = "draw-and-discard"
    options: dict = field(default_factory=dict)
    players: list[str] = field(default_factory=lambda: ["Anna", "Ben"])
    first_dealer: int | None = None  # None: draw a card for it
    editing: int | None = None  # which player's name the keyboard types into
    shift: bool = False  # the on-screen keyboard types capitals
    can_resume: bool = False
    drawn: list[str] | None = None  # cards drawn for the deal, per player, while drawing


@dataclass
class UiState:
    """What the screen shows besides the game: overlays, banner, settings, devices."""

    lang: str = "en"
    overlay: str | None = None  # sheet, last-trick, menu, settings, history, claim, picker
    banner: str | None = None
    banner_error: bool = False
    four_colour: bool = False
    rotation: int = 0
    devices: dict[str, str] = field(default_factory=dict)  # name -> connected/disconnected
    scanner: bool = False  # a scanner is configured: no card picker needed
    typed: str = ""  # keyboard buffer (simulation)
    start: StartState | None = None  # shown when there is no game
    pairing: tuple[str, int, int] | None = None  # (next card, done, total)
    history: list = field(default_factory=list)
    history_page: int = 0
    stored: object | None = None  # the rubber opened from the history (view.StoredRubberView)
    help_page: int = 0
    help_back: str | None = None  # the overlay that the help's Back returns to
    claim_seat: int | None = None
    forms: list[tuple[str, str]] = field(default_factory=list)  # (name, title)
    # The journal: a notice (an object with text(t): what a damaged journal kept and
    # lost) shown until tapped; why an input cannot be stored now (a StorageError
    # kind), shown while that lasts; why nothing is kept at all, shown always.
    journal_notice: object | None = None
    storage: str | None = None
    memory_only: str | None = None
