"""The camera strings in the config and on the command line, and how the table opens them:
a camera string starts the camera process, any other goes to pyserial as before."""

from __future__ import annotations

import os
import sys

import pytest
import serial

from device.config import load_config
from device.hal.camera_line import CameraScanner, Opener, camera_command, open_scanner
from device.hal.serial_device import SerialDevice
from tests.commands import run

CAMERAS = ("camera", "camera:/dev/video0", "camera:picamera", "camera:dir:/tmp/spot", "camera:2")


def load(tmp_path, text: str):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path)


@pytest.mark.parametrize("scanner", CAMERAS)
def test_the_config_takes_each_camera_string(tmp_path, scanner):
    config, problems = load(tmp_path, f'[devices]\nscanner = "{scanner}"\n')
    assert problems == [] and config["devices"]["scanner"] == scanner


@pytest.mark.parametrize(
    "text, says",
    [
        ('scanner = "camera:usb"', "names no camera"),
        ('scanner = "camera:dir:"', "needs a folder"),
        ('bidbox = "camera"', "bidbox cannot be a camera"),
    ],
)
def test_a_camera_string_that_names_no_camera_is_ignored_and_said(tmp_path, text, says):
    config, problems = load(tmp_path, f"[devices]\n{text}\n")
    assert config["devices"] == {"scanner": "none", "bidbox": "none"}
    assert len(problems) == 1 and says in problems[0].log(tmp_path / "config.toml")


def test_a_serial_url_is_still_a_serial_line():
    assert type(open_scanner("loop://", None, None)) is SerialDevice
    port = Opener()("loop://", timeout=0.05)  # pyserial's own
    assert type(port).__module__.startswith("serial.") and port.is_open
    port.close()
    scanner = open_scanner("camera:dir:/tmp/x", None, None)
    try:
        assert isinstance(scanner, CameraScanner) and scanner.preview_dir.is_dir()
    finally:
        scanner.stop()
    assert not scanner.preview_dir.exists()
    assert SerialDevice("loop://", None).preview_dir is None


def test_a_camera_string_that_names_no_camera_is_a_bad_url_to_the_opener():
    with pytest.raises(ValueError, match="names no camera"):
        Opener()("camera:usb")
    with pytest.raises(serial.SerialException):
        Opener()("/nonexistent/port")


def test_the_camera_process_is_given_its_profiles_and_preview_folder(tmp_path):
    command = camera_command("camera:picamera", tmp_path, tmp_path / "seen")
    assert command[:3] == [sys.executable, "-m", "device.camera.scanner"]
    assert command[3:] == [
        "--source",
        "camera:picamera",
        "--profile",
        f"standard={tmp_path / 'camera-standard.npz'}",
        "--profile",
        f"abridged={tmp_path / 'camera-abridged.npz'}",
        "--preview",
        str(tmp_path / "seen"),
    ]


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--scanner", "camera:usb"], "--scanner: 'camera:usb' names no camera"),
        (["--record", os.devnull], "--record plays through the simulated devices: --simulate"),
        (["--simulate", "--scanner", "camera:picamera"], "camera:dir:PATH"),
        (["--simulate", "--uids", "--scanner", "camera:dir:/tmp/x"], "not tags"),
    ],
)
def test_run_refuses_what_it_cannot_do_with_a_camera(capsys, tmp_path, argv, says):
    status, out, err = run(capsys, "run", "--text", "--data-dir", str(tmp_path), *argv)
    assert status == 2 and says in err and err.count("\n") == 1
