"""Settings' camera page: what the camera sees, so that a person can place the
camera and the light by looking. The live picture, scaled to fit; over it the
spot's outline (the whole frame unless the camera process says otherwise) and the
outline of the card found; beside it what the camera reads ("SA 0.97" with its
suit symbol, "Not sure", "No card"), a key to the two outlines and a hint. Back
returns to Settings.

The app asks the camera for the preview while this page is open and hands the
last good picture in `ui.decks.camera_shown` (ui/camera_preview.py): before the first
one the picture's room says so.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import Overlay
from ..draw import draw_text
from ..widgets.text import wrapped_text
from . import chrome, menu

PICTURE = (16, 54, 440, 356)  # the picture's room, clear of the title and the bottom band
PANEL_X, PANEL_W = 472, 312  # what it reads, the key, the hint
READING_SIZE = theme.TEXT_TITLE
LEGEND_LINE = 36  # the key's sample line, logical px
# What the camera says when it reads no card (Reading.why) -> the page's words.
NOT_READ = {"not sure": "camera.not_sure", "off the spot": "camera.off_spot"}


def draw(surface, layout, view, ui, t):
    menu.page(surface, layout, t.t("camera.title"))
    shown = ui.decks.camera_shown
    lost = ui.devices.get("scanner", "connected") != "connected"
    if lost or shown is None or shown.picture is None:  # a lost camera's picture is old
        _no_picture(surface, layout, t.t("camera.lost" if lost else "camera.no_picture"))
    else:
        _picture(surface, layout, shown)
    _panel(surface, layout, t, None if lost or shown is None else shown.seen)
    menu.bottom_band(surface, layout)
    back = (624, menu.BUTTON_Y, 168, menu.BUTTON_H)
    targets = [menu.button(surface, layout, back, t.t("camera.back"), Overlay("settings"))]
    chrome.finish(surface, layout, ui, t, devices=False)  # the picture's room says it
    return targets


def _no_picture(surface, layout, text: str) -> None:
    pygame.draw.rect(surface, theme.CAMERA_NO_PICTURE, layout.rect(*PICTURE))
    x, y, w, h = PICTURE
    lines = menu.fit_lines(layout, text, theme.TEXT, w - 32)
    top = y + h / 2 - len(lines) * theme.TEXT * 0.6
    for i, line in enumerate(lines):
        pos = (x + w / 2, top + (i + 0.5) * theme.TEXT * 1.2)
        draw_text(surface, layout, line, pos, theme.TEXT, theme.INK_ON_FELT, anchor="center")


def fitted_box(size: tuple[int, int]) -> tuple[float, float, float, float]:
    """Where a picture of `size` lies in PICTURE, as large as fits, centred (logical)."""
    x, y, w, h = PICTURE
    scale = min(w / size[0], h / size[1])
    fw, fh = size[0] * scale, size[1] * scale
    return x + (w - fw) / 2, y + (h - fh) / 2, fw, fh


def _picture(surface, layout, shown) -> None:
    """The picture scaled into its room, the spot and the card found drawn over it."""
    picture, seen = shown.picture, shown.seen
    box = fitted_box(picture.get_size())
    rect = layout.rect(*box)
    try:
        scaled = pygame.transform.smoothscale(picture, rect.size)
    except ValueError:  # a picture of 8 bits a pixel: the plain scale takes it
        scaled = pygame.transform.scale(picture, rect.size)
    surface.blit(scaled, rect)
    if seen is None:
        return
    _outline(surface, layout, box, seen.size, seen.spot_corners, theme.CAMERA_SPOT, 3)
    if seen.outline is not None:
        _outline(surface, layout, box, seen.size, seen.outline, theme.CAMERA_CARD, 4)


def _outline(surface, layout, box, size, corners, colour, width: float) -> None:
    """Four corners in the frame's pixels, drawn over the picture in `box`; a corner at
    or beyond the frame's edge is drawn just inside it, so that all its line shows."""
    x, y, w, h = box
    inset = width / 2
    points = []
    for cx, cy in corners:
        px = min(max(x + cx / size[0] * w, x + inset), x + w - inset)
        py = min(max(y + cy / size[1] * h, y + inset), y + h - inset)
        points.append(layout.point(px, py))
    pygame.draw.lines(surface, colour, True, points, layout.px(width))


def reading_text(seen, t) -> str:
    """What the camera reads: "SA 0.97" (0,97 in Dutch), or why it reads no card."""
    if seen is None:
        return ""
    if seen.card is not None and seen.why == "read":
        score = f"{seen.score:.2f}"
        return f"{seen.card} {score.replace('.', ',') if t.lang == 'nl' else score}"
    return t.t(NOT_READ.get(seen.why, "camera.no_card"))


def _panel(surface, layout, t, seen) -> None:
    """What it reads, big; the key to the outlines; the hint."""
    x, w = PANEL_X, PANEL_W
    reading = reading_text(seen, t)
    if reading:
        label = t.t("camera.reads")
        menu.fitted_text(surface, layout, label, (x, 56), theme.TEXT, w, theme.INK_ON_FELT_SOFT)
        menu.fitted_text(surface, layout, reading, (x, 96), READING_SIZE, w, bold=True)
    _legend(surface, layout, t.t("camera.spot"), theme.CAMERA_SPOT, 3, 172)
    _legend(surface, layout, t.t("camera.card"), theme.CAMERA_CARD, 4, 212)
    wrapped_text(surface, layout, t.t("camera.hint"), (x, 244), theme.TEXT, w)


def _legend(surface, layout, text: str, colour, width: float, y: float) -> None:
    start, end = layout.point(PANEL_X, y), layout.point(PANEL_X + LEGEND_LINE, y)
    pygame.draw.line(surface, colour, start, end, layout.px(width))
    room = PANEL_W - LEGEND_LINE - 12
    pos = (PANEL_X + LEGEND_LINE + 12, y)
    menu.fitted_text(surface, layout, text, pos, theme.TEXT, room, anchor="midleft", suits=False)
