"""The command-line contract: camera-pair and camera-read (exit codes, JSON lines, refusals)."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import pytest

from device.cli import main
from device.sim import card_faces as synthetic
from device.sim.photographer import Table


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    """A folder of pairing frames of an untuned design, and a few play frames."""
    folder = tmp_path_factory.mktemp("pairing")
    faces = synthetic.deck_faces(4)
    table = Table(44)
    for i, (card, face) in enumerate(faces.items()):
        name = "D10" if card == "DT" else card  # D10.png and DT.png both name the ten
        suffix = ".jpg" if card.startswith("C") else ".png"
        cv2.imwrite(str(folder / f"{name}{suffix}"), table.pairing_shot(face, i))
    cv2.imwrite(str(folder / "empty.png"), table.empty(1))
    play = tmp_path_factory.mktemp("play")
    shots = {}
    for i, card in enumerate(["SA", "HK", "DT", "C2"]):
        shots[card] = play / f"{card}.jpg"
        cv2.imwrite(str(shots[card]), table.shot(faces[card], 300 + i, finger=0))
    cv2.imwrite(str(play / "empty.jpg"), table.empty(301))
    cv2.imwrite(str(play / "hand.jpg"), table.hand(302))
    return folder, play, shots


def _run(capsys, *argv) -> tuple[int, list[str], str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


@pytest.fixture(scope="module")
def profile(frames, tmp_path_factory):
    folder, _, _ = frames
    path = tmp_path_factory.mktemp("profile") / "deck.npz"
    assert main(["camera-pair", "--profile", str(path), str(folder)]) == 0
    return path


def test_pair_then_read_prints_one_json_line_per_image_in_order(frames, profile, capsys):
    _, play, shots = frames
    images = [str(shots[c]) for c in ("SA", "HK", "DT", "C2")]
    images += [str(play / "empty.jpg"), str(play / "hand.jpg"), str(play / "none.png")]
    status, lines, err = _run(capsys, "camera-read", "--profile", str(profile), *images)
    assert status == 0 and err == ""
    rows = [json.loads(line) for line in lines]
    assert [row["image"] for row in rows] == images
    for row, card in zip(rows[:4], ("SA", "HK", "DT", "C2"), strict=True):
        assert row["card"] in (card, None) and 0 <= row["score"] <= 1
    assert sum(row["card"] is not None for row in rows[:4]) >= 3
    assert rows[4]["card"] is None and rows[5]["card"] is None
    assert set(rows[6]) == {"image", "error"}


def test_an_unreadable_image_is_an_error_line_and_the_others_are_read(
    frames, profile, capsys, tmp_path
):
    _, _, shots = frames
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"\x89PNG not really")
    status, lines, _ = _run(
        capsys, "camera-read", "--profile", str(profile), str(junk), str(tmp_path), str(shots["SA"])
    )
    rows = [json.loads(line) for line in lines]
    assert status == 0 and len(rows) == 3
    assert "error" in rows[0] and "error" in rows[1] and rows[2]["card"] in ("SA", None)


def test_a_damaged_profile_is_exit_2_and_one_line(profile, frames, capsys, tmp_path):
    _, _, shots = frames
    bad = tmp_path / "bad.npz"
    bad.write_bytes(profile.read_bytes()[:500])
    status, lines, err = _run(capsys, "camera-read", "--profile", str(bad), str(shots["SA"]))
    assert status == 2 and lines == [] and err.count("\n") == 1 and "damaged" in err


def test_a_missing_card_is_exit_2_naming_it(frames, capsys, tmp_path):
    folder, _, _ = frames
    partial = tmp_path / "partial"
    partial.mkdir()
    for path in folder.iterdir():
        if path.stem != "HK":
            (partial / path.name).write_bytes(path.read_bytes())
    status, _, err = _run(capsys, "camera-pair", "--profile", str(tmp_path / "p.npz"), str(partial))
    assert status == 2 and err.count("\n") == 1 and "HK" in err
    assert not (tmp_path / "p.npz").exists()


def test_an_unreadable_card_frame_is_exit_2_naming_it(frames, capsys, tmp_path):
    folder, _, _ = frames
    spoilt = tmp_path / "spoilt"
    spoilt.mkdir()
    for path in folder.iterdir():
        (spoilt / path.name).write_bytes(path.read_bytes())
    (spoilt / "S7.png").write_bytes(b"not an image")
    status, _, err = _run(capsys, "camera-pair", "--profile", str(tmp_path / "p.npz"), str(spoilt))
    assert status == 2 and err.count("\n") == 1 and "S7.png" in err


def test_two_frames_of_one_card_and_bad_arguments_are_refused(frames, capsys, tmp_path):
    folder, _, _ = frames
    twice = tmp_path / "twice"
    twice.mkdir()
    for path in folder.iterdir():
        (twice / path.name).write_bytes(path.read_bytes())
    (twice / "DT.png").write_bytes((folder / "D10.png").read_bytes())
    status, _, err = _run(capsys, "camera-pair", "--profile", str(tmp_path / "p.npz"), str(twice))
    assert status == 2 and "two frames for DT" in err
    status, _, err = _run(capsys, "camera-pair", "--profile", "p.npz", str(tmp_path / "nowhere"))
    assert status == 2 and "not a folder" in err
    status, _, err = _run(capsys, "camera-pair", "--profile", "p.npz", "--deck", "tarot", "x")
    assert status == 2 and err.count("\n") == 1
    status, _, err = _run(capsys, "camera-read", "--profile", str(tmp_path / "none.npz"), "x.png")
    assert status == 2 and "no such file" in err


def test_the_table_process_never_loads_opencv():
    code = (
        "import sys\n"
        "import device.cli, device.loop, device.run, device.ui.app\n"
        "assert 'cv2' not in sys.modules and 'device.camera' not in sys.modules, 'loaded'\n"
        "device.cli.build_parser().parse_args(['camera-read', '--profile', 'p', 'x'])\n"
        "assert 'cv2' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
