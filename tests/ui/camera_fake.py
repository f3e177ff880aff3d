"""A camera scanner for the screen tests, without the camera process: the device object
the table sees (learn, preview, preview_dir, as device/hal's camera scanner has them)
and what the camera process does in answer, by the protocol's rules
(/work/notes/camera-interface.md): a card laid while one is asked is learnt as that
card, the sidecar decks/camera-<deck>.json is written after the save, then the CARD
answer comes, resent until acknowledged; a frame that teaches nothing is an ERROR
`lay-again`; while the preview is on, frame.jpg and seen.json are written atomically.

`camera_frame` draws a camera's picture for the tests and the gallery: a card lying
turned on a mat, and the card's corners in the picture's pixels."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pygame

from device.hal.events import CARD, CONNECTED, ERROR, Input
from device.hal.interface import NullDevice
from device.ui.draw import draw_card
from device.ui.layout import Layout

FRAME = (640, 480)
SESSION = ("camera-dir", 1)


class FakeCamera(NullDevice):  # the LEDs, beeps and close it ignores, as a Device
    def __init__(self, folder: Path, inputs, decks: Path | None = None):
        self.preview_dir = Path(folder) / "preview"
        self.preview_dir.mkdir(parents=True, exist_ok=True)
        self.inputs = inputs
        self.decks = decks
        self.asked: list[str | None] = []  # every learn() the table sent
        self.previews: list[bool] = []  # every preview() the table sent
        self.acknowledged: list[Input] = []
        self.n = 0  # seen.json's counter
        self.damaged: set[str] = set()  # decks whose profile cannot be read: learnt afresh
        self._seq = 0

    # -- the device object ------------------------------------------------------------
    def learn(self, card: str | None) -> None:
        self.asked.append(card)

    def preview(self, on: bool) -> None:
        self.previews.append(on)

    def acknowledge(self, item: Input) -> None:
        self.acknowledged.append(item)

    # -- what the camera process does ---------------------------------------------------
    def lay(self) -> str:
        """The card asked for is laid still on the spot: learnt, saved, answered."""
        card = self.asked[-1]
        assert card is not None, "no card is asked for"
        self.answer(card)
        return card

    def answer(self, card: str) -> None:
        """The sidecar after the save (every card the profile holds), then the CARD."""
        if self.decks is not None:
            deck = "abridged" if card[0] in "RYBG" else "standard"
            path = self.decks / f"camera-{deck}.json"
            learnt = [] if deck in self.damaged or not path.exists() else _cards(path)
            self.damaged.discard(deck)  # learnt into a new profile, saved whole
            cards = learnt + [card] * (card not in learnt)
            write_atomically(path, json.dumps({"deck": deck, "cards": cards}))
        self._seq += 1
        self.inputs.put(Input(CARD, card, "scanner", session=SESSION, seq=self._seq))

    def error(self, reason: str) -> None:
        self.inputs.put(Input(ERROR, reason, "scanner", session=SESSION))

    def connected(self) -> None:
        """The camera process (started again) says HELLO."""
        self.inputs.put(Input(CONNECTED, "scanner", "scanner", session=SESSION))

    def show(self, picture, card=None, score=0.0, why="empty", outline=None, **more) -> None:
        """One preview: frame.jpg, then seen.json with a new counter."""
        self.n += 1
        temp = self.preview_dir / "frame.tmp.jpg"
        pygame.image.save(picture, str(temp))
        os.replace(temp, self.preview_dir / "frame.jpg")
        seen = {"n": self.n, "size": list(picture.get_size()), "card": card, "score": score}
        seen.update(why=why, outline=outline, **more)
        write_atomically(self.preview_dir / "seen.json", json.dumps(seen))


def _cards(path: Path) -> list[str]:
    return json.loads(path.read_text())["cards"]


def write_atomically(path: Path, text: str) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(text)
    os.replace(temp, path)


MAT = (40, 92, 70)
TABLE = (120, 96, 72)


def camera_frame(card: str = "SA", angle: float = 20.0, centre=(330, 250), size=FRAME):
    """(picture, corners): a camera's view of `card` turned by `angle` degrees on a mat,
    and the card's four corners in the picture (None for an empty spot: card None)."""
    picture = pygame.Surface(size)
    picture.fill(TABLE)
    pygame.draw.rect(picture, MAT, picture.get_rect().inflate(-60, -40), border_radius=24)
    if card is None:
        return picture, None
    face = pygame.Surface((200, 280), pygame.SRCALPHA)
    draw_card(face, Layout((800, 480)), (0, 0, 200, 280), card, False)
    turned = pygame.transform.rotozoom(face, angle, 0.9)
    picture.blit(turned, turned.get_rect(center=centre))
    return picture, _corners(centre, 90, 126, angle)


def _corners(centre, half_w, half_h, angle):
    """The corners of a card of half-size (half_w, half_h) turned by `angle` degrees
    counter-clockwise (as pygame turns it) about `centre`."""
    a = math.radians(angle)
    corners = []
    for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)):
        x = centre[0] + dx * math.cos(a) + dy * math.sin(a)
        y = centre[1] - dx * math.sin(a) + dy * math.cos(a)
        corners.append([round(x, 1), round(y, 1)])
    return corners
