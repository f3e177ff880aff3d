"""A form is one package of device/forms: found by being there, its rules importing only
the engine, its phase names and its names its own."""

from __future__ import annotations

import ast
import shutil
import sys
from itertools import combinations
from pathlib import Path

import pytest

import device.forms as registry
from device.engine.errors import SetupError
from device.forms import FORMS, find_form, package

REPO = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent.name for p in (REPO / "device" / "forms").glob("*/__init__.py"))


def test_every_package_of_device_forms_is_a_registered_form_from_its_own_package():
    assert sorted(package(form).rpartition("/")[2] for form in FORMS) == PACKAGES
    for form in FORMS:
        assert package(form) == f"device/forms/{form.name.replace('-', '_')}"
        assert type(form).__module__ == package(form).replace("/", ".") + ".rules"
        assert find_form(form.name) is form


def test_the_forms_come_in_their_declared_order_the_default_first():
    assert [f.order for f in FORMS] == sorted(f.order for f in FORMS)
    assert len({f.order for f in FORMS}) == len(FORMS)
    assert registry.DEFAULT == FORMS[0].name == "draw-and-discard"


def _imported(path: Path) -> list[tuple[str, int]]:
    """(module, level) of every import of a module: at its top, in a function or for
    type checking alike (a form's rules may not even name another module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is None:  # from . import x
            found += [(alias.name, node.level) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module, node.level))
    return found


def _rules_modules(folder: Path) -> list[Path]:
    """rules.py and the modules of its own package it imports (aBRIDGEd's record.py)."""
    todo, seen = [folder / "rules.py"], []
    while todo:
        path = todo.pop()
        seen.append(path)
        for module, level in _imported(path):
            own = folder / f"{module}.py"
            if level == 1 and own.exists() and own not in seen:
                todo.append(own)
    return seen


@pytest.mark.parametrize("name", PACKAGES)
def test_a_forms_rules_import_only_the_engine_and_the_standard_library(name):
    folder = REPO / "device" / "forms" / name
    wrong = []
    for path in _rules_modules(folder):
        for module, level in _imported(path):
            top = module.split(".")[0]
            engine = module == "device.engine" or module.startswith("device.engine.")
            if level == 1 and (folder / f"{module}.py").exists():
                continue  # its own rules' modules, checked in turn
            if level or not (engine or top in sys.stdlib_module_names):
                wrong.append(f"{path.relative_to(REPO)}: {'.' * level}{module}")
    assert wrong == []


def test_the_import_check_sees_a_rule_that_reaches_past_the_engine(tmp_path):
    (tmp_path / "rules.py").write_text("from device.engine.form import GameForm\nfrom . import x\n")
    (tmp_path / "x.py").write_text("def late():\n    from device.ui import view\n")
    seen = [m for path in _rules_modules(tmp_path) for m, _ in _imported(path)]
    assert "device.ui" in seen and "device.engine.form" in seen


def _phases(form) -> set[str]:
    return set(form.phases(form.resolve_options({}))) | set(form.own_phases)


def test_a_phase_a_form_plays_itself_is_no_other_forms_phase():
    clashes = [
        (a.name, b.name, sorted(a.own_phases & _phases(b)))
        for a, b in combinations(FORMS, 2)
        if a.own_phases & _phases(b) or b.own_phases & _phases(a)
    ]
    assert clashes == []


def test_no_two_forms_share_a_name_or_an_alias():
    names = [n for form in FORMS for n in (form.name, *form.aliases)]
    assert len(names) == len(set(names))


# -- found by being there: a package added or broken beside the real ones -------------


FORM_PACKAGE = """
from device.engine.form import GameForm

class {cls}(GameForm):
    name = "{name}"
    aliases = {aliases!r}
    title = "A test form"
    order = {order}

FORM = {cls}()
"""


@pytest.fixture
def extra_forms(tmp_path, monkeypatch):
    """A second folder of form packages beside device/forms, on the package's path."""
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(tmp_path)])
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        if name.startswith("device.forms."):
            del sys.modules[name]


def _package(folder: Path, name: str, text: str) -> None:
    (folder / name).mkdir()
    (folder / name / "__init__.py").write_text(text)


def test_a_package_added_is_a_form_in_its_order_and_one_removed_is_gone(extra_forms):
    text = FORM_PACKAGE.format(cls="Extra", name="extra-test", aliases=(), order=25)
    _package(extra_forms, "extra_test", text)
    found = registry._discover()
    names = [f.name for f in found]
    assert names.index("extra-test") == names.index("plain") + 1  # order 25: after plain's 20
    assert package(found[names.index("extra-test")]) == "device/forms/extra_test"
    shutil.rmtree(extra_forms / "extra_test")  # with the bytecode its import wrote
    assert [f.name for f in registry._discover()] == [f.name for f in FORMS]


@pytest.mark.parametrize(
    "text,said",
    [
        ("X = 1\n", "has no FORM"),
        (FORM_PACKAGE.format(cls="Twin", name="twin", aliases=("rubber",), order=999), "'rubber'"),
        (FORM_PACKAGE.format(cls="Twin", name="twin", aliases=(), order=20), "share order 20"),
    ],
)
def test_a_package_without_a_form_or_with_a_name_or_order_taken_is_refused(extra_forms, text, said):
    _package(extra_forms, "twin_test", text)
    with pytest.raises(SetupError, match=said):
        registry._discover()


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.name)
def test_each_form_says_its_rules_once_in_its_packages_readme(form):
    text = (REPO / package(form) / "README.md").read_text("utf-8")
    title = text.splitlines()[0]
    assert title.startswith("# ") and f"(`{form.name}`" in title
    for part in ("**What it is.**", "**The deal.**", "**The phases.**", "**The scoring.**"):
        assert part in text
    assert "**At the table.**" in text
    assert len(text.splitlines()) <= 60  # short: the rules, not the manual


def test_a_robot_part_plays_only_phases_of_its_own_form_and_the_robots_finish_each():
    """A package's robot.py answers for phases that are its form's own; the robots play
    every form's own phases before the auction (a rubber of each finishes)."""
    import random

    from device.engine.events import Setup
    from device.engine.game import Game
    from device.forms import form_part
    from device.robots import deal_inputs

    with_robot = [form for form in FORMS if form_part(form, "robot") is not None]
    assert {form.name for form in with_robot} >= {"abridged", "draw-bridge", "draw-pick-up"}
    for form in with_robot:
        phases = set(form_part(form, "robot").PHASES)
        assert phases and phases <= form.own_phases, form.name
        game = Game(Setup(form.name, ("Anna", "Ben", "Carla", "Dirk")[: form.players], 0))
        seen = set()
        for event in deal_inputs(game, random.Random(5)):
            seen.add(game.phase)
            game.apply(event)
        assert phases & seen and game.phase in ("deal-end", "finished"), form.name
