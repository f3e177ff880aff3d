"""Finding the card on the spot: where its four corners are in the frame, or why not.

The spot is a dark mat. The mat is learnt from each frame itself (its colour,
and its brightness as a smooth field across the spot: the lamp's gradient, the
lens's vignette), fitted to the frame's border first, then to all that looks like
mat; what lies on the mat is what is clearly brighter than the mat there or of
another colour. That is the whole card, a court's picture and a black edge line
included (holes filled), not only its white paper. A finger is cut off by an
opening narrower than a card; a glare spot beside the card by a core swept by a
disc of half a card's width, whose box gives the card's sides; the sides are then
fitted to straight lines, so a slight tilt (a trapezium) and a finger over one
corner still give the corners where the card's edges meet. What is not a whole
card of the paired shape and size, with paper along its edges and lying inside
the frame, is not read: a wrong card is worse than "lay the card again".
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

WORK_WIDTH = 320  # the mask is made at this width: fast, and exact enough for the corners
MIN_LEVEL = 60  # paper is never darker than this (of 255), even in a dim corner
MAX_SATURATION = 80  # paper under a colour cast stays below this (of 255); skin is above
MAT_LIFT = 0.45  # log brightness above the mat's own there from which a thing lies on it
MAT_CHROMA = 0.09  # colour (chromaticity, summed over channels) this far off the mat's
PAPER_LIFT = 0.7  # paper is at least twice as bright as the mat beside it
MODEL_SIZE = (64, 48)  # the mat's light is fitted at this size
FINGER = 25  # work pixels: a finger (and a thin glare streak) is narrower than this
MIN_RIM = 0.55  # at least this share of a card's outer band is paper (a finger on a corner)
BORDER = 2  # a card this close (work pixels) to the frame's edge is not wholly on the spot
MIN_FILL = 0.9  # what lies on the mat fills at least this much of the card's sides
MAX_BEYOND = 0.3  # ... and lies beyond them by at most this much (a glare spot beside it)
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
    lift, paper = foreground(small)
    blob = _card_blob(lift, _finger_reach(expect, lift.shape))
    if blob is None:
        return Nothing("empty")
    opened, outline, core = blob
    frame_area = lift.shape[0] * lift.shape[1]
    low, high = _area_bounds(expect)
    if cv2.contourArea(core) / frame_area < low:
        return Nothing("empty")
    if _touches_edge(core, lift.shape):
        return Nothing("off the spot")
    corners = _fit_sides(
        outline.reshape(-1, 2).astype(np.float32), cv2.boxPoints(cv2.minAreaRect(core))
    )
    if corners is None:
        return Nothing("not a card")
    area, aspect = _quad_shape(corners)
    area /= frame_area
    if not low <= area <= high or not _aspect_fits(aspect, expect):
        return Nothing("not a card")
    inside, outside = _overlap(opened, core, corners)
    if inside < MIN_FILL or outside > MAX_BEYOND or _paper_rim(paper, corners) < MIN_RIM:
        return Nothing("not a card")
    corners = corners * np.float32(1 / scale)
    return Found(_clockwise_short_first(corners), Shape(area, aspect))


def foreground(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What lies on the mat (255), and which of it is paper (255), at the work size.

    The mat is learnt from the frame itself: its colour (chromaticity, which the
    lamp's level does not change) and its brightness as a smooth field across the
    spot (the lamp's gradient and the lens's vignette), fitted first to the frame's
    border, then to all that looks like mat. Whatever is clearly brighter than the
    mat there, or of another colour, lies on it; paper is what is brighter and
    also uncoloured. A shadow (darker, same colour) is mat.
    """
    blurred = cv2.GaussianBlur(small, (3, 3), 0).astype(np.float32) + 1.0
    total = blurred.sum(axis=2)
    lum = np.log(total)
    chroma = blurred / total[..., None]
    above = lum - _mat_field(lum)
    mat_colour = np.median(chroma[::4, ::4][_ring(lum[::4, ::4].shape, 2)], axis=0)
    off_colour = np.abs(chroma - mat_colour).sum(axis=2) > MAT_CHROMA
    lifted = (above > MAT_LIFT) | (off_colour & (above > -MAT_LIFT))
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    paper = (
        lifted & (above > PAPER_LIFT) & (hsv[..., 1] < MAX_SATURATION) & (hsv[..., 2] > MIN_LEVEL)
    )
    lift = cv2.morphologyEx(lifted.astype(np.uint8) * 255, cv2.MORPH_OPEN, _disc(3))
    return lift, paper.astype(np.uint8)


def _mat_field(lum: np.ndarray) -> np.ndarray:
    """The mat's log brightness at each pixel: a quadratic surface fitted robustly.

    Fitted on a small copy (the light is smooth), first to the frame's border, then
    to every pixel near the surface fitted before.
    """
    h, w = lum.shape
    tiny = cv2.resize(lum, (MODEL_SIZE[0], MODEL_SIZE[1]), interpolation=cv2.INTER_AREA)
    grid = _basis(MODEL_SIZE[1], MODEL_SIZE[0])
    basis, sample = grid.reshape(6, -1).T, tiny.ravel()
    chosen = _ring(tiny.shape, 3).ravel()
    coef = None
    for _ in range(3):
        if chosen.sum() < 12:
            break
        picked = basis[chosen]
        coef = np.linalg.solve(picked.T @ picked + 1e-6 * np.eye(6), picked.T @ sample[chosen])
        chosen = np.abs(sample - basis @ coef) < MAT_LIFT  # what looks like mat under this light
    if coef is None:
        return np.full_like(lum, float(np.median(lum)))
    field = np.tensordot(coef, grid, axes=1).astype(np.float32)
    return cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)


_BASES: dict[tuple[int, int], np.ndarray] = {}


def _basis(h: int, w: int) -> np.ndarray:
    """1, x, y, x^2, y^2, xy over the frame (x, y in -1..1), cached by size."""
    if (h, w) not in _BASES:
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        x, y = 2 * x / w - 1, 2 * y / h - 1
        _BASES[(h, w)] = np.stack([np.ones_like(x), x, y, x * x, y * y, x * y])
    return _BASES[(h, w)]


def _ring(shape: tuple[int, int], width: int = 6) -> np.ndarray:
    ring = np.ones(shape, bool)
    ring[width:-width, width:-width] = False
    return ring


def _disc(size: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))


def _finger_reach(expect: Shape | None, size: tuple[int, int]) -> int:
    """The opening that takes a finger (or a thin shadow) off the card, in work pixels."""
    if expect is None:
        return FINGER
    short = np.sqrt(expect.area * size[0] * size[1] * expect.aspect)
    return int(min(FINGER, 0.4 * short)) | 1


def _card_blob(lift: np.ndarray, reach: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The largest thing on the mat, its holes filled: its outline, fingers cut off, and
    its core (what a disc of half a card's width sweeps: no glare spot beside it).

    A rectangle's core is the rectangle with rounded corners: its box is the card's.
    The core is found at half the work size (a large disc is slow).
    """
    filled = _filled(lift)
    if filled is None:
        return None
    opened = cv2.morphologyEx(filled, cv2.MORPH_OPEN, _disc(reach))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    outline = max(contours, key=cv2.contourArea)
    half = cv2.resize(opened, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    half = cv2.morphologyEx(half, cv2.MORPH_OPEN, _disc(reach))
    cores, _ = cv2.findContours(
        (half > 127).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    if not cores:
        return None
    core = max(cores, key=cv2.contourArea).astype(np.float32) * 2 + 0.5
    return opened, outline, core


def _quad_shape(corners: np.ndarray) -> tuple[float, float]:
    """The quadrilateral's area and its short sides over its long sides (their means)."""
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    one, other = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return float(cv2.contourArea(corners)), float(min(one, other) / max(one, other))


def _overlap(mask: np.ndarray, core: np.ndarray, corners: np.ndarray) -> tuple[float, float]:
    """How much of the quadrilateral the mask fills, and how much of the core lies
    beyond it (another card touching this one), both as shares of the quadrilateral."""
    quad = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(quad, np.round(corners).astype(np.int32), 1)
    size = max(int(quad.sum()), 1)
    inside = float((mask > 0)[quad > 0].sum()) / size
    beyond = np.zeros(mask.shape, np.uint8)
    cv2.fillPoly(beyond, [np.round(core).astype(np.int32)], 1)
    beyond[quad > 0] = 0
    return inside, float(beyond.sum()) / size


def _filled(mask: np.ndarray) -> np.ndarray | None:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    out = np.zeros_like(mask)
    cv2.drawContours(out, contours, -1, 255, -1)
    return out


def _paper_rim(paper: np.ndarray, corners: np.ndarray) -> float:
    """The share of the card's outer band that is paper: a card is paper at its edges."""
    centre = corners.mean(axis=0)
    outer = np.zeros(paper.shape, np.uint8)
    inner = np.zeros(paper.shape, np.uint8)
    cv2.fillConvexPoly(outer, np.round(centre + (corners - centre) * 0.97).astype(np.int32), 1)
    cv2.fillConvexPoly(inner, np.round(centre + (corners - centre) * 0.85).astype(np.int32), 1)
    band = (outer > 0) & (inner == 0)
    return float(paper[band].mean()) if band.any() else 0.0


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
    near = points[(across < tolerance) & (along > 0.2) & (along < 0.8)]
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
