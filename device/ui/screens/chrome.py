"""The frame around every game screen: a header that says which deal it is,
who deals, who is vulnerable and whose turn it is; a footer with the keys
every hardware input has on screen (OK, Undo, Menu, the score sheet); and a
banner for errors. Logical layout, 800x480:

    0..44     header
    44..424   the screen's own area (CONTENT)
    424..480  footer: buttons 56 px high (touch targets stay above 48 px)
"""

from __future__ import annotations

import pygame

from .. import theme
from ..draw import draw_button, draw_text, text_with_suits
from .base import Target

HEADER_H = 44
FOOTER_Y = 424
CONTENT = (0, HEADER_H, 800, FOOTER_Y - HEADER_H)
BUTTON_H = 48


def background(surface, layout) -> None:
    surface.fill(theme.FELT)


def band(surface, layout, y: float, height: float, colour) -> None:
    """A bar across the whole display, also beyond the 800x480 area on wider screens."""
    rect = layout.rect(0, y, 800, height)
    rect.x, rect.width = 0, surface.get_width()
    if y == 0:
        rect.height, rect.y = rect.bottom, 0
    if y + height >= 480:
        rect.height = surface.get_height() - rect.y
    pygame.draw.rect(surface, colour, rect)


def header(surface, layout, view, t) -> None:
    band(surface, layout, 0, HEADER_H, theme.FELT_DARK)
    left = f"{t.t('header.deal', n=view.deal)} · {t.t('header.dealer', name=view.dealer)}"
    draw_text(surface, layout, left, (12, 22), 22, theme.INK_ON_FELT, anchor="midleft")
    vulnerable = [s.name for s in view.seats if s.vulnerable]
    if vulnerable:
        text = t.t("header.vulnerable", names=", ".join(vulnerable))
        draw_text(surface, layout, text, (400, 22), 20, theme.INK_ON_FELT_SOFT, anchor="center")
    if view.turn:
        turn = t.t("header.turn", name=view.turn)
        draw_text(surface, layout, turn, (788, 22), 24, theme.ACCENT, True, anchor="midright")


def footer(surface, layout, view, ui, t, ok: bool = True) -> list[Target]:
    """OK, Undo, Menu and Score sheet; the keyboard buffer in simulation."""
    band(surface, layout, FOOTER_Y, 480 - FOOTER_Y, theme.FELT_DARK)
    y = FOOTER_Y + 4
    buttons = [
        ((8, y, 120, BUTTON_H), t.t("button.ok"), ("key", "OK"), ok, "accent"),
        ((136, y, 120, BUTTON_H), t.t("button.undo"), ("key", "UNDO"), view.can_undo, "normal"),
        ((264, y, 120, BUTTON_H), t.t("button.sheet"), ("overlay", "sheet"), True, "normal"),
        ((672, y, 120, BUTTON_H), t.t("button.menu"), ("key", "MENU"), True, "normal"),
    ]
    targets = []
    for rect, label, action, enabled, style in buttons:
        draw_button(surface, layout, rect, label, enabled, style)
        targets.append(Target(rect, action, enabled))
    if ui.typed:
        draw_text(surface, layout, ui.typed + "_", (528, y + 24), 28, theme.ACCENT, True, "center")
    return targets


def banner(surface, layout, ui, t) -> None:
    """The last refusal (or a device message), over the top of the content."""
    if not ui.banner:
        return
    colour = theme.BANNER_ERROR if ui.banner_error else theme.BANNER_INFO
    ink = theme.BANNER_ERROR_TEXT if ui.banner_error else theme.BANNER_INFO_TEXT
    band(surface, layout, HEADER_H, 40, colour)
    text_with_suits(
        surface, layout, ui.banner, (400, HEADER_H + 20), 24, ink, anchor="center", mono=True
    )


def devices_line(surface, layout, ui, t, pos=(12, 404)) -> None:
    """A small line naming a device that is not connected (scanner disconnected)."""
    lost = [name for name, state in sorted(ui.devices.items()) if state != "connected"]
    if lost:
        text = " · ".join(t.t(f"device.{name}.lost") for name in lost)
        width = layout.font(18).size(text)[0] / layout.scale + 20
        pill = layout.rect(pos[0], pos[1] - 12, width, 24)
        pygame.draw.rect(surface, theme.BANNER_ERROR, pill, border_radius=layout.px(12))
        draw_text(surface, layout, text, (pos[0] + 10, pos[1]), 18, theme.WHITE, anchor="midleft")


def frame(surface, layout, view, ui, t, ok: bool = True) -> list[Target]:
    """Background, header and footer; the screen draws its content, then `finish`."""
    background(surface, layout)
    header(surface, layout, view, t)
    return footer(surface, layout, view, ui, t, ok)


def finish(surface, layout, ui, t) -> None:
    """What lies on top of every screen: the device line and the banner."""
    devices_line(surface, layout, ui, t)
    banner(surface, layout, ui, t)
