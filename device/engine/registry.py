"""The engine's way to a form by its name: the registry of forms (`device.forms`,
which finds each form by its package) is named here by a string and loaded when a
game first asks, as gpiozero names its pin factories: the forms import the engine,
and the engine imports no form, nor the registry that holds them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .form import GameForm

REGISTRY = "device.forms"


def _registry() -> ModuleType:
    return importlib.import_module(REGISTRY)


def find_form(name: str) -> GameForm:
    """The form called `name` (or an alias, or a name it once had); a SetupError
    lists the known ones."""
    return _registry().find_form(name)


def default_form() -> str:
    """The name of the form a record that names none was played in: the first."""
    return _registry().DEFAULT
