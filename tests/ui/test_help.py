"""Help: every registered form says how to play it at the table, in English and
Dutch; the help opens from the start screen (the forms' row) and from the menu,
its pages hold all of the text at the theme's sizes, and Back goes back."""

import os
import queue

from device.ui.actions import Forms, Help, HelpPage, Overlay, Start, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.events import Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.forms import FORMS  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import LANGUAGES, Catalog, catalogue  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import help as help_screen  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from tests.ui import touch  # noqa: E402


def tap(app, action):
    """A touch, as touch.tap, on a target that must be big enough for a finger."""
    touch.tap(app, action, MIN_TARGET)


SIZES = [(800, 480), (1024, 600)]


pytestmark = pytest.mark.usefixtures("pygame_module")


def own_texts(lang):
    """The language's own catalogue: no falling back on English."""
    return catalogue(lang)["ui"]


# --- the texts ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("form", FORMS, ids=[f.name for f in FORMS])
def test_every_registered_form_has_its_own_help_in_every_language(form, lang):
    texts = own_texts(lang)
    needed = help_screen.form_text_keys(form)
    needed += [f"help.{name}" for name, own in help_screen.SECTIONS if not own]
    missing = [key for key in needed if not texts.get(key, "").strip()]
    assert not missing, (form.name, lang, missing)


def test_a_form_without_texts_is_found_out():
    """The check above names the keys a new form must bring (so it fails for one without)."""

    class Newcomer(type(FORMS[0])):
        name = "newcomer"

    keys = help_screen.form_text_keys(Newcomer())
    assert keys == ["help.newcomer.deal", "help.newcomer.scan", "help.newcomer.draw"]
    assert not any(key in own_texts("en") for key in keys)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_phase_is_explained_only_where_there_is_one(lang):
    t = Catalog(lang)
    draw = t.t("help.heading.draw")
    assert draw in [h for h, _ in help_screen.sections("draw-and-discard", t)]
    assert draw not in [h for h, _ in help_screen.sections("plain", t)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("form", FORMS, ids=[f.name for f in FORMS])
def test_the_help_names_every_key_by_its_label(form, lang):
    t = Catalog(lang)
    text = " ".join(body for _, body in help_screen.sections(form.name, t))
    for key in ("button.ok", "button.undo", "button.menu", "play.claim", "play.accept"):
        assert t.t(key) in text, key
    for word in (" P", " X", " XX", "1", "7", " C", " D", " H", " S", "NT"):
        assert word in text, word
    assert "{" not in text  # every field filled in


def test_the_dutch_help_speaks_dutch_bridge():
    text = " ".join(body for _, body in help_screen.sections("draw-and-discard", Catalog("nl")))
    for word in ("gever", "leider", "slag", "sans atout", "verzaking", "robber"):
        assert word in text, word
    for english in ("dealer", "declarer", "trick", "rubber", "no trumps"):
        assert english not in text, english


# --- the pages ------------------------------------------------------------------------------


class Recording(Layout):
    """A layout whose fonts note what the screen writes."""

    def __init__(self, size):
        super().__init__(size)
        self.texts = []

    def font(self, size, bold=False):
        font = super().font(size, bold)
        texts = self.texts

        class _Font:
            def render(self, text, *args):
                texts.append(text)
                return font.render(text, *args)

            def __getattr__(self, name):
                return getattr(font, name)

        return _Font()


def help_ui(form, page=0, lang="en"):
    return UiState(lang=lang, overlay="help", start=StartState(form=form), help_page=page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("form", FORMS, ids=[f.name for f in FORMS])
def test_the_pages_hold_all_the_text_readably(form, lang, size):
    t = Catalog(lang)
    found = help_screen.sections(form.name, t)
    pages = help_screen.paginate(Layout(size), found)
    assert 2 <= len(pages) <= 5  # short: a few pages to turn at the table
    drawn = []
    for number in range(len(pages)):
        layout = Recording(size)
        targets = render(pygame.Surface(size), layout, None, help_ui(form.name, number, lang), t)
        assert not layout.too_small and not layout.overflow, (number, layout.overflow)
        assert all(
            w >= MIN_TARGET and h >= MIN_TARGET for (_, _, w, h) in (x.rect for x in targets)
        )
        drawn += layout.texts
    words = " ".join(drawn).split()
    for heading, body in found:  # every word of every section is on some page
        for word in f"{heading} {body}".split():
            assert word in words, word


def test_a_page_never_runs_into_the_bottom_band():
    layout = Layout((800, 480))
    pages = help_screen.paginate(layout, help_screen.sections("draw-and-discard", Catalog("nl")))
    for page in pages:
        height = sum(help_screen.LINE_H.get(kind, help_screen.GAP) for kind, _ in page)
        assert help_screen.TOP + height <= help_screen.BOTTOM + help_screen.GAP
        assert all(
            layout.width(text, theme.TEXT) <= help_screen.WIDTH for k, text in page if k == "body"
        )


# --- reaching it ----------------------------------------------------------------------------


def actions(app):
    return [t.action for t in app.targets if t.enabled]


def screen_texts(app):
    layout = Recording(app.size)
    render(pygame.Surface(app.size), layout, app.view(), app.ui, app.t)
    return " | ".join(layout.texts)


def start_app(form="plain"):
    ui = UiState(start=StartState(form=form), forms=[(f.name, f.title) for f in FORMS])
    app = App(None, ui)
    app.step(0)
    return app


@pytest.mark.parametrize("form", ["plain", "draw-and-discard"])
def test_help_opens_from_the_forms_row_on_the_start_screen_and_back_returns(form):
    app = start_app(form)
    help_target = next(t for t in app.targets if t.action == Help(None))
    form_targets = [t for t in app.targets if isinstance(t.action, Forms)]  # the chosen form
    assert abs(help_target.rect[1] - form_targets[0].rect[1]) < 1  # on the forms' row
    tap(app, Help(None))
    assert app.ui.overlay == "help" and app.ui.help_page == 0
    text = screen_texts(app)
    title = Catalog("en").t(f"form.{form}")
    assert title in text and "Dealing" in text
    tap(app, HelpPage(1))
    assert app.ui.help_page == 1 and HelpPage(0) in actions(app)
    tap(app, Overlay(None))  # Back
    assert app.ui.overlay is None and app.ui.start is not None
    assert Start() in actions(app)


def test_the_last_page_has_no_next_and_the_first_no_previous():
    app = start_app("draw-and-discard")
    tap(app, Help(None))
    assert HelpPage(-1) not in actions(app)
    count = len(help_screen.paginate(app.layout, help_screen.sections("draw-and-discard", app.t)))
    for page in range(1, count):
        tap(app, HelpPage(page))
    assert app.ui.help_page == count - 1 and HelpPage(count) not in actions(app)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_opens_from_the_menu_for_the_form_being_played(lang, tmp_path):
    table = Table(Game(Setup("draw-and-discard", ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, queue.Queue(), {}), UiState(lang=lang))
    app.step(0)
    tap(app, TapKey("MENU"))
    tap(app, Help("menu"))
    assert app.ui.overlay == "help"
    t = Catalog(lang)
    text = screen_texts(app)
    assert t.t("form.draw-and-discard") in text and t.t("help.heading.draw") in text
    tap(app, Overlay("menu"))  # Back: to the menu it came from
    assert app.ui.overlay == "menu"
    assert table.game.phase == "draw" and not table.game.events  # nothing played meanwhile
