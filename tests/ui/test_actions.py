"""The touch targets' actions: typed, each with its handler in the app."""

import ast
import os
import queue
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.loop import TableLoop  # noqa: E402
from device.ui import actions  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402
from device.ui.target import Target  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")
UI = Path(__file__).resolve().parents[2] / "device" / "ui"


def test_every_action_type_has_a_handler():
    app = App(TableLoop(None, queue.Queue(), {}), UiState(start=StartState()))
    kinds = set(actions.every_action()) - {actions.Action}
    assert kinds and set(app.handlers) == kinds  # each kind handled, nothing else


def test_a_target_refuses_a_string_tuple():
    """Every screen, widget and form package builds typed actions: a tuple is a mistake."""
    assert Target((0, 0, 10, 10), actions.PairDeck("abridged")).action.deck == "abridged"
    with pytest.raises(TypeError, match="not \\('pair-deck', 'abridged'\\)"):
        Target((0, 0, 10, 10), ("pair-deck", "abridged"))


def test_every_screen_of_the_gallery_draws_typed_actions():
    from tests.ui.gallery import draw, every_screen

    for name, view, ui in every_screen():
        _, targets = draw(view, ui, "en")
        assert all(isinstance(t.action, actions.Action) for t in targets), name


def test_actions_are_frozen_values():
    action = actions.StartField("form", "chicago")
    assert action == actions.StartField("form", "chicago") and hash(action)
    with pytest.raises(AttributeError):
        action.value = "plain"


def imported(path: Path) -> set[str]:
    """The modules `path` imports, relative ones as written (..screens, .widgets)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_import_circles_widgets_never_import_screens_nor_the_app():
    for path in (UI / "widgets").glob("*.py"):
        for name in imported(path):
            assert "screens" not in name and not name.endswith("app"), (path.name, name)
    for name in imported(UI / "actions.py"):
        assert not name.startswith(".") and not name.startswith("device"), name
