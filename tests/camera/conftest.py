"""Shared pairings: a deck of a design the reader was not tuned on, learnt at one table."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from device.camera.reader import Reader, learn  # noqa: E402
from device.sim import card_faces as synthetic  # noqa: E402
from device.sim.photographer import Table  # noqa: E402


class Paired:
    """A design's faces, the table they were photographed at, and the reader learnt there."""

    def __init__(self, faces: dict, table: Table, deck: str = "standard"):
        self.faces = faces
        self.table = table
        frames = {card: table.pairing_shot(face, i) for i, (card, face) in enumerate(faces.items())}
        self.profile = learn(frames, deck, table.empty(999))
        self.reader = Reader(self.profile)


@pytest.fixture(scope="session")
def paired_designs() -> list[Paired]:
    return [Paired(synthetic.deck_faces(seed), Table(seed + 40)) for seed in (2, 4)]
