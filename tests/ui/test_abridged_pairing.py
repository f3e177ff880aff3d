"""The coloured aBRIDGEd deck paired from Settings, beside the table's own deck: both
decks listed with their progress and a Pair button each; the coloured one asked for
R14 first and drawn coloured; saved as decks/abridged.json, the file `--pair-deck
abridged` saves and the next start reads beside the table's deck; with or without a
rubber of another form; the standard pairing's refusals, in English and Dutch."""

import json
import os
import queue
import time

import pytest

from device.ui.actions import CancelPairing, Overlay, PairDeck, PairNew, Setting

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.engine.cards import STANDARD  # noqa: E402
from device.engine.events import Setup, Stated  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.engine.message import msg  # noqa: E402
from device.forms.abridged.deck import COLOURED as ABRIDGED  # noqa: E402
from device.hal.deck import DeckProfile, Pairing  # noqa: E402
from device.hal.events import CALL, CARD, Input  # noqa: E402
from device.hal.serial_device import SerialDevice  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.run import pairing_profile, table_deck  # noqa: E402
from device.sim.devices import SimDevice  # noqa: E402
from device.sim.links import PtyLink  # noqa: E402
from device.sim.script import fake_uid, press  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402

BOTH = {"scanner": "connected", "bidbox": "connected"}
PAIR_COLOURED = PairDeck("abridged")


def tap(app, action):
    """Touch the on-screen target with this action, as a finger would."""
    target = next(t for t in app.targets if t.action == action and t.enabled)
    x, y, w, h = target.rect
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    app.step(0)


def run_until(app, done, timeout=10.0):
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        app.step(0.005)
    assert done(), "timed out"


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
    """Every text of the screen now, in one line."""
    app.layout = Recording(app.size)
    app.draw()
    return " ".join(app.layout.texts)


def standard_deck(folder, cards=("SA",)) -> DeckProfile:
    """The table's deck, paired as Settings saves it (decks/deck.json)."""
    profile = DeckProfile("deck")
    for card in cards:
        profile.pair(STANDARD.parse(card), fake_uid(card))
    profile.save(folder / "deck.json")
    return profile


def rubber_app(decks, lang="en", form="plain") -> App:
    """A rubber of another form in progress, the table's deck paired, Settings open."""
    players = ("Anna", "Ben", "Carla", "Dirk") if form == "chicago" else ("Anna", "Ben")
    table = Table(Game(Setup(form, players, 0)), table_deck(decks, None, []))
    ui = UiState(lang=lang, scanner=True, devices=dict(BOTH), overlay="settings")
    app = App(TableLoop(table, queue.Queue(), {}), ui, decks=decks)
    app.step(0)
    return app


def scan(app, card: str) -> None:
    app.send(Input(CARD, "", "scanner", uid=fake_uid(card)))
    app.step(0)


# --- Settings shows both decks ---------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,standard,coloured",
    [
        ("en", "Standard deck: 1 of 52", "aBRIDGEd deck: 0 of 52"),
        ("nl", "Standaardspel: 1 van 52", "aBRIDGEd-spel: 0 van 52"),
    ],
)
def test_settings_lists_both_decks_each_with_its_progress_and_pair_button(
    tmp_path, lang, standard, coloured
):
    standard_deck(tmp_path)
    app = rubber_app(tmp_path, lang)
    assert app.ui.decks.paired == (1, 52) and app.ui.decks.beside_paired is None
    text = said(app)
    assert standard in text and coloured in text
    pairs = [t for t in app.targets if isinstance(t.action, PairDeck)]
    assert [t.action for t in pairs] == [PairDeck(), PAIR_COLOURED]
    assert all(t.enabled and t.rect[2] >= 48 and t.rect[3] >= 48 for t in pairs)
    assert pairs[0].rect[1] + pairs[0].rect[3] <= pairs[1].rect[1]  # one above the other


def test_a_lost_scanner_is_said_by_its_row_not_by_a_mark_over_the_decks(tmp_path):
    app = rubber_app(tmp_path)
    app.ui.devices["scanner"] = "lost"
    text = said(app)
    assert "Card scanner: not connected" in text
    assert app.t.t("device.scanner.lost") not in text  # the pill would lie over the decks
    assert all(t.enabled for t in app.targets if isinstance(t.action, PairDeck))  # configured


def test_without_a_scanner_neither_deck_can_be_paired():
    ui = UiState(overlay="settings", start=StartState())
    app = App(TableLoop(None, queue.Queue(), {}), ui)
    app.step(0)
    pairs = [t for t in app.targets if isinstance(t.action, PairDeck)]
    assert len(pairs) == 2 and not any(t.enabled for t in pairs)


# --- during a rubber of another form -----------------------------------------------------------


def test_the_coloured_deck_is_paired_during_a_rubber_and_the_rubber_goes_on(tmp_path):
    standard_deck(tmp_path)
    app = rubber_app(tmp_path)
    table = app.table
    tap(app, PAIR_COLOURED)
    assert app.ui.decks.progress == ("R14", 0, 52) and app.ui.decks.kind == "abridged"
    text = said(app)
    assert "Pair the aBRIDGEd deck" in text and "Put the red 14 on the scanner" in text
    colour = app.display.get_at(app.layout.point(400, 280))[:3]
    assert colour == (212, 36, 42)  # the card is drawn red: the coloured deck's R14
    for card in ("R14", "R13"):
        scan(app, card)
    assert app.ui.decks.progress == ("R12", 2, 52) and table.game.events == []
    saved = json.loads((tmp_path / "abridged.json").read_text())
    assert saved["deck"] == "abridged" and sorted(saved["tags"].values()) == ["R13", "R14"]
    tap(app, CancelPairing())  # back to Settings: both decks, each its own count
    assert app.ui.overlay == "settings" and app.ui.decks.progress is None
    assert app.ui.decks.paired == (1, 52) and app.ui.decks.beside_paired == (2, 52)
    assert "aBRIDGEd deck: 2 of 52" in said(app)
    app.send(Input(CALL, "1S", "bidbox"))  # the rubber goes on
    assert len(table.game.events) == 1
    assert str(table.profile.card_for(fake_uid("SA"))) == "SA"  # the table's deck stays read
    assert str(table.profile.card_for(fake_uid("R13"))) == "R13"  # and the coloured beside it


def test_an_abridged_rubber_plays_the_cards_paired_from_settings(tmp_path):
    ui = UiState(scanner=True, devices=dict(BOTH), overlay="settings")
    table = Table(Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0)))
    app = App(TableLoop(table, queue.Queue(), {}), ui, decks=tmp_path)
    app.step(0)
    tap(app, PAIR_COLOURED)
    order = [app.ui.decks.progress[0]]
    while app.ui.decks.progress[0] is not None:
        scan(app, app.ui.decks.progress[0])
        order.append(app.ui.decks.progress[0])
    assert order[:3] == ["R14", "R13", "R12"] and order[13] == "Y14" and len(order) == 53
    assert app.ui.decks.progress == (None, 52, 52) and "The deck is complete" in said(app)
    tap(app, CancelPairing())  # Done
    tap(app, Overlay(None))
    table.apply(Stated("Play"))  # Carla lays out the dummy: her cards are scanned
    scan(app, "G7")
    assert [str(c) for c in table.game.deal.own.dummy_cards] == ["G7"]


# --- without a rubber, by the simulated scanner ------------------------------------------------


@pytest.fixture
def scanner(tmp_path):
    inputs = queue.Queue()
    sim = SimDevice("scanner", "SIM-scanner", PtyLink(tmp_path / "scanner")).start()
    driver = SerialDevice(str(tmp_path / "scanner"), inputs, "scanner", retry=0.1).start()
    yield inputs, {"scanner": sim}, driver
    driver.stop()
    sim.stop()


def start_screen_app(inputs, driver, decks, lang) -> App:
    ui = UiState(lang=lang, scanner=True, start=StartState(form="abridged"))
    loop = TableLoop(None, inputs, {"scanner": driver})
    profile = table_deck(decks, None, [])
    app = App(loop, ui, new_table=new_table_factory(profile, None), decks=decks, profile=profile)
    run_until(app, lambda: app.ui.devices.get("scanner") == "connected")
    return app


def scan_next(app, sims) -> str:
    card, done = app.ui.decks.progress[0], app.ui.decks.progress[1]
    press(sims, "scanner", card, uids=True)
    run_until(app, lambda: app.ui.decks.progress[1] == done + 1)
    return card


def refused(app, sims, card: str) -> str:
    """Scan `card`'s tag; the banner it is refused with."""
    app.ui.banner = None
    done = app.ui.decks.progress[1]
    press(sims, "scanner", card, uids=True)
    run_until(app, lambda: app.ui.banner is not None)
    assert app.ui.decks.progress[1] == done  # nothing paired
    return app.ui.banner


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_coloured_deck_is_paired_by_the_scanner_before_any_rubber(scanner, tmp_path, lang):
    inputs, sims, driver = scanner
    decks = tmp_path / "decks"
    decks.mkdir()
    standard_deck(decks, ("SA", "SK"))
    app = start_screen_app(inputs, driver, decks, lang)
    tap(app, Overlay("menu"))
    tap(app, Overlay("settings"))
    tap(app, PAIR_COLOURED)
    assert app.table is None and app.ui.decks.progress == ("R14", 0, 52)
    if lang == "nl":
        assert "Leg de rode 14 op de scanner" in said(app)
    assert [scan_next(app, sims) for _ in range(3)] == ["R14", "R13", "R12"]
    assert app.ui.start.drawn is None  # a tag paired, not a card drawn for the deal
    t = Catalog(lang)

    def already(card):
        return msg("this tag is already paired with {card}", card=card)

    assert refused(app, sims, "R14") == t.error(already("R14"))  # a card already paired
    assert refused(app, sims, "SK") == t.error(already("SK"))  # the other deck's
    if lang == "nl":
        assert app.ui.banner == "deze chip is al gekoppeld aan SK"
    tap(app, CancelPairing())  # the refusal was about the pairing: it goes with it
    assert app.ui.banner is None and app.ui.overlay == "settings"
    assert app.ui.decks.beside_paired == (3, 52) and app.ui.decks.paired == (2, 52)
    tap(app, PairDeck())  # the table's deck refuses the coloured deck's tags too
    assert app.ui.decks.progress == ("SQ", 2, 52) and app.ui.decks.kind == "standard"
    assert refused(app, sims, "R13") == t.error(already("R13"))
    tap(app, CancelPairing())
    tap(app, PAIR_COLOURED)  # pairing again goes on where it stopped
    assert app.ui.decks.progress == ("R11", 3, 52)


def test_a_card_code_and_a_complete_deck_are_refused_in_both_languages(tmp_path):
    app = rubber_app(tmp_path, "nl")
    tap(app, PAIR_COLOURED)
    app.send(Input(CARD, "R14", "scanner"))  # a scanner of card codes: nothing to pair
    nl = Catalog("nl").error(msg("this scanner reads card codes: its deck needs no pairing"))
    assert app.ui.banner == nl and nl != "this scanner reads card codes: its deck needs no pairing"
    for card in ABRIDGED.cards:
        scan(app, str(card))
    assert app.ui.decks.progress == (None, 52, 52)
    app.act(Setting("lang", "en"))
    scan(app, "SA")
    assert app.ui.banner == "every card of this deck is paired"


# --- the same file as --pair-deck abridged ------------------------------------------------------


def test_settings_and_pair_deck_abridged_share_decks_abridged_json(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    standard_deck(decks)
    app = rubber_app(decks)
    tap(app, PAIR_COLOURED)
    scan(app, "R14")
    tap(app, CancelPairing())
    resumed = Pairing(pairing_profile(decks, "abridged"))  # --pair-deck abridged, next start
    assert str(resumed.next_card) == "R13" and resumed.progress == (1, 52)
    profile = table_deck(decks, None, [])  # the next start reads both
    assert str(profile.card_for(fake_uid("SA"))) == "SA"
    assert str(profile.card_for(fake_uid("R14"))) == "R14"


def test_pair_deck_abridged_without_a_rubber_keeps_the_tables_deck(tmp_path):
    standard_deck(tmp_path)
    ui = UiState(scanner=True, start=StartState(form="plain"))
    profile = table_deck(tmp_path, None, [])
    app = App(TableLoop(None, queue.Queue(), {}), ui, decks=tmp_path, profile=profile)
    app.pairing.pair_deck("abridged")  # what `honeymoon run --pair-deck abridged` does
    app.step(0)
    scan(app, "R14")
    assert str(app.profile.card_for(fake_uid("SA"))) == "SA"
    assert str(app.profile.card_for(fake_uid("R14"))) == "R14"
    assert app.ui.decks.paired == (1, 52) and app.ui.decks.beside_paired == (1, 52)


def test_pair_deck_abridged_during_a_rubber_keeps_the_tables_deck(tmp_path):
    standard = standard_deck(tmp_path)
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), standard)
    table.start_pairing(pairing_profile(tmp_path, "abridged"), tmp_path / "abridged.json")
    assert table.handle(Input(CARD, "", "scanner", uid=fake_uid("R14"))).accepted
    other = table.handle(Input(CARD, "", "scanner", uid=fake_uid("SA")))
    assert not other.accepted and other.message == "this tag is already paired with SA"
    saved = DeckProfile.load(tmp_path / "abridged.json")
    assert saved.deck is ABRIDGED and list(saved.tags.values()) == [ABRIDGED.parse("R14")]
    assert DeckProfile.load(tmp_path / "deck.json").tags == standard.tags  # left alone
    assert str(table.profile.card_for(fake_uid("SA"))) == "SA"


def test_a_new_coloured_deck_replaces_the_old_from_its_first_card_only(tmp_path):
    standard_deck(tmp_path)
    app = rubber_app(tmp_path)
    tap(app, PAIR_COLOURED)
    scan(app, "R14")
    tap(app, PairNew())
    assert app.ui.decks.progress == ("R14", 0, 52)
    assert app.ui.decks.beside_paired == (1, 52)  # the old one is read until the first card
    app.send(Input(CARD, "", "scanner", uid=b"\x09\x09"))  # another deck's R14
    assert app.ui.decks.progress == ("R13", 1, 52) and app.ui.decks.beside_paired == (1, 52)
    assert app.table.profile.card_for(fake_uid("R14")) is None
    assert str(app.table.profile.card_for(b"\x09\x09")) == "R14"
    assert str(app.table.profile.card_for(fake_uid("SA"))) == "SA"
