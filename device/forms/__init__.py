"""The game forms, one package each, found by being there.

Every subpackage of this package is a form: its `__init__` exposes the form as
`FORM` (a GameForm), its rules are its `rules.py`. `FORMS` lists them by each
form's `order`, the order the start screen offers them, the default first; a
directory added here with a FORM is a form, one removed is gone. No list of
names is kept anywhere (python-chess finds its variants the same way, by name).

The engine (`device.engine`) is importable before any form: a form's rules
import the engine, and the engine asks this registry for a form by name only
when a game starts.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from types import ModuleType

from device.engine.errors import SetupError
from device.engine.form import GameForm


def _discover() -> tuple[GameForm, ...]:
    """Every subpackage's FORM, by `order`; a package without one, or two forms that
    share an order, a name or an alias, is a SetupError (the table cannot start)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{info.name}")
        form = getattr(package, "FORM", None)
        if not isinstance(form, GameForm):
            raise SetupError(f"the form package {package.__name__} has no FORM")
        found.append(form)
    forms = tuple(sorted(found, key=lambda form: form.order))
    _check_apart(forms)
    return forms


def _check_apart(forms: tuple[GameForm, ...]) -> None:
    """No two forms share an order, or a name or alias (find_form would pick one)."""
    orders: dict[int, str] = {}
    names: dict[str, str] = {}
    for form in forms:
        if form.order in orders:
            raise SetupError(f"forms {orders[form.order]} and {form.name} share order {form.order}")
        orders[form.order] = form.name
        for name in (form.name, *form.aliases, *form.former_names):
            if name in names:
                raise SetupError(f"forms {names[name]} and {form.name} are both called {name!r}")
            names[name] = form.name


def package_name(form: GameForm) -> str:
    """The dotted name of the package that holds `form`: "device.forms.plain"."""
    inside = type(form).__module__.removeprefix(__name__ + ".")
    return f"{__name__}.{inside.split('.')[0]}"


def package(form: GameForm) -> str:
    """The folder of the package that holds `form`, as a path from the repository's
    root: "device/forms/plain"."""
    return package_name(form).replace(".", "/")


def form_part(form: GameForm, part: str) -> ModuleType | None:
    """The module `part` of the package that holds `form` (its robot, its view, its
    screens), or None where the package has none: the core finds a form's parts by
    where they are, never by the form's name."""
    return _part(package_name(form), part)


@functools.cache
def _part(package: str, part: str) -> ModuleType | None:
    name = f"{package}.{part}"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


FORMS: tuple[GameForm, ...] = _discover()
DEFAULT = FORMS[0].name


def find_form(name: str) -> GameForm:
    """The form called `name` (or one of its aliases, or a name it once had); a
    SetupError lists the known ones."""
    key = name.strip().lower()
    for form in FORMS:
        if key == form.name or key in form.aliases or key in form.former_names:
            return form
    known = ", ".join(f.name for f in FORMS)
    raise SetupError(f"unknown game {name!r} (known: {known})")


def alone_scorings() -> dict[str, GameForm | None]:
    """The ways `honeymoon score --scoring NAME` scores one deal alone: "rubber"
    (no form's own: a rubber's), then each form's that names one."""
    return {"rubber": None} | {f.alone_scoring: f for f in FORMS if f.alone_scoring}


__all__ = [
    "DEFAULT",
    "FORMS",
    "alone_scorings",
    "find_form",
    "form_part",
    "package",
    "package_name",
]
