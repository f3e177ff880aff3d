"""A seeded photographer: a webcam's 640x480 view from above of the spot on a home table.

The simulated camera's pictures, and the camera tests' and benchmark's. Only the
camera's helper process imports this in the product (OpenCV).

A Table is one evening's setting (a mat, a lamp, a camera height); each shot
adds what changes from frame to frame: where and at what angle the card lies,
a little tilt (perspective), the light across the spot (gradient, a shadow,
glare), the camera's white balance, blur, noise and JPEG, and sometimes a
finger over one corner. Besides cards it takes the empty spot, a hand over the
spot, a hand over the card, and a card half on the spot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np

SIZE = (640, 480)
MATS = ((40, 70, 30), (70, 45, 35), (45, 45, 50), (30, 40, 85), (90, 60, 40))
SKINS = ((120, 150, 205), (95, 125, 180), (70, 95, 140), (140, 165, 215), (60, 80, 120))


@dataclass
class Table:
    """One evening's setting: the mat, where the camera looks, how large a card is."""

    seed: int

    def __post_init__(self):
        rng = random.Random(self.seed)
        self.mat = _mat(rng)
        self.card_length = rng.uniform(230, 290)  # pixels along a card's long side
        self.skin = rng.choice(SKINS)

    def pairing_shot(self, face: np.ndarray, seed: int) -> np.ndarray:
        """A careful pairing frame: card near the middle, any rotation, mild light."""
        rng = random.Random(seed)
        frame, _ = self._card(face, rng, spread=25, tilt=0.02)
        return self._finish(frame, rng, gentle=True)

    def shot(self, face: np.ndarray, seed: int, finger: float = 0.25) -> np.ndarray:
        """A card laid on the spot during play, under home conditions."""
        rng = random.Random(seed)
        frame, corners = self._card(face, rng, spread=70, tilt=0.03)
        if rng.random() < finger:
            _finger(frame, corners, rng, self.skin)
        return self._finish(frame, rng)

    def empty(self, seed: int) -> np.ndarray:
        rng = random.Random(seed)
        return self._finish(self.mat.copy(), rng)

    def hand(self, seed: int) -> np.ndarray:
        """A hand passing over the empty spot."""
        rng = random.Random(seed)
        frame = self.mat.copy()
        _hand(frame, rng, self.skin)
        return self._finish(frame, rng)

    def hand_over_card(self, face: np.ndarray, seed: int) -> np.ndarray:
        """A hand over most of a card lying on the spot."""
        rng = random.Random(seed)
        frame, corners = self._card(face, rng, spread=50, tilt=0.03)
        centre = corners.mean(axis=0)
        _hand(frame, rng, self.skin, centre=centre + rng.uniform(-30, 30))
        return self._finish(frame, rng)

    def half_on(self, face: np.ndarray, seed: int) -> np.ndarray:
        """A card half off the spot: a third to two thirds of it out of the picture."""
        rng = random.Random(seed)
        w, h = SIZE
        side = rng.choice("lrtb")
        out = rng.uniform(0.3, 0.65) * self.card_length * 0.7
        x = {"l": out - 80, "r": w - out + 80}.get(side, rng.uniform(200, w - 200))
        y = {"t": out - 80, "b": h - out + 80}.get(side, rng.uniform(150, h - 150))
        frame, _ = self._card(face, rng, spread=0, tilt=0.03, centre=(x, y))
        return self._finish(frame, rng)

    # -- the parts --------------------------------------------------------------------
    def _card(self, face, rng, spread, tilt, centre=None):
        w, h = SIZE
        fh, fw = face.shape[:2]
        length = self.card_length * rng.uniform(0.93, 1.07)
        scale = length / fh
        if centre is None:
            centre = (
                w / 2 + rng.uniform(-spread, spread),
                h / 2 + rng.uniform(-spread, spread) * 0.6,
            )
        angle = rng.uniform(0, 2 * np.pi)
        half = np.array([[-fw, -fh], [fw, -fh], [fw, fh], [-fw, fh]], np.float32) * scale / 2
        turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        corners = half @ turn.T + np.array(centre, np.float32)
        corners += np.array([[rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(4)]) * (
            tilt * length
        )
        corners = corners.astype(np.float32)
        source = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        warp = cv2.getPerspectiveTransform(source, corners)
        frame = self.mat.copy().astype(np.float32)
        _drop_shadow(frame, corners, rng)
        colour = cv2.warpPerspective(face[..., :3], warp, SIZE, flags=cv2.INTER_AREA)
        alpha = cv2.warpPerspective(face[..., 3], warp, SIZE, flags=cv2.INTER_LINEAR)
        a = (alpha.astype(np.float32) / 255)[..., None]
        frame = frame * (1 - a) + colour.astype(np.float32) * a
        return frame, corners

    def _finish(self, frame, rng, gentle=False) -> np.ndarray:
        frame = frame.astype(np.float32)
        frame *= _light(rng, gentle)[..., None]
        if not gentle and rng.random() < 0.3:
            frame += _glare(rng)[..., None]
        balance = np.array([rng.uniform(0.9, 1.1) for _ in range(3)], np.float32)
        frame *= balance
        sigma = rng.uniform(0.3, 0.8 if gentle else 1.6)
        frame = cv2.GaussianBlur(frame, (0, 0), sigma)
        if not gentle and rng.random() < 0.2:
            frame = _motion_blur(frame, rng)
        noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 1, frame.shape)
        frame += noise.astype(np.float32) * rng.uniform(1.5, 3 if gentle else 7)
        image = np.clip(frame, 0, 255).astype(np.uint8)
        quality = rng.randint(70, 92) if gentle else rng.randint(40, 90)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)


def _mat(rng) -> np.ndarray:
    """A dark cloth: its colour and a fine weave of noise."""
    w, h = SIZE
    base = np.array(rng.choice(MATS), np.float32) * rng.uniform(0.8, 1.2)
    weave = np.random.default_rng(rng.randrange(2**32)).normal(0, 1, (h, w)).astype(np.float32)
    weave = cv2.GaussianBlur(weave, (0, 0), 1.2) * 8
    return np.clip(base + weave[..., None], 0, 255).astype(np.float32)


def _light(rng, gentle) -> np.ndarray:
    """The lamp: a gradient across the spot, a vignette, and sometimes a soft shadow."""
    w, h = SIZE
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    along = (np.cos(direction) * (x - w / 2) + np.sin(direction) * (y - h / 2)) / (w / 2)
    low, high = (0.8, 1.05) if gentle else (0.6, 1.15)
    level = rng.uniform(low, high)
    spread = rng.uniform(0.05, 0.15 if gentle else 0.3)
    field = level + spread * along
    field *= 1 - 0.25 * (((x - w / 2) / w) ** 2 + ((y - h / 2) / h) ** 2)
    if not gentle and rng.random() < 0.3:  # the shadow of a head or an arm, soft edged
        cut = rng.uniform(-0.6, 0.6)
        angle = rng.uniform(0, 2 * np.pi)
        side = (np.cos(angle) * (x - w / 2) + np.sin(angle) * (y - h / 2)) / (w / 2) > cut
        shade = cv2.GaussianBlur(side.astype(np.float32), (0, 0), 25)
        field *= 1 - rng.uniform(0.1, 0.3) * shade
    return field


def _glare(rng) -> np.ndarray:
    w, h = SIZE
    spot = np.zeros((h, w), np.float32)
    centre = (rng.randrange(150, w - 150), rng.randrange(100, h - 100))
    cv2.circle(spot, centre, rng.randint(8, 30), 1.0, -1)
    return cv2.GaussianBlur(spot, (0, 0), rng.uniform(8, 20)) * rng.uniform(60, 200)


def _motion_blur(frame, rng) -> np.ndarray:
    length = rng.randint(3, 6)
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2] = 1.0 / length
    turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
    kernel = cv2.warpAffine(kernel, turn, (length, length))
    return cv2.filter2D(frame, -1, kernel / max(kernel.sum(), 1e-6))


def _drop_shadow(frame, corners, rng) -> None:
    shadow = np.zeros(frame.shape[:2], np.float32)
    cv2.fillConvexPoly(shadow, np.round(corners + rng.uniform(1, 4)).astype(np.int32), 1.0)
    frame *= (1 - 0.4 * cv2.GaussianBlur(shadow, (0, 0), 3))[..., None]


def _skin_layer(frame, mask, skin, rng) -> None:
    """Skin where `mask` is, shaded so it is rounder at its middle."""
    soft = cv2.GaussianBlur(mask, (0, 0), 2)
    shade = 0.8 + 0.25 * cv2.GaussianBlur(mask, (0, 0), 12)
    colour = np.array(skin, np.float32) * rng.uniform(0.85, 1.1)
    frame[:] = frame * (1 - soft[..., None]) + (colour * shade[..., None]) * soft[..., None]


def _finger(frame, corners, rng, skin) -> None:
    """A fingertip over one corner of the card, the finger reaching out beyond it."""
    corner = corners[rng.randrange(4)]
    centre = corners.mean(axis=0)
    outward = (corner - centre) / np.linalg.norm(corner - centre)
    swing = rng.uniform(-0.4, 0.4)  # the finger comes in a little aside of the diagonal
    outward = np.array([[np.cos(swing), -np.sin(swing)], [np.sin(swing), np.cos(swing)]]) @ outward
    tip = corner - outward * rng.uniform(5, 22)
    base = tip + outward * 200
    mask = np.zeros(frame.shape[:2], np.float32)
    width = int(rng.uniform(14, 22))
    cv2.line(mask, tuple(int(v) for v in tip), tuple(int(v) for v in base), 1.0, 2 * width)
    cv2.circle(mask, tuple(int(v) for v in tip), width, 1.0, -1)
    _skin_layer(frame, mask, skin, rng)


def _hand(frame, rng, skin, centre=None) -> None:
    """A hand: a palm and four fingers, coming in from one side."""
    w, h = SIZE
    if centre is None:
        centre = np.array([rng.uniform(220, w - 220), rng.uniform(160, h - 160)])
    angle = rng.uniform(0, 2 * np.pi)
    axis = np.array([np.cos(angle), np.sin(angle)])
    across = np.array([-axis[1], axis[0]])
    mask = np.zeros(frame.shape[:2], np.float32)
    palm = tuple(int(v) for v in centre - axis * 60)
    cv2.ellipse(mask, palm, (110, 80), np.degrees(angle), 0, 360, 1.0, -1)
    cv2.line(mask, palm, tuple(int(v) for v in centre - axis * 400), 1.0, 140)  # the arm
    for i in range(4):
        root = centre + across * (i - 1.5) * 36
        tip = root + axis * rng.uniform(70, 110)
        cv2.line(mask, tuple(int(v) for v in root), tuple(int(v) for v in tip), 1.0, 30)
        cv2.circle(mask, tuple(int(v) for v in tip), 15, 1.0, -1)
    _skin_layer(frame, mask, skin, rng)
