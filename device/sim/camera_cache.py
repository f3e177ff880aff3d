"""The simulated camera's decks kept between runs, so a second `run --simulate` with a camera
starts at once instead of drawing and photographing a deck again (10 s of processor time).

A deck's photos and profile depend only on the deck, the design's seed and the code that
makes and reads them; the entry's name hashes all of these, so any change to that code,
to OpenCV or to numpy makes a new entry and an old one is never read. Entries live in
the user's cache folder (XDG_CACHE_HOME, else ~/.cache) and only the newest few are kept.

No OpenCV here: the table process fetches entries (device/sim/camera.py); the helper
that draws a deck keeps them (device/sim/camera_frames.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import time
from importlib import metadata
from pathlib import Path

# The modules whose code decides the photos and the profile made from them.
MAKERS = ("sim/card_faces.py", "sim/photographer.py", "sim/camera_frames.py")
READERS = ("camera/reader.py", "camera/features.py", "camera/locate.py", "camera/profile.py")
LIBRARIES = ("opencv-python-headless", "numpy")
KEEP = 4  # entries kept (about 45 MB each): both decks of two checkouts


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "honeymoon-table" / "sim-camera"


def key(deck: str, seed: int | None) -> str:
    """The entry's name: the deck, the seed and a hash of what makes its photos."""
    digest = hashlib.sha256(f"{deck}:{seed}".encode())
    device = Path(__file__).resolve().parent.parent
    for module in (*MAKERS, *READERS):
        digest.update((device / module).read_bytes())
    for library in LIBRARIES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"{library}=={metadata.version(library)}".encode())
    return f"{deck}-{seed}-{digest.hexdigest()[:16]}"


def fetch(deck: str, seed: int | None, work: Path) -> bool:
    """Copy the kept deck into `work` (its decks/ and frames/ folders); False if none is."""
    entry = folder() / key(deck, seed)
    if not (entry / "frames" / deck / "ready").exists():
        return False
    try:
        shutil.copytree(entry / "decks", work / "decks", dirs_exist_ok=True)
        frames = work / "frames" / deck
        shutil.copytree(entry / "frames" / deck, frames, dirs_exist_ok=True)
    except OSError:  # an entry pruned while copied: the deck is drawn again
        shutil.rmtree(work / "frames" / deck, ignore_errors=True)
        return False
    with contextlib.suppress(OSError):
        os.utime(entry)  # used now: the newest are the ones kept
    return True


def keep(deck: str, seed: int | None, work: Path) -> None:
    """Keep the deck just made in `work`; a cache that cannot be written is only slower."""
    root = folder()
    staging = None
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".new-", dir=root))
        (staging / "decks").mkdir()
        for suffix in (".npz", ".json"):
            name = f"camera-{deck}{suffix}"
            shutil.copyfile(work / "decks" / name, staging / "decks" / name)
        shutil.copytree(work / "frames" / deck, staging / "frames" / deck)
        os.rename(staging, root / key(deck, seed))  # whole or not at all
    except OSError:  # kept meanwhile by another run, or no room: nothing lost
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        return
    _prune(root)


def _prune(root: Path) -> None:
    """The newest KEEP entries stay; a half-made one older than an hour was left by a
    helper that was killed while it wrote."""
    now = time.time()
    entries = []
    for path in root.iterdir():
        with contextlib.suppress(OSError):
            if not path.name.startswith("."):
                entries.append((path.stat().st_mtime, path))
            elif now - path.stat().st_mtime > 3600:
                shutil.rmtree(path, ignore_errors=True)
    entries.sort(reverse=True)
    for _, old in entries[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)
