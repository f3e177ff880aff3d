"""What importing a module costs: the settings are checked with no screen and no GPIO
library loaded, and the modules of device/ import one another in layers (no circle)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from device.ui.glyphs import has_glyph

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("pygame", "gpiozero", "serial", "cv2", "numpy")  # a screen, GPIO, serial, camera

CHECK_SETTINGS = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from device.config import load_config, name_refusal, scanner_refusal

    path = Path(sys.argv[1])
    path.write_text(sys.argv[2])
    config, problems = load_config(path)
    print(json.dumps({
        "devices": config["devices"],
        "gpio": config["gpio"],
        "problems": [p.log(path) for p in problems],
        "refusals": [scanner_refusal(s) for s in ("camera:dir:/tmp/x", "/dev/ttyACM0",
                                                  "camera:bogus")],
        "names": [name_refusal(n) for n in ("Anna", "Zoë", "Anna\\u2603")],
        "loaded": sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[3:])),
    }))
    """
)

SETTINGS = """\
[devices]
scanner = "camera:bogus"
bidbox = "gpio"

[gpio]
OK = 5
UNDO = 99
error = "eleven"
seat0 = 3
nope = 4
"""


def loaded_after(statements: str, packages) -> list[str]:
    """Which of the top-level `packages` a fresh interpreter holds after running
    `statements` (which fail the test if they raise)."""
    code = (
        f"{statements}\nimport json, sys\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(packages)!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_settings_check(tmp_path, text: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", CHECK_SETTINGS, str(tmp_path / "config.toml"), text, *HEAVY],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_settings_check_names_and_pins_without_a_screen_gpio_serial_or_camera(tmp_path):
    seen = run_settings_check(tmp_path, SETTINGS)
    assert seen["loaded"] == []
    assert seen["devices"] == {"scanner": "none", "bidbox": "gpio"}
    assert seen["gpio"] == {"seat0": 3}  # the one good pin; the others keep the built-in map
    problems = "\n".join(seen["problems"])
    assert "scanner 'camera:bogus' names no camera" in problems
    assert "gpio pin UNDO must be a BCM number 0 to 27, not 99" in problems
    assert 'gpio pin error must be a BCM number 0 to 27, not "eleven"' in problems
    assert "gpio pin OK = 5 is already 5's" in problems
    assert "unknown pin name nope in [gpio]" in problems
    good, serial, bad = seen["refusals"]
    assert good is None and serial is None and "names no camera" in bad
    assert seen["names"][:2] == [None, None]  # Zoë's ë is in the font
    assert "U+2603" in seen["names"][2]  # the snowman is not


def test_good_settings_load_without_a_screen_gpio_serial_or_camera(tmp_path):
    text = '[devices]\nscanner = "/dev/ttyACM0"\nbidbox = "none"\n[gpio]\nOK = 2\n'
    seen = run_settings_check(tmp_path, text)
    assert seen["loaded"] == [] and seen["problems"] == []
    assert seen["devices"] == {"scanner": "/dev/ttyACM0", "bidbox": "none"}
    assert seen["gpio"] == {"OK": 2}


@pytest.fixture
def freetype_font():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.freetype

    pygame.freetype.init()
    return pygame.freetype.Font(None, 24)


def test_the_font_map_read_from_the_file_agrees_with_pygame_on_every_character(freetype_font):
    codes = [*range(0x20, 0xD800), *range(0xE000, 0x10000), *range(0x10000, 0x10400)]
    chars = [chr(code) for code in codes]
    metrics = freetype_font.get_metrics("".join(chars))
    pairs = zip(chars, metrics, strict=True)
    differ = [f"U+{ord(c):04X}" for c, m in pairs if (m is not None) != has_glyph(c)]
    assert differ == []
    assert sum(map(has_glyph, chars)) > 500  # Latin, Greek, Cyrillic: the map was read


# -- the import graph of device/ ------------------------------------------------------------


def modules_of(root: Path) -> dict[str, Path]:
    """Every module of the package at `root`, by its dotted name."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at module level, in a function, or under
    `if TYPE_CHECKING:` (a circle through annotations is a circle too)."""
    found = []

    def visit(node):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _targets(name: str, path: Path, node, modules: dict) -> list[str]:
    """The modules of the package that an import statement in module `name` loads."""
    if isinstance(node, ast.Import):
        wanted = [alias.name for alias in node.names]
    else:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
        stem = ".".join(base + ([node.module] if node.module else []))
        wanted = [f"{stem}.{alias.name}" if stem else alias.name for alias in node.names]
        wanted = [w if w in modules else stem for w in wanted]  # a name, not a module
    loaded = set()
    for target in wanted:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        while target:  # a.b.c runs a and a.b first
            if target in modules and target != name and not name.startswith(target + "."):
                loaded.add(target)
            target = target.rpartition(".")[0]
    return sorted(loaded)


def import_graph(root: Path) -> dict[str, set[str]]:
    modules = modules_of(root)
    return {
        name: {
            t
            for node in _imports(ast.parse(path.read_text()))
            for t in _targets(name, path, node, modules)
        }
        for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each group of modules that import one another, as a path
    that ends where it began: ["a", "b", "a"]."""
    found, done = [], set()
    for start in sorted(graph):
        if start in done:
            continue
        path = _path_back(graph, start)
        if path is not None:
            found.append(path)
            done |= set(path)
    return found


def _path_back(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """The shortest import path from `start` back to itself, or None."""
    before: dict[str, str] = {}
    todo = [start]
    while todo:
        step = []
        for module in todo:
            for target in sorted(graph.get(module, ())):
                if target == start:
                    path = [module]
                    while path[-1] != start:
                        path.append(before[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in before:
                    before[target] = module
                    step.append(target)
        todo = step
    return None


def test_the_modules_of_device_import_one_another_in_no_circle():
    found = cycles(import_graph(REPO / "device"))
    assert found == [], "import circles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_graph_sees_imports_inside_functions_and_for_type_checking(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def late():\n    from .sub.c import thing\n")
    (package / "sub" / "c.py").write_text("x = 1\n")
    graph = import_graph(package)
    assert graph["pkg.b"] == {"pkg.sub", "pkg.sub.c"}
    assert cycles(graph) == []
    (package / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import x\n"
    )
    assert cycles(import_graph(package)) == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]


def test_widgets_import_no_screen():
    graph = import_graph(REPO / "device")
    edges = {
        (module, target)
        for module, targets in graph.items()
        if module.startswith("device.ui.widgets.")
        for target in targets
        if target.startswith("device.ui.screens")
    }
    assert edges == set()


def test_only_the_journal_runs_sql():
    """No module outside the journal's package (device/store/journal: the journal,
    its snapshot, its salvage, its opening) imports sqlite3 or runs a statement."""
    found = []
    for name, path in modules_of(REPO / "device").items():
        if name == "device.store.journal" or name.startswith("device.store.journal."):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                imported = [a.name for a in node.names] + [getattr(node, "module", None)]
                if "sqlite3" in imported:
                    found.append(f"{name}:{node.lineno} imports sqlite3")
            is_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if is_call and node.func.attr in ("execute", "executemany", "executescript"):
                found.append(f"{name}:{node.lineno} {ast.unparse(node.func)}")
    assert found == []
