"""The deal result: made or down by how many, the lines the deal wrote on the
sheet, the honours, and OK for the next deal. A small copy of the score
sheet stands beside it, so nobody has to open the sheet after every deal.

After a claim the cards were not all seen, so the players say who held
honours: one button per player and value (in no-trumps only 150), and None.

A revoke's trick transfer is said where the tricks are: "Anna took 8 tricks;
1 transferred for Ben's revoke in trick 2: 9".
"""

from __future__ import annotations

from .. import theme
from ..actions import Honours, TapKey
from ..draw import draw_button, draw_text
from ..review_text import review_lines
from ..widgets.review import draw_review, fit_review, review_height
from ..widgets.text import line_step, wrap, wrapped_text
from . import chrome, menu
from .base import Target
from .sheet import draw_paper

LEFT, WIDTH = 16, 464  # the result's column; the paper takes the right
MINI_SHEET = (496, 56, 292, 360)
ROW = line_step(theme.TEXT)
NEXT = (LEFT, 356, WIDTH, 60)
HONOURS_ROW = 54  # a row of honours buttons: 48 high and a gap


def contract_line(result, t) -> str:
    """ "4S by Anna: made +1", "3NTX by Ben: down 1", or that the deal was thrown in."""
    if result.declarer is None:
        return t.t("result.thrown_in")
    contract = result.contract.replace("NT", t.t("strain.nt"))  # SA in Dutch, as in the auction
    fields = {"contract": contract, "name": result.declarer}
    if result.over < 0:
        return t.n("result.down", -result.over, **fields)

    if result.over > 0:
        return t.t("result.made_over", n=result.over, **fields)
    return t.t("result.made", **fields)


def line_text(line, sides, t) -> str:
    """ "Anna: 120 below the line (tricks)"."""
    side, where, points, kind = line
    return t.t(
        "result.line",
        name=sides[side],
        points=points,
        where=t.t(f"where.{where}"),
        kind=t.t(f"kind.{kind}"),
    )


def honours_text(result, sides, t) -> str | None:
    """Who scored honours and where that came from; None when nobody says or asks."""
    if result.honours_from is None:
        return t.t("result.honours_ask") if result.ask_honours else None
    source = t.t(f"result.honours_from.{result.honours_from}")
    held = [(points, sides[side]) for side, points in enumerate(result.honours) if points]
    if not held:
        return t.t("result.honours_none", source=source)
    points, name = held[0]
    return t.t("result.honours", points=points, name=name, source=source)


def tricks_text(result, t) -> str:
    """ "Anna took 9 tricks", or with the revoke transfers that made them:
    "Anna took 8 tricks; 1 transferred for Ben's revoke in trick 2: 9"."""
    if not result.transfers:
        return t.n("result.tricks", result.tricks, name=result.declarer)
    parts = [t.n("result.tricks", result.won, name=result.declarer)]

    for offender, trick, moved in result.transfers:
        key = "result.transfer" if moved else "result.transfer_none"
        parts.append(t.t(key, n=moved, name=offender, trick=trick))
    return t.t("result.after_transfer", text="; ".join(parts), n=result.tricks)


def honours_choices(view, t) -> list[tuple[str, tuple]]:
    """(label, action) per player and value ("honours", seat, points), in NT only 150;
    then None: ("honours", None, 0), nobody held honours."""
    values = (150,) if "NT" in view.result.contract else (100, 150)
    choices = [
        (t.t("result.honours_button", name=name, points=v), Honours(seat, v))
        for seat, name in honours_rows(view, t)
        for v in values
    ]
    return choices + [(t.t("result.honours_none_button"), Honours(None, 0))]


def honours_buttons(surface, layout, view, t, y: float) -> list[Target]:
    """The honours choices: a row per player (the name, then a button per value, its
    label the points), and None to the right of them all."""
    choices = honours_choices(view, t)
    *held, (none_label, none_action) = choices
    values = sorted({action.points for _, action in held})
    if len(view.side_names) == 3:  # three players each alone: a column each
        return _honours_columns(surface, layout, view, t, y, values, none_label, none_action)
    name_w, button_w, gap = 130, 100, 8
    targets = []
    rows = honours_rows(view, t)
    for row, (seat, label) in enumerate(rows):
        row_y = y + row * HONOURS_ROW
        name, size = layout.fit_text(label, theme.TEXT, name_w - 8, True)
        centre = (LEFT, row_y + 24)
        draw_text(surface, layout, name, centre, size, theme.INK_ON_FELT, True, "midleft")
        for i, points in enumerate(values):
            rect = (LEFT + name_w + i * (button_w + gap), row_y, button_w, 48)
            draw_button(surface, layout, rect, str(points))
            targets.append(Target(rect, Honours(seat, points)))
    x = LEFT + name_w + len(values) * (button_w + gap)
    rect = (x, y, LEFT + WIDTH - x, HONOURS_ROW * (len(rows) - 1) + 48)
    draw_button(surface, layout, rect, none_label)
    return targets + [Target(rect, none_action)]


COLUMN_W, NAME_H = 128, 26  # three players: each one's name over their buttons


def _honours_columns(surface, layout, view, t, y, values, none_label, none_action):
    """Three players: a column per player (the name, then a button per value) and None
    to the right, in one band as high as a name and a button."""
    targets = []
    width = (COLUMN_W - 8 - 4 * (len(values) - 1)) / len(values)
    for column, (seat, label) in enumerate(honours_rows(view, t)):
        x = LEFT + column * COLUMN_W
        name, size = layout.fit_text(label, theme.TEXT, COLUMN_W - 8, True)
        centre = (x + (COLUMN_W - 8) / 2, y + NAME_H / 2)
        draw_text(surface, layout, name, centre, size, theme.INK_ON_FELT, True, "center")
        for i, points in enumerate(values):
            rect = (x + i * (width + 4), y + NAME_H, width, 48)
            draw_button(surface, layout, rect, str(points))
            targets.append(Target(rect, Honours(seat, points)))
    x = LEFT + 3 * COLUMN_W
    rect = (x, y, LEFT + WIDTH - x, NAME_H + 48)
    draw_button(surface, layout, rect, none_label)
    return targets + [Target(rect, none_action)]


def honours_rows(view, t=None) -> list[tuple[int, str]]:
    """(seat, label) of each row of honours buttons: one per side, as honours count for
    the side that held them; its first seat stands for it. At two a side is a player;
    at four a partnership, labelled N-S or E-W."""
    rows = []
    for side, name in enumerate(view.side_names):
        seat = next(i for i, s in enumerate(view.seats) if s.side == side)
        if t is not None and view.seats[seat].compass:
            name = t.t(f"side.short.{side}")
        rows.append((seat, name))
    return rows


def honours_height(view) -> float:
    if len(view.side_names) == 3:
        return NAME_H + HONOURS_ROW
    return HONOURS_ROW * len(view.side_names)


def _title(surface, layout, text: str, y: float) -> float:
    """The contract and outcome, shrunk to fit; too long even so (a long name, in
    Dutch) it goes on two lines rather than under the sheet. Returns the next y."""
    if layout.width(text, menu.SMALLEST_TEXT, True) <= WIDTH:
        menu.fitted_text(surface, layout, text, (LEFT, y), 40, WIDTH, bold=True)
        return y + 44
    at, size, ink = (LEFT, y), menu.SMALLEST_TEXT, theme.INK_ON_FELT
    return wrapped_text(surface, layout, text, at, size, WIDTH, ink, bold=True, suits=True) + 4


def draw_summary(
    surface, layout, view, t, y: float, bottom: float = NEXT[1] - 6
) -> tuple[float, list[Target]]:
    """Contract and outcome, the sheet's new lines (as many as fit above `bottom`), the
    honours; returns the next free y."""
    result, sides = view.result, view.side_names
    y = _title(surface, layout, contract_line(result, t), y)
    if result.tricks is not None:
        y = wrapped_text(surface, layout, tricks_text(result, t), (LEFT, y), theme.TEXT, WIDTH)
        y += 4
    honours = honours_text(result, sides, t)
    honours_lines = len(wrap(layout, honours, theme.TEXT, WIDTH)) if honours else 0
    below = honours_lines * ROW + (honours_height(view) if result.ask_honours else 0)
    y = _lines(surface, layout, result, sides, t, y, bottom - below)
    targets = []
    if honours:
        colour = theme.ACCENT if result.ask_honours else theme.INK_ON_FELT
        y = wrapped_text(surface, layout, honours, (LEFT, y), theme.TEXT, WIDTH, colour)
    if result.ask_honours:
        targets = honours_buttons(surface, layout, view, t, y + 2)
        y += honours_height(view)
    return y, targets


def _lines(surface, layout, result, sides, t, y: float, bottom: float) -> float:
    """The sheet lines this deal wrote, one per row, as many as fit above `bottom`;
    "+N more" for the rest (the score sheet shows them all); none when there is no
    room (the honours question and the review line under them keep theirs)."""
    lines = result.lines
    rows = int((bottom - y - 4) // ROW)
    if not lines or rows < 1:
        return y
    shown = lines if len(lines) <= rows else lines[: rows - 1]
    for line in shown:
        text, size = layout.fit_text(line_text(line, sides, t), theme.TEXT, WIDTH - 8)
        draw_text(surface, layout, text, (LEFT + 8, y), size, theme.INK_ON_FELT)
        y += ROW
    if len(shown) < len(lines):
        more = t.t("sheet.more", n=len(lines) - len(shown))
        draw_text(surface, layout, more, (LEFT + 8, y), theme.TEXT, theme.INK_ON_FELT_SOFT)
        y += ROW
    return y + 4


def closing_note(layout, t) -> list[str]:
    return wrap(layout, t.t("sheet.closing_note"), theme.TEXT, WIDTH)


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t)
    # the double-dummy review, just above Next
    review, bright = fit_review(layout, review_lines(ui.review, t), WIDTH)
    bottom = NEXT[1] - 6 - review_height(review)
    # The paper's bracketed entries, said in words above the review: what stopping now adds.
    # Not while honours are asked after a claim: their buttons need the room, and the
    # score sheet says it too.
    asked = view.result is not None and view.result.ask_honours
    note = closing_note(layout, t) if view.sheet.closing and not asked else []
    end, honours = draw_summary(surface, layout, view, t, 56, bottom - len(note) * ROW)
    if end > bottom - len(note) * ROW:  # no room left for it under the summary
        note = []
    for i, line in enumerate(note):
        at = (LEFT, bottom - (len(note) - i) * ROW)
        draw_text(surface, layout, line, at, theme.TEXT, theme.INK_ON_FELT_SOFT)
    draw_review(surface, layout, review, (LEFT, bottom), WIDTH, bright)
    draw_paper(surface, layout, view.sheet, MINI_SHEET, t, tags=False)
    draw_button(surface, layout, NEXT, t.t("result.next"), True, "accent", theme.TEXT_LARGE)

    targets += [*honours, Target(NEXT, TapKey("OK"))]
    chrome.finish(surface, layout, ui, t)
    return targets
