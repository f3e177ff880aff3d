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
from ..draw import draw_button, draw_text
from . import chrome, menu
from .base import Target
from .sheet import draw_paper

LEFT, WIDTH = 16, 464  # the result's column; the paper takes the right
MINI_SHEET = (496, 52, 292, 364)
ROW = 26
MAX_LINES = 6
NEXT = (LEFT, 356, WIDTH, 60)


def contract_line(result, t) -> str:
    """ "4S by Anna: made +1", "3NTX by Ben: down 1", or that the deal was thrown in."""
    if result.declarer is None:
        return t.t("result.thrown_in")
    contract = result.contract.replace("NT", t.t("strain.nt"))  # SA in Dutch, as in the auction
    fields = {"contract": contract, "name": result.declarer}
    if result.over < 0:
        return t.t("result.down", n=-result.over, **fields)
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
        return t.t("result.tricks", name=result.declarer, n=result.tricks)
    parts = [t.t("result.tricks", name=result.declarer, n=result.won)]
    for offender, trick, moved in result.transfers:
        key = "result.transfer" if moved else "result.transfer_none"
        parts.append(t.t(key, n=moved, name=offender, trick=trick))
    return t.t("result.after_transfer", text="; ".join(parts), n=result.tricks)


def honours_choices(view, t) -> list[tuple[str, tuple]]:
    """(label, action) per player and value ("honours", seat, points), in NT only 150;
    then None: ("honours", None, 0), nobody held honours."""
    values = (150,) if "NT" in view.result.contract else (100, 150)
    choices = [
        (t.t("result.honours_button", name=s.name, points=v), ("honours", seat, v))
        for seat, s in enumerate(view.seats)
        for v in values
    ]
    return choices + [(t.t("result.honours_none_button"), ("honours", None, 0))]


def honours_buttons(surface, layout, view, t, y: float) -> list[Target]:
    """The honours choices in one row."""
    choices = honours_choices(view, t)
    width = (WIDTH - 8 * (len(choices) - 1)) / len(choices)
    targets = []
    for i, (label, action) in enumerate(choices):
        rect = (LEFT + i * (width + 8), y, width, 52)
        draw_button(surface, layout, rect, label)
        targets.append(Target(rect, action))
    return targets


def draw_summary(surface, layout, view, t, y: float) -> tuple[float, list[Target]]:
    """Contract and outcome, the sheet's new lines, the honours; returns the next free y."""
    result, sides = view.result, view.side_names
    menu.fitted_text(surface, layout, contract_line(result, t), (LEFT, y), 40, WIDTH, bold=True)
    y += 44
    if result.tricks is not None:
        lines = menu.fit_lines(layout, tricks_text(result, t), 24, WIDTH)
        for line in lines:
            draw_text(surface, layout, line, (LEFT, y), 24, theme.INK_ON_FELT_SOFT)
            y += 28
        y += 6
    y = _lines(surface, layout, result, sides, t, y)
    targets = []
    honours = honours_text(result, sides, t)
    if honours:
        colour = theme.ACCENT if result.ask_honours else theme.INK_ON_FELT
        menu.fitted_text(surface, layout, honours, (LEFT, y), 22, WIDTH, colour)
        y += 30
    if result.ask_honours:
        targets = honours_buttons(surface, layout, view, t, y)
        y += 60
    return y, targets


def _lines(surface, layout, result, sides, t, y: float) -> float:
    """The sheet lines this deal wrote, one per row; "+N more" if a slam deal runs long."""
    lines = result.lines
    if not lines:
        return y
    shown = lines if len(lines) <= MAX_LINES else lines[: MAX_LINES - 1]
    for line in shown:
        text = line_text(line, sides, t)
        menu.fitted_text(surface, layout, text, (LEFT + 8, y), 22, WIDTH - 8)
        y += ROW
    if len(shown) < len(lines):
        more = t.t("sheet.more", n=len(lines) - len(shown))
        draw_text(surface, layout, more, (LEFT + 8, y), 20, theme.INK_ON_FELT_SOFT)
        y += ROW
    return y + 8


def draw(surface, layout, view, ui, t):
    targets = chrome.frame(surface, layout, view, ui, t)
    _, honours = draw_summary(surface, layout, view, t, 58)
    draw_paper(surface, layout, view.sheet, MINI_SHEET, t, tags=False)
    draw_button(surface, layout, NEXT, t.t("result.next"), True, "accent", 30)
    targets += [*honours, Target(NEXT, ("key", "OK"))]
    chrome.finish(surface, layout, ui, t)
    return targets
