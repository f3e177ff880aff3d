"""Whatever text a device sends, the app draws it (headless) and goes on."""

import os
import queue
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import CALL, ERROR, Input  # noqa: E402
from device.hal.serial_device import SerialDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Outcome, Table  # noqa: E402
from device.ui.app import BANNER_CHARS, App  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from firmware_bridge import protocol as p  # noqa: E402
from tests.hal.test_hostile_serial import Line  # noqa: E402

HOSTILE = [
    "a\x00b",
    "\x00",
    "\u202e",
    "\ufeff",
    "\u200d",
    "\ud800",
    "\x1b[2J",
    "S" * 5000,
    "\u0300",
    "♠♥♦♣ SA HK",
]


@pytest.fixture(scope="module")
def app():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    yield App(TableLoop(table, queue.Queue(), {}), UiState(lang="nl"))


@pytest.mark.parametrize("text", HOSTILE)
def test_a_refusal_that_quotes_any_text_is_drawn(app, text):
    app.note(Input(ERROR, text, "scanner"), Outcome(False, text))
    assert app.ui.banner.isprintable() and len(app.ui.banner) <= BANNER_CHARS
    app.draw()  # raised ValueError (NUL) or pygame.error (zero width) before


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_text_in_a_refusal_is_drawn(app, text):
    app.note(Input(CALL, text, "bidbox"), Outcome(False, f"{text} is not a call"))
    assert app.ui.banner.isprintable()
    app.draw()


def test_a_device_error_with_a_nul_reaches_the_screen_safely():
    """The whole path: a device's ERROR frame through the driver, loop and app."""
    line, inputs = Line(), queue.Queue()
    driver = SerialDevice("fake", inputs, "scanner", opener=line.open).start()
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, inputs, {"scanner": driver}), UiState())
    try:
        line.send(p.HELLO, 0, b"kind=scanner;fw=1;id=A;boot=1")
        line.send(p.ERROR, 1, b"reader \x00\xff\x1b[31m broke")
        end = time.monotonic() + 5
        while app.ui.banner is None and time.monotonic() < end:
            app.step(0.01)
        assert app.ui.banner == "reader \\x00\ufffd\\x1b[31m broke"
        app.step(0.01)  # drawn, and the app goes on
        assert app.running
    finally:
        driver.stop()
