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


def test_the_older_tuples_name_every_action_once():
    """The forms' own screens still build tuples: each one names its own action."""
    kinds = set(actions.every_action()) - {actions.Action}
    assert set(actions.KINDS.values()) == kinds
    assert len(set(actions.KINDS.values())) == len(actions.KINDS)


def test_a_target_built_with_a_tuple_carries_the_typed_action():
    target = Target((0, 0, 10, 10), ("pair-deck", "abridged"))
    assert target.action == actions.PairDeck("abridged")
    assert Target((0, 0, 1, 1), ("claim", 1, 7)).action == actions.Claim(seat=1, tricks=7)
    assert Target((0, 0, 1, 1), ("overlay", None)).action == actions.Overlay(None)


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
