"""A finger on the app's screen, for the tests that play by touch."""

from __future__ import annotations


def tap(app, action, min_size: float = 0) -> None:
    """Touch the enabled target with this action at its centre, as a finger would (it
    must be at least `min_size` wide and high), and let the app take it."""
    target = next(t for t in app.targets if t.action == action and t.enabled)
    x, y, w, h = target.rect
    assert w >= min_size and h >= min_size, target
    app.touch(app.layout.point(x + w / 2, y + h / 2))
    app.step(0)


def is_field(action, name: str) -> bool:
    """The action sets the start form's field `name` (a StartField for it)."""
    from device.ui.actions import StartField

    return isinstance(action, StartField) and action.name == name
