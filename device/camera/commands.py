"""`honeymoon camera-pair` and `honeymoon camera-read` (device/cli.py imports this when they run).

camera-pair learns a deck from a folder of frames, one per card named by the card
(SA.png, HK.jpg, D10.png or DT.png; aBRIDGEd R14.png) and an optional empty.png;
camera-read prints one JSON line per frame: the card and its score, null when no
card lies on the spot or the reader is not sure, or an error for a frame it cannot
read. A refusal is one line on standard error and exit status 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

from ..decks import DECKS
from ..engine.errors import NotationError
from .profile import ProfileError, load, save
from .reader import PairingError, Reader, learn

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
EMPTY_NAME = "empty"
MIN_SIDE = 64  # pixels: smaller is not a camera frame
MAX_SIDE = 8192
MAX_BYTES = 64 * 1024 * 1024


class FrameError(Exception):
    """A frame that cannot be read: the message says why, without the path."""


def read_frame(path: Path) -> np.ndarray:
    """The image in `path` as BGR; FrameError when it is not a readable camera frame."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise FrameError(f"larger than {MAX_BYTES // (1024 * 1024)} MB: not a camera frame")
        data = path.read_bytes()
    except FileNotFoundError:
        raise FrameError("no such file") from None
    except IsADirectoryError:
        raise FrameError("a folder, not an image") from None
    except OSError as error:
        raise FrameError(f"cannot read it: {error.strerror or error}") from None
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if frame is None:
        raise FrameError("not an image (PNG, JPEG or BMP) that can be read")
    h, w = frame.shape[:2]
    if min(h, w) < MIN_SIDE or max(h, w) > MAX_SIDE or not 0.25 <= w / h <= 4:
        raise FrameError(f"{w}x{h} pixels is not a camera frame")
    return frame


def cmd_camera_pair(args) -> int:
    folder = Path(args.dir)
    if not folder.is_dir():
        return _refuse(f"camera-pair: {folder}: not a folder of frames")
    deck = DECKS[args.deck]
    try:
        found, empty_path = _frames_in(folder, deck)
    except PairingError as error:
        return _refuse(f"camera-pair: {folder}: {error.reason}")
    except OSError as error:
        return _refuse(f"camera-pair: {folder}: cannot list it: {error.strerror or error}")
    missing = [card.text for card in deck.cards if card.text not in found]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        return _refuse(
            f"camera-pair: {folder}: no frame for {', '.join(missing[:5])}{more} "
            f"(one image per card, named like {missing[0]}.png)"
        )
    frames = {}
    for card, path in found.items():
        try:
            frames[card] = read_frame(path)
        except FrameError as error:
            return _refuse(f"camera-pair: {path}: {error}")
    empty = None
    if empty_path is not None:
        try:
            empty = read_frame(empty_path)
        except FrameError as error:
            return _refuse(f"camera-pair: {empty_path}: {error}")
    try:
        profile = learn(frames, deck.name, empty)
    except PairingError as error:
        return _refuse(f"camera-pair: {found[error.card]}: {error.reason}")
    try:
        save(profile, args.profile)
    except OSError as error:
        return _refuse(f"camera-pair: cannot write {args.profile}: {error.strerror or error}")
    print(f"learnt {len(profile.cards)} cards of the {deck.name} deck into {args.profile}")
    return 0


def _frames_in(folder: Path, deck) -> tuple[dict[str, Path], Path | None]:
    """The frame of each card in `folder` (by card name), and the empty spot's if there."""
    found: dict[str, Path] = {}
    empty = None
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if path.stem.lower() == EMPTY_NAME:
            empty = _only(empty, path, "the empty spot")
            continue
        try:
            card = deck.parse(path.stem).text
        except NotationError:
            continue  # not a card's frame: a note, a picture of the table
        found[card] = _only(found.get(card), path, card)
    return found, empty


def _only(already: Path | None, path: Path, what: str) -> Path:
    if already is not None:
        raise PairingError(what, f"two frames for {what}: {already.name} and {path.name}")
    return path


def cmd_camera_read(args) -> int:
    try:
        reader = Reader(load(args.profile))
    except ProfileError as error:
        return _refuse(f"camera-read: {error}")
    for name in args.images:
        print(json.dumps(_read_one(reader, name), ensure_ascii=False), flush=True)
    return 0


def _read_one(reader: Reader, name: str) -> dict:
    try:
        frame = read_frame(Path(name))
    except FrameError as error:
        return {"image": name, "error": str(error)}
    reading = reader.read(frame)
    return {"image": name, "card": reading.card, "score": reading.score}


def _refuse(message: str) -> int:
    from ..error_line import one_line

    print(one_line(message), file=sys.stderr)
    return 2
