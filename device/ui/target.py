"""A touch target: what a screen or a widget drew that a tap can hit. Apart from the
screens (screens/base.py) so that widgets return targets without importing a screen."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action


@dataclass(frozen=True)
class Target:
    """A touch target in logical coordinates; disabled ones are drawn greyed and ignored."""

    rect: tuple[float, float, float, float]
    action: Action
    enabled: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.action, Action):  # a string tuple no longer means anything
            raise TypeError(f"a target's action is an Action, not {self.action!r}")

    def hit(self, x: float, y: float) -> bool:
        left, top, width, height = self.rect
        return self.enabled and left <= x < left + width and top <= y < top + height
