"""Real deck designs: Debian's gnome-cards-data (aisleriot's SVG decks), when installed.

Each design is one SVG sheet of 13 columns (ace, 2..10, jack, queen, king) by 5 rows
(clubs, diamonds, hearts, spades, then jokers and back). A sheet is rendered once
with rsvg-convert (librsvg2-bin) into a cache folder and cut into faces (BGRA,
trimmed to the card). Nothing here is needed by the tests: they use the synthetic
designs, and the real ones where the packages are installed (`make bench`).
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

CARDS_DIR = Path("/usr/share/aisleriot/cards")
CACHE = Path(tempfile.gettempdir()) / "honeymoon-camera-designs"
ROWS = "CDHS"
COLUMNS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
CELL_WIDTH = 220  # pixels a card column is rendered at
TUNED = ("anglo",)  # the design the reader's thresholds were chosen on: never held out


def available() -> list[str]:
    """The installed designs, by name, when rsvg-convert is there to render them."""
    if shutil.which("rsvg-convert") is None or not CARDS_DIR.is_dir():
        return []
    return sorted(
        p.name.removesuffix(".svgz") for p in CARDS_DIR.glob("*.svgz") if p.name.isascii()
    )


def faces(design: str) -> dict[str, np.ndarray]:
    """The 52 faces of `design`, keyed by card name ("SA", "HT")."""
    sheet = _sheet(design)
    h, w = sheet.shape[:2]
    out = {}
    for row, suit in enumerate(ROWS):
        for col, rank in enumerate(COLUMNS):
            cell = sheet[row * h // 5 : (row + 1) * h // 5, col * w // 13 : (col + 1) * w // 13]
            out[suit + rank] = _trimmed(cell)
    return out


def _sheet(design: str) -> np.ndarray:
    CACHE.mkdir(parents=True, exist_ok=True)
    png = CACHE / f"{design}.png"
    if not png.exists():
        # Two suites at once may render the same design: each in files of its own, the
        # sheet then named whole (the last one named wins; both are the same picture).
        with tempfile.TemporaryDirectory(dir=CACHE, prefix=f".{design}-") as work:
            svg, part = Path(work) / "sheet.svg", Path(work) / "sheet.png"
            svg.write_bytes(gzip.decompress((CARDS_DIR / f"{design}.svgz").read_bytes()))
            subprocess.run(
                ["rsvg-convert", "-w", str(13 * CELL_WIDTH), str(svg), "-o", str(part)],
                check=True,
                capture_output=True,
            )
            part.replace(png)
    return cv2.imread(str(png), cv2.IMREAD_UNCHANGED)


def _trimmed(cell: np.ndarray) -> np.ndarray:
    """The card in its cell: the box of its opaque pixels, as BGRA."""
    if cell.shape[2] == 3:
        cell = np.dstack([cell, np.full(cell.shape[:2], 255, np.uint8)])
    ys, xs = np.nonzero(cell[..., 3] > 128)
    card = cell[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()
    # A transparent inside (some designs draw no paper) is paper for the camera.
    paper = np.full(card.shape[:2] + (3,), 255, np.float32)
    alpha = card[..., 3:4].astype(np.float32) / 255
    inside = cv2.erode((card[..., 3] > 0).astype(np.uint8), np.ones((3, 3), np.uint8))
    card[..., :3] = (card[..., :3] * alpha + paper * (1 - alpha)).astype(np.uint8)
    card[..., 3] = np.maximum(card[..., 3], _filled(inside) * 255)
    return card


def _filled(inside: np.ndarray) -> np.ndarray:
    """The card's silhouette: its outer outline filled."""
    contours, _ = cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(inside)
    if contours:
        cv2.drawContours(out, [max(contours, key=cv2.contourArea)], -1, 1, -1)
    return out
