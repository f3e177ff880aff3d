"""A touch target: what a screen or a widget drew that a tap can hit. Apart from the
screens (screens/base.py) so that widgets return targets without importing a screen."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, from_tuple


@dataclass(frozen=True)
class Target:
    """A touch target in logical coordinates; disabled ones are drawn greyed and ignored."""

    rect: tuple[float, float, float, float]
    action: Action
    enabled: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.action, tuple):  # a screen not yet typed (see actions.py)
            object.__setattr__(self, "action", from_tuple(self.action))

    def hit(self, x: float, y: float) -> bool:
        left, top, width, height = self.rect
        return self.enabled and left <= x < left + width and top <= y < top + height
