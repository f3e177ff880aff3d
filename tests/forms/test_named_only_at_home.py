"""Outside a form's package no module of device/ holds the form's name or an alias as a
string, imports the package's modules or names its classes (issue 22): the core asks the
registry and the form's hooks, never which form it plays (aBRIDGEd's coloured deck,
called by the form's name, is found through device/decks.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from device.forms import FORMS, package

REPO = Path(__file__).resolve().parents[2]


def homes() -> tuple[dict[str, str], dict[str, str], set[str]]:
    """(name or alias -> its package, class name -> its package, the packages)."""
    names, classes = {}, {}
    for form in FORMS:
        for name in (form.name, *form.aliases):
            names[name] = package(form)
        for path in (REPO / package(form)).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.ClassDef):
                    classes[node.name] = package(form)
    return names, classes, {package(form) for form in FORMS}


def named_outside(root: Path, names, classes, packages) -> list[str]:
    """Each place under `root` (a folder holding device/) where a module outside a form's
    package names the form: a string equal to its name, an import, a class of it."""
    found = []
    for path in sorted((root / "device").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        here = where.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        here += ".__init__" if path.name == "__init__.py" else ""
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            for home, what in _names(node, names, classes, packages, here):
                if not where.startswith(home + "/"):
                    found.append(f"{where}:{node.lineno}: {what}")
    return found


def _names(node, names, classes, packages, here: str):
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
        yield names[node.value], f"the string {node.value!r}"
    elif isinstance(node, ast.Name) and node.id in classes:
        yield classes[node.id], f"the class {node.id}"
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for module in _imported(node, here):
            home = next((p for p in packages if (module + ".").startswith(_dotted(p) + ".")), None)
            if home is not None:
                yield home, f"an import of {_dotted(home)}"
                return


def _imported(node, here: str) -> list[str]:
    """The dotted modules an import statement in module `here` may load (relative ones
    resolved), with `from X import y` counted as X.y too (y may be a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = here.split(".")[: len(here.split(".")) - node.level] if node.level else []
    start = ".".join([*base, node.module] if node.module else base)
    return [start, *(f"{start}.{alias.name}" for alias in node.names)]


def _dotted(folder: str) -> str:
    return folder.replace("/", ".")


def test_no_module_outside_a_forms_package_names_it():
    assert named_outside(REPO, *homes()) == []


def test_the_check_sees_a_name_an_import_and_a_class_outside_the_package(tmp_path):
    names, classes, packages = homes()
    form = FORMS[-1]
    home = package(form)
    cls = type(form).__name__
    outside = tmp_path / "device" / "core.py"
    outside.parent.mkdir(parents=True)
    dotted = home.replace("/", ".")
    outside.write_text(
        f'"""A docstring that says {form.name} is prose."""\n'
        f"from {dotted}.rules import {cls}\n"
        f"from .forms.{Path(home).name} import text\n"
        f"WHICH = {form.name!r}\n"
        f"THE = {cls}\n"
    )
    inside = tmp_path / home / "extra.py"
    inside.parent.mkdir(parents=True)
    inside.write_text(f"NAME = {form.name!r}\n")
    found = named_outside(tmp_path, names, classes, packages)
    assert [line.split(": ", 1)[1] for line in found] == [
        f"an import of {dotted}",
        f"an import of {dotted}",
        f"the string {form.name!r}",
        f"the class {cls}",
    ]
