"""The camera process through protocol v1, as the table opens it (device/hal/camera_line.py):
a card laid still reaches the table once, as a CARD; a hand, an empty spot or half a card
send nothing; a card it is not sure of sends ERROR lay-again and no card; no profile, a
damaged one, no camera; a camera process that dies is LOST and started again; PREVIEW."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from device.camera.profile import save
from device.camera.reader import learn
from device.camera.sources import FolderCamera, SourceError, parse_source
from device.hal.camera_line import BACKOFF_S, Opener
from device.sim import card_faces as synthetic
from device.sim.photographer import Table
from firmware_bridge import protocol as p
from tests.camera.camera_line import camera_at

CARDS = ("SA", "HK", "D7", "C2", "ST", "H9", "S8", "S9")
QUIET_S = 1.5  # 22 frames at 15 a second: what would be sent is sent long before


class Deck:
    def __init__(self):
        self.faces = synthetic.deck_faces(5)
        self.table = Table(45)
        shots = {c: self.table.pairing_shot(self.faces[c], i) for i, c in enumerate(CARDS)}
        self.profile = learn(shots, "standard", self.table.empty(999))
        self.stranger = synthetic.deck_faces(11)  # another design: the reader is not sure

    def laid(self, card: str, seed: int = 100):
        return self.table.pairing_shot(self.faces[card], seed)


@pytest.fixture(scope="module")
def deck() -> Deck:
    return Deck()


@pytest.fixture
def decks(tmp_path, deck):
    folder = tmp_path / "decks"
    folder.mkdir()
    save(deck.profile, folder / "camera-standard.npz")
    return folder


def test_a_card_laid_reaches_the_table_once_and_again_after_the_spot_was_empty(
    tmp_path, deck, decks
):
    with camera_at(tmp_path / "spot", decks) as at:
        at.lay(deck.table.empty(1))
        at.lay(deck.laid("SA"))
        card = at.next()
        assert (card.kind, card.value, card.source) == ("card", "SA", "scanner")
        assert at.device.hello.ident == parse_source(f"camera:dir:{tmp_path / 'spot'}").ident
        assert at.device.hello.ident.startswith("camera-dir-") and not at.device.hello.problems
        at.lay(deck.laid("SA", seed=101))  # moved on the spot: still the card laid
        at.lay(deck.table.hand_over_card(deck.faces["SA"], 3))
        at.lay(deck.laid("SA", seed=102))
        assert at.quiet(QUIET_S) == []
        at.lay(deck.laid("HK"))  # another card: read at once
        assert at.next().value == "HK"
        at.looking(deck.table.empty(2), "empty")  # taken away: the spot seen empty
        at.lay(deck.laid("HK", seed=103))
        assert at.next().value == "HK"
        assert [i.kind for i in at.seen].count("error") == 0


def test_a_hand_an_empty_spot_and_half_a_card_send_nothing(tmp_path, deck, decks):
    with camera_at(tmp_path / "spot", decks) as at:
        for seed in range(3):
            at.lay(deck.table.empty(seed))
            time.sleep(0.2)
            at.lay(deck.table.hand(seed))
            time.sleep(0.2)
            at.lay(deck.table.half_on(deck.faces["SA"], seed))
            time.sleep(0.3)
        assert at.quiet(QUIET_S, ("card", "error")) == []


def test_a_card_it_is_not_sure_of_sends_lay_again_and_no_card(tmp_path, deck, decks):
    with camera_at(tmp_path / "spot", decks) as at:
        at.lay(deck.table.pairing_shot(deck.stranger["HK"], 100))
        error = at.next(("card", "error"))
        assert (error.kind, error.value) == ("error", p.LAY_AGAIN)
        assert at.quiet(QUIET_S, ("card", "error")) == []  # said once for this placement
        at.lay(deck.laid("D7"))  # laid again, a card it knows
        assert at.next().value == "D7"


def test_no_profile_and_a_damaged_one_are_said(tmp_path, deck):
    empty_decks = tmp_path / "decks"
    empty_decks.mkdir()
    with camera_at(tmp_path / "spot", empty_decks) as at:
        assert at.next(("error",)).value == p.NO_PROFILE
        at.lay(deck.laid("SA"))
        assert at.quiet(QUIET_S) == []
        (empty_decks / "camera-standard.npz").write_bytes(b"not a profile")
        assert at.next(("error",)).value == p.PROFILE_DAMAGED
        save(deck.profile, empty_decks / "camera-standard.npz")  # paired meanwhile
        at.lay(deck.table.empty(3))
        at.lay(deck.laid("C2"))
        assert at.next().value == "C2"  # read again within a second or so
    sidecar = json.loads((empty_decks / "camera-standard.json").read_text())
    assert sidecar == {"deck": "standard", "cards": list(deck.profile.cards)}  # for the table


def test_no_camera_is_said_and_the_camera_is_looked_for_again(tmp_path, deck, decks):
    spot = tmp_path / "spot"
    with camera_at(spot, decks) as at:
        pid = at.pid
        at.looking(deck.table.empty(1), "empty")  # the camera gives pictures ...
        spot.rename(tmp_path / "away")  # ... and is gone
        assert at.next(("error",)).value == p.NO_CAMERA
        assert at.next(("lost",)) is not None  # its process ended: LOST, started again
        assert at.next(("connected",)) is not None
        assert at.pid != pid
        assert at.next(("error",)).value == p.NO_CAMERA  # not there at its start: it waits
        (tmp_path / "away").rename(spot)
        at.lay(deck.laid("ST"))
        assert at.next().value == "ST"


@pytest.mark.parametrize("url", ["camera:picamera", "camera:/dev/video-none", "camera:57"])
def test_a_camera_that_is_not_there_is_said_and_never_a_crash(tmp_path, decks, url):
    """No Pi camera here (picamera2 not installed, or no camera module), no such webcam."""
    with camera_at(tmp_path / "spot", decks, url) as at:
        assert at.next(("error",)).value == p.NO_CAMERA
        pid = at.pid
        at.device.beep(p.BEEP_OK)  # the line still answers: the process waits for its camera
        time.sleep(2.5)  # two more tries to open it
        assert at.quiet(0.1, ("lost", "card")) == [] and at.pid == pid


def test_a_camera_process_that_dies_is_lost_and_started_again(tmp_path, deck, decks):
    with camera_at(tmp_path / "spot", decks) as at:
        first = at.pid
        os.kill(first, signal.SIGKILL)
        lost = at.next(("lost",))
        assert lost is not None and lost.source == "scanner"
        assert at.next(("connected",)) is not None and at.pid != first
        at.lay(deck.laid("H9"))
        assert at.next().value == "H9"


def test_the_preview_writes_what_the_camera_sees_while_it_is_on(tmp_path, deck, decks):
    with camera_at(tmp_path / "spot", decks) as at:
        folder = at.device.preview_dir
        at.lay(deck.laid("S8"))
        assert at.next().value == "S8"
        assert not (folder / "seen.json").exists()
        at.device.preview(True)
        seen = _wait_for_seen(folder, lambda s: s["n"] >= 3)
        assert (seen["card"], seen["why"], seen["size"]) == ("S8", "read", [640, 480])
        assert len(seen["outline"]) == 4 and 0 < seen["score"] <= 1
        assert (folder / "frame.jpg").read_bytes()[:2] == b"\xff\xd8"
        at.device.preview(False)
        time.sleep(2.0)  # the camera hears it (a busy machine), then writes no more
        stopped = json.loads((folder / "seen.json").read_text())["n"]
        time.sleep(1.0)
        assert json.loads((folder / "seen.json").read_text())["n"] == stopped
    assert not folder.exists()  # the preview folder goes with the scanner


def _wait_for_seen(folder, good, timeout: float = 20.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            seen = json.loads((folder / "seen.json").read_text())
        except (OSError, ValueError):
            seen = None
        if seen is not None and good(seen):
            return seen
        time.sleep(0.05)
    raise AssertionError("no preview written")


# -- the parts -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "url, kind, where",
    [
        ("camera", "v4l2", "0"),
        ("camera:/dev/video2", "v4l2", "/dev/video2"),
        ("camera:1", "v4l2", "1"),
        ("camera:picamera", "picamera", ""),
        ("camera:dir:/tmp/x y", "dir", "/tmp/x y"),
    ],
)
def test_camera_strings(url, kind, where):
    source = parse_source(url)
    assert (source.kind, source.where) == (kind, where)
    assert source.ident.startswith("camera-") and len(source.ident) <= 24


@pytest.mark.parametrize("url", ["camera:", "camera:dir:", "camera:usb", "/dev/ttyACM0"])
def test_strings_that_name_no_camera(url):
    with pytest.raises(SourceError):
        parse_source(url)


def test_the_folder_camera_sees_the_newest_picture_by_name(tmp_path, deck):
    import cv2

    camera = FolderCamera(tmp_path)
    assert camera.grab() is None
    cv2.imwrite(str(tmp_path / "b.png"), deck.table.empty(1))
    cv2.imwrite(str(tmp_path / "a.png"), deck.laid("SA"))
    (tmp_path / "c.txt").write_text("not a picture")
    first = camera.grab()
    assert first is camera.grab()  # the same picture until a newer one
    cv2.imwrite(str(tmp_path / "c.jpg"), deck.laid("SA"))
    assert camera.grab() is not first


def test_a_camera_process_ending_at_its_start_is_started_later_and_later(monkeypatch):
    opener = Opener()
    started = []

    class Port:
        def __init__(self, command, timeout):
            self.started = time.monotonic()
            started.append(command)

    monkeypatch.setattr("device.hal.camera_line.CameraPort", Port)
    opener("camera:dir:/nowhere")
    with pytest.raises(Exception, match="ended at its start"):
        opener("camera:dir:/nowhere")  # it ended at once: not started again at once
    assert len(started) == 1 and opener._quick == 1 and BACKOFF_S[1] >= 1.0


def test_a_still_spot_is_read_once_and_a_change_read_again(deck):
    """A webcam looking at a card lying there gives frames that differ by their noise only:
    the reading is kept, so a still spot costs little (a Pi is 3-5 times slower)."""
    import numpy as np

    from device.camera.reader import Reader
    from device.camera.scanner import Camera, Profiles

    reads = []

    class Counting(Reader):
        def read(self, frame):
            reads.append(frame)
            return super().read(frame)

    class Line:
        standing, closed = {}, None

        def card(self, code):
            self.sent = code
            return True

    profiles = Profiles({})
    profiles.readers = {"standard": Counting(deck.profile)}
    camera = Camera(Line(), None, profiles, None)
    frame = deck.laid("SA")
    noise = np.random.default_rng(1).normal(0, 6, frame.shape)
    camera.frame(frame)
    camera.frame(np.clip(frame + noise, 0, 255).astype(np.uint8))  # the camera's noise
    assert len(reads) == 1 and camera.link.sent == "SA"  # still, and read: sent
    camera.frame(deck.laid("HK"))
    assert len(reads) == 2
