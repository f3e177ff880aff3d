"""The spot: when a card laid on it is read, and when it is sent to the table.

The camera looks at the spot about 15 times a second; each frame is seen as a `Look`:
the card's outline (its four corners, in shares of the frame's width) or None, why,
and the card read (None when the reader is not sure or there is no card).

- A card is read once it lies still: its outline has stopped moving (STILL_FRAMES
  frames in a row within TOLERANCE of each other) and those frames read the same card.
  A card being laid, a hand passing over, an empty spot and a card half on the spot
  (no whole outline) send nothing.
- It is sent once: while it lies there (moved about, a hand over it) it is not sent
  again. The spot must be seen empty (EMPTY_FRAMES in a row), or hold another card,
  before the same card is sent again.
- Not sure: nothing is sent. A card that lies still and stays unsure for UNSURE_FRAMES
  frames gets "lay the card again", once for that placement (until the card moves or
  the spot is empty). A wrong card is worse than a second try.

LearnSpot does the same for pairing: the card to learn is taken from the first still
frame after the spot was seen empty (so the card learnt before it, still lying there,
is never learnt as the next one).

Pure Python: no OpenCV, no numpy, no clock (frames count time).
"""

from __future__ import annotations

from dataclasses import dataclass

STILL_FRAMES = 2  # frames in a row with the same outline and the same card: it lies still
EMPTY_FRAMES = 2  # frames in a row of an empty spot: the card was taken away
UNSURE_FRAMES = 6  # still frames in a row not sure (0.4 s at 15 a second): lay it again
TOLERANCE = 0.015  # how far a corner may move (share of the frame's width) and lie still

READ, LAY_AGAIN, LEARN = "read", "lay-again", "learn"


@dataclass(frozen=True)
class Look:
    """One frame as the reader saw it."""

    outline: tuple[tuple[float, float], ...] | None  # four corners / frame width, or None
    why: str  # the reader's: "read", "empty", "off the spot", "not a card", "not sure"
    card: str | None = None


@dataclass(frozen=True)
class Decision:
    what: str  # READ (send `card`), LAY_AGAIN (ERROR lay-again) or LEARN (learn this frame)
    card: str | None = None


def moved(one, other) -> float:
    """How far the outline moved: the largest distance a corner went (corners matched
    in any rotation, as a card's corners may be listed from another one)."""
    best = float("inf")
    for shift in range(4):
        far = max(
            ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
            for a, b in zip(one, other[shift:] + other[:shift], strict=True)
        )
        best = min(best, far)
    return best


class _Stillness:
    """Whether the outline lies still, and when a new placement begins."""

    def __init__(self, still_frames: int, tolerance: float):
        self.still_frames = still_frames
        self.tolerance = tolerance
        self._run: list[Look] = []  # the latest frames with an outline, each near the one before
        self.anchor = None  # the outline of the placement being decided on

    def clear(self) -> None:
        self._run = []

    def still(self, look: Look) -> list[Look] | None:
        """The run of still frames ending with `look` once it is long enough, else None.
        A move away from the anchor starts a new placement (`new_placement` says so)."""
        self.new_placement = False
        if self._run and moved(self._run[-1].outline, look.outline) > self.tolerance:
            self._run = []
        self._run = (self._run + [look])[-self.still_frames :]
        if len(self._run) < self.still_frames:
            return None
        if self.anchor is None or moved(self.anchor, look.outline) > self.tolerance:
            self.anchor = look.outline
            self.new_placement = True
        return self._run


class ReadSpot:
    """The spot while playing: feed every frame's Look to `see`."""

    def __init__(
        self,
        still_frames: int = STILL_FRAMES,
        empty_frames: int = EMPTY_FRAMES,
        unsure_frames: int = UNSURE_FRAMES,
        tolerance: float = TOLERANCE,
    ):
        self.empty_frames = empty_frames
        self.unsure_frames = unsure_frames
        self._still = _Stillness(still_frames, tolerance)
        self.sent: str | None = None  # the card sent and not yet taken away
        self._empty = 0
        self._unsure = 0
        self._said = False  # "lay again" said for this placement

    def see(self, look: Look) -> Decision | None:
        if look.why == "empty":
            return self._empty_frame()
        self._empty = 0
        if look.outline is None:  # a hand, a card half on the spot: nothing to decide on
            self._still.clear()
            self._unsure = 0
            return None
        run = self._still.still(look)
        if run is None:
            self._unsure = 0
            return None
        if self._still.new_placement:
            self._said = False
            self._unsure = 0
        cards = {seen.card for seen in run}
        if len(cards) == 1 and look.card is not None:
            self._unsure = 0
            if look.card == self.sent:
                return None  # still lying there, or laid again without the spot emptied
            self.sent = look.card
            return Decision(READ, look.card)
        self._unsure += 1
        if self._unsure >= self.unsure_frames and not self._said:
            self._said = True
            return Decision(LAY_AGAIN)
        return None

    def _empty_frame(self) -> None:
        self._empty += 1
        self._still.clear()
        self._unsure = 0
        if self._empty >= self.empty_frames:
            self.sent = None
            self._said = False
            self._still.anchor = None
        return None


class LearnSpot:
    """The spot while pairing: `see` says LEARN for the frame to learn the asked card from."""

    def __init__(
        self,
        still_frames: int = STILL_FRAMES,
        empty_frames: int = EMPTY_FRAMES,
        tolerance: float = TOLERANCE,
    ):
        self.empty_frames = empty_frames
        self._still = _Stillness(still_frames, tolerance)
        self._empty = 0
        self.armed = False  # the spot was seen empty since the last card learnt
        self.empty_seen = False  # ... and the frames now show it empty (for learn_empty)

    def see(self, look: Look) -> Decision | None:
        if look.why == "empty":
            self._empty += 1
            self._still.clear()
            if self._empty >= self.empty_frames:
                self.armed = True
                self._still.anchor = None
            self.empty_seen = self._empty >= self.empty_frames
            return None
        self._empty = 0
        self.empty_seen = False
        if look.outline is None:
            self._still.clear()
            return None
        if self._still.still(look) is None or not self.armed:
            return None
        if not self._still.new_placement:
            return None  # this placement was tried already: move the card, or lift it
        return Decision(LEARN)

    def learnt(self) -> None:
        """The card was learnt: the next one only after the spot was seen empty."""
        self.armed = False
