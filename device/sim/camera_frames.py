"""The simulated camera's deck: photos of a synthetic deck, and a camera profile paired on them.

    python -m device.sim.camera_frames --deck standard --out WORK [--seed N]

Run by `honeymoon run --simulate --scanner camera:dir:PATH` (device/sim/camera.py) in a
process of its own, so that OpenCV and numpy never load into the table. It draws every
card of `deck` in a synthetic design (card_faces.py), photographs each at one table under
one lamp (photographer.py), and writes:

- WORK/decks/camera-DECK.npz and .json: the camera profile paired on those photos, as
  pairing by camera would have made it, and its sidecar;
- WORK/frames/DECK/CARD.png: another photo of each card, as a player lays it on the spot
  (elsewhere on the spot, at another angle), one the profile reads; empty.png, the spot
  with no card;
- WORK/frames/DECK/ready: written last, when all the rest is there.

With --keep the deck is also kept in the user's cache (camera_cache.py) for the next run.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import cv2

from device.decks import DECKS, STANDARD

from ..camera.profile import save
from ..camera.reader import Reader, learn
from . import camera_cache, card_faces
from .photographer import Table

LAID_SEED = 5000  # the laid photos' seeds: not the pairing photos'
TRIES = 8  # photos tried for a card before the one the profile is sure of
# The synthetic designs the reader reads well: 3 for the standard deck, 4 for one a form brings.
SEEDS = {name: 3 if name == STANDARD.name else 4 for name in DECKS}


def render(deck: str, out: Path, seed: int | None = None) -> Path:
    """Write the profile and the frames of `deck` into `out`; the frames' folder."""
    seed = SEEDS[deck] if seed is None else seed
    faces = card_faces.deck_faces(seed, deck)
    table = Table(seed + 40)
    pairing = {card: table.pairing_shot(face, i) for i, (card, face) in enumerate(faces.items())}
    profile = learn(pairing, deck, table.empty(999))
    decks = out / "decks"
    decks.mkdir(parents=True, exist_ok=True)
    save(profile, decks / f"camera-{deck}.npz")
    sidecar = {"deck": deck, "cards": list(profile.cards)}
    (decks / f"camera-{deck}.json").write_text(json.dumps(sidecar))
    frames = out / "frames" / deck
    frames.mkdir(parents=True, exist_ok=True)
    reader = Reader(profile)
    for i, (card, face) in enumerate(faces.items()):
        photo = laid(table, reader, card, face, i, pairing[card])
        (frames / f"{card}.png").write_bytes(_png(photo))
    (frames / "empty.png").write_bytes(_png(table.empty(998)))
    ready = frames / ".ready.tmp"
    ready.write_text(str(len(faces)))
    os.replace(ready, frames / "ready")
    return frames


def laid(table: Table, reader: Reader, card: str, face, i: int, paired):
    """A photo of `card` laid on the spot that the profile reads as `card` (a player who
    lays a card the camera is not sure of lays it again, as the screen asks): elsewhere
    on the spot and at another angle than when it was paired, or else as it was paired."""
    for attempt in range(TRIES):
        frame = table.pairing_shot(face, LAID_SEED + i + 1000 * attempt)
        if reader.read(frame).card == card:
            return frame
    if reader.read(paired).card == card:
        return paired
    raise SystemExit(f"camera_frames: no photo of {card} that the profile reads")


def _png(frame) -> bytes:
    """PNG: what the camera reads is what was checked here, no JPEG loss in between."""
    ok, data = cv2.imencode(".png", frame, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    if not ok:
        raise SystemExit("camera_frames: OpenCV cannot write a PNG")
    return data.tobytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m device.sim.camera_frames")
    parser.add_argument("--deck", default=STANDARD.name, choices=tuple(DECKS))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--seed", type=int, help="the synthetic design (3 the standard deck, 4 a coloured one)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the deck for the next run")
    args = parser.parse_args(argv)
    from ..stopping import die_with_parent

    die_with_parent()
    render(args.deck, args.out, args.seed)
    if args.keep:
        camera_cache.keep(args.deck, args.seed, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
