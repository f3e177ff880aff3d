"""Benchmarks of the camera reader (device/camera), each beside the issue's target.

On deck designs the reader was not tuned on (Debian's gnome-cards-data when
installed, else synthetic designs), each paired at its own seeded table and then
photographed under home conditions (device/sim/photographer.py): the share of
card frames read right, wrong and "not sure"; empty-spot and hand-only frames
read as a card (target 0); and the reading time per frame on one core.
"""

from __future__ import annotations

import time

Row = tuple[str, str, str, bool]
DESIGNS = 8  # held-out designs at most
SHOTS = 2  # frames per card and design: 8 x 52 x 2 = 832 card frames, about 2 minutes


def held_out() -> tuple[str, list[tuple[str, dict]]]:
    from device.sim import card_faces as synthetic
    from tests.camera import designs

    real = [d for d in designs.available() if d not in designs.TUNED]
    if real:
        step = max(len(real) // DESIGNS, 1)
        picked = real[::step][:DESIGNS]
        return "gnome-cards-data", [(name, designs.faces(name)) for name in picked]
    seeds = range(20, 20 + DESIGNS)
    return "synthetic", [(f"synthetic {s}", synthetic.deck_faces(s)) for s in seeds]


def measure(shots: int = SHOTS, design_count: int = DESIGNS, card_count: int = 52) -> dict:
    """The held-out designs read: `card_count` cards of each (the smoke test's few; the
    bench's whole deck), `shots` photos of each card."""
    from device.camera.reader import PairingError, Reader, learn
    from device.sim.photographer import Table

    source, decks = held_out()
    decks = decks[:design_count]
    tally = {"right": 0, "wrong": 0, "unsure": 0, "nothing read as card": 0, "nothing": 0}
    unpaired, seconds, reads = [], 0.0, 0
    for index, (name, faces) in enumerate(decks):
        faces = dict(list(faces.items())[:card_count])
        table = Table(1000 + index)
        frames = {card: table.pairing_shot(face, i) for i, (card, face) in enumerate(faces.items())}
        try:
            reader = Reader(learn(frames, "standard", table.empty(1)))
        except PairingError as error:
            unpaired.append(f"{name} ({error.card})")
            continue
        cards = list(faces)
        for i in range(shots * len(cards)):
            card = cards[i % len(cards)]
            frame = table.shot(faces[card], 10_000 + i)
            start = time.perf_counter()
            read = reader.read(frame).card
            seconds += time.perf_counter() - start
            reads += 1
            tally["right" if read == card else "unsure" if read is None else "wrong"] += 1
        for i in range(len(cards) // 2):
            for frame in (table.empty(20_000 + i), table.hand(30_000 + i)):
                tally["nothing"] += 1
                tally["nothing read as card"] += reader.read(frame).card is not None
    return {
        "designs": len(decks),
        "shots": shots,
        "source": source,
        "tally": tally,
        "unpaired": unpaired,
        "ms": 1000 * seconds / max(reads, 1),
    }


def rows() -> list[Row]:
    import os

    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import cv2

    cv2.setNumThreads(1)  # one core, as the target says
    figures = measure()
    tally = figures["tally"]
    cards = max(tally["right"] + tally["wrong"] + tally["unsure"], 1)
    where = (
        f"{figures['source']}: {figures['designs']} held-out designs x 52 cards x "
        f"{figures['shots']} frames = {cards} frames"
    )
    unpaired = figures["unpaired"]
    return [
        (f"camera: read right ({where})", f"{100 * tally['right'] / cards:.2f} %", ">= 99.5 %",
         tally["right"] / cards >= 0.995),
        ("camera: read wrong", f"{100 * tally['wrong'] / cards:.2f} %", "<= 0.1 %",
         tally["wrong"] / cards <= 0.001),
        ("camera: not sure (lay again)", f"{100 * tally['unsure'] / cards:.2f} %", "the rest",
         True),
        (f"camera: empty/hand frames read as a card (of {tally['nothing']})",
         str(tally["nothing read as card"]), "0", tally["nothing read as card"] == 0),
        ("camera: reading time per frame (one core)", f"{figures['ms']:.1f} ms", "<= 50 ms",
         figures["ms"] <= 50),
        (f"camera: designs that could not be paired (of {figures['designs']})",
         (", ".join(unpaired) or "none")[:22], "none", not unpaired),
    ]  # fmt: skip
