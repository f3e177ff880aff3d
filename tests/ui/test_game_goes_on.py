"""The game goes on whatever fails: a lost scanner or bidding box leaves the on-screen
picker and bidding box ready (the picker greys what cannot be played and takes one tap
a card), a deck is paired with or without a rubber, and warnings that matter stay on
the screen, in its language, until they are tapped away."""

import json
import os
import queue
import time

import pytest

from device.ui.actions import (
    Answer,
    CancelPairing,
    Claim,
    DismissNotice,
    NoticePage,
    Overlay,
    PairDeck,
    PairNew,
    Setting,
    Start,
    TapCall,
    TapCard,
)

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.cards import Card  # noqa: E402
from device.engine.events import CardPlayed, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.engine.message import msg  # noqa: E402
from device.hal.deck import DeckProfile  # noqa: E402
from device.hal.events import CALL, CARD, CONNECTED, KEY, LOST, Input  # noqa: E402
from device.hal.serial_device import SerialDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.sim.devices import SimDevice  # noqa: E402
from device.sim.links import PtyLink  # noqa: E402
from device.sim.script import fake_uid, press  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import chrome, play  # noqa: E402
from device.ui.screens.base import DeviceNotice, Said, StartState, UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

CONNECTED_BOTH = {"scanner": "connected", "bidbox": "connected"}


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def target(app, action):
    return next((t for t in app.targets if t.action == action), None)


def app_at(phase: str, lang="en") -> App:
    """A plain rubber with both devices connected, brought to `phase` by touch."""
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    ui = UiState(lang=lang, scanner=True, devices=dict(CONNECTED_BOTH))
    app = App(TableLoop(table, queue.Queue(), {}), ui)
    app.step(0)
    if phase == "play":
        for call in ("1S", "P"):
            tap(app, TapCall(call))
    assert table.game.phase == phase
    return app


def lose(app, device: str, why: str = "") -> None:
    app.send(Input(LOST, why or f"{device} disconnected", device))
    app.step(0)


# --- the on-screen inputs after a device is lost ----------------------------------------


def test_a_lost_scanner_offers_the_picker_at_once_and_it_takes_one_tap_a_card():
    app = app_at("play")
    assert target(app, Overlay("picker")).enabled  # there all along: touch always works
    lose(app, "scanner")
    assert app.ui.touch_cards() and app.ui.devices["scanner"] == "lost"
    assert chrome.notice_text(app.ui, app.t).startswith(
        "Card scanner: not connected. Tap the cards in on the screen: Cards."
    )
    tap(app, Overlay("picker"))
    game = app.table.game
    for count, card in enumerate(("SA", "S2", "HK"), 1):  # one tap each: it stays open
        tap(app, TapCard(card))
        assert len(game.deal.play.played) == count and card in map(str, game.deal.play.played)
        assert app.ui.overlay == "picker" and app.ui.banner is None
    assert {str(c) for c in game.deal.play.played} == {"SA", "S2", "HK"}
    app.send(Input(CONNECTED, "scanner", "scanner"))  # back: the screen prefers it again ...
    app.step(0)
    assert not app.ui.touch_cards()
    tap(app, TapCard("H2"))  # ... and touch goes on working
    assert "H2" in {str(c) for c in game.deal.play.played}


def test_a_lost_bidding_box_leaves_the_on_screen_box_ready_and_the_device_line_in_view():
    app = app_at("auction")
    lose(app, "bidbox")
    notice = chrome.notice_text(app.ui, app.t)
    assert notice.startswith("Bidding box: not connected. Tap the calls on the screen's bidding")
    calls = [t for t in app.targets if isinstance(t.action, TapCall)]
    assert calls and all(not overlaps(t.rect, chrome.NOTICE_RECT) for t in calls)
    assert {t.action.call for t in calls if t.enabled} >= {"1C", "7NT", "P"}
    device_line = (0, 392, 800, 24)  # chrome.devices_line, above the bottom band
    assert not overlaps(device_line, chrome.NOTICE_RECT)
    tap(app, TapCall("1H"))
    assert [str(c) for _, c in app.table.game.deal.auction.calls] == ["1H"]


def test_the_picker_is_offered_on_both_screens_when_the_scanner_never_opened(tmp_path):
    inputs = queue.Queue()
    device = SerialDevice(str(tmp_path / "no-such-port"), inputs, "scanner", retry=0.05).start()
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, inputs, {"scanner": device}), UiState(scanner=True))
    try:
        end = time.monotonic() + 5
        while app.ui.devices.get("scanner") != "lost" and time.monotonic() < end:
            app.step(0.01)
        assert "cannot be opened" in app.ui.notices.notice_for("device.scanner").text(app.t)
        tap(app, TapCall("1S"))  # the auction by touch ...
        tap(app, TapCall("P"))
        button = target(app, Overlay("picker"))  # ... and the play's picker, offered
        assert button.enabled and app.ui.touch_cards()
    finally:
        device.stop()


# --- the card picker -----------------------------------------------------------------------


def test_the_picker_greys_the_cards_played_in_this_deal_and_a_tap_on_one_does_nothing():
    app = app_at("play")
    tap(app, Overlay("picker"))
    for card in ("SA", "S2", "HK"):
        tap(app, TapCard(card))
    cards = {t.action.card: t for t in app.targets if isinstance(t.action, TapCard)}
    assert len(cards) == 52
    assert {name for name, t in cards.items() if not t.enabled} == {"SA", "S2", "HK"}
    before = app.table.game.snapshot()
    x, y, w, h = cards["SA"].rect
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    assert app.table.game.snapshot() == before and app.ui.banner is None


def test_the_picker_greys_what_cannot_be_in_the_hand_when_hands_lie_face_up():
    """A dummy laid out whole (Chicago, 4HX by Anna, Ben led SA): for the dummy's turn
    the picker offers only its spades (it must follow); for Daan's, none of the
    dummy's cards. tests/ui/test_touch_phases.py checks every phase against the engine."""
    from tests.ui.gallery import DUMMY, four_in_play

    game = four_in_play("chicago", 13)
    refused = play.picker_refused(build_view(game))
    assert {card for card in DUMMY if card[0] == "S"} == set(DUMMY) - refused
    assert len(refused) == 50
    game.apply(CardPlayed(Card.parse("S2")))
    assert set(DUMMY) - {"S2"} <= play.picker_refused(build_view(game))


def test_the_picker_closes_when_the_play_is_over_and_gives_way_to_a_claim():
    app = app_at("play")
    tap(app, Overlay("picker"))
    tap(app, TapCard("SA"))
    app.act(Claim(0, 12))  # Anna claims the rest
    app.step(0)
    assert target(app, Answer(True)) is not None  # the claim is answered first
    tap(app, Answer(True))
    assert app.table.game.phase == "deal-end" and app.ui.overlay is None


# --- pairing a deck ----------------------------------------------------------------------


@pytest.fixture
def scanner(tmp_path):
    inputs = queue.Queue()
    sim = SimDevice("scanner", "SIM-scanner", PtyLink(tmp_path / "scanner")).start()
    driver = SerialDevice(str(tmp_path / "scanner"), inputs, "scanner", retry=0.1).start()
    yield inputs, {"scanner": sim}, driver
    driver.stop()
    sim.stop()


def run_until(app, done, timeout=10.0):
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        app.step(0.005)
    assert done(), "timed out"


def start_screen_app(inputs, driver, decks, lang="en") -> App:
    ui = UiState(lang=lang, scanner=True, start=StartState(form="plain"))
    loop = TableLoop(None, inputs, {"scanner": driver})
    app = App(loop, ui, new_table=new_table_factory(None, None), decks=decks)
    run_until(app, lambda: app.ui.devices.get("scanner") == "connected")
    return app


def open_pairing(app) -> None:
    """Start screen, Menu, Settings, Pair a deck: no rubber needed."""
    tap(app, Overlay("menu"))
    tap(app, Overlay("settings"))
    tap(app, PairDeck())
    assert app.ui.decks.progress is not None and app.table is None


def scan_next(app, sims) -> str:
    card, done = app.ui.decks.progress[0], app.ui.decks.progress[1]
    press(sims, "scanner", card, uids=True)
    run_until(app, lambda: app.ui.decks.progress[1] == done + 1)
    return card


def test_a_deck_is_paired_from_the_start_screen_before_any_rubber(scanner, tmp_path):
    inputs, sims, driver = scanner
    decks = tmp_path / "decks"
    app = start_screen_app(inputs, driver, decks)
    open_pairing(app)
    assert app.ui.decks.progress == ("SA", 0, 52)
    first = scan_next(app, sims)
    saved = json.loads((decks / "deck.json").read_text())  # saved after every card
    assert first == "SA" and saved["tags"] == {fake_uid("SA").hex(): "SA"}
    assert app.ui.decks.progress == ("SK", 1, 52) and app.ui.start.drawn is None  # not a drawn card
    while app.ui.decks.progress[0] is not None:
        scan_next(app, sims)
    assert app.ui.decks.progress == (None, 52, 52)  # the screen says the deck is complete
    assert len(DeckProfile.load(decks / "deck.json").tags) == 52
    press(sims, "scanner", "SA", uids=True)  # a scan now is refused, and said
    run_until(app, lambda: app.ui.banner is not None)
    assert app.ui.banner == "every card of this deck is paired"
    tap(app, CancelPairing())  # Done: back to Settings ...
    tap(app, Overlay(None))  # ... and the start screen
    tap(app, Start())  # draw for the deal with the paired deck's tags
    for card in ("HK", "D3"):
        press(sims, "scanner", card, uids=True)
    run_until(app, lambda: app.ui.start.first_dealer is not None)
    assert app.ui.start.drawn == ["HK", "D3"]
    tap(app, Start())
    assert app.table is not None and app.table.profile.complete


def test_cancel_keeps_what_was_paired_and_pairing_again_goes_on(scanner, tmp_path):
    inputs, sims, driver = scanner
    decks = tmp_path / "decks"
    app = start_screen_app(inputs, driver, decks, lang="nl")
    open_pairing(app)
    paired = [scan_next(app, sims) for _ in range(3)]
    assert paired == ["SA", "SK", "SQ"]
    tap(app, CancelPairing())
    assert app.ui.decks.progress is None and app.ui.decks.paired == (3, 52)
    assert len(DeckProfile.load(decks / "deck.json").tags) == 3
    press(sims, "scanner", "SJ", uids=True)  # not pairing now: a card on the start screen
    run_until(app, lambda: app.ui.banner is not None)
    assert app.ui.banner.startswith(Catalog("nl").error(msg("start the new rubber first")))
    tap(app, PairDeck())
    assert app.ui.decks.progress == ("SJ", 3, 52)


def test_pairing_during_a_rubber_takes_the_scans_and_the_rubber_goes_on(tmp_path):
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    ui = UiState(scanner=True, devices=dict(CONNECTED_BOTH), overlay="settings")
    app = App(TableLoop(table, queue.Queue(), {}), ui, decks=tmp_path)
    app.step(0)
    tap(app, PairDeck())
    app.send(Input(CARD, "", "scanner", uid=fake_uid("SA")))
    assert app.ui.decks.progress == ("SK", 1, 52) and table.game.events == []
    app.send(Input(CARD, "SK", "scanner"))  # a card code: this deck needs no pairing
    assert app.ui.banner == "this scanner reads card codes: its deck needs no pairing"
    tap(app, CancelPairing())
    app.send(Input(CALL, "1S", "bidbox"))
    assert len(table.game.events) == 1 and table.profile.progress == (1, 52)


# --- notices -------------------------------------------------------------------------------


def test_a_notice_stays_across_inputs_until_tapped_and_speaks_the_chosen_language():
    app = app_at("auction")
    why = msg(
        "{source} cannot be opened ({url}): {reason}",
        source="scanner",
        url="/dev/ttyUSB0",
        reason="no such port",
    )
    lose(app, "scanner", why)
    for item in (Input(CALL, "1S", "bidbox"), Input(KEY, "UNDO", "bidbox")):
        app.send(item)
        app.step(0)
    app.typed("P")
    app.key("return")
    app.act(Overlay("sheet"))
    app.act(Overlay(None))
    app.step(0)
    english = chrome.notice_text(app.ui, app.t)
    assert english.startswith("Card scanner cannot be opened (/dev/ttyUSB0): no such port.")
    app.send(Input(KEY, "MENU", "bidbox"))  # the bidding box's Menu: the footer is covered
    app.step(0)
    tap(app, Overlay("settings"))
    tap(app, Setting("lang", "nl"))
    dutch = chrome.notice_text(app.ui, app.t)
    assert dutch.startswith("Kaartscanner kan niet worden geopend (/dev/ttyUSB0): no such port.")
    assert "Tik de kaarten in op het scherm: Kaarten." in dutch
    while app.ui.notices.items:  # a page at a time, then away
        action = chrome.notice_target(app.ui).action
        x, y, w, h = chrome.NOTICE_RECT
        app.touch(app.layout.point(x + w / 2, y + h / 2))
        app.step(0)
        assert action == DismissNotice()
    assert target(app, Overlay(None)) is not None  # Settings' Close shows again


def test_several_notices_show_one_after_the_other_with_a_count():
    ui = UiState(journal_notice=Said("journal.nothing"))
    ui.notices.notify("device.scanner", DeviceNotice("scanner"))
    ui.notices.notify("device.bidbox", DeviceNotice("bidbox"))
    ui.start = StartState()
    app = App(TableLoop(None, queue.Queue(), {}), ui)
    app.step(0)
    first = chrome.notice_text(ui, app.t)
    assert first == "nothing Tap here for the next (2 more)."
    app.act(Setting("lang", "nl"))
    assert chrome.notice_text(ui, app.t) == "niets Tik hier voor de volgende (nog 2)."
    ui.notices.notify(
        "device.scanner", DeviceNotice("scanner", back=True)
    )  # a newer word, same place
    app.act(DismissNotice())
    assert chrome.notice_text(ui, app.t).startswith("Kaartscanner: weer verbonden.")
    app.act(DismissNotice())
    assert chrome.notice_text(ui, app.t).startswith("Biedkast: niet verbonden.")
    assert chrome.notice_text(ui, app.t).endswith("Tik hier om te sluiten.")
    app.act(DismissNotice())
    assert ui.notices.items == [] and chrome.notice_text(ui, app.t) is None


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_long_notice_is_read_a_page_at_a_time_in_the_bottom_band(lang):
    from device.store.journal.salvage import Salvage

    salvage = Salvage(file="journal.sqlite3.damaged-20261130-201401", finished=3, in_progress=41)
    salvage.lost_inputs = 2
    app = app_at("auction", lang)
    app.ui.notices.notify("journal", salvage)
    app.draw()
    pages = chrome.notice_pages(app.layout, app.ui, app.t)
    assert len(pages) == app.ui.notices.pages > 1
    words = " ".join(" ".join(page) for page in pages).split()
    assert words == chrome.notice_text(app.ui, app.t).split()  # every word, in order
    for page in range(1, len(pages) + 1):  # the page button turns them, round again
        tap(app, NoticePage())
        assert app.ui.notices.page == page % len(pages) and app.ui.notices.items
    button = chrome.notice_page_target(app.ui).rect
    assert button[2] >= 48 and button[3] >= 48
    tap(app, DismissNotice())  # a tap on the text puts it away
    assert app.ui.notices.items == [] and app.ui.notices.page == 0
    assert chrome.notice_page_target(app.ui) is None


def test_the_notice_and_the_storage_mark_sit_side_by_side():
    app = app_at("auction")
    app.ui.notices.notify("device.bidbox", DeviceNotice("bidbox"))
    app.ui.storage = "full"
    app.draw()
    assert not overlaps(chrome.notice_rect(app.ui), chrome.mark_rect(app.ui))
    assert chrome.notice_target(app.ui).rect == chrome.NOTICE_RECT  # the band, both


def test_another_deck_is_paired_from_its_first_card_and_replaces_the_old_one_then(tmp_path):
    old = DeckProfile("deck")
    old.pair(old.deck.parse("SA"), b"\x01")
    old.save(tmp_path / "deck.json")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), old)
    app = App(TableLoop(table, queue.Queue(), {}), UiState(scanner=True), decks=tmp_path)
    app.act(PairDeck())
    app.step(0)
    assert app.ui.decks.progress == ("SK", 1, 52)  # the saved deck goes on where it stopped
    tap(app, PairNew())
    assert app.ui.decks.progress == ("SA", 0, 52)
    assert DeckProfile.load(tmp_path / "deck.json").tags == {"01": old.deck.parse("SA")}
    app.send(Input(CARD, "", "scanner", uid=b"\x02"))
    assert DeckProfile.load(tmp_path / "deck.json").tags == {"02": old.deck.parse("SA")}
    assert table.profile.card_for(b"\x02") is not None and table.profile.card_for(b"\x01") is None
