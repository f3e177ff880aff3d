"""The on-screen keyboard for names: it opens from a name field, types by taps
with the same checks as a real keyboard, never covers the field being typed,
and every key is a big enough target at every size and in both languages."""

import os
import queue

from device.ui.actions import KeyboardKey, Start, StartField

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.config import NAME_MAX  # noqa: E402
from device.forms import FORMS  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.ui.app import App, new_table_factory  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import render  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.widgets import keyboard  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

SIZES = [(800, 480), (1024, 600), (1920, 1080)]


def start_app(players=("Anna", "Ben"), lang="en") -> App:
    forms = [(f.name, f.title) for f in FORMS]
    ui = UiState(lang=lang, forms=forms, start=StartState(players=list(players)))
    app = App(TableLoop(None, queue.Queue(), {}), ui, new_table=new_table_factory())
    app.step(0)
    return app


def keys(app) -> list:
    return [t for t in app.targets if isinstance(t.action, KeyboardKey)]


def tap_text(app, text: str) -> None:
    """Type `text` by tapping its keys, as a finger would (shift when the case differs)."""
    for char in text:
        action = KeyboardKey("char", char)
        if not any(t.action == action for t in keys(app)):
            tap(app, KeyboardKey("shift"))
        tap(app, action)


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


# --- opening, typing, closing -------------------------------------------------------------------


def test_tapping_a_name_opens_the_keyboard_and_done_closes_it():
    app = start_app()
    assert keys(app) == []
    tap(app, StartField("editing", 1))
    assert app.ui.start.editing == 1 and len(keys(app)) > 40
    tap(app, KeyboardKey("done"))
    assert app.ui.start.editing is None and keys(app) == []
    assert app.ui.start.players == ["Anna", "Ben"]


def test_a_name_typed_by_tapping_with_capitals_and_accents():
    app = start_app()
    tap(app, StartField("editing", 0))
    tap(app, KeyboardKey("clear"))
    assert app.ui.start.players[0] == "" and app.ui.start.shift  # a name starts with a capital
    tap_text(app, "Zoë")
    tap(app, StartField("editing", 1))  # straight on to the other name
    tap(app, KeyboardKey("clear"))
    for _ in range(3):
        tap(app, KeyboardKey("back"))  # nothing left to take back: no harm
    tap_text(app, "José Anne-Marie")
    assert app.ui.start.players == ["Zoë", "José Anne-Marie"] and app.ui.banner is None


def test_shift_turns_on_for_each_word_and_off_after_a_letter():
    app = start_app(players=("", "Ben"))
    tap(app, StartField("editing", 0))
    assert app.ui.start.shift
    tap(app, KeyboardKey("char", "J"))
    assert not app.ui.start.shift and KeyboardKey("char", "a") in [t.action for t in keys(app)]
    tap(app, KeyboardKey("char", "-"))
    assert app.ui.start.shift and KeyboardKey("char", "É") in [t.action for t in keys(app)]
    tap(app, KeyboardKey("shift"))  # by hand: small letters after all
    assert not app.ui.start.shift
    tap(app, KeyboardKey("back"))
    assert app.ui.start.players[0] == "J" and not app.ui.start.shift


def test_one_letter_too_many_is_refused_as_on_a_real_keyboard_and_the_next_key_clears_it():
    app = start_app(lang="nl")
    tap(app, StartField("editing", 0))
    tap(app, KeyboardKey("clear"))
    tap_text(app, "X" + "x" * (NAME_MAX - 1))
    tap(app, KeyboardKey("char", "y"))
    assert app.ui.start.players[0] == "X" + "x" * (NAME_MAX - 1)
    assert app.ui.banner == f"een naam heeft hoogstens {NAME_MAX} letters" and app.ui.banner_error
    tap(app, KeyboardKey("back"))
    tap(app, KeyboardKey("char", "y"))
    assert app.ui.start.players[0].endswith("xy") and app.ui.banner is None


def test_the_physical_keyboard_still_types_while_the_keys_show():
    app = start_app(players=("", "Ben"))
    tap(app, StartField("editing", 0))
    for letter in "Ed":
        app.typed(letter)
    app.step(0)  # the keys now show small letters: "Ed" goes on in the word
    tap(app, KeyboardKey("char", "a"))
    app.key("backspace")
    app.typed("e")
    assert app.ui.start.players[0] == "Ede"
    app.key("return")
    assert app.ui.start.editing is None


def test_start_while_typing_closes_the_keyboard_and_starts_the_rubber():
    app = start_app()
    tap(app, StartField("editing", 0))
    tap(app, KeyboardKey("char", "a"))
    app.ui.start.first_dealer = 1
    tap(app, Start())
    assert app.table is not None and app.table.game.players == ("Annaa", "Ben")
    assert app.ui.start is None


# --- the layout ----------------------------------------------------------------------------------


def draw_start(editing, lang, size, shift=False):
    forms = [(f.name, f.title) for f in FORMS]
    start = StartState(players=["Zoë", "José"], editing=editing, shift=shift, can_resume=True)
    ui = UiState(lang=lang, forms=forms, start=start)
    return render(pygame.Surface(size), Layout(size), None, ui, Catalog(lang))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("editing", [0, 1])
@pytest.mark.parametrize("shift", [False, True])
def test_every_key_is_a_big_enough_target_on_the_screen_and_clear_of_the_field(
    editing, lang, size, shift
):
    targets = draw_start(editing, lang, size, shift)
    board = [t for t in targets if isinstance(t.action, KeyboardKey)]
    assert len(board) == len(keyboard.ACCENTS) + sum(map(len, keyboard.LETTERS)) + 5
    for target in targets:  # every target on the screen, the keys among them
        x, y, w, h = target.rect
        assert w >= MIN_TARGET and h >= MIN_TARGET, target
        assert x >= 0 and y >= 0 and x + w <= 800 and y + h <= 480, target
    for i, key in enumerate(board):  # no two keys share a point
        assert not any(overlaps(key.rect, other.rect) for other in board[i + 1 :]), key
    field = next(t.rect for t in targets if t.action == StartField("editing", None))
    others = [t for t in targets if not isinstance(t.action, KeyboardKey)]
    panel = (0, keyboard_top(), 800, keyboard.HEIGHT)
    assert not overlaps(field, panel)  # the name being typed stays in view ...
    assert field[1] >= 84  # ... below the band where a refusal is said
    assert not any(overlaps(t.rect, panel) for t in others)  # nothing hides under the keys


def keyboard_top():
    from device.ui.screens.start import KEYBOARD_TOP

    return KEYBOARD_TOP


def test_the_keys_fill_the_panel_and_the_letters_follow_shift():
    small = [label for _, _, label in keyboard.layout_keys(0, False, Catalog("en"))]
    big = [label for _, _, label in keyboard.layout_keys(0, True, Catalog("nl"))]
    assert "q" in small and "ë" in small and "space" in small and "Done" in small
    assert "Q" in big and "Ë" in big and "spatie" in big and "Klaar" in big
    rects = [rect for rect, _, _ in keyboard.layout_keys(0, False, Catalog("en"))]
    assert min(x for x, _, _, _ in rects) == keyboard.LEFT
    assert max(x + w for x, _, w, _ in rects) == pytest.approx(keyboard.LEFT + keyboard.WIDTH)
    assert max(y + h for _, y, _, h in rects) == keyboard.HEIGHT - keyboard.PAD


def test_auto_shift_starts_each_word():
    assert keyboard.auto_shift("") and keyboard.auto_shift("Anne-") and keyboard.auto_shift("Jo ")
    assert not keyboard.auto_shift("J") and not keyboard.auto_shift("Zoë")
