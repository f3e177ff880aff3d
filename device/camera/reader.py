"""Pairing a deck from one frame per card, and reading the card on the spot.

A card is compared with each learnt card twice: its whole face at low
resolution (features.feature: the pips, a court's picture), and its corner
index at the camera's own resolution (features.indices: the rank and suit,
where a 6 differs from a 9 and a club from a spade, whatever the design). The
whole face picks the likeliest cards; their score mixes both likenesses.

A read names a card only when it is sure: its score is high enough, and against
each of the next best cards the frame lies clearly on its side: the gap between
their scores is a large enough share of how much the two learnt cards differ
(two cards that differ in one small mark need the frame to show that mark).
Otherwise (no card, a card half on the spot, a hand over it, two cards alike
under this light) it is None, and the player lays the card again: a wrong card
is worse than a second try.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..engine.cards import DECKS
from ..engine.errors import NotationError
from . import features
from .locate import Found, Nothing, Shape, locate
from .profile import EMPTY_SIZE, Profile

MIN_SCORE = 0.8  # below this the best card is not the card on the spot
CANDIDATES = 10  # the cards likeliest by their whole face, whose indices are compared
INDEX_SHARE = 0.5  # the index's part in a card's score (the whole face has the rest)
RIVALS = 4  # the best card is held against this many next best
MIN_SIDE = 0.25  # ... and the frame must lie this far on its side of each (0: halfway)
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
    upright = features.rectify(frame, found.corners)
    both = np.array(
        [features.feature(upright), features.feature(features.flipped(upright))], np.float32
    )
    size = np.array([found.shape.area, found.shape.aspect], np.float32)
    index = features.learnt_indices(features.indices(frame, found.corners))
    base = profile if profile is not None else _blank(deck)
    cards, learnt, shapes, indices = list(base.cards), base.learnt, base.card_shapes(), base.indices
    if name in cards:
        at = cards.index(name)
        learnt, shapes, indices = learnt.copy(), shapes.copy(), indices.copy()
        learnt[at], shapes[at], indices[at] = both, size, index
    else:
        cards.append(name)
        learnt = np.concatenate([learnt, both[None]])
        shapes = np.concatenate([shapes, size[None]])
        indices = np.concatenate([indices, index[None]])
    return replace(
        base,
        cards=tuple(cards),
        learnt=learnt,
        shapes=shapes,
        indices=indices,
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
        learnt=np.zeros((0, 2, features.SIZE), np.float32),
        shape=None,
        empty=None,
        shapes=np.zeros((0, 2), np.float32),
        indices=np.zeros((0, 2, *features.INDEX_SIZE[::-1], 3), np.float32),
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
            profile.indices.reshape(count * 2, features.index_count())
        )
        # How alike two cards' indices are (the closer of their two learnt ones).
        alike = (self._templates @ self._templates.T).reshape(count, 2, count, 2)
        self._index_alike = alike.max(axis=(1, 3))

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
        rows = (top[:, None] * 2 + np.arange(2)).ravel()
        seen_index = features.indices(frame, found.corners)
        index = features.index_scores(seen_index, self._templates[rows]).reshape(-1, 2).max(axis=1)
        scored = (1 - INDEX_SHARE) * whole[top] + INDEX_SHARE * index
        order = np.argsort(scored)[::-1]
        best = order[0]
        score = round(max(float(scored[best]), 0.0), 3)
        sure = scored[best] >= MIN_SCORE
        b = top[best]
        for rival in order[1 : 1 + RIVALS] if sure else ():
            r = top[rival]
            apart = (1 - INDEX_SHARE) * (1 - float(learnt[b, turn[b]] @ learnt[r, turn[r]]))
            apart += INDEX_SHARE * (1 - float(self._index_alike[b, r]))
            if scored[best] - scored[rival] < MIN_SIDE * max(apart, 1e-3):
                sure = False
                break
        if not sure:
            return Reading(None, score, "not sure", found.corners)
        return Reading(self.profile.cards[b], score, "read", found.corners)

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
