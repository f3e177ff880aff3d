"""The menu's ways out. On a laptop: Quit, asked first, and the program ends (status 0).
On the appliance (run by honeymoon-table.service): Restart in Quit's place, which ends
with the status the unit restarts on, and Shut down, asked first, which asks logind to
power off (here an injected runner: nothing is powered off) and says on the screen why
when it cannot."""

import os
import queue
import subprocess

from device.ui.actions import Overlay, Quit, ShutDown

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device import appliance  # noqa: E402
from device.engine.events import DrawTurnEnded, Setup  # noqa: E402
from device.engine.game import Game  # noqa: E402
from device.hal.events import KEY, Input  # noqa: E402
from device.loop import TableLoop  # noqa: E402
from device.table import Table  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.app import App  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.screens import menu, screen_name  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from tests.ui.touch import tap  # noqa: E402

RESTART = Overlay("confirm-restart")
SHUT_DOWN = Overlay("confirm-shutdown")
QUIT = Overlay("confirm-quit")
NO = Overlay(None)


class Runner:
    """subprocess.run as logind would answer it: every call kept, nothing run."""

    def __init__(self, status=0, stderr="", raises=None):
        self.calls, self.status, self.stderr, self.raises = [], status, stderr, raises

    def __call__(self, command, **kwargs):
        self.calls.append((tuple(command), kwargs))
        if self.raises is not None:
            raise self.raises
        return subprocess.CompletedProcess(command, self.status, "", self.stderr)


@pytest.fixture
def on_the_appliance(monkeypatch):
    """The environment honeymoon-table.service gives the table, with busctl found."""
    monkeypatch.setenv(appliance.MARK, "1")
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef0123456789abcdef")
    monkeypatch.setattr(appliance.shutil, "which", lambda name: f"/usr/bin/{name}")


@pytest.fixture
def on_a_laptop(monkeypatch):
    monkeypatch.delenv(appliance.MARK, raising=False)
    monkeypatch.delenv("INVOCATION_ID", raising=False)


def make_app(lang="en", form="plain", runner=None):
    table = Table(Game(Setup(form, ("Anna", "Ben"), 0)))
    app = App(TableLoop(table, queue.Queue()), UiState(lang=lang, scanner=True))
    app.appliance.run = runner or Runner()
    app.step(0)
    return app


def open_menu(app):
    app.send(Input(KEY, "MENU", "bidbox"))
    app.step(0)
    assert app.ui.overlay == "menu"


def actions(app):
    return [target.action for target in app.targets]


def colour_at(app, action):
    target = next(t for t in app.targets if t.action == action)
    x, y, w, h = target.rect
    return tuple(app.canvas.get_at(app.layout.point(x + 6, y + h / 2)))[:3]


def notice(app, key="power"):
    return app.ui.notices.notice_for(key).text(app.t)


# -- a laptop ---------------------------------------------------------------------------


def test_on_a_laptop_quit_simply_quits_and_there_is_no_shut_down(on_a_laptop):
    app = make_app()
    open_menu(app)
    assert QUIT in actions(app)
    assert RESTART not in actions(app) and SHUT_DOWN not in actions(app)
    tap(app, QUIT)
    tap(app, Quit())
    assert not app.running and app.exit_code == 0


def test_a_laptop_never_calls_the_power_off_even_when_asked(on_a_laptop):
    runner = Runner()
    app = make_app(runner=runner)
    app.act(ShutDown())  # no button leads here; a stray action still does nothing
    assert runner.calls == [] and app.running
    assert "only the installed table" in notice(app)


def test_the_appliance_needs_its_unit_and_systemd(monkeypatch):
    monkeypatch.setattr(appliance.shutil, "which", lambda name: f"/usr/bin/{name}")
    mark, invocation = {appliance.MARK: "1"}, {"INVOCATION_ID": "abc"}
    assert appliance.Appliance.here({**mark, **invocation}).can_power_off()
    for environ in ({}, mark, invocation, {appliance.MARK: "0", **invocation}):
        found = appliance.Appliance.here(environ)
        assert not found.on and not found.can_power_off() and found.quit_status() == 0


# -- the appliance: Restart -----------------------------------------------------------


def test_restart_asks_first_then_ends_with_the_status_the_unit_restarts_on(on_the_appliance):
    app = make_app()
    open_menu(app)
    assert QUIT not in actions(app)  # Restart takes Quit's place: the same action
    tap(app, RESTART, min_size=48)
    assert screen_name(app.view(), app.ui) == "confirm-restart" and app.running
    assert colour_at(app, NO) == theme.ACCENT and colour_at(app, Quit()) == theme.DANGER
    tap(app, NO)
    assert app.running and app.ui.overlay is None and app.exit_code == 0
    open_menu(app)
    tap(app, RESTART)
    tap(app, Quit())
    assert not app.running and app.exit_code == appliance.EXIT_RESTART == 75


def test_a_stop_from_systemd_is_not_a_restart(on_the_appliance):
    """SIGTERM (systemctl stop, a shutdown) reaches the app as SDL's QUIT: status 0,
    which the unit does not restart."""
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0)
    assert not app.running and app.exit_code == 0


# -- the appliance: Shut down ---------------------------------------------------------


def test_shut_down_asks_first_and_no_powers_nothing_off(on_the_appliance):
    runner = Runner()
    app = make_app(runner=runner)
    open_menu(app)
    tap(app, SHUT_DOWN, min_size=48)
    assert screen_name(app.view(), app.ui) == "confirm-shutdown"
    assert colour_at(app, NO) == theme.ACCENT and colour_at(app, ShutDown()) == theme.DANGER
    tap(app, NO)
    assert runner.calls == [] and app.ui.overlay is None and app.running


def test_yes_asks_logind_to_power_off_and_says_so(on_the_appliance):
    runner = Runner()
    app = make_app(runner=runner)
    open_menu(app)
    tap(app, SHUT_DOWN)
    tap(app, ShutDown())
    [(command, kwargs)] = runner.calls
    assert command[0] == "busctl" and command[-3:] == ("PowerOff", "b", "false")
    assert "org.freedesktop.login1.Manager" in command
    assert kwargs["timeout"] < 10  # the watchdog's WatchdogSec: the loop is back in time
    assert app.running and app.ui.overlay is None  # systemd stops it with everything else
    assert notice(app).startswith("Shutting down")


@pytest.mark.parametrize(
    "runner, words",
    [
        (Runner(1, "Call failed: Access denied\n"), "not allowed; sudo make install"),
        (
            Runner(1, "Call failed: Interactive authentication required.\n"),
            "not allowed; sudo make install",
        ),
        (
            Runner(1, 'Call failed: Operation inhibited by "apt" (PID 12), reason is "upgrade".'),
            'another program keeps it on: Operation inhibited by "apt"',
        ),
        (Runner(raises=FileNotFoundError("busctl")), "busctl is missing"),
        (Runner(raises=subprocess.TimeoutExpired("busctl", 6)), "no answer within 6 s"),
        (Runner(1, "Failed to connect to bus: No such file\x1b[31m\n"), "No such file\\x1b"),
        (Runner(4, ""), "busctl ended with status 4"),
    ],
)
def test_a_failed_shut_down_says_why_and_the_table_goes_on(on_the_appliance, runner, words):
    app = make_app(runner=runner)
    open_menu(app)
    tap(app, SHUT_DOWN)
    tap(app, ShutDown())
    assert len(runner.calls) == 1 and app.running and app.exit_code == 0
    said = notice(app)
    assert said.startswith("Could not shut down: ") and words in said, said
    assert said.endswith("Unplugging loses nothing.")
    app.send(Input("call", "1S", "touch"))  # and play goes on
    app.step(0)
    assert app.table.game.inputs


def test_the_failure_speaks_dutch(on_the_appliance):
    app = make_app("nl", runner=Runner(1, "Call failed: Access denied\n"))
    open_menu(app)
    tap(app, SHUT_DOWN)
    tap(app, ShutDown())
    assert notice(app).startswith("Uitzetten lukte niet: niet toegestaan; sudo make install")


def test_no_shut_down_without_busctl(on_the_appliance, monkeypatch):
    monkeypatch.setattr(appliance.shutil, "which", lambda name: None)
    app = make_app()
    open_menu(app)
    assert RESTART in actions(app) and SHUT_DOWN not in actions(app)


# -- the screens ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_button_of_the_longest_menu_is_large_and_named(on_the_appliance, lang):
    app = make_app(lang, form="draw-and-discard")  # the draw phase adds its own button
    app.table.game.apply(DrawTurnEnded())
    open_menu(app)
    shown = menu.items(app.view(), app.ui)
    assert len(shown) == 9 and shown[-2:] == (menu.RESTART, menu.SHUT_DOWN)
    buttons = [t for t in app.targets if t.action in {item[1] for item in shown}]
    assert len(buttons) == 9 and all(t.rect[3] >= 48 for t in buttons)
    t = Catalog(lang)
    assert t.t("menu.restart") != "menu.restart" and t.t("menu.shut_down") != "menu.shut_down"


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("name", ["restart", "shutdown"])
def test_the_questions_are_in_both_languages_and_fit_above_their_buttons(
    on_the_appliance, lang, name
):
    t = Catalog(lang)
    other = Catalog("nl" if lang == "en" else "en")
    for part in ("question", "note", "yes", "no"):
        key = f"confirm.{name}.{part}"
        assert t.t(key) != key
    assert t.t(f"confirm.{name}.question") != other.t(f"confirm.{name}.question")
    app = make_app(lang)
    lines = menu.fit_lines(app.layout, t.t(f"confirm.{name}.note"), theme.TEXT, 740)
    assert 205 + len(lines) * theme.TEXT * 1.15 <= menu.YES[1]  # clear of Yes and No


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_reason_a_shut_down_fails_for_has_its_words(lang):
    t = Catalog(lang)
    for kind in appliance.REASONS:
        text = appliance.PowerOffFailed(kind, "X").text(t)
        assert f"power.why.{kind}" not in text and "{" not in text, text
