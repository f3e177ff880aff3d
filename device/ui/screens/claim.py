"""Making a claim (ui.overlay == "claim"): who claims, and how many of the
tricks still to play. A number is the claim, sent at once; a concession is a
claim of 0. The other side then accepts or disputes it on the play screen.

The chosen claimer lives in `ui.claim_seat` (the declarer until someone is
chosen); choosing one returns ClaimSeat(seat) for the app to store.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..actions import Answer, Claim, ClaimSeat, Overlay
from ..draw import draw_button, draw_text
from ..widgets.text import wrapped_text
from . import chrome
from .auction import fitting_size
from .base import Target
from .play_common import seat_index

PER_ROW = 7  # 0..13 is two rows of seven (0..16, with three players: two rows of nine)
NUMBER_W, NUMBER_H, NUMBER_GAP = 72, 56, 8
NUMBERS_Y = 206


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t, ok=False)
    claimer = chosen_claimer(view, ui)
    left = remaining_tricks(view)
    draw_text(surface, layout, t.t("claim.title"), (20, 70), 34, theme.INK_ON_FELT, True, "midleft")
    targets += claimer_buttons(surface, layout, view, claimer, t)
    question = t.n("claim.how_many", left, name=view.seats[claimer].name)
    size = fitting_size(layout, question, theme.TEXT, 760)
    draw_text(surface, layout, question, (400, 182), size, theme.INK_ON_FELT, anchor="center")
    targets += number_buttons(surface, layout, claimer, left)
    targets += bottom_buttons(surface, layout, claimer, view.seats[claimer].name, t)
    chrome.finish(surface, layout, ui, t)
    return targets


def chosen_claimer(view, ui) -> int:
    if ui.claim_seat is not None and 0 <= ui.claim_seat < len(view.seats):
        return ui.claim_seat
    return seat_index(view, view.play.declarer)


def remaining_tricks(view) -> int:
    return view.tricks - sum(view.play.won)


def claimer_buttons(surface, layout, view, claimer: int, t) -> list[Target]:
    """One button per player; the claimer's is lit."""
    draw_text(
        surface,
        layout,
        t.t("claim.who"),
        (20, 126),
        theme.TEXT,
        theme.INK_ON_FELT_SOFT,
        anchor="midleft",
    )
    label_width = layout.width(t.t("claim.who"), theme.TEXT)
    x, targets = max(200, 40 + label_width), []
    pitch = min(212, (788 - x) / len(view.seats))  # four players share the row
    seats = view.play.claimers or range(len(view.seats))  # those the form lets claim
    for place, seat in enumerate(seats):
        info = view.seats[seat]
        rect = (x + place * pitch, 98, pitch - 12, 56)
        style = "accent" if seat == claimer else "normal"
        name = layout.fit_text(info.name, theme.TEXT, rect[2] - 16)[0]
        draw_button(surface, layout, rect, name, True, style, font_size=theme.TEXT)
        if seat == claimer:
            box = layout.rect(*rect).inflate(layout.px(8), layout.px(8))
            pygame.draw.rect(surface, theme.ACCENT, box, layout.px(3), border_radius=layout.px(13))
        targets.append(Target(rect, ClaimSeat(seat)))
    return targets


def number_buttons(surface, layout, claimer: int, left: int) -> list[Target]:
    """0..left, seven to a row, centred."""
    targets = []
    per_row = PER_ROW if left < 2 * PER_ROW else 9  # more than 13 left: nine to a row
    row_width = per_row * NUMBER_W + (per_row - 1) * NUMBER_GAP
    x0 = 400 - row_width / 2
    for n in range(left + 1):
        row, column = divmod(n, per_row)
        x = x0 + column * (NUMBER_W + NUMBER_GAP)
        rect = (x, NUMBERS_Y + row * (NUMBER_H + NUMBER_GAP), NUMBER_W, NUMBER_H)
        draw_button(surface, layout, rect, str(n), True, "normal", font_size=32)
        targets.append(Target(rect, Claim(claimer, n)))
    return targets


def bottom_buttons(surface, layout, claimer: int, name: str, t) -> list[Target]:
    """Concede (a claim of none) and Cancel."""
    concede = (160, 346, 230, 56)
    cancel = (410, 346, 230, 56)
    draw_button(
        surface, layout, concede, t.t("claim.concede", name=name), True, "danger", theme.TEXT
    )
    draw_button(surface, layout, cancel, t.t("claim.cancel"), True, "normal", theme.TEXT)

    return [Target(concede, Claim(claimer, 0)), Target(cancel, Overlay(None))]


# --- a claim waiting for an answer, over the play's table ----------------------


def claim_question(surface, layout, view, t) -> list[Target]:
    """A claim waiting for an answer: over the dimmed table, the claim and Accept / Dispute."""
    claimer = view.play.claim[0]
    claimer_side = view.seats[seat_index(view, claimer)].side
    others = ", ".join(s.name for s in view.seats if s.side != claimer_side)
    return claim_panel(surface, layout, view, t.t("play.claim_answer", name=others), t)


def claim_panel(surface, layout, view, answer: str, t) -> list[Target]:
    """Over the dimmed table: the claim, who answers it (`answer`), Accept and Dispute."""
    claimer, tricks = view.play.claim
    shade = pygame.Surface(layout.rect(*chrome.CONTENT).size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 130))
    surface.blit(shade, layout.rect(*chrome.CONTENT))
    panel = (90, 76, 620, 300)
    rect = layout.rect(*panel)
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=layout.px(14))
    pygame.draw.rect(surface, theme.ACCENT, rect, layout.px(3), border_radius=layout.px(14))
    left = view.tricks - sum(view.play.won)
    question = t.n("play.claim_pending", left, name=claimer, claimed=tricks)
    y = wrapped_text(
        surface, layout, question, (400, 96), theme.TEXT, 580, theme.INK_ON_FELT, "mid", True
    )
    wrapped_text(surface, layout, answer, (400, y + 10), theme.TEXT, 580, theme.ACCENT, "mid")
    targets = []
    for x, label, answer_value, style in (
        (130, t.t("play.accept"), True, "accent"),
        (420, t.t("play.dispute"), False, "danger"),
    ):
        button = (x, 292, 250, 64)
        draw_button(surface, layout, button, label, True, style, font_size=28)
        targets.append(Target(button, Answer(answer_value)))
    return targets
