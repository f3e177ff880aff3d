"""Names typed on the start screen, and what the settings ignored on the screen."""

import os
import queue
from types import SimpleNamespace

from device.ui.actions import DismissNotice, Setting

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from device.config import NAME_MAX, Problem  # noqa: E402
from device.engine.message import msg  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.run import show_notices  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens.base import StartState, UiState  # noqa: E402


def start_app(lang="en") -> App:
    ui = UiState(lang=lang, start=StartState(players=["", "Ben"], editing=0))
    app = App(TableLoop(None, queue.Queue(), {}), ui)
    app.step(0)
    return app


def test_a_name_the_screen_can_draw_is_typed_letter_by_letter():
    app = start_app()
    for letter in "Zoë Ødegård":
        app.typed(letter)
    assert app.ui.start.players[0] == "Zoë Ødegård" and app.ui.banner is None


def test_a_combining_accent_is_joined_to_its_letter():
    app = start_app()
    for letter in ("Zo", "e", "\u0308"):
        app.typed(letter)
    assert app.ui.start.players[0] == "Zoë" and app.ui.banner is None


def test_a_character_the_screen_cannot_draw_is_refused_where_it_is_typed():
    app = start_app("nl")
    app.typed("Bo")
    for bad in ("\x07", "中", "😀", "\u200b"):
        app.typed(bad)
        assert app.ui.start.players[0] == "Bo"
        assert app.ui.banner_error and app.ui.banner.startswith("het scherm kan U+")
    app.step(0)  # and the refusal is drawn without trouble


def test_one_letter_too_many_is_refused_not_cut_silently():
    app = start_app()
    app.typed("x" * NAME_MAX)
    app.typed("y")
    assert app.ui.start.players[0] == "x" * NAME_MAX
    assert app.ui.banner == f"a name has at most {NAME_MAX} letters"


def test_notices_stay_until_tapped_in_the_screens_language():
    ui = UiState(lang="nl", start=StartState())
    bad = msg("rotation must be 0, 90, 180 or 270, not {value}", value=45)
    problem = Problem(3, msg("{problem}; using {default}", problem=bad, default=0))
    assert problem.screen == "config line 3: rotation must be 0, 90, 180 or 270, not 45; using 0"
    show_notices(ui, [problem.screen, "x"])
    app = App(TableLoop(None, queue.Queue(), {}), ui)
    app.step(0)
    assert ui.journal_notice.text(app.t) == (
        "configuratie, regel 3: rotation moet 0, 90, 180 of 270 zijn, niet 45; 0 wordt gebruikt"
        " (en nog 1: zie het logboek)"
    )
    app.typed("Z")  # typing, cards and calls do not put it away ...
    app.key("return")
    assert ui.journal_notice is not None
    app.act(Setting("lang", "en"))  # ... it follows the language ...
    assert ui.journal_notice.text(app.t).startswith("config line 3: rotation must be")
    app.step(0)
    notice = next(t for t in app.targets if t.action == DismissNotice())
    x, y, w, h = notice.rect
    app.touch(app.layout.point(x + w / 2, y + h / 2))  # ... a tap does
    assert ui.journal_notice is None


def test_when_the_journal_has_a_notice_the_settings_notice_follows_it():
    journal = SimpleNamespace(text=lambda t: "the journal was damaged")
    ui = UiState(journal_notice=journal)
    show_notices(ui, ["config line 1: unknown section [x], ignored"])
    assert ui.journal_notice is journal and ui.banner is None  # shown first ...
    ui.notices.dismiss()  # ... and once tapped away, the settings' notice shows
    assert ui.journal_notice.text(Catalog("en")) == "config line 1: unknown section [x], ignored"
    quiet = UiState()
    show_notices(quiet, [])
    assert quiet.banner is None and quiet.journal_notice is None


def test_a_bad_config_starts_the_app_with_its_good_values(tmp_path, capsys):
    from device.run import load_settings

    path = tmp_path / "config.toml"
    path.write_text('[screen]\nlanguage = "nl"\nwidth = "x"\n[game]\nplayers = ["Zoë", 1]\n')
    args = SimpleNamespace(config=str(path), players=None)
    config, notices = load_settings(args)
    assert config["screen"]["language"] == "nl" and config["game"]["players"] == ["Zoë", "Ben"]
    assert [n.split(":")[0] for n in notices] == ["config line 3", "config line 5"]
    assert capsys.readouterr().err.splitlines() == [
        f'{path} line 3: width must be a whole number, not "x"; using 800',
        f"{path} line 5: name 2 of players is not text in quotes (1); using Ben",
    ]
