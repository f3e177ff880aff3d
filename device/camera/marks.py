"""Two close cards told apart mark by mark, each mark aligned on its own.

Some designs print a club and a spade (or a heart and a diamond) so alike that the
whole face at low resolution and the corner index cannot tell them apart under a
play frame's blur: a club's lobes and a spade's point are a few pixels. Here the
card is seen at the camera's own resolution (marks.CARD, about the card's size on
the frame) as ink: how much darker than the paper around it each pixel is, in its
darkest colour channel (a yellow diamond is ink too). A learnt card's marks are its
blobs of ink: pips, the rank's letters, the index's small suit pip (a court's large
picture is cut into tiles). The corners found are a few pixels off, and off by
different amounts at a tilted card's two ends, so no single shift lines a frame up
with a learnt card; each mark is therefore looked for on its own, a few pixels
around where the learnt card has it, and scored by its best normalised correlation.

Between two rival cards only the marks that differ count (a mark of one that the
other card has too, the rank's letters of two cards of one rank, tells nothing).
The frame lies on the side of the card whose differing marks it shows better,
measured against how much the two cards' marks differ from each other: about +1
when the frame shows the first card, -1 the second, 0 halfway. A card that is the
other plus a mark (a 7 and an 8) comes out near 0: its marks are all in the frame
either way; such cards differ enough elsewhere for the reader's other checks.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CARD = (180, 270)  # width, height: the card at about its size on the frame (features.INDEX_CARD)
INSET = 0.03  # share of each side left out: the mat past a corner found a little off
BLUR = 1.0  # pixels: the camera's noise and JPEG blocks smoothed away
PAPER_REACH = 21  # pixels around a pixel where the paper's level is looked for
INK = 0.3  # a mark is at least this much darker than the paper (0 paper, 1 black)
SLACK = 7  # pixels each way a mark is looked for around where the learnt card has it
MARGIN = 4  # pixels of paper kept around a mark: its outline is part of its shape
LARGE = 0.5  # a mark wider or taller than this share of the card is cut into tiles
TILE = 40  # pixels: the side of such a tile
LARGE_AREA = 64 * 64  # pixels: a mark larger than this is looked for at half the size
SAME = 0.97  # a mark found this well in the other card is shared: it tells them not apart

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in CARD pixels


@dataclass(frozen=True)
class Mark:
    box: Box
    weight: float  # its ink: a large pip counts more than a speck


@dataclass(frozen=True)
class Apart:
    """Where two learnt cards differ: each one's differing marks and how well each is
    found in the other card (its normalised correlation there)."""

    first: tuple[tuple[Mark, float], ...]
    second: tuple[tuple[Mark, float], ...]


def ink(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card's ink at CARD size (float32, 0 paper .. 1 black), `corners` clockwise
    from the top left (the learnt card's orientation is chosen by the caller)."""
    w, h = CARD
    dx, dy = INSET * w, INSET * h
    target = np.array([[-dx, -dy], [w + dx, -dy], [w + dx, h + dy], [-dx, h + dy]], np.float32)
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    card = cv2.warpPerspective(
        frame, warp, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float32)
    card = cv2.GaussianBlur(card, (0, 0), BLUR)
    reach = np.ones((PAPER_REACH, PAPER_REACH), np.uint8)
    paper = cv2.GaussianBlur(cv2.dilate(card, reach), (0, 0), PAPER_REACH / 3)
    rel = card / np.maximum(paper, 8.0)
    darkest = rel.min(axis=2) if rel.ndim == 3 else rel
    return np.clip(1.0 - darkest, 0.0, 1.0).astype(np.float32)


def as_stored(card_ink: np.ndarray) -> np.ndarray:
    """The ink as the profile keeps it (uint8)."""
    return np.round(card_ink * 255).astype(np.uint8)


def from_stored(stored: np.ndarray, turned: bool) -> np.ndarray:
    """A profile's ink as float32, turned half round when `turned`."""
    out = stored.astype(np.float32) * (1 / 255)
    return np.ascontiguousarray(out[::-1, ::-1]) if turned else out


def marks(card_ink: np.ndarray) -> list[Mark]:
    """A learnt card's marks: its blobs of ink, a large one cut into tiles."""
    h, w = card_ink.shape
    mask = cv2.dilate((card_ink > INK).astype(np.uint8), np.ones((3, 3), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    out = []
    for x, y, bw, bh, area in stats[1:count]:
        if area < 10:
            continue  # a speck of noise
        boxes = [(x, y, bw, bh)]
        if bw > LARGE * w or bh > LARGE * h:
            boxes = [
                (tx, ty, min(TILE, x + bw - tx), min(TILE, y + bh - ty))
                for ty in range(y, y + bh, TILE)
                for tx in range(x, x + bw, TILE)
            ]
        for x0, y0, bw0, bh0 in boxes:
            box = (
                int(max(x0 - MARGIN, 0)),
                int(max(y0 - MARGIN, 0)),
                int(min(x0 + bw0 + MARGIN, w)),
                int(min(y0 + bh0 + MARGIN, h)),
            )
            patch = card_ink[box[1] : box[3], box[0] : box[2]]
            weight = float(patch.sum())
            if patch.std() < 0.05 or weight < 5:
                continue  # a tile of a picture's flat colour: nothing to align on
            out.append(Mark(box, weight))
    return out


def padded(card_ink: np.ndarray) -> np.ndarray:
    """The ink with SLACK pixels around it, so a mark at the edge is looked for too."""
    return cv2.copyMakeBorder(card_ink, SLACK, SLACK, SLACK, SLACK, cv2.BORDER_REPLICATE)


def found(source: np.ndarray, mark: Mark, where: np.ndarray) -> float:
    """How well `source`'s mark is found in `where` (padded) within SLACK pixels of its
    place: the best normalised correlation (1 the same, about 0 nothing alike)."""
    x0, y0, x1, y1 = mark.box
    return _best_correlation(where[y0 : y1 + 2 * SLACK, x0 : x1 + 2 * SLACK], source[y0:y1, x0:x1])


def apart(
    first: np.ndarray,
    second: np.ndarray,
    first_marks: list[Mark] | None = None,
    second_marks: list[Mark] | None = None,
) -> Apart:
    """Where the learnt cards `first` and `second` (ink, as oriented) differ; their
    marks when the caller has them already."""
    both = []
    for one, other, its in ((first, second, first_marks), (second, first, second_marks)):
        around = padded(other)
        its = marks(one) if its is None else its
        both.append(tuple((mark, c) for mark in its if (c := found(one, mark, around)) < SAME))
    return Apart(*both)


def side(seen: np.ndarray, first: np.ndarray, second: np.ndarray, between: Apart) -> float:
    """Which of the two learnt cards the frame's ink `seen` shows: about +1 `first`,
    -1 `second`, 0 halfway or when they differ in no mark of each."""
    if not between.first or not between.second:
        return 0.0
    around = padded(seen)
    shown, alike = [], []
    for card, differing in ((first, between.first), (second, between.second)):
        weight = np.array([mark.weight for mark, _ in differing])
        shown.append(weight @ [found(card, mark, around) for mark, _ in differing] / weight.sum())
        alike.append(weight @ [c for _, c in differing] / weight.sum())
    return float((shown[0] - shown[1]) / max(1 - (alike[0] + alike[1]) / 2, 1e-3))


_windows = np.lib.stride_tricks.sliding_window_view


def _best_correlation(window: np.ndarray, template: np.ndarray) -> float:
    """The best normalised correlation of `template` over the shifts within `window`:
    every second shift first, then around the best one (a blurred mark's peak is wider
    than two pixels); numpy's products here are faster than OpenCV's for these sizes."""
    h, w = template.shape
    if h * w > LARGE_AREA:  # a large mark's shape shows at half the size, in a quarter the time
        half = (w // 2, h // 2)
        window_half = ((window.shape[1] + 1) // 2, (window.shape[0] + 1) // 2)
        return _best_correlation(
            cv2.resize(window, window_half, interpolation=cv2.INTER_AREA),
            cv2.resize(template, half, interpolation=cv2.INTER_AREA),
        )
    centred = (template - template.mean()).ravel()
    scale = float(np.sqrt(centred @ centred))
    if scale < 1e-3:
        return 0.0
    views = _windows(window, (h, w))

    def correlation(chosen: np.ndarray) -> np.ndarray:
        flat = chosen.reshape(-1, h * w)
        total = flat.sum(axis=1)
        spread = np.einsum("ij,ij->i", flat, flat) - total * total / (h * w)
        return (flat @ centred) / (np.sqrt(np.maximum(spread, 1e-6)) * scale)

    coarse = views[::2, ::2]
    first = correlation(coarse)
    best = int(first.argmax())
    y, x = 2 * (best // coarse.shape[1]), 2 * (best % coarse.shape[1])
    fine = correlation(views[max(y - 1, 0) : y + 2, max(x - 1, 0) : x + 2])
    return float(max(fine.max(), first[best]))
