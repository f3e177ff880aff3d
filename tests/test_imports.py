"""What importing a module costs: the settings are checked with no screen and no GPIO
library loaded, and the modules of device/ import one another in layers (no circle)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from device.ui.glyphs import has_glyph

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("pygame", "gpiozero", "serial", "cv2", "numpy")  # a screen, GPIO, serial, camera

CHECK_SETTINGS = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from device.config import load_config, name_refusal, scanner_refusal

    path = Path(sys.argv[1])
    path.write_text(sys.argv[2])
    config, problems = load_config(path)
    print(json.dumps({
        "devices": config["devices"],
        "gpio": config["gpio"],
        "problems": [p.log(path) for p in problems],
        "refusals": [scanner_refusal(s) for s in ("camera:dir:/tmp/x", "/dev/ttyACM0",
                                                  "camera:bogus")],
        "names": [name_refusal(n) for n in ("Anna", "Zoë", "Anna\\u2603")],
        "loaded": sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[3:])),
    }))
    """
)

SETTINGS = """\
[devices]
scanner = "camera:bogus"
bidbox = "gpio"

[gpio]
OK = 5
UNDO = 99
error = "eleven"
seat0 = 3
nope = 4
"""


def run_settings_check(tmp_path, text: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", CHECK_SETTINGS, str(tmp_path / "config.toml"), text, *HEAVY],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_settings_check_names_and_pins_without_a_screen_gpio_serial_or_camera(tmp_path):
    seen = run_settings_check(tmp_path, SETTINGS)
    assert seen["loaded"] == []
    assert seen["devices"] == {"scanner": "none", "bidbox": "gpio"}
    assert seen["gpio"] == {"seat0": 3}  # the one good pin; the others keep the built-in map
    problems = "\n".join(seen["problems"])
    assert "scanner 'camera:bogus' names no camera" in problems
    assert "gpio pin UNDO must be a BCM number 0 to 27, not 99" in problems
    assert 'gpio pin error must be a BCM number 0 to 27, not "eleven"' in problems
    assert "gpio pin OK = 5 is already 5's" in problems
    assert "unknown pin name nope in [gpio]" in problems
    good, serial, bad = seen["refusals"]
    assert good is None and serial is None and "names no camera" in bad
    assert seen["names"][:2] == [None, None]  # Zoë's ë is in the font
    assert "U+2603" in seen["names"][2]  # the snowman is not


def test_good_settings_load_without_a_screen_gpio_serial_or_camera(tmp_path):
    text = '[devices]\nscanner = "/dev/ttyACM0"\nbidbox = "none"\n[gpio]\nOK = 2\n'
    seen = run_settings_check(tmp_path, text)
    assert seen["loaded"] == [] and seen["problems"] == []
    assert seen["devices"] == {"scanner": "/dev/ttyACM0", "bidbox": "none"}
    assert seen["gpio"] == {"OK": 2}


@pytest.fixture
def freetype_font():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.freetype

    pygame.freetype.init()
    return pygame.freetype.Font(None, 24)


def test_the_font_map_read_from_the_file_agrees_with_pygame_on_every_character(freetype_font):
    codes = [*range(0x20, 0xD800), *range(0xE000, 0x10000), *range(0x10000, 0x10400)]
    chars = [chr(code) for code in codes]
    metrics = freetype_font.get_metrics("".join(chars))
    pairs = zip(chars, metrics, strict=True)
    differ = [f"U+{ord(c):04X}" for c, m in pairs if (m is not None) != has_glyph(c)]
    assert differ == []
    assert sum(map(has_glyph, chars)) > 500  # Latin, Greek, Cyrillic: the map was read
