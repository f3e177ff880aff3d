"""Seeded synthetic card faces: a whole deck of one made-up design per seed.

The simulated camera's deck (`honeymoon run --simulate --scanner camera:dir:PATH`), and
the camera tests' and benchmark's. Only the camera's helper process imports this in the
product (OpenCV).

A design draws its own suit shapes, colours (two- or four-colour), index font, paper
tint, border, pip layout and court pictures; the aBRIDGEd deck's cards are its colours
with the numbers 2..14. Faces are BGRA, portrait, with rounded transparent corners.
"""

from __future__ import annotations

import random
import zlib

import cv2
import numpy as np

from device.decks import DECKS, STANDARD

FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX_SMALL,
)
RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J"}
# Pip centres (x, y) in a unit pip box, per rank; a 180-degree turn maps the layout onto itself.
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ],
}
# The printed colours of a coloured deck (aBRIDGEd's), by the colour's name; BGR.
COLOURS = {
    "red": (40, 40, 200),
    "yellow": (30, 190, 230),
    "blue": (180, 90, 30),
    "green": (60, 150, 40),
}


def deck_faces(seed: int, deck: str = STANDARD.name, width: int = 200) -> dict[str, np.ndarray]:
    """Every card of `deck` in design `seed`, keyed by the card's name."""
    design = _Design(seed, width)
    return {card.text: design.face(card) for card in DECKS[deck].cards}


class _Design:
    def __init__(self, seed: int, width: int):
        rng = random.Random(seed * 7919 + 17)
        self.seed = seed
        self.width = width
        self.height = int(width / rng.uniform(0.64, 0.72))
        tint = rng.randint(0, 18)
        self.paper = (250 - tint, 252 - tint // 2, 252)
        self.font = rng.choice(FONTS)
        self.bold = rng.choice((1, 2, 2, 3))
        self.border = rng.random() < 0.5
        red = (rng.randint(20, 60), rng.randint(20, 50), rng.randint(180, 230))
        black = (rng.randint(10, 40),) * 3
        four = rng.random() < 0.3
        self.colours = {
            "S": black,
            "H": red,
            "D": (200, 80, 20) if four else red,
            "C": (40, 130, 30) if four else black,
        }
        self.pip_scale = rng.uniform(0.16, 0.22)
        self.club_lobes = rng.uniform(0.26, 0.34)
        self.heart_depth = rng.uniform(0.2, 0.35)

    def face(self, card) -> np.ndarray:
        w, h = self.width, self.height
        img = np.zeros((h, w, 3), np.uint8)
        img[:] = self.paper
        colour = self.colour(card)
        if card.suit.deck != STANDARD.name:
            self._coloured(img, card, colour)
        elif card.rank > 10 and card.rank != 14:
            self._court(img, card, colour)
        else:
            self._pips(img, card, colour)
        self._indices(img, card, colour)
        if self.border:
            cv2.rectangle(img, (4, 4), (w - 5, h - 5), (90, 90, 90), 1, cv2.LINE_AA)
        return _rounded(img, radius=w // 14)

    def colour(self, card):
        """The ink of `card`: its suit's in this design, or the colour of a coloured card."""
        if card.suit.deck != STANDARD.name:
            return COLOURS[card.suit.name]
        return self.colours[card.suit.letter]

    def _text(self, card) -> str:
        if card.suit.deck != STANDARD.name:
            return str(card.rank)
        return RANK_TEXT.get(card.rank, str(card.rank))

    def _indices(self, img, card, colour) -> None:
        """The rank and a small suit in the top left, and the same turned in the bottom right."""
        w = self.width
        corner = np.zeros((w // 3, w // 5, 3), np.uint8)
        corner[:] = self.paper
        text = self._text(card)
        scale = 0.9 if len(text) < 2 else 0.6
        (tw, th), _ = cv2.getTextSize(text, self.font, scale, self.bold)
        cv2.putText(
            corner,
            text,
            ((corner.shape[1] - tw) // 2, th + 4),
            self.font,
            scale,
            colour,
            self.bold,
            cv2.LINE_AA,
        )
        _symbol(corner, card.suit.letter, (corner.shape[1] // 2, th + 22), w * 0.09, colour, self)
        ch, cw = corner.shape[:2]
        img[4 : 4 + ch, 4 : 4 + cw] = np.minimum(img[4 : 4 + ch, 4 : 4 + cw], corner)
        turned = corner[::-1, ::-1]
        h = self.height
        img[h - 4 - ch : h - 4, w - 4 - cw : w - 4] = np.minimum(
            img[h - 4 - ch : h - 4, w - 4 - cw : w - 4], turned
        )

    def _pips(self, img, card, colour) -> None:
        w, h = self.width, self.height
        rank = 1 if card.rank == 14 else card.rank
        size = w * (0.45 if rank == 1 else self.pip_scale)
        left, right, top, bottom = 0.3 * w, 0.7 * w, 0.2 * h, 0.8 * h
        for x, y in PIPS[rank]:
            centre = (left + x * (right - left), top + y * (bottom - top))
            upside_down = y > 0.5
            _symbol(img, card.suit.letter, centre, size, colour, self, upside_down)

    def _court(self, img, card, colour) -> None:
        """A framed picture, its top half drawn from the card's seed and turned for the bottom."""
        w, h = self.width, self.height
        x0, y0, x1, y1 = int(0.2 * w), int(0.14 * h), int(0.8 * w), int(0.86 * h)
        rng = random.Random(zlib.crc32(f"{self.seed} {card.text}".encode()))
        half = np.zeros(((y1 - y0) // 2, x1 - x0, 3), np.uint8)
        half[:] = self.paper
        palette = [colour, (30, 160, 220), (160, 60, 40), (40, 40, 40), (60, 140, 60)]
        for _ in range(14):
            c = rng.choice(palette)
            cx, cy = rng.randrange(half.shape[1]), rng.randrange(half.shape[0])
            if rng.random() < 0.5:
                r = rng.randint(4, 16)
                cv2.circle(half, (cx, cy), r, c, -1, cv2.LINE_AA)
            else:
                dx, dy = rng.randint(6, 30), rng.randint(3, 12)
                cv2.rectangle(half, (cx, cy), (cx + dx, cy + dy), c, -1)
        letter = RANK_TEXT[card.rank]
        cv2.putText(
            half,
            letter,
            (half.shape[1] // 3, half.shape[0] - 8),
            self.font,
            1.6,
            colour,
            3,
            cv2.LINE_AA,
        )
        picture = np.concatenate([half, half[::-1, ::-1]], axis=0)
        img[y0 : y0 + picture.shape[0], x0:x1] = picture
        cv2.rectangle(img, (x0, y0), (x1, y0 + picture.shape[0]), colour, 2)

    def _coloured(self, img, card, colour) -> None:
        """A band of the colour, and the number large in the middle (also turned)."""
        w, h = self.width, self.height
        cv2.rectangle(
            img, (int(0.22 * w), int(0.12 * h)), (int(0.78 * w), int(0.88 * h)), colour, 3
        )
        text = str(card.rank)
        (tw, th), _ = cv2.getTextSize(text, self.font, 2.2, 4)
        half = np.zeros((h // 2, w, 3), np.uint8)
        half[:] = 255
        cv2.putText(half, text, ((w - tw) // 2, h // 2 - 8), self.font, 2.2, colour, 4, cv2.LINE_AA)
        whole = np.concatenate([half, half[::-1, ::-1]], axis=0)[:h]
        img[: whole.shape[0]] = np.minimum(img[: whole.shape[0]], whole)
        for i in range(card.rank - 1):  # a dot per number: small colour marks along the band
            y = int(0.16 * h + i * 0.68 * h / 13)
            cv2.circle(img, (int(0.3 * w), y), 3, colour, -1, cv2.LINE_AA)


def _symbol(img, suit: str, centre, size: float, colour, design, upside_down=False) -> None:
    """A suit sign of `size` pixels drawn at `centre` (aBRIDGEd colours draw a disc)."""
    layer = np.zeros(img.shape[:2], np.uint8)
    s = max(int(size), 6)
    canvas = np.zeros((s, s), np.uint8)
    c = s / 2
    if suit in "HD" or suit == "S":
        if suit == "D":
            pts = np.array([[c, 0], [s * 0.85, c], [c, s - 1], [s * 0.15, c]], np.int32)
            cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA)
        else:
            r = int(s * 0.26)
            depth = design.heart_depth
            cv2.circle(
                canvas, (int(c - r * 0.9), int(s * depth + r * 0.3)), r, 255, -1, cv2.LINE_AA
            )
            cv2.circle(
                canvas, (int(c + r * 0.9), int(s * depth + r * 0.3)), r, 255, -1, cv2.LINE_AA
            )
            pts = np.array(
                [
                    [c - 2 * r * 0.95, s * depth + r * 0.6],
                    [c + 2 * r * 0.95, s * depth + r * 0.6],
                    [c, s - 1],
                ],
                np.int32,
            )
            cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA)
            if suit == "S":
                canvas = canvas[::-1].copy()
                stem = np.array(
                    [[c, s * 0.6], [c + s * 0.15, s - 1], [c - s * 0.15, s - 1]], np.int32
                )
                cv2.fillPoly(canvas, [stem], 255, cv2.LINE_AA)
    elif suit == "C":
        r = int(s * design.club_lobes * 0.6)
        for dx, dy in ((0, -0.22), (-0.22, 0.08), (0.22, 0.08)):
            cv2.circle(canvas, (int(c + dx * s), int(c + dy * s)), r, 255, -1, cv2.LINE_AA)
        stem = np.array([[c, s * 0.45], [c + s * 0.14, s - 1], [c - s * 0.14, s - 1]], np.int32)
        cv2.fillPoly(canvas, [stem], 255, cv2.LINE_AA)
    else:
        cv2.circle(canvas, (int(c), int(c)), int(s * 0.4), 255, -1, cv2.LINE_AA)
    if upside_down:
        canvas = canvas[::-1, ::-1]
    x0, y0 = int(centre[0] - c), int(centre[1] - c)
    x1, y1 = max(x0, 0), max(y0, 0)
    x2, y2 = min(x0 + s, img.shape[1]), min(y0 + s, img.shape[0])
    if x2 <= x1 or y2 <= y1:
        return
    layer[y1:y2, x1:x2] = canvas[y1 - y0 : y2 - y0, x1 - x0 : x2 - x0]
    alpha = (layer.astype(np.float32) / 255)[..., None]
    img[:] = (img * (1 - alpha) + np.array(colour, np.float32) * alpha).astype(np.uint8)


def _rounded(img: np.ndarray, radius: int) -> np.ndarray:
    """`img` as BGRA with its corners cut round (transparent)."""
    h, w = img.shape[:2]
    alpha = np.zeros((h, w), np.uint8)
    cv2.rectangle(alpha, (radius, 0), (w - 1 - radius, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, radius), (w - 1, h - 1 - radius), 255, -1)
    for x, y in (
        (radius, radius),
        (w - 1 - radius, radius),
        (radius, h - 1 - radius),
        (w - 1 - radius, h - 1 - radius),
    ):
        cv2.circle(alpha, (x, y), radius, 255, -1, cv2.LINE_AA)
    return np.dstack([img, alpha])
