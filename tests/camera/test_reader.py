"""Pairing and reading on designs the reader was not tuned on: never a wrong card."""

from __future__ import annotations

import cv2
import pytest

from device.camera.reader import Reader, learn
from tests.camera import designs, synthetic
from tests.camera.conftest import Paired
from tests.camera.photographer import Table


def _tally(paired: Paired, shots: int, first_seed: int) -> tuple[int, int, list]:
    cards = list(paired.faces)
    right, unsure, wrong = 0, 0, []
    for i in range(shots):
        card = cards[i % len(cards)]
        reading = paired.reader.read(paired.table.shot(paired.faces[card], first_seed + i))
        if reading.card == card:
            right += 1
        elif reading.card is None:
            unsure += 1
        else:
            wrong.append((card, reading.card, reading.score))
    return right, unsure, wrong


def test_every_card_of_two_untuned_designs_reads_right_or_not_sure(paired_designs):
    for paired in paired_designs:
        right, unsure, wrong = _tally(paired, 104, first_seed=5000)
        assert wrong == []
        assert right >= 0.8 * 104, (right, unsure)


def test_a_card_turned_half_round_is_the_same_card(paired_designs):
    paired = paired_designs[0]
    both = 0
    for i, card in enumerate(["SA", "H7", "DK", "C9", "S8", "D3"]):
        frame = paired.table.shot(paired.faces[card], 7000 + i, finger=0)
        upright = paired.reader.read(frame)
        turned = paired.reader.read(cv2.rotate(frame, cv2.ROTATE_180))
        assert {upright.card, turned.card} <= {card, None}
        both += upright.card == turned.card == card
    assert both >= 4


def test_empty_spot_and_a_hand_over_it_read_no_card(paired_designs):
    for paired in paired_designs:
        for i in range(20):
            assert paired.reader.read(paired.table.empty(8000 + i)).card is None
            assert paired.reader.read(paired.table.hand(8100 + i)).card is None


def test_a_card_half_on_the_spot_or_under_a_hand_is_not_read(paired_designs):
    paired = paired_designs[1]
    cards = list(paired.faces)
    for i in range(20):
        face = paired.faces[cards[i * 5 % 52]]
        half = paired.reader.read(paired.table.half_on(face, 9000 + i))
        covered = paired.reader.read(paired.table.hand_over_card(face, 9100 + i))
        assert half.card is None and half.why in ("off the spot", "not a card", "empty")
        assert covered.card is None


def test_a_card_from_another_deck_design_is_not_sure_or_right():
    """A frame of a card the profile was not learnt from (another design): never wrong."""
    paired = Paired(synthetic.deck_faces(6), Table(77))
    stranger = synthetic.deck_faces(9)
    cards = list(stranger)
    wrong = 0
    for i in range(26):
        card = cards[i * 2]
        reading = paired.reader.read(paired.table.shot(stranger[card], 9500 + i))
        wrong += reading.card not in (None, card)
    assert wrong <= 1


def test_the_abridged_deck_pairs_with_its_names():
    paired = Paired(synthetic.deck_faces(3, "abridged"), Table(51), deck="abridged")
    assert paired.profile.deck == "abridged" and len(paired.profile.cards) == 52
    assert {"R14", "Y2", "B9", "G11"} <= set(paired.profile.cards)


@pytest.mark.xfail(
    strict=True,
    reason="known weakness: the synthetic aBRIDGEd design's 8 and 9 differ in one small "
    "mark and one is read as the other (work left for the reader's next step)",
)
def test_the_abridged_deck_reads_its_colours_never_wrong():
    paired = Paired(synthetic.deck_faces(3, "abridged"), Table(51), deck="abridged")
    assert paired.profile.deck == "abridged" and "R14" in paired.profile.cards
    right, unsure, wrong = _tally(paired, 52, first_seed=6000)
    assert wrong == [] and right >= 0.8 * 52, (right, unsure)


def test_pairing_without_an_empty_frame_still_reads():
    faces = synthetic.deck_faces(5)
    table = Table(12)
    frames = {card: table.pairing_shot(face, i) for i, (card, face) in enumerate(faces.items())}
    reader = Reader(learn(frames, "standard"))
    assert reader.profile.empty is None
    assert reader.read(table.shot(faces["HQ"], 1, finger=0)).card == "HQ"
    assert reader.read(table.empty(2)).card is None


@pytest.mark.skipif(not designs.available(), reason="gnome-cards-data and librsvg2-bin absent")
def test_a_real_design_held_out_reads_right_or_not_sure():
    name = next(d for d in ("tigullio", "plastic") if d in designs.available())
    paired = Paired(designs.faces(name), Table(90))
    right, unsure, wrong = _tally(paired, 104, first_seed=11000)
    assert wrong == []
    assert right >= 0.8 * 104, (right, unsure)
