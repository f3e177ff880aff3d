"""The contract on a white card: big, its suits in their real colours, the
declarer under it (the play screens for two, three and four all show it). A part of
those screens, not a widget: it says the contract in the auction's words."""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_text, text_with_suits
from .auction import call_text, fitting_size


def contract_card(surface, layout, play, ui, t, rect, size, contract_y, by_y) -> None:
    """`contract_y` and `by_y`: the centres of the two lines, from the card's top."""
    x, y, w, _ = rect
    pygame.draw.rect(surface, theme.CARD_WHITE, layout.rect(*rect), border_radius=layout.px(10))
    contract = call_text(play.contract, t)
    size = fitting_size(layout, contract, size, w - 24, True)
    where = (x + w / 2, y + contract_y)
    text_with_suits(
        surface, layout, contract, where, size, theme.INK, ui.four_colour, "center", bold=True
    )
    by, size = layout.fit_text(t.t("play.by", name=play.declarer), theme.TEXT, w - 24)
    draw_text(surface, layout, by, (x + w / 2, y + by_y), size, theme.INK_SOFT, anchor="center")
