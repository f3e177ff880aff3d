"""The game forms' list: the start screen's Game row is one button with the chosen
form's name (and Help); it opens a page of every registered form, each row its name
and a line about it, turned with arrows when there are more than fit; a tap chooses
a form and comes back to the start screen with its options and its names."""

import os

from device.ui.actions import Forms, FormsPage, Help, KeyboardKey, Overlay, Start, StartField
from tests.ui.touch import is_field

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.forms import FORMS, find_form  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import LANGUAGES, Catalog, catalogue  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import forms as forms_screen  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from tests.ui import touch  # noqa: E402


def tap(app, action):
    """A touch, as touch.tap, on a target that must be big enough for a finger."""
    touch.tap(app, action, MIN_TARGET)


SIZES = [(800, 480), (1024, 600)]
REGISTERED = [(f.name, f.title) for f in FORMS]
# More forms than a page holds: the registered ones, then some made up for the list
MANY = [(f"made-up-{i}", f"Made up {i}") for i in range(2 * forms_screen.PER_PAGE)] + REGISTERED


pytestmark = pytest.mark.usefixtures("pygame_module")


class Recording(Layout):
    """A layout whose fonts note what the screen writes, and at what size."""

    def __init__(self, size=(800, 480)):
        super().__init__(size)
        self.texts = []

    def font(self, size, bold=False):
        font, texts = super().font(size, bold), self.texts

        class _Font:
            def render(self, text, *args):
                texts.append((text, size))
                return font.render(text, *args)

            def __getattr__(self, name):
                return getattr(font, name)

        return _Font()


def start_app(form="draw-and-discard", forms=REGISTERED, players=("Anna", "Ben")):
    ui = UiState(start=StartState(form=form, players=list(players)), forms=list(forms))
    app = App(None, ui)
    app.step(0)
    return app


def opener(app):
    return next(t.action for t in app.targets if isinstance(t.action, Forms))


def drawn(ui, lang="en", size=(800, 480)):
    layout = Recording(size)
    targets = render(pygame.Surface(size), layout, None, ui, Catalog(lang))
    return layout, targets


def test_the_game_row_is_the_chosen_forms_name_and_help_whatever_the_number_of_forms():
    for forms in (REGISTERED, MANY):
        app = start_app("chicago", forms, ("Anna", "Ben", "Carla", "Daan"))
        layout, targets = drawn(app.ui)
        row = [t for t in targets if isinstance(t.action, Forms) or t.action == Help(None)]
        assert len(row) == 2 and abs(row[0].rect[1] - row[1].rect[1]) < 1  # one row
        assert row[0].rect[2] > 3 * row[1].rect[2]  # the form's button: wide
        assert not any(is_field(t.action, "form") for t in targets)
        assert "Chicago" in [text for text, _ in layout.texts]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_list_shows_every_form_with_its_line_readable_and_big_enough(lang, size):
    t = Catalog(lang)
    ui = UiState(start=StartState(form="plain"), forms=REGISTERED, overlay="forms")
    texts, rows = [], []
    for page in range(forms_screen.page_count(len(REGISTERED))):
        ui.forms_page = page
        layout, targets = drawn(ui, lang, size)
        assert not layout.too_small and not layout.overflow, (layout.too_small, layout.overflow)
        texts += [text for text, _ in layout.texts]
        assert all(s >= theme.MIN_TEXT for _, s in layout.texts)
        rows += [t for t in targets if is_field(t.action, "form")]
    assert [r.action.value for r in rows] == [name for name, _ in REGISTERED]
    for target in rows:
        assert target.rect[2] >= MIN_TARGET and target.rect[3] >= MIN_TARGET
    for name, _ in REGISTERED:
        assert t.t(f"form.{name}") in texts and t.t(f"form.{name}.about") in texts


def test_rows_do_not_overlap_and_stay_clear_of_the_bands():
    ui = UiState(start=StartState(), forms=MANY, overlay="forms")
    _, targets = drawn(ui)
    rows = sorted(t.rect for t in targets if is_field(t.action, "form"))
    assert len(rows) == forms_screen.PER_PAGE
    assert rows[0][1] >= forms_screen.HEAD_H and rows[-1][1] + rows[-1][3] <= 420
    for upper, lower in zip(rows, rows[1:], strict=False):
        assert upper[1] + upper[3] <= lower[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_registered_form_has_a_line_about_it_in_each_language(lang):
    ui = catalogue(lang)["ui"]
    for form in FORMS:
        assert ui.get(f"form.{form.name}.about", "").strip(), (lang, form.name)
    assert ui.get("forms.title", "").strip()


def test_choosing_a_form_comes_back_with_its_options_and_its_names():
    app = start_app("plain")
    tap(app, opener(app))
    assert app.ui.overlay == "forms"
    tap(app, StartField("form", "chicago"))
    assert app.ui.overlay is None and app.ui.start.form == "chicago"
    assert app.ui.start.players == ["Anna", "Ben", "Carla", "Daan"]
    names = [t for t in app.targets if is_field(t.action, "editing")]
    assert len(names) == 4
    chosen = [set(t.action.value) for t in app.targets if is_field(t.action, "options")]
    assert len(chosen) == len(find_form("chicago").options)  # Chicago's toggles, no others
    assert set().union(*chosen) == {o.name for o in find_form("chicago").options}
    tap(app, opener(app))
    tap(app, StartField("form", "draw-and-discard"))
    assert app.ui.start.players == ["Anna", "Ben"] and app.ui.start.form == "draw-and-discard"


def test_back_keeps_the_form_chosen():
    app = start_app("plain")
    tap(app, opener(app))
    tap(app, Overlay(None))
    assert app.ui.overlay is None and app.ui.start.form == "plain"
    assert Start() in [t.action for t in app.targets]


def test_the_list_opens_at_the_page_of_the_chosen_form_and_turns_with_the_arrows():
    app = start_app("draw-and-discard", MANY)
    pages = forms_screen.page_count(len(MANY))
    names = [name for name, _ in MANY]
    at = names.index("draw-and-discard") // forms_screen.PER_PAGE
    assert pages >= 3 and at > 0
    tap(app, opener(app))
    assert app.ui.overlay == "forms" and app.ui.forms_page == at
    for page in range(at - 1, -1, -1):
        tap(app, FormsPage(page))
    assert FormsPage(-1) not in [t.action for t in app.targets if t.enabled]
    shown = [t.action.value for t in app.targets if is_field(t.action, "form")]
    assert shown == names[: forms_screen.PER_PAGE]
    for page in range(1, pages):
        tap(app, FormsPage(page))
    assert FormsPage(pages) not in [t.action for t in app.targets if t.enabled]
    tap(app, StartField("form", names[-1]))  # on the last page
    assert app.ui.start.form == names[-1] and app.ui.overlay is None
    assert opener(app) == Forms(pages - 1)  # the list opens there next time


def test_a_form_without_a_line_shows_its_name_alone():
    ui = UiState(start=StartState(), forms=MANY, overlay="forms", forms_page=0)
    layout, _ = drawn(ui)
    texts = [text for text, _ in layout.texts]
    assert any(text.startswith("Made up") for text in texts)
    assert not any(text.startswith("form.") for text in texts)


def test_the_keyboard_types_a_name_after_a_form_is_chosen():
    app = start_app("plain")
    tap(app, opener(app))
    tap(app, StartField("form", "chicago"))
    tap(app, StartField("editing", 3))
    tap(app, KeyboardKey("clear"))
    for letter in "Dirk":
        app.act(KeyboardKey("char", letter))
    app.act(KeyboardKey("done"))
    assert app.ui.start.players == ["Anna", "Ben", "Carla", "Dirk"]


@pytest.mark.parametrize("form", FORMS, ids=[f.name for f in FORMS])
def test_each_registered_form_is_chosen_from_the_list_with_its_number_of_names(form):
    app = start_app("chicago" if form.players == 2 else "plain")
    tap(app, opener(app))
    app.act(FormsPage(forms_screen.page_of(app.ui, form.name)))  # its page
    app.step(0)
    tap(app, StartField("form", form.name))
    assert app.ui.start.form == form.name and len(app.ui.start.players) == form.players
    assert opener(app) == Forms(forms_screen.page_of(app.ui, form.name))


def test_double_dummy_is_offered_on_the_start_screen():
    assert "double-dummy" in [name for name, _ in REGISTERED]
