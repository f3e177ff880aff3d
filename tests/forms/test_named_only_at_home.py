"""Outside a form's package no module of device/ holds the form's name or an alias as a
string, imports the package's modules or names its classes (issue 22): the core asks the
registry and the form's hooks, never which form it plays (aBRIDGEd's coloured deck,
called by the form's name, is found through device/decks.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from device.forms import FORMS, package
from tests.test_imports import import_graph, modules_of

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
    package names the form: a module of the package it imports (as tests/test_imports.py
    finds imports: relative ones, in functions, for type checking), a string equal to
    the form's name, a class of the package."""
    found = []
    graph = import_graph(root / "device")
    for module, path in sorted(modules_of(root / "device").items()):
        where = path.relative_to(root).as_posix()
        outside = [home for home in packages if not where.startswith(home + "/")]
        for target in sorted(graph[module]):
            if any((target + ".").startswith(home.replace("/", ".") + ".") for home in outside):
                found.append(f"{where}: an import of {target}")
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and names.get(node.value) in outside:
                found.append(f"{where}:{node.lineno}: the string {node.value!r}")
            elif isinstance(node, ast.Name) and classes.get(node.id) in outside:
                found.append(f"{where}:{node.lineno}: the class {node.id}")
    return found


def test_no_module_outside_a_forms_package_names_it():
    assert named_outside(REPO, *homes()) == []


def test_the_check_sees_a_name_an_import_and_a_class_outside_the_package(tmp_path):
    names, classes, packages = homes()
    form = FORMS[-1]
    home = package(form)
    cls = type(form).__name__
    dotted = home.replace("/", ".")
    (tmp_path / home).mkdir(parents=True)
    for part in ("__init__", "rules", "text"):
        (tmp_path / home / f"{part}.py").write_text(f"NAME = {form.name!r}\n")  # its own
    (tmp_path / "device" / "core.py").write_text(
        f'"""A docstring that says {form.name} is prose."""\n'
        f"from {dotted}.rules import {cls}\n"
        f"from .forms.{Path(home).name} import text\n"
        f"WHICH = {form.name!r}\n"
        f"THE = {cls}\n"
    )
    found = named_outside(tmp_path, names, classes, packages)
    assert [line.split(": ", 1)[1] for line in found] == [
        f"an import of {dotted}",
        f"an import of {dotted}.rules",
        f"an import of {dotted}.text",
        f"the string {form.name!r}",
        f"the class {cls}",
    ]
