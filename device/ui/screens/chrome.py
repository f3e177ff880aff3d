"""The frame around every game screen: a header that says which deal it is,
who deals, who is vulnerable and whose turn it is; a footer with the keys
every hardware input has on screen (OK, Undo, Menu, the score sheet); and a
banner for errors. Logical layout, 800x480:

    0..48     header: the texts both players share, and a button that turns
              them 180 degrees to face the player across the table
    48..424   the screen's own area (CONTENT)
    424..480  footer: buttons 48 px high (touch targets stay at 48 px or more)

Every text is at least theme.MIN_TEXT: names too long for their room are cut
short with an ellipsis rather than shrunk.
"""

from __future__ import annotations

import math

import pygame

from .. import theme
from ..actions import DismissNotice, ExplainStorage, FlipShared, NoticePage, Overlay, TapKey
from ..draw import draw_button, draw_text, text_with_suits
from ..widgets.text import wrap
from .base import Target

HEADER_H = 48
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


# The header's button that turns its texts to face the other player, at the header's
# right end as drawn (its left end on the screen when the header is turned).
FLIP = (800 - HEADER_H, 0, HEADER_H, HEADER_H)
HEADER_GAP = 14


def vulnerability_text(view, t) -> str:
    """Who is vulnerable in this deal, said for both players: a name, both, or nobody."""
    vulnerable = [s.name for s in view.seats if s.vulnerable]
    if not vulnerable:
        return t.t("header.vulnerable_none")
    if len(vulnerable) == len(view.seats):
        return t.t("header.vulnerable_both")
    return t.t("header.vulnerable", names=", ".join(vulnerable))


def header(surface, layout, view, t, flipped: bool = False) -> Target:
    """Deal and dealer, the vulnerability, whose turn; turned 180 degrees when `flipped`.
    Returns the target of the button that turns it."""
    band(surface, layout, 0, HEADER_H, theme.FELT_DARK)
    number = t.t(f"header.{view.deal_word}", n=view.deal)
    pieces = [(f"{number} · {t.t('header.dealer', name=view.dealer)}", False, theme.INK_ON_FELT)]
    if view.vulnerability:
        vulnerable = any(s.vulnerable for s in view.seats)
        pieces.append((vulnerability_text(view, t), vulnerable, None))
    if view.turn:
        pieces.append((t.t("header.turn", name=view.turn), True, theme.ACCENT))
    _header_pieces(surface, layout, pieces)
    _flip_icon(surface, layout)
    if flipped:
        _turn_band(surface, layout)
    x, y, w, h = FLIP
    return Target((800 - x - w, y, w, h) if flipped else FLIP, FlipShared())


def _header_pieces(surface, layout, pieces) -> None:
    """Texts spread over the header, left to right, each cut short if they cannot all fit.
    A piece whose colour is None is the vulnerability: a red pill when someone is."""
    room = FLIP[0] - 8 - HEADER_GAP * len(pieces)
    widths = [
        layout.width(text, theme.TEXT, bold) + (16 if ink is None else 0)
        for text, bold, ink in pieces
    ]
    while sum(widths) > room:  # the longest gives way first
        longest = widths.index(max(widths))
        widths[longest] -= min(sum(widths) - room, widths[longest] - 120)
        if widths[longest] <= 120:
            break
    spare = (room - sum(widths)) / max(1, len(pieces) - 1)
    x = 10
    for (text, bold, ink), width in zip(pieces, widths, strict=True):
        pill = ink is None
        text, size = layout.fit_text(text, theme.TEXT, width - (16 if pill else 0), bold)
        if pill:
            ink = theme.DANGER_TEXT if bold else theme.INK_ON_FELT_SOFT
            if bold:
                box = layout.rect(x, 7, width, HEADER_H - 14)
                pygame.draw.rect(surface, theme.DANGER, box, border_radius=layout.px(17))
            draw_text(surface, layout, text, (x + 8, HEADER_H / 2), size, ink, bold, "midleft")
        else:
            draw_text(surface, layout, text, (x, HEADER_H / 2), size, ink, bold, "midleft")
        x += width + spare + HEADER_GAP


def _flip_icon(surface, layout) -> None:
    """Two arrows chasing each other round: "turn this around"."""
    x, y, w, h = FLIP
    box = layout.rect(x + 4, y + 4, w - 8, h - 8)
    pygame.draw.rect(surface, theme.BUTTON, box, border_radius=layout.px(8))
    centre, radius, head = box.center, box.w * 0.3, layout.px(6)
    arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    arc.center = centre
    for start in (0.4, 0.4 + math.pi):  # two arcs of 130 degrees, half a turn apart
        end = start + 2.3
        pygame.draw.arc(surface, theme.INK, arc, start, end, layout.px(3))
        x0 = centre[0] + radius * math.cos(end)
        y0 = centre[1] - radius * math.sin(end)
        along, out = (-math.sin(end), -math.cos(end)), (math.cos(end), -math.sin(end))
        points = [
            (x0 + along[0] * head * 1.4, y0 + along[1] * head * 1.4),
            (x0 + out[0] * head, y0 + out[1] * head),
            (x0 - out[0] * head, y0 - out[1] * head),
        ]
        pygame.draw.polygon(surface, theme.INK, points)


def _turn_band(surface, layout) -> None:
    """Turn the header band, all of its width, half a turn in place."""
    top = layout.rect(0, 0, 800, HEADER_H)
    rect = pygame.Rect(0, 0, surface.get_width(), top.bottom)
    turned = pygame.transform.rotate(surface.subsurface(rect).copy(), 180)
    surface.blit(turned, rect)


def footer(surface, layout, view, ui, t, ok: bool = True) -> list[Target]:
    """OK, Undo, Menu and Score sheet; the keyboard buffer in simulation."""
    band(surface, layout, FOOTER_Y, 480 - FOOTER_Y, theme.FELT_DARK)
    y = FOOTER_Y + 4
    buttons = [
        ((8, y, 110, BUTTON_H), t.t("button.ok"), TapKey("OK"), ok, "accent"),
        ((126, y, 130, BUTTON_H), t.t("button.undo"), TapKey("UNDO"), view.can_undo, "normal"),
        ((264, y, 150, BUTTON_H), t.t("button.sheet"), Overlay("sheet"), True, "normal"),
        ((672, y, 120, BUTTON_H), t.t("button.menu"), TapKey("MENU"), True, "normal"),
    ]
    targets = []
    for rect, label, action, enabled, style in buttons:
        draw_button(surface, layout, rect, label, enabled, style)
        targets.append(Target(rect, action, enabled))
    if ui.typed:
        draw_text(surface, layout, ui.typed + "_", (543, y + 24), 31, theme.ACCENT, True, "center")
    return targets


BANNER_LINES = 2  # a refusal (at most app.BANNER_CHARS) in two lines of the smallest text


# The pages turned with arrows in their title band: there the banner lies over the
# bottom band, left of its Back or Close.
ARROW_PAGES = ("forms", "history", "history-review", "history-charts")


def banner_rect(ui) -> tuple:
    """Over the header, beside its turn button: the contract, every button and the
    screen's own area stay in view under a refusal (the header is back once the next
    input is taken)."""
    if ui.overlay in ("history", "history-charts"):  # left of Charts (Contracts) and Close
        return (4, FOOTER_Y, 428, 480 - FOOTER_Y)
    if ui.overlay in ARROW_PAGES:
        return (4, FOOTER_Y, 612, 480 - FOOTER_Y)
    x = FLIP[2] + 4 if ui.shared_flipped else 4  # the turned header has the button left
    return (x, 0, 800 - FLIP[2] - 8, HEADER_H)


def banner_lines(layout, text: str, width: float) -> list[str]:
    """The banner's lines; a text longer than two lines ends the second with "…"."""
    lines = wrap(layout, text, theme.TEXT, width, bold=False)
    if len(lines) <= BANNER_LINES:
        return lines
    rest = " ".join(lines[BANNER_LINES - 1 :])
    last, _ = layout.fit_text(rest, theme.TEXT, width)
    return [*lines[: BANNER_LINES - 1], last]


def banner(surface, layout, ui, t) -> None:
    """The last refusal (or a device message), over the header (banner_rect)."""
    if not ui.banner:
        return
    colour = theme.BANNER_ERROR if ui.banner_error else theme.BANNER_INFO
    ink = theme.BANNER_ERROR_TEXT if ui.banner_error else theme.BANNER_INFO_TEXT
    x, y, w, h = banner_rect(ui)
    lines = banner_lines(layout, ui.banner, w - 16)
    pygame.draw.rect(surface, colour, layout.rect(x, y, w, h), border_radius=layout.px(8))
    step = h / BANNER_LINES  # two lines share the header's height
    top = y + (h - step * len(lines)) / 2
    for i, line in enumerate(lines):
        pos = (x + w / 2, top + step * (i + 0.5))
        text_with_suits(surface, layout, line, pos, theme.TEXT, ink, anchor="center", mono=True)


def devices_line(surface, layout, ui, t, pos=(12, 404)) -> None:
    """A small line naming a device that is not connected (scanner disconnected)."""
    lost = [name for name, state in sorted(ui.devices.items()) if state != "connected"]
    if lost:
        text = " · ".join(t.t(f"device.{name}.lost") for name in lost)
        width = layout.width(text, theme.TEXT) + 24
        pill = layout.rect(pos[0], pos[1] - 17, width, 34)
        pygame.draw.rect(surface, theme.BANNER_ERROR, pill, border_radius=layout.px(17))
        draw_text(
            surface, layout, text, (pos[0] + 12, pos[1]), theme.TEXT, theme.WHITE, anchor="midleft"
        )


def frame(surface, layout, view, ui, t, ok: bool = True) -> list[Target]:
    """Background, header and footer; the screen draws its content, then `finish`."""
    background(surface, layout)
    flip = header(surface, layout, view, t, ui.shared_flipped)
    return [*footer(surface, layout, view, ui, t, ok), flip]


def finish(surface, layout, ui, t, devices: bool = True) -> None:
    """What lies on top of every screen: the device line (not on Settings, whose rows say
    it), the banner, the notices and the storage mark."""
    if devices:
        devices_line(surface, layout, ui, t)
    banner(surface, layout, ui, t)
    notice(surface, layout, ui, t)
    storage_mark(surface, layout, ui, t)


# A notice lies over the bottom band until tapped: the game above it, the device line
# and the banner stay in view. The storage mark takes the free part of each screen's
# bottom band; beside a notice, the right end of it, so neither hides the other.
NOTICE_RECT = (0, FOOTER_Y, 800, 480 - FOOTER_Y)
NOTICE_BESIDE_MARK = (0, FOOTER_Y, 552, 480 - FOOTER_Y)
MARK_BESIDE_NOTICE = (560, FOOTER_Y + 4, 232, BUTTON_H)
MARK_RECTS = {
    "game": (422, FOOTER_Y + 4, 242, BUTTON_H),  # between Score sheet and Menu
    "page": (8, FOOTER_Y + 4, 608, BUTTON_H),  # menu, settings: left of Close
    "history": (8, FOOTER_Y + 4, 424, BUTTON_H),  # left of Charts (Contracts) and Close
    "sheet": (516, 346, 268, 56),  # above Close, beside the paper
    "start": (136, FOOTER_Y + 4, 236, BUTTON_H),  # between Menu and Resume
    "cut": (126, FOOTER_Y + 4, 212, BUTTON_H),
    "pairing": (216, FOOTER_Y + 4, 268, BUTTON_H),  # between Cancel and Pair a new deck
}


def storage_text(ui, t) -> str | None:
    """Why inputs are not stored now, or why nothing is kept at all; None when all is well."""
    if ui.storage is not None:
        return t.t("storage.failing", why=t.t(f"storage.{ui.storage}"))
    if ui.memory_only is not None:
        return t.t("storage.memory_only", why=t.t(f"storage.{ui.memory_only}"))
    return None


def mark_rect(ui) -> tuple:
    if ui.notices.items:
        return MARK_BESIDE_NOTICE
    if ui.decks.progress is not None:
        return MARK_RECTS["pairing"]
    if ui.overlay == "sheet":
        return MARK_RECTS["sheet"]
    if ui.overlay in ("history", "history-charts"):
        return MARK_RECTS["history"]
    if ui.overlay in ("menu", "settings", "camera"):
        return MARK_RECTS["page"]
    if ui.start is not None and ui.overlay is None:
        return MARK_RECTS["cut" if ui.start.drawn is not None else "start"]
    return MARK_RECTS["game"]


def storage_mark(surface, layout, ui, t) -> None:
    """A short red mark ("Not stored") that fits its place at the smallest text size;
    a tap on it shows the whole reason as a notice (mark_target)."""
    if ui.storage is not None or ui.memory_only is not None:
        key = "storage.mark" if ui.storage is not None else "storage.mark_memory"
        text_box(surface, layout, t.t(key), mark_rect(ui), theme.TEXT, theme.BANNER_ERROR)


class StorageWhy:
    """The storage mark's whole reason, as a notice in the screen's language."""

    def __init__(self, ui):
        self.storage, self.memory_only = ui.storage, ui.memory_only

    def text(self, t) -> str:
        return storage_text(self, t) or ""


def mark_target(ui) -> Target | None:
    """A tap on the storage mark says why, in full."""
    if ui.storage is None and ui.memory_only is None:
        return None
    return Target(mark_rect(ui), ExplainStorage())


def notice_rect(ui) -> tuple:
    marked = ui.storage is not None or ui.memory_only is not None
    return NOTICE_BESIDE_MARK if marked else NOTICE_RECT


def notice_text(ui, t) -> str | None:
    """The first notice in `t`'s language, and how to put it away (and how many follow)."""
    if not ui.notices.items:
        return None
    more = len(ui.notices.items) - 1
    tap = t.t("notice.tap_next", n=more) if more else t.t("journal.tap")
    return f"{ui.notices.items[0].message.text(t)} {tap}"


NOTICE_LINES = 2  # a page of a notice: two lines of the smallest text fill the bottom band
PAGE_W = 64  # the page count ("1/3") at the notice's right end


def notice_pages(layout, ui, t) -> list[list[str]]:
    """The notice shown, in lines of the smallest text, two lines a page: a long notice
    is read a page at a time in the bottom band and never grows over the game."""
    text = notice_text(ui, t)
    if text is None:
        return []
    width = notice_rect(ui)[2] - 16 - PAGE_W
    lines = wrap(layout, text, theme.TEXT, width, bold=True)
    return [lines[i : i + NOTICE_LINES] for i in range(0, len(lines), NOTICE_LINES)]


def notice(surface, layout, ui, t) -> None:
    """The notice's page over the bottom band; with more pages, a button at its right end
    turns to the next ("1/3")."""
    pages = notice_pages(layout, ui, t)
    ui.notices.pages = len(pages)
    ui.notices.box = None
    if not pages:
        return
    ui.notices.page = min(ui.notices.page, len(pages) - 1)
    x, y, w, h = rect = notice_rect(ui)
    pygame.draw.rect(surface, theme.BANNER_INFO, layout.rect(*rect))
    lines, step = pages[ui.notices.page], h / NOTICE_LINES
    top = y + (h - step * len(lines)) / 2 + step / 2
    for i, line in enumerate(lines):
        centre = (x + (w - PAGE_W) / 2 + 4, top + i * step)
        draw_text(surface, layout, line, centre, theme.TEXT, theme.WHITE, True, "center")
    if len(pages) > 1:
        count = f"{ui.notices.page + 1}/{len(pages)}"
        draw_button(surface, layout, page_rect(ui), count, True, "accent")
    ui.notices.box = NOTICE_RECT


def page_rect(ui) -> tuple:
    x, y, w, h = notice_rect(ui)
    return (x + w - PAGE_W, y + 4, PAGE_W - 4, h - 8)


def notice_target(ui) -> Target | None:
    """A tap anywhere on the bottom band (the storage mark beside a notice included, as
    the buttons there are hidden) puts the notice away, and the next one shows."""
    return Target(NOTICE_RECT, DismissNotice()) if ui.notices.items else None


def notice_page_target(ui) -> Target | None:
    """The page button of a long notice: its next page, and after the last the first."""
    if not ui.notices.items or ui.notices.pages < 2:
        return None
    return Target(page_rect(ui), NoticePage())


def text_box(surface, layout, text: str, rect, size: float, colour, radius: int = 8) -> tuple:
    """`text` in a filled box, broken into lines at `size` (never below theme.MIN_TEXT);
    when they need more height than `rect` has, the box grows upwards from its bottom.
    Returns the logical rectangle the box covers."""
    x, y, w, h = rect
    size = max(size, theme.MIN_TEXT)
    lines = wrap(layout, text, size, w - 16, bold=True)
    step = size * 0.84
    if len(lines) * step + 6 > h:
        grown = len(lines) * step + 12
        y, h = y + h - grown, grown
    pygame.draw.rect(surface, colour, layout.rect(x, y, w, h), border_radius=layout.px(radius))
    top = y + (h - step * len(lines)) / 2 + step / 2
    for i, line in enumerate(lines):
        draw_text(
            surface, layout, line, (x + w / 2, top + i * step), size, theme.WHITE, True, "center"
        )
    return (x, y, w, h)
