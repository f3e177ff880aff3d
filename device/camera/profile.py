"""The camera profile: a deck as this camera saw it under this light, in one .npz file.

The file is numpy's compressed archive (a zip of .npy arrays, read with
allow_pickle=False: loading it runs no code). Its arrays:

- `format`: the text "honeymoon-camera-profile"; `version`: 6 (older files lack the
  corner indices or their blurred copies, hold a smaller index cut at a lower
  resolution, or lack the faces' ink: they are refused with "pair the deck again");
- `deck`: the deck's name, "standard" or one a form brings (device/decks.py);
- `cards`: the learnt cards' names in the deck's notation ("SA", "HT"; "R14");
- `learnt`: float32, cards x 4 x D: each card's feature (features.py) upright and
  turned half round, then both again as a blurred play frame would show them;
- `shape`: float32 [area, aspect]: the card's share of the frame and its short side
  over its long side, as the camera saw the paired cards (their medians);
- `indices`: float32, cards x 4 x H x W x 3: each card's corner index (rank and suit),
  top left and bottom right turned upright, as ink and colour (features.indices),
  then both again blurred;
- `inks`: uint8, cards x H x W: each card's face at the camera's own resolution as ink
  (marks.ink: 0 paper .. 255 black, upright), where two close cards are told apart
  mark by mark;
- `shapes`: float32, cards x 2: each card's own [area, aspect] when it was learnt, so
  pairing card by card (learn_card) recomputes `shape` from the cards learnt so far;
- `empty`: uint8 greyscale of the empty spot at EMPTY_SIZE, or a 0 x 0 array when the
  pairing had no empty frame.

A profile may hold any number of the deck's cards (pairing card by card saves after
each one), even none but the empty spot: its `shape` is then zeros.

A file that is not such an archive, or one whose arrays disagree, is refused with
ProfileError: one line that says what is wrong.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..decks import DECKS
from ..engine.errors import NotationError
from . import features, marks
from .locate import Shape

FORMAT = "honeymoon-camera-profile"
VERSION = 6
# Versions this program loads: 1 and 2 had no corner indices, 3 no blurred ones, 4 a
# smaller index at two thirds of the camera's resolution (a club's pip read as a spade's),
# 5 no faces' ink (a club and a spade alike in one design stayed "not sure").
READS = (6,)
EMPTY_SIZE = (160, 120)  # width, height of the stored empty spot
KEYS = (
    "format",
    "version",
    "deck",
    "cards",
    "learnt",
    "shape",
    "empty",
    "shapes",
    "indices",
    "inks",
)


class ProfileError(Exception):
    """A profile that cannot be used: the message is one line naming the file."""


@dataclass(frozen=True)
class Profile:
    deck: str
    cards: tuple[str, ...]
    learnt: np.ndarray
    shape: Shape | None  # None while no card is learnt
    empty: np.ndarray | None
    shapes: np.ndarray | None = None  # cards x 2 [area, aspect]; None: each card at `shape`
    indices: np.ndarray | None = None  # cards x 2 x H x W x 3 (features.indices)
    inks: np.ndarray | None = None  # cards x H x W uint8 (marks.ink)

    def card_shapes(self) -> np.ndarray:
        """Each learnt card's [area, aspect] (float32, cards x 2)."""
        if self.shapes is not None:
            return self.shapes.astype(np.float32)
        if self.shape is None:
            return np.zeros((0, 2), np.float32)
        one = [self.shape.area, self.shape.aspect]
        return np.array([one] * len(self.cards), np.float32).reshape(-1, 2)


def save(profile: Profile, path: str | Path) -> None:
    """Write `profile` to `path` whole or not at all (a temporary file, then renamed)."""
    path = Path(path)
    empty = profile.empty if profile.empty is not None else np.zeros((0, 0), np.uint8)
    arrays = {
        "format": np.array(FORMAT),
        "version": np.array(VERSION),
        "deck": np.array(profile.deck),
        "cards": np.array(profile.cards, dtype=str),
        "learnt": profile.learnt.astype(np.float32),
        "shape": _shape_array(profile),
        "empty": empty,
        "shapes": profile.card_shapes(),
        "indices": _indices_array(profile),
        "inks": _inks_array(profile),
    }
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez_compressed(out, **arrays)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _indices_array(profile: Profile) -> np.ndarray:
    if profile.indices is None:
        raise ValueError("a camera profile without corner indices cannot be saved")
    return profile.indices.astype(np.float32)


def _inks_array(profile: Profile) -> np.ndarray:
    if profile.inks is None:
        raise ValueError("a camera profile without the faces' ink cannot be saved")
    return profile.inks.astype(np.uint8)


def _shape_array(profile: Profile) -> np.ndarray:
    """[area, aspect]; zeros while no card is learnt (only the empty spot)."""
    if not profile.cards:
        return np.zeros(2, np.float32)
    return np.array([profile.shape.area, profile.shape.aspect], np.float32)


def load(path: str | Path) -> Profile:
    """The profile in `path`; ProfileError when it cannot be read or is not whole."""
    try:
        archive = np.load(path, allow_pickle=False)
        if not isinstance(archive, np.lib.npyio.NpzFile):  # one bare array, not an archive
            raise ProfileError(f"camera profile {path}: damaged: not a camera profile")
        with archive:
            keys = KEYS if _version_of(archive) in READS else ("format", "version")
            missing = [key for key in keys if key not in archive.files]
            if missing:
                raise ProfileError(f"camera profile {path}: damaged: no {', '.join(missing)}")
            arrays = {key: archive[key] for key in keys}
    except ProfileError:
        raise
    except FileNotFoundError:
        raise ProfileError(f"camera profile {path}: no such file") from None
    except IsADirectoryError:
        raise ProfileError(f"camera profile {path}: is a folder, not a file") from None
    except PermissionError:
        raise ProfileError(f"camera profile {path}: not allowed to read it") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError, zlib.error) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ProfileError(f"camera profile {path}: damaged: {reason}") from None
    return _checked(arrays, path)


def _version_of(archive) -> int | None:
    """The file's version number when it has a plain one (checked whole in _checked)."""
    if "version" not in archive.files:
        return None
    version = archive["version"]
    if version.shape != () or version.dtype.kind not in "iu":
        return None
    return int(version)


def _checked(arrays: dict, path) -> Profile:
    def damaged(reason: str) -> ProfileError:
        return ProfileError(f"camera profile {path}: damaged: {reason}")

    if arrays["format"].shape != () or str(arrays["format"]) != FORMAT:
        raise damaged("not a camera profile")
    if arrays["version"].shape != () or arrays["version"].dtype.kind not in "iu":
        raise damaged("no version number")
    if int(arrays["version"]) not in READS:
        raise ProfileError(
            f"camera profile {path}: version {int(arrays['version'])}, this program reads "
            f"{VERSION}: pair the deck again"
        )
    deck_name = str(arrays["deck"]) if arrays["deck"].shape == () else ""
    if deck_name not in DECKS:
        raise damaged(f"unknown deck {deck_name!r}")
    cards = _cards(arrays["cards"], DECKS[deck_name], damaged)
    learnt = arrays["learnt"]
    if learnt.dtype != np.float32 or learnt.shape != (len(cards), features.VARIANTS, features.SIZE):
        raise damaged(f"learnt features of shape {learnt.shape}, not for {len(cards)} cards")
    if not np.isfinite(learnt).all():
        raise damaged("learnt features that are not numbers")
    shape = arrays["shape"]
    if not cards and shape.shape == (2,) and not shape.any():
        shape = None  # no card learnt yet (only the empty spot): no size either
    elif shape.shape != (2,) or not np.isfinite(shape).all() or not (shape > 0).all():
        raise damaged("no card size")
    if shape is not None and not (shape[0] < 1 and shape[1] <= 1):
        raise damaged("a card size larger than the frame")
    empty = arrays["empty"]
    if empty.dtype != np.uint8 or empty.shape not in ((0, 0), EMPTY_SIZE[::-1]):
        raise damaged("an empty spot picture of the wrong size")
    indices = arrays["indices"]
    if (
        indices.dtype != np.float32
        or indices.shape
        != (len(cards), features.VARIANTS, features.INDEX_SIZE[1], features.INDEX_SIZE[0], 3)
        or not np.isfinite(indices).all()
    ):
        raise damaged("corner indices that do not fit the cards")
    inks = arrays["inks"]
    if inks.dtype != np.uint8 or inks.shape != (len(cards), marks.CARD[1], marks.CARD[0]):
        raise damaged("faces' ink that does not fit the cards")
    shapes = arrays["shapes"]
    if (
        shapes.dtype != np.float32
        or shapes.shape != (len(cards), 2)
        or not np.isfinite(shapes).all()
        or not ((shapes > 0) & (shapes <= 1)).all()
    ):
        raise damaged("card sizes that do not fit the cards")
    return Profile(
        deck=deck_name,
        cards=cards,
        learnt=learnt,
        shape=None if shape is None else Shape(float(shape[0]), float(shape[1])),
        empty=empty if empty.size else None,
        shapes=shapes,
        indices=indices,
        inks=inks,
    )


def _cards(array: np.ndarray, deck, damaged) -> tuple[str, ...]:
    if (
        array.ndim != 1
        or (array.size and array.dtype.kind != "U")
        or not array.size <= len(deck.cards)
    ):
        raise damaged("no list of cards")
    cards = []
    for text in array.tolist():
        try:
            card = deck.parse(text)
        except NotationError:
            raise damaged(f"{text!r} is not a card of the {deck.name} deck") from None
        if card.text in cards:
            raise damaged(f"{card.text} learnt twice")
        cards.append(card.text)
    return tuple(cards)
