"""The spot's rules (device/camera/spot.py), frame by frame: a card lying still is sent once,
a card moving, a hand, an empty spot or half a card send nothing, not sure says lay again."""

from __future__ import annotations

from device.camera.spot import LAY_AGAIN, LEARN, READ, LearnSpot, Look, ReadSpot, moved

CARD = ((0.3, 0.2), (0.5, 0.2), (0.5, 0.5), (0.3, 0.5))


def at(dx: float = 0.0, dy: float = 0.0, corners=CARD):
    return tuple((x + dx, y + dy) for x, y in corners)


def lying(card: str | None, dx: float = 0.0, why: str = "read") -> Look:
    return Look(at(dx), why if card else "not sure", card)


EMPTY = Look(None, "empty")
HAND = Look(None, "not a card")
HALF = Look(None, "off the spot")


def decisions(spot, looks) -> list:
    return [(d.what, d.card) for d in map(spot.see, looks) if d is not None]


def test_a_card_lying_still_is_sent_once_while_it_lies_there():
    spot = ReadSpot()
    assert decisions(spot, [lying("SA")] * 30) == [(READ, "SA")]


def test_the_first_frame_of_a_card_is_not_enough():
    spot = ReadSpot()
    assert spot.see(lying("SA")) is None
    assert (spot.see(lying("SA")).what, spot.sent) == (READ, "SA")


def test_a_card_still_moving_is_not_read_until_it_stops():
    spot = ReadSpot()
    sliding = [lying("SA", dx=0.05 * i) for i in range(10)]  # 5 % of the frame a frame
    assert decisions(spot, sliding) == []
    assert decisions(spot, [lying("SA", dx=0.5)] * 2) == [(READ, "SA")]


def test_frames_that_read_two_cards_do_not_agree():
    spot = ReadSpot()
    assert decisions(spot, [lying("SA"), lying("SK"), lying("SA"), lying("SK")]) == []


def test_the_same_card_again_needs_the_spot_empty_first():
    spot = ReadSpot()
    looks = [lying("SA")] * 3 + [HAND] * 4 + [lying("SA", dx=0.1)] * 5  # moved, a hand over it
    assert decisions(spot, looks) == [(READ, "SA")]
    assert decisions(spot, [EMPTY]) == []
    assert decisions(spot, [lying("SA")] * 3) == []  # one empty frame is not enough
    assert decisions(spot, [EMPTY] * 2 + [lying("SA")] * 3) == [(READ, "SA")]


def test_another_card_on_the_spot_is_read_at_once():
    spot = ReadSpot()
    looks = [lying("SA")] * 3 + [lying("HK")] * 3 + [lying("SA")] * 3
    assert decisions(spot, looks) == [(READ, "SA"), (READ, "HK"), (READ, "SA")]


def test_an_empty_spot_a_hand_and_half_a_card_send_nothing():
    spot = ReadSpot()
    assert decisions(spot, [EMPTY] * 10 + [HAND] * 10 + [HALF] * 10) == []
    assert spot.sent is None


def test_a_hand_flickering_over_a_card_does_not_make_it_still():
    spot = ReadSpot()
    assert decisions(spot, [lying("SA"), HAND] * 10) == []


def test_not_sure_sends_nothing_and_says_lay_again_once_per_placement():
    spot = ReadSpot(unsure_frames=4)
    assert decisions(spot, [lying(None)] * 30) == [(LAY_AGAIN, None)]
    assert decisions(spot, [lying(None, dx=0.2)] * 30) == [(LAY_AGAIN, None)]  # laid again
    assert decisions(spot, [EMPTY] * 2 + [lying(None, dx=0.2)] * 30) == [(LAY_AGAIN, None)]
    assert spot.sent is None


def test_a_card_unsure_at_first_and_then_sure_is_read():
    spot = ReadSpot(unsure_frames=6)
    assert decisions(spot, [lying(None)] * 3 + [lying("D7")] * 2) == [(READ, "D7")]


def test_corners_listed_from_another_corner_are_the_same_outline():
    turned = CARD[1:] + CARD[:1]
    assert moved(CARD, turned) == 0.0
    spot = ReadSpot()
    assert decisions(spot, [lying("SA"), Look(turned, "read", "SA")]) == [(READ, "SA")]


def test_learning_takes_the_first_still_card_after_an_empty_spot():
    spot = LearnSpot()
    assert decisions(spot, [lying(None)] * 10) == []  # lying there when pairing began
    assert decisions(spot, [EMPTY] * 2) == [] and spot.empty_seen
    assert decisions(spot, [lying(None, dx=0.1)] * 5) == [(LEARN, None)]
    spot.learnt()
    assert decisions(spot, [lying(None, dx=0.1)] * 5 + [HAND] * 3 + [lying(None)] * 3) == []
    assert decisions(spot, [EMPTY] * 2 + [lying(None)] * 3) == [(LEARN, None)]


def test_learning_tries_a_placement_once_and_again_when_the_card_moves():
    spot = LearnSpot()
    assert decisions(spot, [EMPTY] * 2 + [lying(None)] * 6) == [(LEARN, None)]  # not learnt
    assert decisions(spot, [lying(None, dx=0.1)] * 4) == [(LEARN, None)]
