"""Game forms, found by name the way python-chess finds its variants.

Each form is a GameForm subclass in a module of this package; `FORMS` lists
them in the order the start screen offers them, the default first.
"""

from __future__ import annotations

from ..errors import SetupError
from .abridged import Abridged
from .base import GameForm, Option
from .bridge import Chicago, RubberBridge
from .draw import DrawBridge
from .dummies import DoubleDummy, ExposedDummy, SemiExposedDummies, SingleDummy
from .honeymoon import DrawAndDiscard, Plain
from .pickup import DrawPickUp
from .three import ThreePlayer

FORMS: tuple[GameForm, ...] = (
    DrawAndDiscard(),
    Plain(),
    DrawBridge(),
    DrawPickUp(),
    Chicago(),
    RubberBridge(),
    DoubleDummy(),
    SingleDummy(),
    SemiExposedDummies(),
    ExposedDummy(),
    ThreePlayer(),
    Abridged(),
)
DEFAULT = FORMS[0].name


def find_form(name: str) -> GameForm:
    """The form called `name` (or one of its aliases); a SetupError lists the known ones."""
    key = name.strip().lower()
    for form in FORMS:
        if key == form.name or key in form.aliases:
            return form
    known = ", ".join(f.name for f in FORMS)
    raise SetupError(f"unknown game {name!r} (known: {known})")


__all__ = ["DEFAULT", "FORMS", "GameForm", "Option", "find_form"]
