"""What the screens show of the paired decks and of a pairing under way (ui.decks):
the pairing controller (ui/pairing.py) fills it, the Settings, pairing and camera
screens read it. Apart from the controller so that the screens need not import it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class DecksShown:
    # A pairing under way: (next card, done, total); the next card is None when complete.
    progress: tuple[str | None, int, int] | None = None
    kind: str = "standard"  # the name of the deck being paired (engine.cards.DECKS)
    by_camera: bool = False  # the deck being paired is learnt by the camera, not tagged
    paired: tuple[int, int] | None = None  # the table's deck: (cards paired, total)
    beside_paired: tuple[int, int] | None = None  # the coloured deck beside it, the same
    camera: bool = False  # the scanner is a camera: pairing by camera, the camera page
    camera_paired: dict = field(default_factory=dict)  # deck name -> (cards learnt, total)
    camera_shown: object | None = None  # the camera page's picture (camera_preview.CameraShown)
