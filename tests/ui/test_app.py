"""The app headless: whole rubbers through the simulated devices, and again by
touch and keyboard alone, checking what each screen's view model shows."""

import os
import queue
import time

import pytest

from device.ui.actions import EndDraw, Overlay, TapCall, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.engine.record import play_record, sheet_report, to_record  # noqa: E402
from device.hal.serial_device import SerialDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.robots import play_rubber  # noqa: E402
from device.sim.devices import SimDevice  # noqa: E402
from device.sim.links import PtyLink  # noqa: E402
from device.sim.script import press, record_steps  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, complete_token  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui.touch import tap  # noqa: E402


def short_rubber(form="draw-and-discard"):
    """The robot rubber with the fewest deals among a few seeds."""
    return min((play_rubber(seed, form) for seed in range(30)), key=lambda g: len(g.deals))


def run_until(app, done, timeout=10.0):
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        app.step(0.005)
    assert done(), "timed out"


@pytest.fixture
def devices(tmp_path):
    inputs = queue.Queue()
    sims = {
        name: SimDevice(name, f"SIM-{name}", PtyLink(tmp_path / name), seed=i).start()
        for i, name in enumerate(("scanner", "bidbox"))
    }
    drivers = {
        name: SerialDevice(str(tmp_path / name), inputs, name, retry=0.1).start() for name in sims
    }
    yield inputs, sims, drivers
    for thing in list(drivers.values()) + list(sims.values()):
        thing.stop()


def test_a_rubber_through_the_simulated_devices(devices, tmp_path):
    inputs, sims, drivers = devices
    expected = short_rubber()
    record = to_record(expected)
    first = expected.players.index(record["first_dealer"])
    table = Table(Game(Setup("draw-and-discard", expected.players, first)))
    shots = tmp_path / "shots"
    app = App(TableLoop(table, inputs, drivers), UiState(scanner=True), screenshot_dir=shots)
    run_until(app, lambda: all(d.connected for d in drivers.values()))
    phases = set()
    for device, what in record_steps(record):
        press(sims, device, what)
        run_until(app, lambda d=device: sims[d].waiting == 0 and not app.dirty)
        view = build_view(table.game)
        phases.add(view.phase)
        played = {str(c) for c in table.game.deal.play.played} if table.game.deal.play else set()
        assert view.cards() <= played  # the privacy walk, on the real path
        assert app.ui.banner is None, app.ui.banner  # nothing was refused
    assert table.game.phase == "finished"
    assert sheet_report(table.game) == sheet_report(expected)
    assert {"auction", "play", "deal-end", "finished"} <= phases
    names = {path.name.split("-", 1)[1] for path in shots.iterdir()}
    assert {"draw-en.png", "auction-en.png", "play-en.png", "finished-en.png"} <= names
    assert all(sim.leds & 0x80 == 0 for sim in sims.values())  # no error LED at the end


def test_a_rubber_by_touch_and_keyboard_alone():
    expected = short_rubber()
    record = to_record(expected)
    first = expected.players.index(record["first_dealer"])
    table = Table(Game(Setup("draw-and-discard", expected.players, first)))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(scanner=False))
    app.step(0)
    for number, deal in enumerate(record["deals"]):
        if number:
            tap(app, TapKey("OK"))  # the deal result: next deal
        tap(app, TapKey("OK"))  # the draw phase by touch: a turn ends with OK ...
        assert table.game.deal.draw_turns == 1
        tap(app, TapKey("MENU"))  # ... Menu opens the menu, the draw phase goes on ...
        assert app.ui.overlay == "menu" and table.game.phase == "draw"
        tap(app, Overlay("end-draw"))  # ... and its item ends it, once confirmed
        tap(app, EndDraw())
        for call in deal["calls"]:  # calls by touch on the on-screen bidding box
            tap(app, TapCall(call))
        for index, card in enumerate(deal.get("cards", [])):
            if index % 2:  # cards by keyboard, as typed in simulation ...
                for letter in card:
                    app.typed(letter)
                app.step(0)
            else:  # ... and by touch on the card picker, which stays open: one tap a card
                if app.ui.overlay != "picker":
                    tap(app, Overlay("picker"))
                tap(app, TapCard(card))
        assert app.ui.banner is None, app.ui.banner
    assert table.game.phase == "finished"
    assert sheet_report(table.game) == sheet_report(play_record(record))


def test_refusals_show_a_translated_banner_and_light_the_error_led():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(lang="nl"))
    app.step(0)
    tap(app, TapCall("2C"))
    app.typed("1")
    app.typed("H")
    assert (
        app.ui.banner == "1H is niet hoger dan 2C: bied hoger dan 2C of pas" and app.ui.banner_error
    )
    tap(app, TapCall("2D"))
    assert app.ui.banner is None


def test_typed_tokens_submit_when_complete():
    assert complete_token("SA") and complete_token("S10") and complete_token("1S")
    assert complete_token("3NT") and complete_token("P") and complete_token("XX")
    assert not complete_token("S1") and not complete_token("1N") and not complete_token("X")


def test_rotation_maps_touch_back_onto_the_picture():
    import pygame

    from device.ui.layout import rotated_size, unrotate

    size = (80, 48)
    for rotation in (0, 90, 180, 270):
        picture = pygame.Surface(size)
        picture.fill((0, 0, 0))
        picture.set_at((10, 4), (255, 0, 0))
        shown = pygame.transform.rotate(picture, rotation)
        assert shown.get_size() == rotated_size(size, rotation)
        red = next(
            (x, y)
            for x in range(shown.get_width())
            for y in range(shown.get_height())
            if shown.get_at((x, y))[:3] == (255, 0, 0)
        )
        assert unrotate(red, size, rotation) == (10, 4)
