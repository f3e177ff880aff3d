"""What a couple chose comes back at the next start: `honeymoon run` (its main,
with App.run replaced by a script of taps) on the same data folder twice.

The order: the command line, else what is remembered, else the config file,
else the defaults. With no usable data folder nothing is written."""

import json
import os

from device.ui.actions import (
    DismissNotice,
    Forms,
    KeyboardKey,
    Overlay,
    Setting,
    Start,
    StartField,
    TapKey,
)
from tests.ui.touch import is_field

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from device import run  # noqa: E402
from device.cli import build_parser  # noqa: E402
from device.store.prefs import FILENAME  # noqa: E402
from device.ui.app import App  # noqa: E402
from tests.ui.test_keyboard import tap, tap_text  # noqa: E402

CONFIG = """
[screen]
language = "en"
rotation = 0
[game]
form = "draw-and-discard"
players = ["Carla", "Dirk"]
"""


def run_main(monkeypatch, folder, config, script, *extra):
    """`honeymoon run --headless` on `folder`; `script(app)` in place of the loop."""
    seen = {}

    def scripted(app):
        seen["app"] = app
        app.step(0)  # the first frame, as run() draws it
        script(app)

    monkeypatch.setattr(App, "run", scripted)
    argv = ["run", "--headless", "--data-dir", str(folder), "--config", str(config), *extra]
    assert run.main(build_parser().parse_args(argv)) == 0
    return seen["app"]


def choose_everything(app):
    """Names typed on the keyboard, a form, an option, Start; then the settings."""
    while any(t.action == DismissNotice() for t in app.targets):
        tap(app, DismissNotice())  # a notice over the bottom band is read first
    for seat, name in enumerate(("Zoë", "José")):
        tap(app, StartField("editing", seat))
        tap(app, KeyboardKey("clear"))
        tap_text(app, name)
    tap(app, KeyboardKey("done"))
    tap(app, next(t.action for t in app.targets if isinstance(t.action, Forms)))  # the list
    tap(app, StartField("form", "plain"))
    options = next(t.action for t in app.targets if is_field(t.action, "options"))
    tap(app, options)  # honours off
    tap(app, StartField("first_dealer", 1))
    tap(app, Start())
    assert app.table.game.players == ("Zoë", "José")
    tap(app, TapKey("MENU"))
    tap(app, Overlay("settings"))
    tap(app, Setting("lang", "nl"))
    tap(app, Setting("four_colour", True))
    tap(app, Setting("rotation", 90))  # last: taps after it come turned


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(CONFIG, encoding="utf-8")
    return path


def test_a_restart_shows_the_players_form_options_language_colours_and_rotation(
    tmp_path, config, monkeypatch
):
    folder = tmp_path / "data"
    first = run_main(monkeypatch, folder, config, choose_everything)
    assert first.table.game.options["honours"] is False
    again = run_main(monkeypatch, folder, config, lambda app: None)  # the rubber resumes
    assert (again.ui.lang, again.ui.four_colour, again.ui.rotation) == ("nl", True, 90)
    assert again.t.t("start.start") == "Beginnen" and again.display.get_size() == (480, 800)
    assert again.table.game.players == ("Zoë", "José")
    for part in folder.glob("journal.sqlite3*"):  # with no rubber in progress ...
        part.unlink()
    fresh = run_main(monkeypatch, folder, config, lambda app: None)
    start = fresh.ui.start  # ... the start screen is filled in as it was left
    assert start.players == ["Zoë", "José"] and start.form == "plain"
    assert start.options["honours"] is False
    assert (fresh.ui.lang, fresh.ui.four_colour, fresh.ui.rotation) == ("nl", True, 90)


def test_the_command_line_comes_before_what_is_remembered(tmp_path, config, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    remembered = {"players": ["Zoë", "José"], "lang": "nl", "rotation": 180, "form": "plain"}
    (folder / FILENAME).write_text(json.dumps(remembered), encoding="utf-8")
    argv = ("--lang", "en", "--rotation", "0", "--players", "Ed", "Flo")
    app = run_main(monkeypatch, folder, config, lambda app: None, *argv)
    assert (app.ui.lang, app.ui.rotation, app.ui.start.players) == ("en", 0, ["Ed", "Flo"])
    assert app.ui.start.form == "plain"  # not on the command line: remembered, not the config's
    app = run_main(monkeypatch, folder, config, lambda app: None)  # nothing given was kept
    assert (app.ui.lang, app.ui.rotation, app.ui.start.players) == ("nl", 180, ["Zoë", "José"])


def test_a_rubber_started_on_the_command_line_is_remembered_with_its_options(
    tmp_path, config, monkeypatch
):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / FILENAME).write_text(json.dumps({"options": {"honours": False}}), encoding="utf-8")
    argv = ("--new", "plain", "--players", "Ed", "Flo")
    app = run_main(monkeypatch, folder, config, lambda app: None, *argv)
    assert app.table.game.options["honours"] is False  # the remembered option was used
    kept = json.loads((folder / FILENAME).read_text("utf-8"))
    assert kept["players"] == ["Ed", "Flo"] and kept["form"] == "plain"


def test_a_damaged_prefs_file_starts_with_the_config_and_a_log_line(
    tmp_path, config, monkeypatch, capsys
):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / FILENAME).write_bytes(b"\x00\xff{{{")
    app = run_main(monkeypatch, folder, config, lambda app: None)
    assert app.ui.start.players == ["Carla", "Dirk"] and app.ui.lang == "en"
    assert "damaged" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["no-folder", "newer-journal"])
def test_with_no_usable_data_folder_nothing_is_written_and_nothing_breaks(
    tmp_path, config, monkeypatch, kind
):
    if kind == "no-folder":
        blocker = tmp_path / "file"
        blocker.write_text("not a folder")
        folder = blocker / "data"
    else:  # the journal is a newer program's: the table keeps nothing
        from device.store.journal import FILENAME as JOURNAL
        from device.store.journal import VERSION, Journal

        folder = tmp_path / "data"
        folder.mkdir()
        db = Journal(folder / JOURNAL).db
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
        db.close()
    before = sorted(p.name for p in tmp_path.rglob("*"))
    app = run_main(monkeypatch, folder, config, choose_everything)
    assert app.ui.memory_only is not None and app.table.game.players == ("Zoë", "José")
    assert app.ui.lang == "nl" and app.ui.rotation == 90  # applied at once all the same
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
