"""Finding the card on the spot: where its four corners are in the frame, or why not.

A card face is paper: the brightest, least coloured thing on the spot (the
mat is darker, a hand is skin-coloured). The paper is thresholded at half size,
its outline taken, and the four sides fitted to straight lines, so a slight tilt
(a trapezium, not a rectangle) and a finger over one corner still give the
corners where the card's edges meet. What is not a whole card of the paired
shape and size, lying inside the frame, is not read: a wrong card is worse than
"lay the card again".
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

WORK_WIDTH = 320  # the mask is made at this width: fast, and exact enough for the corners
MIN_LEVEL = 60  # paper is never darker than this (of 255), even in a dim corner
MAX_SATURATION = 80  # paper under a colour cast stays below this (of 255); skin is above
PAPER_SPLIT = 0.45  # the threshold lies this far from the mat's level to the paper's
BORDER = 2  # a card this close (work pixels) to the frame's edge is not wholly on the spot
MIN_FILL = 0.86  # the outline fills at least this much of its rectangle: a card, not a hand
# Without a profile (pairing), a card covers this share of the frame.
ANY_AREA = (0.03, 0.6)
ANY_ASPECT = (0.5, 0.85)
AREA_SLACK = (0.6, 1.6)  # a paired deck: its area times these (the camera is not moved)
ASPECT_SLACK = 0.1  # a paired deck: its short/long ratio plus or minus this


@dataclass(frozen=True)
class Shape:
    """The card as the camera sees it: its share of the frame and short side / long side."""

    area: float
    aspect: float


@dataclass(frozen=True)
class Found:
    """A card: corners in frame pixels, clockwise, the first side a short one."""

    corners: np.ndarray
    shape: Shape


@dataclass(frozen=True)
class Nothing:
    """No card to read, and why ("empty", "off the spot", "not a card")."""

    reason: str


def locate(frame: np.ndarray, expect: Shape | None = None) -> Found | Nothing:
    """The card lying on the spot of `frame` (BGR), of the paired `expect` shape if given."""
    scale = WORK_WIDTH / frame.shape[1]
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    mask = paper_mask(small)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return Nothing("empty")
    outline = max(contours, key=cv2.contourArea)
    frame_area = mask.shape[0] * mask.shape[1]
    low, high = _area_bounds(expect)
    area = cv2.contourArea(outline) / frame_area
    if area < low:
        return Nothing("empty")
    if _touches_edge(outline, mask.shape):
        return Nothing("off the spot")
    if area > high:
        return Nothing("not a card")
    (_, (w, h), _) = rect = cv2.minAreaRect(outline)
    aspect = min(w, h) / max(w, h)
    fill = cv2.contourArea(outline) / (w * h)
    if fill < MIN_FILL or not _aspect_fits(aspect, expect):
        return Nothing("not a card")
    corners = _fit_sides(outline.reshape(-1, 2).astype(np.float32), cv2.boxPoints(rect))
    if corners is None:
        return Nothing("not a card")
    return Found(_clockwise_short_first(corners / scale), Shape(area, aspect))


def paper_mask(small: np.ndarray) -> np.ndarray:
    """Bright, uncoloured pixels: 255 where paper may be, holes filled by closing."""
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    level = cv2.GaussianBlur(hsv[..., 2], (5, 5), 0)
    split, _ = cv2.threshold(level, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark = level[level <= split]
    bright = level[level > split]
    if dark.size and bright.size:  # nearer the mat than Otsu: a shadowed edge stays paper
        mat, paper = float(np.median(dark)), float(np.median(bright))
        split = min(split, mat + PAPER_SPLIT * (paper - mat))
    paper = (level > max(split, MIN_LEVEL)) & (hsv[..., 1] < MAX_SATURATION)
    mask = paper.astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))


def _area_bounds(expect: Shape | None) -> tuple[float, float]:
    if expect is None:
        return ANY_AREA
    return expect.area * AREA_SLACK[0], expect.area * AREA_SLACK[1]


def _aspect_fits(aspect: float, expect: Shape | None) -> bool:
    if expect is None:
        return ANY_ASPECT[0] <= aspect <= ANY_ASPECT[1]
    return abs(aspect - expect.aspect) <= ASPECT_SLACK


def _touches_edge(outline: np.ndarray, size: tuple[int, int]) -> bool:
    x, y, w, h = cv2.boundingRect(outline)
    return x < BORDER or y < BORDER or x + w > size[1] - BORDER or y + h > size[0] - BORDER


def _fit_sides(points: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """The corners where the four sides meet, each side a line fitted to its outline points.

    The points near each side of the bounding box, away from its ends (the rounded
    corners, a finger), are fitted robustly; a side with too few keeps the box's.
    """
    short = min(np.linalg.norm(box[1] - box[0]), np.linalg.norm(box[2] - box[1]))
    lines = []
    for i in range(4):
        a, b = box[i], box[(i + 1) % 4]
        lines.append(_side_line(points, a, b, tolerance=0.08 * short))
    corners = []
    for i in range(4):
        corner = _meet(lines[i - 1], lines[i])
        if corner is None or np.linalg.norm(corner - box[i]) > 0.25 * short:
            return None
        corners.append(corner)
    return np.array(corners, np.float32)


def _side_line(points, a, b, tolerance) -> tuple[np.ndarray, np.ndarray]:
    """A point on the side a-b and its direction, fitted to the outline points along it."""
    direction = (b - a) / np.linalg.norm(b - a)
    normal = np.array([-direction[1], direction[0]])
    rel = points - a
    along = rel @ direction / np.linalg.norm(b - a)
    across = np.abs(rel @ normal)
    near = points[(across < tolerance) & (along > 0.15) & (along < 0.85)]
    if len(near) < 8:
        return a, direction
    vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0]), np.array([vx, vy])


def _meet(first, second) -> np.ndarray | None:
    """Where two lines (point, direction) cross; None when they are (nearly) parallel."""
    (p, d), (q, e) = first, second
    det = d[0] * -e[1] + e[0] * d[1]
    if abs(det) < 1e-6:
        return None
    t = ((q[0] - p[0]) * -e[1] + e[0] * (q[1] - p[1])) / det
    return p + t * d


def _clockwise_short_first(corners: np.ndarray) -> np.ndarray:
    """The same corners, clockwise on the screen (y down), starting on a short side."""
    x, y = corners[:, 0], corners[:, 1]
    if np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y) < 0:
        corners = corners[::-1]
    if np.linalg.norm(corners[1] - corners[0]) > np.linalg.norm(corners[2] - corners[1]):
        corners = np.roll(corners, -1, axis=0)
    return corners.astype(np.float32)
