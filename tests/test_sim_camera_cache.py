"""The simulated camera's decks kept between runs (device/sim/camera_cache.py): a deck made
once is copied, not drawn again; any change to the code that makes it is a new entry; a
cache that cannot be written only makes a run slower. No OpenCV needed: the decks here
are files made by hand, as camera_frames.py lays them out."""

from __future__ import annotations

import json
import os
import time

import pytest

from device.sim import camera_cache
from device.sim.camera import SimCamera


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "honeymoon-table" / "sim-camera"


def made(work, deck="standard"):
    """A deck as camera_frames.render leaves it in `work`."""
    (work / "decks").mkdir(parents=True, exist_ok=True)
    (work / "decks" / f"camera-{deck}.npz").write_bytes(b"profile " + deck.encode())
    (work / "decks" / f"camera-{deck}.json").write_text(json.dumps({"deck": deck}))
    frames = work / "frames" / deck
    frames.mkdir(parents=True)
    (frames / "SA.png").write_bytes(b"photo of SA")
    (frames / "empty.png").write_bytes(b"photo of the empty spot")
    (frames / "ready").write_text("52")
    return work


def test_a_kept_deck_is_fetched_whole_into_another_run(cache, tmp_path):
    camera_cache.keep("standard", None, made(tmp_path / "first"))
    later = tmp_path / "later"
    assert camera_cache.fetch("standard", None, later)
    assert (later / "frames" / "standard" / "SA.png").read_bytes() == b"photo of SA"
    assert (later / "decks" / "camera-standard.npz").read_bytes() == b"profile standard"
    assert (later / "frames" / "standard" / "ready").exists()
    assert not camera_cache.fetch("abridged", None, tmp_path / "other")  # never kept
    assert not camera_cache.fetch("standard", 7, tmp_path / "other")  # another design


def test_the_entry_names_the_deck_the_seed_and_the_code(cache, monkeypatch, tmp_path):
    assert camera_cache.key("standard", None) == camera_cache.key("standard", None)
    assert camera_cache.key("standard", None) != camera_cache.key("abridged", None)
    assert camera_cache.key("standard", None) != camera_cache.key("standard", 3)
    before = camera_cache.key("standard", None)
    changed = tmp_path / "device"
    for module in (*camera_cache.MAKERS, *camera_cache.READERS):
        (changed / module).parent.mkdir(parents=True, exist_ok=True)
        (changed / module).write_text(f"# {module}, edited\n")
    fake = changed / "sim" / "camera_cache.py"
    monkeypatch.setattr(camera_cache, "__file__", str(fake))
    assert camera_cache.key("standard", None) != before  # an edit is a new entry


def test_only_the_newest_entries_are_kept(cache, tmp_path):
    for seed in range(camera_cache.KEEP + 3):
        camera_cache.keep("standard", seed, made(tmp_path / f"run{seed}"))
        entry = cache / camera_cache.key("standard", seed)
        os.utime(entry, (time.time() - 1000 + seed, time.time() - 1000 + seed))
    camera_cache.keep("standard", 99, made(tmp_path / "run99"))
    kept = sorted(path.name for path in cache.iterdir())
    newest = [camera_cache.key("standard", s) for s in range(4, camera_cache.KEEP + 3)]
    assert kept == sorted([*newest, camera_cache.key("standard", 99)])


def test_a_cache_that_cannot_be_written_is_only_slower(cache, tmp_path):
    cache.parent.mkdir(parents=True)
    cache.write_text("a file where the folder should be")
    camera_cache.keep("standard", None, made(tmp_path / "first"))  # no exception
    assert not camera_cache.fetch("standard", None, tmp_path / "later")


def test_a_second_run_starts_from_the_kept_decks_without_drawing_them(cache, tmp_path):
    for deck in ("standard", "abridged"):
        camera_cache.keep(deck, None, made(tmp_path / f"made-{deck}", deck))
    camera = SimCamera(tmp_path / "spot").start()
    try:
        assert camera.wait_ready(timeout=5)
        assert camera._helpers == {}  # nothing drawn: both decks came from the cache
        end = time.monotonic() + 30
        while not list((tmp_path / "spot").glob("sim-*")) and time.monotonic() < end:
            time.sleep(0.02)  # the player's thread lays the empty spot first
        shown = sorted(path.read_bytes() for path in (tmp_path / "spot").glob("sim-*"))
        assert shown == [b"photo of the empty spot"]  # the spot, empty, laid at once
    finally:
        camera.stop()
    assert list((tmp_path / "spot").glob("*")) == []
