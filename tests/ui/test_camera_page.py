"""Settings' camera page (issue 21, item 4), through the app's real inputs: a finger
opens it and goes Back, the camera is asked for its preview while the page is open
and told to stop after; the picture the camera writes (frame.jpg, seen.json, as the
camera process writes them: tests/ui/camera_fake.py) is drawn scaled to fit with the
spot and the card found outlined over it, and what the camera reads beside it, in
English and Dutch; a new picture is read when seen.json's counter changes; a missing
or half-written file keeps the last good picture, or says there is none yet."""

import os
import queue

import pytest

from device.ui.actions import Overlay

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from device.hal.events import LOST, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.screens.camera import fitted_box  # noqa: E402
from tests.ui.camera_fake import FRAME, MAT, TABLE, FakeCamera, camera_frame  # noqa: E402
from tests.ui.test_camera_pairing import said  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")

BOTH = {"scanner": "connected", "bidbox": "connected"}


def page_app(tmp_path, lang="en", size=(800, 480)):
    """Settings open on the start screen, a camera scanner; the camera page opened by touch."""
    inputs = queue.Queue()
    camera = FakeCamera(tmp_path, inputs)
    ui = UiState(lang=lang, scanner=True, devices=dict(BOTH), overlay="settings")
    ui.start = StartState()
    app = App(TableLoop(None, inputs, {"scanner": camera}), ui, size=size, decks=tmp_path)
    app.step(0)
    tap(app, Overlay("camera"), 48)
    return app, camera


def shown_card(camera, card="SA", score=0.97, why="read", angle=20.0):
    picture, corners = camera_frame(card if why != "empty" else None, angle)
    camera.show(picture, card if why == "read" else None, score, why, corners)
    return picture, corners


def colour_at(app, x, y) -> tuple:
    """The colour on the screen at a point of the camera frame (frame pixels)."""
    bx, by, bw, bh = fitted_box(FRAME)
    return tuple(
        app.display.get_at(app.layout.point(bx + x * bw / FRAME[0], by + y * bh / FRAME[1]))
    )[:3]


def near(colour, expected, slack=40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected, strict=True))


# --- opened and left ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,none", [("en", "No picture from the camera yet"), ("nl", "Nog geen beeld van de camera")]
)
def test_the_page_asks_for_the_preview_while_open_and_says_when_no_picture_came(
    tmp_path, lang, none
):
    app, camera = page_app(tmp_path, lang)
    assert app.ui.overlay == "camera" and camera.previews == [True]
    assert none in said(app)
    app.step(0)
    assert camera.previews == [True]  # asked once, not at every turn of the loop
    tap(app, Overlay("settings"), 48)  # Back
    assert app.ui.overlay == "settings" and camera.previews == [True, False]
    assert app.ui.decks.camera_shown is None


def test_the_menu_key_leaves_the_page_and_stops_the_preview(tmp_path):
    app, camera = page_app(tmp_path)
    app.key("escape")  # MENU, as the bidding box's key
    app.step(0)
    assert app.ui.overlay == "menu" and camera.previews == [True, False]


def test_on_the_page_a_card_not_sure_is_the_pages_own_word_not_a_banner(tmp_path):
    app, camera = page_app(tmp_path)
    shown_card(camera, "HK", 0.41, "not sure")
    camera.error("lay-again")
    app.step(0)
    assert app.ui.banner is None and "Not sure" in said(app)
    tap(app, Overlay("settings"))
    camera.error("lay-again")
    app.step(0)
    assert app.ui.banner == "Lay the card again"


def test_a_camera_started_again_is_asked_for_the_preview_again(tmp_path):
    app, camera = page_app(tmp_path)
    camera.connected()
    app.step(0)
    assert camera.previews == [True, True]


# --- the picture --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_picture_is_drawn_with_the_spot_and_the_card_found_over_it(tmp_path, size):
    app, camera = page_app(tmp_path, size=size)
    _, corners = shown_card(camera)
    app.step(0)
    assert app.ui.decks.camera_shown.picture.get_size() == FRAME
    assert near(colour_at(app, 320, 2), theme.CAMERA_SPOT, 10)  # the whole frame is the spot
    (x0, y0), (x1, y1) = corners[0], corners[1]
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert near(colour_at(app, *middle), theme.CAMERA_CARD, 10)  # the card's top edge
    assert near(colour_at(app, 625, 240), TABLE) and near(colour_at(app, 80, 240), MAT)  # scaled
    assert near(colour_at(app, 330, 250), theme.INK)  # the ace of spades' big spade
    bx, by, bw, bh = fitted_box(FRAME)
    assert abs(bw / bh - 4 / 3) < 0.01 and bx >= 0 and by + bh <= 420  # fits, not stretched


def test_a_spot_the_camera_gives_is_outlined_instead_of_the_frame(tmp_path):
    app, camera = page_app(tmp_path)
    picture, _ = camera_frame(None)
    camera.show(picture, spot=[[100, 100], [540, 100], [540, 380], [100, 380]])
    app.step(0)
    assert near(colour_at(app, 320, 100), theme.CAMERA_SPOT, 10)
    assert not near(colour_at(app, 320, 2), theme.CAMERA_SPOT, 10)


@pytest.mark.parametrize(
    "lang,card,score,why,reads",
    [
        ("en", "SA", 0.97, "read", ["A", "0.97"]),
        ("nl", "SK", 0.91, "read", ["H", "0,91"]),  # the Dutch king, a decimal comma
        ("en", "HK", 0.41, "not sure", ["Not sure"]),
        ("nl", "HK", 0.41, "not sure", ["Niet zeker"]),
        ("en", None, 0.0, "empty", ["No card"]),
        ("nl", None, 0.0, "empty", ["Geen kaart"]),
        ("en", "D7", 0.5, "off the spot", ["Not all on the spot"]),
    ],
)
def test_what_the_camera_reads_is_said_beside_the_picture(tmp_path, lang, card, score, why, reads):
    app, camera = page_app(tmp_path, lang)
    shown_card(camera, card, score, why)
    app.step(0)
    text = said(app)
    assert all(word in text for word in reads), text
    assert ("It reads" if lang == "en" else "Hij leest") in text
    if why != "read":
        assert "0.41" not in text and "0,41" not in text


def test_the_suit_of_the_card_read_is_drawn_as_its_symbol(tmp_path):
    app, camera = page_app(tmp_path)
    shown_card(camera, "HA", 0.99)
    app.step(0)
    reading = app.layout.rect(472, 96, 312, 50)
    reds = sum(
        1
        for x in range(reading.left, reading.right, 2)
        for y in range(reading.top, reading.bottom, 2)
        if near(tuple(app.display.get_at((x, y)))[:3], theme.SUIT_RED, 30)
    )
    assert reds > 20  # a red heart, not the letter H
    assert "HA" not in said(app)


# --- read again, and what is not a picture -------------------------------------------------------


def test_a_new_picture_is_read_when_the_counter_changes_only(tmp_path):
    app, camera = page_app(tmp_path)
    shown_card(camera, "SA")
    app.step(0)
    first = app.ui.decks.camera_shown
    other, _ = camera_frame("HK", -30)
    pygame.image.save(other, str(camera.preview_dir / "frame.jpg"))  # no new counter yet
    app.step(0)
    assert app.ui.decks.camera_shown is first
    shown_card(camera, "HK", 0.95, angle=-30)
    app.step(0)
    assert app.ui.decks.camera_shown is not first and app.ui.decks.camera_shown.seen.card == "HK"


def test_a_half_written_picture_keeps_the_last_good_one(tmp_path):
    app, camera = page_app(tmp_path)
    shown_card(camera, "SA")
    app.step(0)
    good = app.ui.decks.camera_shown
    jpeg = (camera.preview_dir / "frame.jpg").read_bytes()
    (camera.preview_dir / "frame.jpg").write_bytes(jpeg[:40])  # cut off
    (camera.preview_dir / "seen.json").write_text('{"n": 99, "size": [640, 480], "card": "HK"}')
    app.step(0)
    assert app.ui.decks.camera_shown is good and "0.97" in said(app)
    (camera.preview_dir / "seen.json").write_text('{"n": 100, "size": [640, 4')  # cut off
    app.step(0)
    assert app.ui.decks.camera_shown is good
    (camera.preview_dir / "frame.jpg").unlink()
    (camera.preview_dir / "seen.json").write_text('{"n": 101, "size": [640, 480]}')
    app.step(0)
    assert app.ui.decks.camera_shown is good


@pytest.mark.parametrize(
    "seen",
    [
        '{"n": 1, "size": [0, 480]}',
        '{"n": 1, "size": "big"}',
        "[1, 2, 3]",
        '{"n": 1}',
        "not json at all",
        "",
    ],
)
def test_a_seen_file_that_is_not_one_shows_no_picture_and_never_crashes(tmp_path, seen):
    app, camera = page_app(tmp_path)
    picture, _ = camera_frame("SA")
    pygame.image.save(picture, str(camera.preview_dir / "frame.jpg"))
    (camera.preview_dir / "seen.json").write_text(seen)
    app.step(0)
    assert app.ui.decks.camera_shown.picture is None
    assert "No picture from the camera yet" in said(app)


def test_bad_fields_are_dropped_and_the_picture_still_shows(tmp_path):
    app, camera = page_app(tmp_path)
    picture, _ = camera_frame("SA")
    outline = [[1e300, -1e300], [0, 0], [10, 10], [5, 5]]
    camera.show(picture, card=["SA"], score="high", why=7, outline=outline, spot=[[1, 2]])
    app.step(0)
    seen = app.ui.decks.camera_shown.seen
    assert seen.card is None and seen.score == 0.0 and seen.why == "empty"
    assert seen.outline is not None and seen.spot is None  # a far corner is drawn at the edge
    assert "No card" in said(app)


def test_a_lost_camera_is_said_in_place_of_its_old_picture(tmp_path):
    app, camera = page_app(tmp_path, "nl")
    shown_card(camera)
    app.step(0)
    camera.inputs.put(Input(LOST, "scanner disconnected", "scanner"))
    app.step(0)
    text = said(app)
    assert "De camera is niet verbonden" in text and "0,97" not in text
