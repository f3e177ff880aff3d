"""Pairing a deck with the camera (issue 21, item 3), through the app's real inputs: a
finger on Settings and on the pairing screen, the camera's CARD and ERROR inputs on the
device queue as its process sends them (tests/ui/camera_fake.py). Each card is named
in turn in the order tag pairing asks, the camera is told which card to learn, a card
counts once the camera answers with it; "Lay the card again" in English and Dutch;
Cancel keeps what was learnt and pairing again goes on where it stopped (from the
sidecar the camera writes, at the next start too); "Pair again" starts from the first
card; a damaged sidecar or camera profile is said until tapped, as a damaged deck
profile is; the table process loads neither numpy nor OpenCV."""

import json
import os
import queue

import pytest

from device.ui.actions import (
    CameraPair,
    CameraPairAgain,
    CancelPairing,
    DismissNotice,
    Overlay,
    PairDeck,
    Setting,
)

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.cards import STANDARD  # noqa: E402
from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.forms.abridged.deck import COLOURED as ABRIDGED  # noqa: E402
from device.hal.events import CALL, Input  # noqa: E402
from device.hal.interface import NullDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.camera_pairing import pairing_order  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from tests.ui.camera_fake import FakeCamera  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")

BOTH = {"scanner": "connected", "bidbox": "connected"}
ORDER = [str(c) for c in pairing_order(STANDARD)]


class Recording(Layout):
    """A layout that notes every text its fonts render: what the screen says."""

    def __init__(self, size):
        super().__init__(size)
        self.texts: list[str] = []

    def font(self, size, bold=False):
        font, texts = super().font(size, bold), self.texts

        class Noting:
            def render(self, text, *args):
                texts.append(text)
                return font.render(text, *args)

            def __getattr__(self, name):
                return getattr(font, name)

        return Noting()


def said(app) -> str:
    app.layout = Recording(app.size)
    app.draw()
    return " ".join(app.layout.texts)


def camera_app(tmp_path, lang="en", rubber=True, decks=True):
    """Settings open with a camera scanner, during a rubber (or on the start screen)."""
    inputs = queue.Queue()
    folder = tmp_path / "decks"
    folder.mkdir(exist_ok=True)
    camera = FakeCamera(tmp_path, inputs, folder if decks else None)
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0))) if rubber else None
    start = None if rubber else StartState()
    ui = UiState(lang=lang, scanner=True, devices=dict(BOTH), overlay="settings", start=start)
    app = App(TableLoop(table, inputs, {"scanner": camera}), ui, decks=folder if decks else None)
    app.step(0)
    return app, camera


def lay(app, camera) -> str:
    """The card asked for, laid on the spot: the camera learns it and answers."""
    card = camera.lay()
    app.step(0)
    return card


def sidecar(tmp_path, deck="standard", cards=()):
    path = tmp_path / "decks" / f"camera-{deck}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"deck": deck, "cards": list(cards)}))
    return path


# --- Settings with a camera -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,button,standard",
    [
        ("en", "Pair with the camera", "Standard deck: 3 of 52"),
        ("nl", "Koppel met camera", "3 van 52"),
    ],
)
def test_settings_pairs_both_decks_with_the_camera_and_shows_what_it_learnt(
    tmp_path, lang, button, standard
):
    sidecar(tmp_path, cards=ORDER[:3])
    app, _ = camera_app(tmp_path, lang)
    text = said(app)
    assert text.count(button) == 2 and standard in text
    actions = [t.action for t in app.targets]
    assert CameraPair("standard") in actions and CameraPair("abridged") in actions
    assert not any(isinstance(a, PairDeck) for a in actions)  # a camera reads codes: no tags
    camera_button = next(t for t in app.targets if t.action == Overlay("camera"))
    assert camera_button.rect[2] >= 48 and camera_button.rect[3] >= 48


def test_a_scanner_that_is_no_camera_keeps_the_tag_pairing(tmp_path):
    ui = UiState(scanner=True, devices=dict(BOTH), overlay="settings", start=StartState())
    app = App(TableLoop(None, queue.Queue(), {"scanner": NullDevice()}), ui, decks=tmp_path)
    app.step(0)
    actions = [t.action for t in app.targets]
    assert [a for a in actions if isinstance(a, PairDeck)] == [
        PairDeck(),
        PairDeck("abridged"),
    ]
    assert not any(isinstance(a, CameraPair) for a in actions) and Overlay("camera") not in actions
    assert app.pairing.camera() is None and not app.ui.decks.camera


# --- pairing, card by card ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_each_card_is_named_the_camera_learns_it_and_the_next_is_asked(tmp_path, lang):
    app, camera = camera_app(tmp_path, lang)
    table = app.table
    tap(app, CameraPair("standard"), 48)
    assert (
        camera.asked == ["SA"] and app.ui.decks.progress == ("SA", 0, 52) and app.ui.decks.by_camera
    )
    text = said(app)
    if lang == "en":
        assert "Pair the standard deck with the camera" in text and "on the spot" in text
        assert "0 of 52" in text
    else:
        assert "Koppel het standaardspel met de camera" in text and "op de kaartplek" in text
    assert [lay(app, camera) for _ in range(3)] == ORDER[:3]
    assert camera.asked == ORDER[:4]  # each card asked once, after the one before was learnt
    assert app.ui.decks.progress == (ORDER[3], 3, 52)
    assert [str(i.value) for i in camera.acknowledged] == ORDER[:3]  # no answer resent
    assert table.game.events == []  # a card learnt is not a card played
    assert ("3 of 52" if lang == "en" else "3 van 52") in said(app)


@pytest.mark.parametrize(
    "lang,words", [("en", "Lay the card again"), ("nl", "Leg de kaart opnieuw")]
)
def test_a_card_the_camera_could_not_learn_is_laid_again(tmp_path, lang, words):
    app, camera = camera_app(tmp_path, lang)
    tap(app, CameraPair("standard"))
    lay(app, camera)
    camera.error("lay-again")
    app.step(0)
    assert app.ui.banner == words and app.ui.banner_error
    assert words in said(app) and app.ui.decks.progress == ("SK", 1, 52)  # nothing counted
    assert camera.asked == ["SA", "SK"]  # still asked: the camera waits for it
    lay(app, camera)
    assert app.ui.banner is None and app.ui.decks.progress == ("SQ", 2, 52)


def test_cancel_keeps_what_was_learnt_and_pairing_again_goes_on_where_it_stopped(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    for _ in range(5):
        lay(app, camera)
    tap(app, CancelPairing())
    assert camera.asked[-1] is None  # the camera stops learning
    assert app.ui.overlay == "settings" and app.ui.decks.progress is None
    assert app.ui.decks.camera_paired["standard"] == (5, 52) and "Standard deck: 5 of 52" in said(
        app
    )
    app.send(Input(CALL, "1S", "bidbox"))  # the rubber goes on
    assert len(app.table.game.events) == 1
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == (ORDER[5], 5, 52) and camera.asked[-1] == ORDER[5]


def test_the_answer_on_its_way_as_pairing_stops_is_a_card_learnt_not_a_card_played(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    lay(app, camera)
    tap(app, CancelPairing())  # as the camera learns the king
    app.send(Input(CALL, "1S", "bidbox"))
    app.send(Input(CALL, "P", "bidbox"))
    camera.answer("SK")  # its answer, sent before it heard the stop
    app.step(0)
    assert [type(e).__name__ for e in app.table.game.events] == ["CallMade", "CallMade"]
    assert app.ui.banner is None and app.ui.decks.camera_paired["standard"] == (2, 52)
    camera.answer("SK")  # laid again, read from now on: the opening lead (1S passed out)
    app.step(0)
    assert type(app.table.game.events[-1]).__name__ == "CardPlayed"
    assert str(app.table.game.events[-1].card) == "SK"


def test_the_next_start_goes_on_from_the_sidecar_the_camera_wrote(tmp_path):
    app, camera = camera_app(tmp_path, rubber=False)
    tap(app, CameraPair("abridged"))
    assert camera.asked == ["R14"]
    for _ in range(4):
        lay(app, camera)
    saved = json.loads((tmp_path / "decks" / "camera-abridged.json").read_text())
    assert saved["cards"] == ["R14", "R13", "R12", "R11"]
    again, camera = camera_app(tmp_path, rubber=False)  # the table started again
    assert again.ui.decks.camera_paired["abridged"] == (4, 52) and "aBRIDGEd deck: 4 of 52" in said(
        again
    )
    tap(again, CameraPair("abridged"))
    assert again.ui.decks.progress == ("R10", 4, 52) and camera.asked == ["R10"]


def test_the_sidecar_is_read_from_the_cameras_own_folder_when_it_has_one(tmp_path):
    own = tmp_path / "simulated"  # --simulate: the simulated camera's decks/
    own.mkdir()
    (own / "camera-standard.json").write_text(json.dumps({"deck": "standard", "cards": ORDER[:7]}))
    sidecar(tmp_path, cards=ORDER[:2])  # the data folder's: not the camera's
    inputs = queue.Queue()
    camera = FakeCamera(tmp_path, inputs, own)
    ui = UiState(scanner=True, devices=dict(BOTH), overlay="settings", start=StartState())
    app = App(TableLoop(None, inputs, {"scanner": camera}), ui, decks=tmp_path / "decks")
    app.step(0)
    assert app.ui.decks.camera_paired["standard"] == (7, 52)
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == (ORDER[7], 7, 52)


def test_pair_again_starts_from_the_first_card(tmp_path):
    sidecar(tmp_path, cards=ORDER[:20])
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == (ORDER[20], 20, 52)
    assert "Pair again" in said(app)
    tap(app, CameraPairAgain(), 48)
    assert app.ui.decks.progress == ("SA", 0, 52) and camera.asked[-1] == "SA"
    assert [lay(app, camera) for _ in range(2)] == ["SA", "SK"]
    assert app.ui.decks.progress == ("SQ", 2, 52)  # the sidecar still lists the 20 of before


def test_pairing_again_after_a_cancel_goes_on_with_the_cards_learnt_anew(tmp_path):
    sidecar(tmp_path, cards=ORDER)  # the whole deck, under the old light
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == (None, 52, 52) and camera.asked == [None]
    tap(app, CameraPairAgain())
    for _ in range(3):
        lay(app, camera)
    tap(app, CancelPairing())
    assert "Standard deck: 3 of 52" in said(app)
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == (ORDER[3], 3, 52) and camera.asked[-1] == ORDER[3]
    for _ in range(49):
        lay(app, camera)
    assert app.ui.decks.progress == (None, 52, 52) and camera.asked[-1] is None
    tap(app, CancelPairing())
    assert app.ui.decks.camera_paired["standard"] == (52, 52)


def test_the_whole_abridged_deck_is_learnt_then_done(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("abridged"))
    learnt = [lay(app, camera) for _ in ABRIDGED.cards]
    assert learnt[:3] == ["R14", "R13", "R12"] and learnt[13] == "Y14"
    assert (
        app.ui.decks.progress == (None, 52, 52) and camera.asked[-1] is None
    )  # nothing more to learn
    text = said(app)
    assert "The deck is complete" in text and "the camera knows the whole deck" in text
    tap(app, CancelPairing())  # Done
    assert app.ui.overlay == "settings" and app.ui.decks.camera_paired["abridged"] == (52, 52)


def test_an_answer_that_is_no_card_of_the_deck_is_refused_and_counts_nothing(tmp_path):
    app, camera = camera_app(tmp_path, "nl")
    tap(app, CameraPair("standard"))
    camera.answer("R14")
    app.step(0)
    assert app.ui.banner == "de camera antwoordde R14: geen kaart van dit spel"
    assert app.ui.decks.progress == ("SA", 0, 52)


def test_an_answer_to_an_earlier_ask_is_learnt_all_the_same(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    lay(app, camera)
    camera.answer("HA")  # learnt by the camera, so in its profile: counted
    app.step(0)
    assert app.ui.decks.progress == ("SK", 2, 52) and camera.asked == ["SA", "SK"]
    camera.answer("HA")  # its resend: counted once
    app.step(0)
    assert app.ui.decks.progress == ("SK", 2, 52) and camera.asked == ["SA", "SK"]


def test_a_camera_started_again_is_asked_again_for_the_card(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    lay(app, camera)
    camera.connected()
    app.step(0)
    assert camera.asked == ["SA", "SK", "SK"] and app.ui.decks.progress == ("SK", 1, 52)


def test_tag_pairing_stops_the_camera_learning(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, CameraPair("standard"))
    app.act(PairDeck())  # --pair-deck, or a tag deck from elsewhere
    assert camera.asked == ["SA", None] and not app.ui.decks.by_camera


# --- damaged ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_damaged_sidecar_is_said_and_the_deck_is_paired_from_its_first_card(tmp_path, lang):
    path = tmp_path / "decks" / "camera-standard.json"
    path.parent.mkdir()
    path.write_text('{"deck": "standard", "cards": ["SA", ')  # cut off
    app, camera = camera_app(tmp_path, lang)
    notice = app.ui.notices.notice_for("camera.standard").text(app.t)
    if lang == "en":
        assert "standard deck cannot be read" in notice and "Settings" in notice
    else:
        assert "standaardspel" in notice and "onleesbaar" in notice and "Instellingen" in notice
    assert notice in said(app)
    tap(app, DismissNotice())
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == ("SA", 0, 52) and camera.asked == ["SA"]
    assert app.ui.notices.notice_for("camera.standard") is None  # said once, at the start


def test_a_sidecar_with_bad_cards_keeps_the_others(tmp_path):
    sidecar(tmp_path, cards=["SA", "SK", "X9", 7, "SQ"])
    sidecar(tmp_path, "abridged", ["R14"])
    app, camera = camera_app(tmp_path)
    assert app.ui.decks.camera_paired == {"standard": (3, 52), "abridged": (1, 52)}
    assert "left out" in app.ui.notices.notice_for("camera.standard").text(app.t)
    assert app.ui.notices.notice_for("camera.abridged") is None
    tap(app, DismissNotice())
    tap(app, CameraPair("standard"))
    assert app.ui.decks.progress == ("SJ", 3, 52)


def test_a_sidecar_of_the_other_deck_is_not_read_as_this_one(tmp_path):
    sidecar(tmp_path, cards=["R14"]).write_text(json.dumps({"deck": "abridged", "cards": ["R14"]}))
    app, _ = camera_app(tmp_path)
    assert app.ui.decks.camera_paired["standard"] == (0, 52)
    assert app.ui.notices.notice_for("camera.standard") is not None


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_damaged_camera_profile_is_said_and_pairing_follows_what_the_camera_learns(
    tmp_path, lang
):
    app, camera = camera_app(tmp_path, lang)
    tap(app, CameraPair("standard"))
    for _ in range(3):
        lay(app, camera)
    camera.damaged.add("standard")  # its profile file cannot be read any more
    camera.error("profile-damaged")
    app.step(0)
    notice = app.ui.notices.notice_for("camera").text(app.t)
    assert ("profile of the deck is damaged" if lang == "en" else "beschadigd") in notice
    assert app.ui.banner is None  # said by the notice alone
    assert app.ui.decks.progress == ("SJ", 3, 52)  # which deck's profile it is, it does not say
    lay(app, camera)  # learnt into a new profile: its sidecar holds that card alone
    assert app.ui.decks.progress == ("SA", 1, 52) and camera.asked[-1] == "SA"
    assert app.ui.decks.camera_paired["standard"] == (1, 52)
    assert [lay(app, camera) for _ in range(2)] == ["SA", "SK"]
    assert app.ui.decks.progress == ("SQ", 3, 52)


@pytest.mark.parametrize(
    "reason,en,nl",
    [
        ("no-camera", "gives no picture", "geeft geen beeld"),
        ("no-profile", "has not learnt a deck yet", "nog geen spel geleerd"),
    ],
)
def test_a_camera_that_cannot_read_says_why_until_tapped(tmp_path, reason, en, nl):
    app, camera = camera_app(tmp_path)
    camera.error(reason)
    app.step(0)
    assert en in said(app) and app.ui.banner is None
    app.act(Setting("lang", "nl"))
    assert nl in said(app)
    tap(app, DismissNotice())
    assert app.ui.notices.notice_for("camera") is None


def test_no_profile_is_no_news_while_a_deck_is_learnt(tmp_path):
    app, camera = camera_app(tmp_path)
    camera.error("no-profile")
    app.step(0)
    assert app.ui.notices.notice_for("camera") is not None
    tap(app, CameraPair("standard"))  # what it asks: it goes
    assert app.ui.notices.notice_for("camera") is None
    camera.error("no-profile")  # said after the camera's HELLO until the first card is saved
    app.step(0)
    assert app.ui.notices.notice_for("camera") is None and app.ui.banner is None


def test_a_damaged_profile_outside_pairing_is_a_notice_and_the_game_goes_on(tmp_path):
    app, camera = camera_app(tmp_path)
    tap(app, Overlay(None))
    camera.error("profile-damaged")
    app.step(0)
    assert app.ui.notices.notice_for("camera") is not None and app.ui.decks.progress is None
    camera.error("lay-again")  # while playing, too: said as on the pairing screen
    app.step(0)
    assert app.ui.banner == "Lay the card again"
    app.send(Input(CALL, "1S", "bidbox"))
    assert len(app.table.game.events) == 1


# --- the table process --------------------------------------------------------------------------


def test_the_table_process_loads_neither_numpy_nor_opencv():
    from tests.test_imports import loaded_after

    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import device.ui.app, device.ui.camera_pairing, device.ui.camera_preview\n"
        "import device.ui.screens.camera, device.ui.screens.pairing, device.ui.screens.settings"
    )
    assert loaded_after(code, ("numpy", "cv2")) == []
