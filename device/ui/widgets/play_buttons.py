"""Last trick, Claim and Cards beside the trick, on the play screens for two and
for four: the picker is always there (a touch is taken whatever the scanner
does), lit as the obvious step when there is no scanner or it is lost."""

from __future__ import annotations

from ..actions import Overlay
from ..draw import draw_button
from ..target import Target


def play_buttons(surface, layout, view, ui, t, x, ys, width, height) -> list[Target]:
    """The three buttons at `x`, one at each y of `ys`."""
    cards_style = "accent" if ui.touch_cards() else "normal"
    rows = [
        (t.t("play.last_trick"), Overlay("last-trick"), bool(view.play.last_trick), "normal"),
        (t.t("play.claim"), Overlay("claim"), True, "normal"),
        (t.t("play.cards"), Overlay("picker"), True, cards_style),
    ]
    targets = []
    for (label, action, enabled, style), y in zip(rows, ys, strict=True):
        rect = (x, y, width, height)
        draw_button(surface, layout, rect, label, enabled, style)
        targets.append(Target(rect, action, enabled))
    return targets
