"""A form is one package: a copy of device/forms/plain under a new name, with no edit
outside the copy, is found and plays through every part of the table.

The repository's device/ tree is copied to a folder of the test's own, plain's package
copied beside it as plain_copy (its name, aliases, order and catalogue keys changed in
the copy only), and each part runs in a process with that tree first on PYTHONPATH: the
registry and `honeymoon forms`, robot rubbers and the record's round trip, the journal's
resume, the screens in both languages, the terminal table (played, stopped, resumed) and
a whole rubber through the simulated devices into the headless table. Plain is a form of
hooks alone; a form with phases or screens of its own (aBRIDGEd) still needs edits
outside its package (issue 22, item 2)."""

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

REPO = Path(__file__).resolve().parents[2]
NAME = "plain-copy"


# One copy per worker: xdist interleaves modules, and a module fixture would copy again.
@pytest.fixture(scope="session")
def tree(tmp_path_factory) -> Path:
    """device/ copied, with device/forms/plain_copy: plain renamed inside the copy only."""
    root = tmp_path_factory.mktemp("copied")
    shutil.copytree(REPO / "device", root / "device", ignore=shutil.ignore_patterns("__pycache__"))
    copy = root / "device" / "forms" / "plain_copy"
    shutil.copytree(REPO / "device" / "forms" / "plain", copy, dirs_exist_ok=True)
    shutil.rmtree(copy / "__pycache__", ignore_errors=True)
    rules = (copy / "rules.py").read_text()
    rules = rules.replace('name = "plain"', f'name = "{NAME}"')
    rules = rules.replace('aliases = ("plain-honeymoon",)', "aliases = ()")
    rules = rules.replace("order = 20", "order = 130")
    assert rules.count(NAME) == 1 and "order = 130" in rules and "aliases = ()" in rules
    (copy / "rules.py").write_text(rules)
    for lang in ("en", "nl"):  # the copy's own keys: help.plain-copy.deal, form.plain-copy
        path = copy / "locale" / f"{lang}.json"
        texts = json.loads(path.read_text("utf-8"))
        texts = {
            section: {re.sub(r"\bplain\b", NAME, key): text for key, text in entries.items()}
            for section, entries in texts.items()
        }
        path.write_text(json.dumps(texts, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return root


def in_tree(tree: Path, code: str, *argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    """`code` run with the copied tree first on PYTHONPATH (the repository after it, for
    the tests' own helpers), in a folder of its own."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tree), str(REPO)]),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tree,
        env=env,
        timeout=300,
    )


def check(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_copy_is_found_from_its_own_package_and_only_in_the_copied_tree(tree):
    out = check(
        in_tree(
            tree,
            """
            import json, device
            from device.forms import FORMS, find_form, package
            form = find_form("plain-copy")
            print(json.dumps([device.__file__, package(form), form.aliases, FORMS[-1].name,
                              find_form("plain").name, len(FORMS)]))
            """,
        )
    )
    where, folder, aliases, last, plain, count = json.loads(out)
    assert where == str(tree / "device" / "__init__.py")
    assert (folder, aliases, last) == ("device/forms/plain_copy", [], NAME)
    assert (plain, count) == ("plain", 13)  # the original stays, beside its copy
    listed = check(in_tree(tree, "from device.cli import main; main()", "forms", "--json"))
    assert json.loads(listed)[-1] == {
        "name": NAME,
        "aliases": [],
        "players": 2,
        "package": "device/forms/plain_copy",
    }


def test_the_copy_plays_robot_rubbers_and_round_trips_its_record(tree):
    out = check(
        in_tree(
            tree,
            """
            import json
            from device.engine.record import play_record, to_record
            from device.robots import play_rubber
            for seed in (1, 2, 3):
                game = play_rubber(seed, "plain-copy")
                assert game.phase == "finished", seed
                record = json.loads(json.dumps(to_record(game)))
                assert record["game"] == "plain-copy"
                again = play_record(record)
                assert again.snapshot() == game.snapshot(), seed
                assert to_record(again) == record
            print("ok")
            """,
        )
    )
    assert out.strip() == "ok"


def test_the_copy_resumes_from_its_journal(tree, tmp_path):
    out = check(
        in_tree(
            tree,
            """
            import sys
            from pathlib import Path
            from device.engine.events import Setup
            from device.engine.game import Game
            from device.hal.events import CALL, Input
            from device.store.journal import Journal
            from device.store.journal.opening import open_journal
            from device.table import Table

            folder = Path(sys.argv[1])
            journal = Journal(folder / "journal.sqlite3")
            table = Table(Game(Setup("plain-copy", ("Anna", "Ben"), 0)), journal=journal)
            assert table.handle(Input(CALL, "1S")).accepted
            before = table.game.snapshot()
            journal.close()
            opened = open_journal(folder)
            assert opened.game is not None and opened.salvage is None
            assert opened.game.form.name == "plain-copy"
            assert opened.game.snapshot() == before
            print("ok")
            """,
            str(tmp_path),
        )
    )
    assert out.strip() == "ok"


def test_the_copy_draws_its_screens_in_both_languages(tree):
    out = check(
        in_tree(
            tree,
            """
            from tests.ui import gallery
            import pygame
            pygame.init()
            drawn = 0
            for name, view, ui in gallery.game_screens("plain-copy"):
                for lang in ("en", "nl"):
                    gallery.draw(view, ui, lang)
                    drawn += 1
            print(drawn)
            """,
        )
    )
    assert int(out) > 50


def test_the_copy_plays_through_the_terminal_table_and_resumes_there(tree, tmp_path):
    run = "from device.cli import main; main()"
    common = ["--config", "/dev/null", "--data-dir", str(tmp_path)]
    first = ["run", "--text", *common, "--new", NAME, "--players", "Anna", "Ben"]
    said = check(in_tree(tree, run, *first, stdin="1S\nP\n"))
    assert "Ben: 1S" in said and "Anna: P" in said
    status = json.loads(check(in_tree(tree, run, "status", "--data-dir", str(tmp_path))))
    assert status["game"] == NAME and status["phase"] == "play"
    again = check(in_tree(tree, run, "run", "--text", *common, stdin="SA\n"))  # resumed
    assert "SA" in again
    later = json.loads(check(in_tree(tree, run, "status", "--data-dir", str(tmp_path))))
    assert later["game"] == NAME and later["phase"] == "play" and later != status


def test_the_copy_plays_a_whole_rubber_through_the_simulated_devices(tree, tmp_path):
    """A robot rubber's record through `honeymoon sim-devices` over ptys into `honeymoon
    run --headless --new plain-copy`, then status, export and replay on what it stored:
    tests/at_the_table.py, with the copied tree as the folder its commands run in."""
    out = check(
        in_tree(
            tree,
            """
            import sys
            from pathlib import Path
            from tests import at_the_table
            at_the_table.REPO = Path.cwd()  # the commands run the copied tree's device/
            from device.engine.record import play_record
            record = at_the_table.robot_record("plain-copy", {})
            data = at_the_table.play_at_the_table(Path(sys.argv[1]), record)
            at_the_table.check_stored(data, record, play_record(record))
            print(len(record["deals"]))
            """,
            str(tmp_path),
        )
    )
    assert int(out) > 1
