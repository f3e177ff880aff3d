"""What of a card's face is compared: an upright, small image without light or colour cast.

The card's quadrilateral is warped to a small upright rectangle (a little inside
its edges: the rounded corners and the mat stay out). Each colour channel is
divided by the paper's own level around each pixel (its local brightest, smoothed),
so the lamp's colour, its gradient across the card, a soft shadow and the camera's
white balance go, and what is left is the print: its darkness ("ink") and two
colour-opponent channels (red-green, yellow-blue), so a heart is not a spade and a
yellow 9 not a green one. A feature is a unit vector; the dot product of two is
their likeness, 1 for the same print.

The corner index (rank and suit) is cut from the card at the camera's own
resolution, top left and bottom right (turned upright: a finger hides at most
one), and matched with a few pixels of slack: the corners found are never exact.
"""

from __future__ import annotations

import cv2
import numpy as np

WIDTH, HEIGHT = 96, 144  # the canonical card, portrait
INSET = 0.04  # share of each side left out: rounded corners, a slightly wrong edge
PAPER_REACH = 22  # pixels (canonical) around a pixel where paper is looked for
COLOUR_WEIGHT = 1.5  # colour against ink in the feature
SIZE = WIDTH * HEIGHT * 3
VARIANTS = 4  # a card is learnt upright, turned half round, and both again blurred
PLAY_BLUR = 1.8  # canonical pixels: a play frame (moving hand, focus) is blurrier than pairing


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


def learnt_features(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A pairing frame's card: VARIANTS x SIZE features (upright, turned, both blurred)."""
    upright = rectify(frame, corners)
    blurred = cv2.GaussianBlur(upright, (0, 0), PLAY_BLUR)
    cards = (upright, flipped(upright), blurred, flipped(blurred))
    return np.array([feature(card) for card in cards], np.float32)


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


# -- the corner index: rank and suit, read at the camera's own resolution -------------------
# The canonical card (width, height) the index is cut from: about the card's size on the
# frame, so the suit's small pip keeps all the camera saw of it (a club's lobes, a spade's point).
INDEX_CARD = (180, 270)
# x0, y0, x1, y1: the index, as shares of the card; from near the edge, as some designs
# print it (their pip was cut off at 0.06), and low enough for a large pip under the rank.
INDEX_BOX = (0.025, 0.02, 0.24, 0.34)
INDEX_SLACK = 6  # pixels each way a seen index may lie off the learnt one (corners found)
INDEX_PLAY_BLUR = 1.5  # pixels: how much blurrier a play frame's index may be
INDEX_BLUR = 1.0  # pixels: a sharp pairing frame and a blurred play frame look alike


def _index_size() -> tuple[int, int]:
    w, h = INDEX_CARD
    x0, y0, x1, y1 = INDEX_BOX
    return round((x1 - x0) * w), round((y1 - y0) * h)


INDEX_SIZE = _index_size()  # (width, height) of a learnt index
SEEN_SIZE = (INDEX_SIZE[0] + 2 * INDEX_SLACK, INDEX_SIZE[1] + 2 * INDEX_SLACK)


def indices(frame: np.ndarray, corners: np.ndarray, extra_blur: float = 0.0) -> np.ndarray:
    """The card's two corner indices (top left, and bottom right turned upright), each
    with INDEX_SLACK pixels around it, as ink and colour (2 x H x W x 3, float32)."""
    turned = np.roll(corners, -2, axis=0)
    return np.stack([_index(frame, corners, extra_blur), _index(frame, turned, extra_blur)])


def learnt_indices(seen: np.ndarray) -> np.ndarray:
    """The learnt indices: the seen ones without their slack."""
    s = INDEX_SLACK
    return np.ascontiguousarray(seen[:, s:-s, s:-s])


def learnt_index_variants(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A pairing frame's indices: VARIANTS x H x W x 3 (both corners, then both blurred)."""
    sharp = indices(frame, corners)
    blurred = indices(frame, corners, extra_blur=INDEX_PLAY_BLUR)
    return learnt_indices(np.concatenate([sharp, blurred]))


def _index(frame: np.ndarray, corners: np.ndarray, extra_blur: float = 0.0) -> np.ndarray:
    w, h = INDEX_CARD
    x0, y0 = INDEX_BOX[0] * w - INDEX_SLACK, INDEX_BOX[1] * h - INDEX_SLACK
    card = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - np.float32([x0, y0])
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), card)
    crop = cv2.warpPerspective(frame, warp, SEEN_SIZE, flags=cv2.INTER_LINEAR)
    blur = float(np.hypot(INDEX_BLUR, extra_blur))
    crop = cv2.GaussianBlur(crop.astype(np.float32), (0, 0), blur)
    paper = np.percentile(crop.reshape(-1, 3), 90, axis=0)
    rel = np.clip(crop / np.maximum(paper, 8.0), 0.0, 1.0)
    b, g, r = rel[..., 0], rel[..., 1], rel[..., 2]
    ink = 1.0 - (b + g + r) / 3
    return np.stack(
        [ink, COLOUR_WEIGHT * (r - g), COLOUR_WEIGHT * ((r + g) / 2 - b)], axis=-1
    ).astype(np.float32)


def index_templates(learnt: np.ndarray) -> np.ndarray:
    """Learnt indices (n x H x W x 3) as zero-mean unit vectors (n x D), for index_scores."""
    flat = learnt.reshape(len(learnt), index_count()).astype(np.float32)
    flat = flat - flat.mean(axis=1, keepdims=True)
    return flat / np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-6)


def index_scores(seen: np.ndarray, templates: np.ndarray, slack: int = INDEX_SLACK) -> np.ndarray:
    """Each template's best normalised correlation with either seen index, over shifts
    of up to `slack` pixels each way (so a corner found a little off still matches)."""
    s = INDEX_SLACK
    h, w = INDEX_SIZE[1], INDEX_SIZE[0]
    part = seen[:, s - slack : s + slack + h, s - slack : s + slack + w]
    windows = np.lib.stride_tricks.sliding_window_view(part, (h, w, 3), axis=(1, 2, 3))
    windows = windows.reshape(-1, h * w * 3)
    mean = windows.mean(axis=1, keepdims=True)
    norm = np.sqrt(
        np.maximum((windows * windows).sum(axis=1) - windows.shape[1] * mean[:, 0] ** 2, 1e-6)
    )
    scores = (windows @ templates.T) / norm[:, None]  # templates are zero-mean: the mean drops
    return scores.max(axis=0)


def index_count() -> int:
    """The numbers in one learnt index."""
    return INDEX_SIZE[0] * INDEX_SIZE[1] * 3
