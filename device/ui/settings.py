"""Settings: the screen's language, four-colour suits and rotation, applied at once and
remembered for the next start.

The settings themselves are in the UI state (ui.lang, ui.four_colour, ui.rotation):
every screen reads them. The controller sees the app only as a Host.
"""

from __future__ import annotations

from collections.abc import Callable

from . import actions as a
from .host import Host
from .i18n import Catalog


class SettingsController:
    """A tap on a setting: it applies at once and is remembered."""

    def __init__(self, host: Host):
        self.host = host

    def handlers(self) -> dict[type[a.Action], Callable]:
        return {a.Setting: lambda act: self.setting(act.name, act.value)}

    def setting(self, name: str, value) -> None:
        ui = self.host.ui
        if name == "lang":
            ui.lang = value
            self.host.t = Catalog(value)
        elif name == "four_colour":
            ui.four_colour = bool(value)
        elif name == "rotation":
            ui.rotation = int(value)
            self.host.turn_display()  # the window turns with the picture
        self.remember(**{name: value})

    def remember(self, **values) -> None:
        """For the next start; never a stop (prefs log what they cannot keep)."""
        if self.host.prefs is not None:
            self.host.prefs.remember(**values)
