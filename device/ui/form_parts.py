"""What a form's package adds to the screens, found in the package by name as the
registry finds the form itself (device/forms): the core names no form.

- `view.py` with `build(game)`: the form's own view, which the screens get as
  `GameView.own` (Draw Bridge's draw tricks and Draw / Pick-Up's stock turned up
  while in them, aBRIDGEd's declaring and its sheet of four hands);
- `screens.py` with `SCREENS` (a phase or overlay -> a module of the package that
  draws it), `PICKERS` (a phase -> the module that draws its card picker) and
  `MENU` (the menu's first button while its own view is shown: Draw Bridge's
  "Stop following the draw tricks").

A package without them draws with the table's own screens (device/ui/screens).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import NamedTuple

from device.forms import FORMS, find_form, form_part, package_name


class Screens(NamedTuple):
    """A form package's screens.py, its modules as dotted names."""

    screens: dict[str, str]
    pickers: dict[str, str]
    menu: tuple | None


def _part(form_name: str, part: str) -> ModuleType | None:
    """The module `part` of the form's package, or None where it has none."""
    return form_part(find_form(form_name), part)


@cache
def _builder(form_name: str):
    module = _part(form_name, "view")
    return None if module is None else module.build


@cache
def _screens(form_name: str) -> Screens:
    module = _part(form_name, "screens")
    package = package_name(find_form(form_name))

    def dotted(table: str) -> dict[str, str]:
        return {key: f"{package}.{name}" for key, name in getattr(module, table, {}).items()}

    return Screens(dotted("SCREENS"), dotted("PICKERS"), getattr(module, "MENU", None))


def own_view(game):
    """The form's own view of `game` (None: its package has no view.py, or its own
    view has nothing to show now)."""
    build = _builder(game.form.name)
    return None if build is None else build(game)


def own_screen(form_name: str, name: str, phase: str) -> ModuleType | None:
    """The module of the form's package that draws the screen `name` (a phase or an
    overlay; the card picker as the phase's own) now, or None: the table's own."""
    own = _screens(form_name)
    module = own.pickers.get(phase) if name == "picker" else own.screens.get(name)
    return None if module is None else import_module(module)


def own_menu_item(form_name: str) -> tuple | None:
    """The menu button the form's package adds while its own view is shown, or None."""
    return _screens(form_name).menu


def own_screen_names() -> frozenset[str]:
    """Every phase and overlay some registered form draws its own way."""
    return frozenset(name for form in FORMS for name in _screens(form.name).screens)


def own_picker_phases() -> frozenset[str]:
    """The phases whose card picker a registered form's package draws."""
    return frozenset(phase for form in FORMS for phase in _screens(form.name).pickers)
