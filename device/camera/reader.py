"""Pairing a deck from one frame per card, and reading the card on the spot.

A card is compared with each learnt card twice: its whole face at low
resolution (features.feature: the pips, a court's picture), and its corner
index at the camera's own resolution (features.indices: the rank and suit,
where a 6 differs from a 9 and a club from a spade, whatever the design). The
whole face picks the likeliest cards; their score mixes both likenesses.

A read names a card only when it is sure: its score is high enough, and against
each other candidate the frame lies clearly on its side: the gap between
their scores is a large enough share of how much the two learnt cards differ
(two cards that differ in one small mark need the frame to show that mark), and
twice how far the frame lies from the card (1 - its score: where blur, light or a
finger took that much from the card's likeness, they may as well have made the
lead; on a design whose cards of a colour differ in one numeral, a 10 and a 12,
that is more than the numerals' whole difference). Where the scores leave two
cards that close, their marks decide (marks.py: the face at the camera's own
resolution, each pip and letter aligned on its own, where one design's club and
spade differ by a few pixels; each card turned the way round its marks fit, as
a design alike turned half round but for a few dots leaves the whole face unsure
of it): the frame must show the marks of one clearly better than the other's, or
at least better where the scores' lead is clear of the cards' difference but not
of the frame's distance, else the reader is not sure; the
next best card is read instead of the best only when its marks beat the best's so,
and it is clearly ahead of every other rival too.
Otherwise (no card, a card half on the spot, a hand over it, two cards alike
under this light) it is None, and the player lays the card again: a wrong card
is worse than a second try.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..decks import DECKS
from ..engine.errors import NotationError
from . import features, marks
from .locate import Found, Nothing, Shape, locate
from .profile import EMPTY_SIZE, Profile

MIN_SCORE = 0.8  # below this the best card is not the card on the spot
CANDIDATES = 10  # the cards likeliest by their whole face, whose indices are compared
INDEX_SHARE = 0.5  # the index's part in a card's score (the whole face has the rest)
MIN_SIDE = 0.25  # the frame must lie this far on a card's side of each rival (0: halfway)
FAR_SHARE = 2.0  # ... and lead each by this share of the frame's distance from the card
CLOSE = 0.01  # scores nearer than this: the rival's marks must not clearly beat the card's
MARKS_SIDE = 0.5  # marks.side from which the frame lies clearly on a card's side (1: all)
EMPTY_LIKE = 6.0  # mean grey difference (of 255) from the empty spot below which it is empty


class PairingError(Exception):
    """A pairing frame that teaches nothing: `card` names it."""

    def __init__(self, card: str, reason: str):
        super().__init__(f"{card}: {reason}")
        self.card = card
        self.reason = reason


@dataclass(frozen=True)
class Reading:
    """What a frame shows: the card and its score, or None and why not."""

    card: str | None
    score: float
    why: str  # "read", "empty", "off the spot", "not a card", "not sure"
    corners: np.ndarray | None = None


def learn(frames: dict[str, np.ndarray], deck: str, empty: np.ndarray | None = None) -> Profile:
    """The profile of `deck` from one frame per card (keyed by the card's name)."""
    profile = None
    for name, frame in frames.items():
        profile = learn_card(profile, deck, name, frame)
    if empty is not None:
        profile = learn_empty(profile, empty, deck)
    if profile is None:
        return _blank(deck)
    return profile


def learn_card(profile: Profile | None, deck: str, card: str, frame: np.ndarray) -> Profile:
    """`profile` (None: a new one) with `card` learnt from `frame`, or learnt again.

    Pairing card by card: the profile is saved after each, so a pairing stopped
    goes on where it stopped; a card learnt again (new light) replaces its old
    features. The paired card size is recomputed from the cards learnt so far.
    PairingError when the frame teaches nothing (no whole card on the spot).
    """
    known = DECKS[deck]
    try:
        name = known.parse(card).text
    except NotationError:
        raise PairingError(str(card), f"not a card of the {deck} deck") from None
    if profile is not None and profile.deck != deck:
        raise PairingError(name, f"the profile is of the {profile.deck} deck, not {deck}")
    found = locate(frame)
    if isinstance(found, Nothing):
        raise PairingError(name, f"no whole card found on the spot ({found.reason})")
    both = features.learnt_features(frame, found.corners)
    ink = marks.as_stored(marks.ink(frame, found.corners))
    size = np.array([found.shape.area, found.shape.aspect], np.float32)
    index = features.learnt_index_variants(frame, found.corners)
    base = profile if profile is not None else _blank(deck)
    cards, learnt, shapes = list(base.cards), base.learnt, base.card_shapes()
    indices, inks = base.indices, base.inks
    if name in cards:
        at = cards.index(name)
        learnt, shapes, indices, inks = learnt.copy(), shapes.copy(), indices.copy(), inks.copy()
        learnt[at], shapes[at], indices[at], inks[at] = both, size, index, ink
    else:
        cards.append(name)
        learnt = np.concatenate([learnt, both[None]])
        shapes = np.concatenate([shapes, size[None]])
        indices = np.concatenate([indices, index[None]])
        inks = np.concatenate([inks, ink[None]])
    return replace(
        base,
        cards=tuple(cards),
        learnt=learnt,
        shapes=shapes,
        indices=indices,
        inks=inks,
        shape=Shape(float(np.median(shapes[:, 0])), float(np.median(shapes[:, 1]))),
    )


def learn_empty(profile: Profile | None, frame: np.ndarray, deck: str | None = None) -> Profile:
    """`profile` with `frame` as its empty spot (the mat with no card), replacing any.

    With no profile yet, `deck` names the deck of the new one (no card learnt).
    """
    if profile is None:
        if deck not in DECKS:
            raise PairingError("empty", "no profile and no deck to learn the empty spot for")
        profile = _blank(deck)
    return replace(profile, empty=small_grey(frame))


def _blank(deck: str) -> Profile:
    """A profile of `deck` with nothing learnt."""
    return Profile(
        deck=deck,
        cards=(),
        learnt=np.zeros((0, features.VARIANTS, features.SIZE), np.float32),
        shape=None,
        empty=None,
        shapes=np.zeros((0, 2), np.float32),
        indices=np.zeros((0, features.VARIANTS, *features.INDEX_SIZE[::-1], 3), np.float32),
        inks=np.zeros((0, marks.CARD[1], marks.CARD[0]), np.uint8),
    )


def small_grey(frame: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    return cv2.resize(grey, EMPTY_SIZE, interpolation=cv2.INTER_AREA)


class Reader:
    """Reads frames against one profile."""

    def __init__(self, profile: Profile):
        self.profile = profile
        count = len(profile.cards)
        self._templates = features.index_templates(
            profile.indices.reshape(count * features.VARIANTS, features.index_count())
        )
        # How alike two cards' indices are (the closer of their two learnt ones).
        v = features.VARIANTS
        alike = (self._templates @ self._templates.T).reshape(count, v, count, v)
        self._index_alike = alike.max(axis=(1, 3))
        self._apart: dict[tuple[int, bool, int, bool], marks.Apart] = {}
        self._marks: dict[tuple[int, bool], list[marks.Mark]] = {}

    def read(self, frame: np.ndarray) -> Reading:
        found = locate(frame, self.profile.shape)
        if isinstance(found, Nothing):
            return Reading(None, 0.0, found.reason)
        if self._looks_empty(frame, found):
            return Reading(None, 0.0, "empty", found.corners)
        if not self.profile.cards:  # only the empty spot learnt yet
            return Reading(None, 0.0, "not sure", found.corners)
        upright = features.rectify(frame, found.corners)
        return self._decide(frame, features.feature(upright), found)

    def _decide(self, frame: np.ndarray, seen: np.ndarray, found: Found) -> Reading:
        learnt = self.profile.learnt
        whole, turn = features.likeness(seen, learnt)
        top = np.argsort(whole)[::-1][:CANDIDATES]
        v = features.VARIANTS
        rows = (top[:, None] * v + np.arange(v)).ravel()
        seen_index = features.indices(frame, found.corners)
        index = features.index_scores(seen_index, self._templates[rows]).reshape(-1, v).max(axis=1)
        scored = (1 - INDEX_SHARE) * whole[top] + INDEX_SHARE * index
        order = np.argsort(scored)[::-1]
        ink: list[np.ndarray] = []  # the frame's ink, made once and only when marks are compared

        def sure_over(pick: int, rival: int) -> bool:
            """The frame lies clearly on the side of candidate `pick` against `rival`: by
            their scores, or else mark by mark (two cards alike but for a few marks); and
            a rival scored that close must not clearly win mark by mark."""
            b, r = top[pick], top[rival]
            apart = (1 - INDEX_SHARE) * (1 - float(learnt[b, turn[b]] @ learnt[r, turn[r]]))
            apart += INDEX_SHARE * (1 - float(self._index_alike[b, r]))
            gap = scored[pick] - scored[rival]
            share = MIN_SIDE * max(apart, 1e-3)  # the lead the two cards' difference asks
            far = FAR_SHARE * (1 - scored[pick])  # ... and the frame's distance from the card
            if gap >= max(share, far, CLOSE):
                return True
            if not ink:
                ink.append(marks.ink(frame, found.corners))
            turns = turn[b] % 2 == 1, turn[r] % 2 == 1
            if gap >= max(share, CLOSE):
                # A lead the frame's own blur or light may have made: the marks decide,
                # and must not show the rival better.
                return self._marks_say(ink[0], b, r, turns, lambda side: side > 0)
            if gap >= max(share, far):
                # Two cards so alike (a 6 and an 8 of a design printing its rank once)
                # that a small gap passed: their marks may still say the other one.
                return self._marks_say(ink[0], b, r, turns, lambda side: side > -MARKS_SIDE)
            return self._marks_say(ink[0], b, r, turns, lambda side: side >= MARKS_SIDE)

        # The likeliest card, or the next when its marks clearly beat the likeliest's.
        for pick in order[:2]:
            if scored[pick] < MIN_SCORE:
                break
            if all(sure_over(pick, rival) for rival in order if rival != pick):
                score = round(float(scored[pick]), 3)
                return Reading(self.profile.cards[top[pick]], score, "read", found.corners)
        score = round(max(float(scored[order[0]]), 0.0), 3)
        return Reading(None, score, "not sure", found.corners)

    def _marks_say(self, seen: np.ndarray, b: int, r: int, turns, enough) -> bool:
        """`enough` holds for marks.side of the frame's ink between learnt cards b and r,
        each turned as suits it: b some way round, against r either way round (on a design
        alike turned half round but for a few marks, the whole face does not tell which
        way round the frame shows a card). `turns`: the whole face's, tried first."""
        b_turn, r_turn = turns
        return any(
            all(
                enough(self._turned_side(seen, b, b_turned, r, r_turned))
                for r_turned in (r_turn, not r_turn)
            )
            for b_turned in (b_turn, not b_turn)
        )

    def _turned_side(self, seen: np.ndarray, b: int, b_turned, r: int, r_turned) -> float:
        """marks.side of the frame's ink between learnt cards b and r, as oriented."""
        first = marks.from_stored(self.profile.inks[b], b_turned)
        second = marks.from_stored(self.profile.inks[r], r_turned)
        key = (b, b_turned, r, r_turned)
        if key not in self._apart:  # the same two cards come up again and again
            self._apart[key] = marks.apart(
                first,
                second,
                self._marks_of(b, b_turned, first),
                self._marks_of(r, r_turned, second),
            )
        return marks.side(seen, first, second, self._apart[key])

    def _marks_of(self, card: int, turned: bool, ink: np.ndarray) -> list[marks.Mark]:
        key = (card, turned)
        if key not in self._marks:  # a card comes up against many rivals
            self._marks[key] = marks.marks(ink)
        return self._marks[key]

    def _looks_empty(self, frame: np.ndarray, found: Found) -> bool:
        """The card's place looks as in the empty spot frame: a bright patch of the mat."""
        empty = self.profile.empty
        if empty is None:
            return False
        grey = small_grey(frame).astype(np.float32)
        scale = EMPTY_SIZE[0] / frame.shape[1], EMPTY_SIZE[1] / frame.shape[0]
        polygon = np.round(found.corners * np.array(scale)).astype(np.int32)
        inside = np.zeros(grey.shape, np.uint8)
        cv2.fillConvexPoly(inside, polygon, 1)
        if not inside.any():
            return True
        then = empty.astype(np.float32)
        gain = float(np.median(grey[inside == 0]) / max(np.median(then[inside == 0]), 1.0))
        return float(np.abs(grey - gain * then)[inside == 1].mean()) < EMPTY_LIKE
