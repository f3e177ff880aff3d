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
    """What lies on top of every screen: the device line, the banner, the journal's marks."""
    devices_line(surface, layout, ui, t)
    banner(surface, layout, ui, t)
    storage_mark(surface, layout, ui, t)
    journal_notice(surface, layout, ui, t)


# The journal's notice lies over the bottom band (the game above stays in view) until
# tapped; the storage mark takes the free part of each screen's bottom band.
NOTICE_RECT = (0, FOOTER_Y, 800, 480 - FOOTER_Y)
MARK_RECTS = {
    "game": (392, FOOTER_Y + 4, 272, BUTTON_H),  # between Score sheet and Menu
    "page": (8, FOOTER_Y + 4, 608, BUTTON_H),  # menu, settings, history: left of Close
    "sheet": (516, 346, 268, 56),  # above Close, beside the paper
    "start": (166, FOOTER_Y + 4, 206, BUTTON_H),  # between Menu and Resume
    "cut": (166, FOOTER_Y + 4, 126, BUTTON_H),
    "pairing": (216, FOOTER_Y + 4, 576, BUTTON_H),
}


def storage_text(ui, t) -> str | None:
    """Why inputs are not stored now, or why nothing is kept at all; None when all is well."""
    if ui.storage is not None:
        return t.t("storage.failing", why=t.t(f"storage.{ui.storage}"))
    if ui.memory_only is not None:
        return t.t("storage.memory_only", why=t.t(f"storage.{ui.memory_only}"))
    return None


def mark_rect(ui) -> tuple:
    if ui.pairing is not None:
        return MARK_RECTS["pairing"]
    if ui.overlay == "sheet":
        return MARK_RECTS["sheet"]
    if ui.overlay in ("menu", "settings", "history"):
        return MARK_RECTS["page"]
    if ui.start is not None and ui.overlay is None:
        return MARK_RECTS["cut" if ui.start.drawn is not None else "start"]
    return MARK_RECTS["game"]


def storage_mark(surface, layout, ui, t) -> None:
    text = storage_text(ui, t)
    if text is not None:
        text_box(surface, layout, text, mark_rect(ui), 18, theme.BANNER_ERROR)


def journal_notice(surface, layout, ui, t) -> None:
    if ui.journal_notice is not None:
        text = f"{ui.journal_notice.text(t)} {t.t('journal.tap')}"
        text_box(surface, layout, text, NOTICE_RECT, 20, theme.BANNER_INFO, radius=0)


def notice_target(ui) -> Target | None:
    """Tapping the journal's notice (anywhere on it) puts it away."""
    return Target(NOTICE_RECT, ("dismiss-notice",)) if ui.journal_notice is not None else None


def text_box(surface, layout, text: str, rect, size: float, colour, radius: int = 8) -> None:
    """`text` in a filled box, broken into lines and made as large as fits (at least 11)."""
    x, y, w, h = rect
    pygame.draw.rect(surface, colour, layout.rect(*rect), border_radius=layout.px(radius))
    lines, size = _fitted_lines(layout, text, size, w - 16, h - 4)
    step = size * 1.12
    top = y + (h - step * len(lines)) / 2 + step / 2
    for i, line in enumerate(lines):
        draw_text(
            surface, layout, line, (x + w / 2, top + i * step), size, theme.WHITE, True, "center"
        )


def _fitted_lines(layout, text: str, size: float, width: float, height: float):
    while True:
        lines = _wrap(layout, text, size, width)
        if len(lines) * size * 1.12 <= height or size <= 11:
            return lines, size
        size -= 1


def _wrap(layout, text: str, size: float, width: float) -> list[str]:
    font, lines, line = layout.font(size, True), [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] / layout.scale > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]
