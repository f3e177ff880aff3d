"""Readable at arm's length, in either language: every screen (tests/ui/gallery.py:
every phase of both forms, every overlay, the start screen, the marks over a
screen) drawn in English and Dutch asks for no text below theme.MIN_TEXT and
none too wide for its room; no English word reaches a Dutch screen; the deal
shows its vulnerability for both players; the shared texts turn to face the
other player and touches still land."""

import os
import queue
import re

from device.ui.actions import FlipShared, TapCall, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.events import NextDeal, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog, catalogue  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import chrome  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui.gallery import ANNA_GAME, deal, draw, every_screen, game  # noqa: E402

SCREENS = every_screen()


pytestmark = pytest.mark.usefixtures("pygame_module")


# A card code in drawn text; Dutch "SA" (sans atout) is a word, not the ace of spades.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[SHDC](?:[2-9TJQK]|10)(?![A-Za-z0-9])")


class Recording(Layout):
    """A layout that also notes every text its fonts render."""

    def __init__(self, size):
        super().__init__(size)
        self.texts: list[str] = []

    def font(self, size, bold=False):
        return _Font(super().font(size, bold), self.texts)


class _Font:
    def __init__(self, font, texts):
        self._font, self._texts = font, texts

    def render(self, text, *args):
        self._texts.append(text)
        return self._font.render(text, *args)

    def __getattr__(self, name):
        return getattr(self._font, name)


# --- the smallest text ------------------------------------------------------------------------


def test_the_smallest_text_has_capitals_of_3_mm_on_the_7_inch_screen():
    """154 mm over 800 px: the capital H of the smallest text is at least 3 mm high."""
    image = Layout((800, 480)).font(theme.MIN_TEXT).render("H", True, (255, 255, 255))
    capital = image.get_bounding_rect().height
    assert capital * 154 / 800 >= 3.0
    smaller = Layout((800, 480)).font(theme.MIN_TEXT)  # a smaller size is drawn at the minimum
    layout = Layout((800, 480))
    assert layout.font(theme.MIN_TEXT - 10).size("H") == smaller.size("H")
    assert [size for size, _ in layout.too_small] == [theme.MIN_TEXT - 10]


def test_a_screen_that_asks_for_small_text_is_caught():
    layout = Layout((800, 480))
    chrome.text_box(pygame.Surface((800, 480)), layout, "x", (0, 0, 100, 48), 12, (0, 0, 0))
    assert not layout.too_small  # text boxes keep to the minimum themselves ...
    layout.fit_size("A long line of text", 40, 50)
    assert layout.overflow  # ... and a text too wide even at the minimum is noted


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("name,view,ui", SCREENS, ids=[s[0] for s in SCREENS])
def test_every_text_on_every_screen_is_at_least_the_smallest_size(name, view, ui, lang, size):
    layout = Recording(size)
    draw(view, ui, lang, size, layout)
    assert not layout.too_small, (name, sorted(layout.too_small))
    assert not layout.overflow, (name, sorted(layout.overflow))
    # A card in a sentence is drawn with its suit symbol (9♦), never as its code (D9).
    assert not [text for text in layout.texts if CARD_CODE.search(text)], name


def test_the_gallery_holds_every_phase_overlay_and_the_start_screen():
    from device.forms import FORMS
    from device.ui.screens import MODULES, screen_name

    shown = {screen_name(view, ui) for _, view, ui in SCREENS}
    assert set(MODULES) <= shown, set(MODULES) - shown
    forms = {view.form for _, view, _ in SCREENS if view is not None}
    assert forms == {form.name for form in FORMS}  # every registered form's screens


# --- no English on a Dutch screen ---------------------------------------------------------------

# Words of the English catalogue that are Dutch as well (or names and notation that
# both languages write alike): anything else of it on a Dutch screen is a leak.
DUTCH_TOO = {
    *("in", "is", "of", "was", "won", "hand", "over", "start", "stop", "letters", "pin"),
    *("partner", "partners", "west", "contract"),
    *("ok", "menu", "claim", "scan", "scanner", "chicago", "honeymoon", "english", "nederlands"),
    *("xx", "nt", "abridged"),  # the typed notation, a deck's name
    "camera",  # the same word in Dutch (de camera)
    *(
        "hello",
        "gpio",
        "bcm",
        "toml",
        "players",
        "rotation",
        "bidbox",
    ),  # the protocol's, the config's
}


def _words(text: str) -> set[str]:
    """The words of a text, without fields, file names and single letters (A, K, the keys
    of the on-screen keyboard)."""
    text = re.sub(r"\{[^}]*\}|\S+\.sqlite3\S*", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{2,}", text)}


def english_only() -> set[str]:
    english = catalogue("en")
    words = set()
    for section in ("ui", "errors"):
        for text in english[section].values():
            words |= _words(text)
    return words - DUTCH_TOO


def test_no_dutch_text_in_the_catalogue_has_an_english_word():
    dutch = catalogue("nl")
    leaks = {
        key: sorted(_words(text) & english_only())
        for section in ("ui", "errors")
        for key, text in dutch[section].items()
        if _words(text) & english_only()
    }
    assert not leaks


@pytest.mark.parametrize("name,view,ui", SCREENS, ids=[s[0] for s in SCREENS])
def test_no_english_word_is_drawn_on_a_dutch_screen(name, view, ui):
    layout = Recording((800, 480))
    draw(view, ui, "nl", (800, 480), layout)
    names = ("anna", "ben", "carla")
    drawn = set().union(*(_words(text) for text in layout.texts))
    drawn = {w for w in drawn if not any(n.startswith(w) for n in names)}  # "An…" is Anna cut
    assert not drawn & english_only(), (name, sorted(drawn & english_only()))


def test_dutch_cards_are_drawn_with_h_v_b_but_stay_sk_in_the_notation():
    view = next(view for name, view, _ in SCREENS if name == "plain-picker")
    english, dutch = Recording((800, 480)), Recording((800, 480))
    _, targets = draw(view, UiState(overlay="picker"), "en", (800, 480), english)
    draw(view, UiState(overlay="picker"), "nl", (800, 480), dutch)
    assert {"K", "Q", "J"} <= set(english.texts) and not {"H", "V", "B"} & set(english.texts)
    assert {"H", "V", "B"} <= set(dutch.texts) and not {"K", "Q", "J"} & set(dutch.texts)
    cards = {t.action.card for t in targets if isinstance(t.action, TapCard)}
    assert {"SK", "HQ", "DJ"} <= cards


def test_undo_and_back_are_different_words_in_both_languages():
    for lang in ("en", "nl"):
        t = Catalog(lang)
        backs = {t.t("cut.back"), t.t("help.back"), t.t("history.back")}
        assert t.t("button.undo") not in backs, lang
    assert (Catalog("en").t("button.undo"), Catalog("nl").t("button.undo")) == ("Undo", "Herstel")


@pytest.mark.parametrize(
    "key,one,two",
    [
        ("sheet.games", "1 game", "2 games"),
        ("result.tricks", "Anna took 1 trick", "Anna took 2 tricks"),
        ("finished.margin", "by 1 point", "by 2 points"),
    ],
)
def test_counts_take_the_right_number_in_english(key, one, two):
    t = Catalog("en")
    assert (t.n(key, 1, name="Anna"), t.n(key, 2, name="Anna")) == (one, two)


def test_counts_take_the_right_number_in_dutch():
    t = Catalog("nl")
    assert (t.n("sheet.games", 1), t.n("sheet.games", 3)) == ("1 manche", "3 manches")
    assert t.n("result.tricks", 1, name="Ben") == "Ben haalde 1 slag"
    assert t.n("play.claim_pending", 1, name="Ben", claimed=1).endswith("de laatste slag")


def test_every_counted_text_has_both_forms_in_both_catalogues():
    for lang in ("en", "nl"):
        texts = catalogue(lang)["ui"]
        counted = {key.rsplit(".", 1)[0] for key in texts if key.endswith((".one", ".other"))}
        for key in counted:
            assert {f"{key}.one", f"{key}.other"} <= set(texts), (lang, key)


def test_a_screen_shows_one_trick_as_one_trick():
    """The play screen's tricks label follows the count."""
    view = build_view(game("plain", {"calls": ["2H", "P"], "cards": ANNA_GAME["cards"][:2]}))
    layout = Recording((800, 480))
    draw(view, UiState(), "en", (800, 480), layout)
    assert "trick" in layout.texts and "tricks" in layout.texts  # one side has 1, one 0


# --- vulnerability --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "played,en,nl",
    [
        ((), "Vulnerable: nobody", "Kwetsbaar: niemand"),
        ((ANNA_GAME,), "Vulnerable: Anna", "Kwetsbaar: Anna"),
        ((ANNA_GAME, deal(2, "4H", 10)), "Vulnerable: both", "Kwetsbaar: beiden"),
    ],
)
def test_every_screen_of_a_deal_says_who_is_vulnerable_none_included(played, en, nl):
    for form in ("draw-and-discard", "plain"):
        for deal_now in ({"calls": []}, {"calls": ["1C", "P"]}):
            view = build_view(game(form, *played, deal_now))
            for lang, text in (("en", en), ("nl", nl)):
                layout = Recording((800, 480))
                draw(view, UiState(), lang, (800, 480), layout)
                assert text in layout.texts, (form, view.phase, lang)


def test_the_draw_phase_says_who_is_vulnerable():
    played = game("draw-and-discard", ANNA_GAME)
    played.apply(NextDeal())
    view = build_view(played)
    layout = Recording((800, 480))
    draw(view, UiState(), "en", (800, 480), layout)
    assert view.phase == "draw" and "Vulnerable: Anna" in layout.texts


def test_the_deal_result_shows_the_vulnerability_the_deal_was_played_at():
    """Anna makes her first game: the result says nobody was vulnerable; the next deal
    (and only it) has Anna vulnerable."""
    played = game("plain", ANNA_GAME)
    result = build_view(played)
    assert result.phase == "deal-end" and not any(s.vulnerable for s in result.seats)
    assert played.sheet.vulnerable(0)  # the sheet already counts her game ...
    layout = Recording((800, 480))
    draw(result, UiState(), "en", (800, 480), layout)
    assert "Vulnerable: nobody" in layout.texts  # ... the result shows the deal as played
    played.apply(NextDeal())
    assert [s.vulnerable for s in build_view(played).seats] == [True, False]


# --- the shared texts turned to the other player ----------------------------------------------


@pytest.fixture
def app():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, queue.Queue(), {}), UiState())
    app.step(0)
    return app


def _tap(app, action):
    target = next(t for t in app.targets if t.action == action)
    x, y, w, h = target.rect
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    app.step(0)


def _header(app):
    height = app.layout.rect(0, 0, 800, chrome.HEADER_H).bottom
    return app.display.subsurface((0, 0, app.display.get_width(), height)).copy()


def test_the_header_turns_half_round_and_back_and_its_button_follows(app):
    before = _header(app)
    _tap(app, FlipShared())
    assert app.ui.shared_flipped
    turned = _header(app)
    assert pygame.image.tobytes(pygame.transform.rotate(before, 180), "RGB") == (
        pygame.image.tobytes(turned, "RGB")
    )
    flip = next(t for t in app.targets if t.action == FlipShared())
    assert flip.rect[0] == 0  # the button went round with the texts: now at the left end
    _tap(app, FlipShared())
    assert not app.ui.shared_flipped
    assert pygame.image.tobytes(_header(app), "RGB") == pygame.image.tobytes(before, "RGB")


def test_touches_still_land_when_the_header_is_turned(app):
    _tap(app, FlipShared())
    _tap(app, TapCall("1S"))  # the bidding box under the turned header
    assert [str(c) for _, c in app.table.game.deal.auction.calls] == ["1S"]
    _tap(app, TapKey("UNDO"))
    assert not app.table.game.deal.auction.calls
    assert app.ui.shared_flipped  # a game input leaves the header as it was turned


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_turn_button_is_a_full_target_on_both_ends(size):
    view = build_view(game("plain", {"calls": []}))
    for flipped in (False, True):
        _, targets = draw(view, UiState(shared_flipped=flipped), "en", size)
        flip = [t for t in targets if t.action == FlipShared()]
        assert len(flip) == 1 and flip[0].rect[2] >= 48 and flip[0].rect[3] >= 48
        assert (flip[0].rect[0] == 0) == flipped
