"""Every form copied under a new name ("<name>-copy", in a package "<package>_copy", its
catalogue keys renamed in the copy only) must look and read exactly as the original: the
same screens, pixel for pixel, along a robot game, and the same words from the terminal
table. Where it does not, a module outside the form's package asks for the form by name
(issue 22, item 2)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from device.forms import FORMS, package

REPO = Path(__file__).resolve().parents[2]

STEPS = 40  # robot inputs walked per form: every phase of a first deal or more
SCRIPT = "help\nmenu\nend draw\nyes\nok\n1S\nP\nP\nP\nok\nSA\nHA\nsheet\nundo\n"


# One copy per worker: xdist interleaves modules, and a module fixture would copy again.
@pytest.fixture(scope="session")
def tree(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("copies")
    shutil.copytree(REPO / "device", root / "device", ignore=shutil.ignore_patterns("__pycache__"))
    for number, form in enumerate(FORMS):
        copy = root / "device" / "forms" / (Path(package(form)).name + "_copy")
        shutil.copytree(REPO / package(form), copy, ignore=shutil.ignore_patterns("__pycache__"))
        rules = (copy / "rules.py").read_text()
        rules = re.sub(r'^    name = "[^"]+"', f'    name = "{form.name}-copy"', rules, flags=re.M)
        rules = re.sub(r"^    aliases = .*$", "    aliases = ()", rules, flags=re.M)
        rules = re.sub(r"^    former_names = .*$", "    former_names = ()", rules, flags=re.M)
        rules = re.sub(r"^    order = \d+.*$", f"    order = {1000 + number}", rules, flags=re.M)
        (copy / "rules.py").write_text(rules)
        for lang in ("en", "nl"):
            path = copy / "locale" / f"{lang}.json"
            texts = json.loads(path.read_text("utf-8"))
            renamed = {
                section: {_renamed(key, form.name): text for key, text in entries.items()}
                for section, entries in texts.items()
            }
            path.write_text(json.dumps(renamed, ensure_ascii=False, indent=1), "utf-8")
    return root


def _renamed(key: str, name: str) -> str:
    return ".".join(f"{name}-copy" if part == name else part for part in key.split("."))


def _env(tree: Path) -> dict:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tree), str(REPO)]),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


SCREENS = """
import hashlib, json, random, sys
import pygame
from device.engine.events import Setup
from device.engine.game import Game
from device.engine.legal import legal_inputs
from device.forms import FORMS
from device.ui.screens.base import UiState
from device.ui.view import build_view
from tests.ui import gallery

pygame.init()

def drawn(name, players):
    game = Game(Setup(name, ("Anna", "Ben", "Carla", "Dirk")[:players], 0))
    rng, seen = random.Random(3), []
    for _ in range(int(sys.argv[1])):
        for overlay in (None, "sheet"):
            try:
                surface, _ = gallery.draw(build_view(game), UiState(overlay=overlay), "en")
                seen.append(hashlib.md5(pygame.image.tobytes(surface, "RGB")).hexdigest())
            except Exception as error:
                seen.append(f"{game.phase} {overlay}: {type(error).__name__}: {error}")
        moves = [m for m in legal_inputs(game) if type(m).__name__ != "Undone"]
        if game.phase == "finished" or not moves:
            break
        game.apply(rng.choice(moves))
    return seen

print(json.dumps({f.name: drawn(f.name, f.players) == drawn(f.name + "-copy", f.players)
                  for f in FORMS if not f.name.endswith("-copy")}))
"""


@pytest.fixture(scope="session")
def screens_alike(tree) -> dict[str, bool]:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCREENS), str(STEPS)],
        capture_output=True,
        text=True,
        cwd=tree,
        env=_env(tree),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _terminal(tree: Path, folder: Path, name: str, players: int) -> str:
    argv = ["run", "--text", "--config", os.devnull, "--data-dir", str(folder), "--new", name]
    argv += ["--players", *("Anna", "Ben", "Carla", "Dirk")[:players]]
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", *argv],
        input=SCRIPT,
        capture_output=True,
        text=True,
        cwd=tree,
        env=_env(tree),
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.replace(f"{name}", "FORM")


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.name)
def test_a_copy_of_a_form_draws_the_same_screens(form, screens_alike):
    assert screens_alike[form.name]


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.name)
def test_a_copy_of_a_form_says_the_same_in_the_terminal(form, tree, tmp_path):
    original = _terminal(tree, tmp_path / "original", form.name, form.players)
    copy = _terminal(tree, tmp_path / "copy", f"{form.name}-copy", form.players)
    assert copy == original
