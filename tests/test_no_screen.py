"""`honeymoon run` (and so `make run`) where there is no screen: SDL would draw nowhere
and the table would sit unseen; it says so and what to use instead, and ends."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.at_the_table import REPO

NO_SCREEN_ENV = {
    k: v
    for k, v in os.environ.items()
    if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
}


def _driver() -> str:
    """The video driver SDL picks here with no display named."""
    code = "import pygame; pygame.display.init(); print(pygame.display.get_driver())"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=NO_SCREEN_ENV, timeout=60
    )
    return done.stdout.strip().splitlines()[-1]  # after pygame's greeting


def test_run_without_a_screen_says_what_to_use_instead(tmp_path):
    if _driver() not in ("offscreen", "dummy"):
        pytest.skip("this machine has a screen SDL draws on without a display (a framebuffer)")
    command = [sys.executable, "-m", "device.cli", "run", "--simulate", "--config", os.devnull]
    command += ["--data-dir", str(tmp_path / "data")]
    done = subprocess.run(
        command, capture_output=True, text=True, env=NO_SCREEN_ENV, cwd=REPO, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "no screen here" in done.stderr and "--headless" in done.stderr
    assert "--text" in done.stderr and "Traceback" not in done.stderr
