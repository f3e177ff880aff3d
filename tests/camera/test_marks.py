"""Two cards alike but for a few small marks, told apart mark by mark (device/camera/marks.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from device.camera import marks
from device.camera.reader import MARKS_SIDE

W, H = marks.CARD
PIPS = [(45, 60), (135, 60), (90, 135), (45, 210), (135, 210)]


def _card(shape: str) -> np.ndarray:
    """An ink picture of a card: five pips, round ones or ones with a point on top."""
    ink = np.zeros((H, W), np.float32)
    cv2.putText(ink, "5", (8, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 1.0, 2)
    for x, y in PIPS:
        cv2.circle(ink, (x, y + 4), 11, 1.0, -1)
        if shape == "pointed":
            cv2.fillConvexPoly(ink, np.array([[x - 11, y + 2], [x + 11, y + 2], [x, y - 14]]), 1.0)
        else:
            cv2.circle(ink, (x, y - 8), 7, 1.0, -1)
    return cv2.GaussianBlur(ink, (0, 0), marks.BLUR)


def _seen(card: np.ndarray, seed: int) -> np.ndarray:
    """The card as a play frame shows it: its top and bottom off by different shifts
    (a tilted card whose corners were found a few pixels off), blurrier, noisy."""
    rng = np.random.default_rng(seed)
    half = H // 2
    out = np.zeros_like(card)
    for rows, (dx, dy) in zip(
        (slice(0, half), slice(half, H)), rng.integers(-4, 5, (2, 2)), strict=True
    ):
        shift = np.float32([[1, 0, dx], [0, 1, dy]])
        out[rows] = cv2.warpAffine(card, shift, (W, H))[rows]
    out = cv2.GaussianBlur(out, (0, 0), 1.2) + rng.normal(0, 0.05, out.shape).astype(np.float32)
    return np.clip(out, 0, 1)


def test_the_frame_lies_on_the_side_of_the_card_it_shows():
    round_, pointed = _card("round"), _card("pointed")
    between = marks.apart(round_, pointed)
    assert between.first and between.second  # the pips differ, the rank's letter not
    assert all(mark.box[1] > 35 for mark, _ in between.first + between.second)
    for seed in range(6):
        assert marks.side(_seen(round_, seed), round_, pointed, between) >= MARKS_SIDE
        assert marks.side(_seen(pointed, seed), round_, pointed, between) <= -MARKS_SIDE


def test_two_cards_alike_in_every_mark_tell_nothing():
    card = _card("round")
    between = marks.apart(card, card)
    assert between.first == () and between.second == ()
    assert marks.side(_seen(card, 1), card, card, between) == 0.0


def test_a_card_that_is_another_plus_a_mark_lies_halfway():
    """A 5 against a 4 (the 5's middle pip): every mark of each is in a frame of the 5,
    so the marks do not decide; the reader's other checks tell such cards apart."""
    five = _card("round")
    four = five.copy()
    four[110:160, 65:115] = 0
    between = marks.apart(five, four)
    assert between.second == ()
    assert marks.side(_seen(five, 2), five, four, between) == 0.0


@pytest.mark.parametrize("turned", [False, True])
def test_the_stored_ink_comes_back_as_it_was_turned(turned):
    ink = _card("pointed")
    back = marks.from_stored(marks.as_stored(ink), turned)
    expected = ink[::-1, ::-1] if turned else ink
    assert back.shape == (H, W) and np.abs(back - expected).max() <= 1 / 255
