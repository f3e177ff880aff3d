"""What of a card's face is compared: an upright, small image without light or colour cast.

The card's quadrilateral is warped to a small upright rectangle (a little inside
its edges: the rounded corners and the mat stay out). Each colour channel is
divided by the paper's own level around each pixel (its local brightest, smoothed),
so the lamp's colour, its gradient across the card, a soft shadow and the camera's
white balance go, and what is left is the print: its darkness ("ink") and two
colour-opponent channels (red-green, yellow-blue), so a heart is not a spade and a
yellow 9 not a green one. A feature is a unit vector; the dot product of two is
their likeness, 1 for the same print.

Two cards alike in most of their print (a 9 and a 10 of one suit) are told apart
by where they differ: `between` says how far the frame's feature lies from one
towards the other, 0 at the one, 1 at the other.
"""

from __future__ import annotations

import cv2
import numpy as np

WIDTH, HEIGHT = 64, 96  # the canonical card, portrait
INSET = 0.04  # share of each side left out: rounded corners, a slightly wrong edge
PAPER_REACH = 15  # pixels (canonical) around a pixel where paper is looked for
COLOUR_WEIGHT = 1.5  # colour against ink in the feature
SIZE = WIDTH * HEIGHT * 3


def rectify(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card (BGR) warped upright to HEIGHT x WIDTH, `corners` clockwise from the top left."""
    w, h = 2 * WIDTH, 2 * HEIGHT  # warped at twice the size, then averaged down: no aliasing
    dx, dy = INSET * w, INSET * h
    target = np.array([[-dx, -dy], [w + dx, -dy], [w + dx, h + dy], [-dx, h + dy]], np.float32)
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    big = cv2.warpPerspective(frame, warp, (w, h), flags=cv2.INTER_LINEAR)
    return cv2.resize(big, (WIDTH, HEIGHT), interpolation=cv2.INTER_AREA)


def feature(card: np.ndarray) -> np.ndarray:
    """The card's feature (a unit vector of SIZE) from its upright picture."""
    bgr = cv2.GaussianBlur(card.astype(np.float32), (0, 0), 1.0)
    reach = np.ones((PAPER_REACH, PAPER_REACH), np.uint8)
    paper = cv2.GaussianBlur(cv2.dilate(bgr, reach), (0, 0), PAPER_REACH / 3)
    rel = np.clip(bgr / np.maximum(paper, 8.0), 0.0, 1.0)
    b, g, r = rel[..., 0], rel[..., 1], rel[..., 2]
    ink = 1.0 - (b + g + r) / 3
    red_green = COLOUR_WEIGHT * (r - g)
    yellow_blue = COLOUR_WEIGHT * ((r + g) / 2 - b)
    flat = np.stack([ink, red_green, yellow_blue], axis=-1).reshape(-1).astype(np.float32)
    norm = float(np.linalg.norm(flat))
    return flat / norm if norm > 1e-6 else flat


def flipped(card: np.ndarray) -> np.ndarray:
    """The card turned half round: the same face seen from the other short side."""
    return card[::-1, ::-1].copy()


def likeness(found: np.ndarray, learnt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each learnt card's likeness to `found`, and which of its orientations gave it.

    `learnt` is cards x orientations x SIZE.
    """
    both = learnt @ found
    turn = both.argmax(axis=1)
    return both[np.arange(len(learnt)), turn], turn


def between(found: np.ndarray, one: np.ndarray, other: np.ndarray) -> float:
    """Where `found` lies from `one` (0) to `other` (1), light level aside.

    `found` is fitted as x * one + y * other (least squares): blur and dimmer light
    scale it down, which a plain distance would take for a step away from `one`.
    """
    alike = float(one @ other)
    if alike > 0.9999:
        return 0.5  # the same print: nothing tells them apart
    to_one, to_other = float(found @ one), float(found @ other)
    x = (to_one - alike * to_other) / (1 - alike * alike)
    y = (to_other - alike * to_one) / (1 - alike * alike)
    if x + y <= 1e-6:
        return 0.5
    return y / (x + y)
