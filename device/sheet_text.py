"""A rubber or Chicago score sheet as plain text, drawn like the paper one.

Above the line the entries stack upwards (the first one nearest the line);
below it the trick points run down, with a game line after each game.
"""

from __future__ import annotations

from .console_words import Words, english
from .engine.deal import Deal
from .engine.game import Game
from .form_text import form_text

WIDTH = 12  # one column


def _row(left: str, *right: str) -> str:
    """One row: the first side's column right-aligned, the others' (one, or two with
    three players each alone) left-aligned."""
    return " | ".join([f"{left:>{WIDTH}}", *(f"{cell:<{WIDTH}}" for cell in right)])


def _pair_rows(entries: list[tuple[int, int]], sides: int = 2) -> list[str]:
    """Rows of (side, points) entries, each side's column filled independently."""
    columns: list[list[str]] = [[] for _ in range(sides)]
    for side, points in entries:
        columns[side].append(str(points))
    depth = max(len(column) for column in columns)
    for column in columns:
        column.extend([""] * (depth - len(column)))
    return [_row(*cells) for cells in zip(*columns, strict=True)]


def deal_line(game: Game, deal: Deal, t: Words | None = None) -> str:
    """One deal in words: "Deal 3, Ben deals: 4S by Anna, 11 tricks, made +1"."""
    t = t or english()
    own = form_text(game.form).deal_line(game, deal, t)  # aBRIDGEd's hands: no contracts
    if own is not None:
        return own
    head = t.t("console.deal_head", n=deal.number, name=game.players[deal.dealer])
    if deal.contract is None:
        return head + t.t("console.thrown")
    made = deal.tricks - deal.contract.level - game.form.book
    if made >= 0:
        result = t.t("console.made") if made == 0 else t.t("console.made_over", n=made)
    else:
        result = t.n("console.down", -made)
    tricks = t.n("console.tricks", deal.tricks)
    line = t.t(
        "console.contract",
        contract=deal.contract,
        name=game.players[deal.declarer],
        tricks=tricks,
        result=result,
    )
    if deal.claimed is not None:
        line += t.t("console.claim_by", name=game.players[deal.claimed.seat])
    if any(deal.honours):
        side = next(s for s, held in enumerate(deal.honours) if held)
        line += t.t("console.honours_to", points=deal.honours[side], name=game.side_name(side))
    return head + line


def form_title(game: Game, t: Words) -> str:
    """The form's title: its own in English (the sheets printed so far), else the
    screen's name of the form in the table's language."""
    return game.form.title if t.lang == "en" else t.t(f"form.{game.form.name}")


def render_sheet(game: Game, t: Words | None = None) -> str:
    t = t or english()
    own = form_text(game.form).sheet(game, t)  # aBRIDGEd's four hands, no games
    if own is not None:
        return own
    sheet = game.sheet
    sides = game.form.side_count
    names = tuple(game.side_name(side) for side in range(sides))
    rule = "-+-".join(["-" * WIDTH] * sides)
    out = [f"{form_title(game, t)}: {' v '.join(names)}", ""]
    out += [deal_line(game, d, t) for d in game.deals if d.outcome is not None]
    out += ["", _row(*names), rule]
    above = [(line.side, line.points) for line in sheet.lines if line.where == "above"]
    closing = [(line.side, line.points) for line in sheet.closing_lines()]
    out += list(reversed(_pair_rows(above + closing, sides)))
    out.append("=+=".join(["=" * WIDTH] * sides))
    game_count = len(sheet.game_lines) + (0 if sheet.finished else 1)
    for index in range(game_count):
        below = [
            (ln.side, ln.points) for ln in sheet.lines if ln.where == "below" and ln.game == index
        ]
        out += _pair_rows(below, sides)
        if index < len(sheet.game_lines):
            out.append(rule)
    totals = sheet.totals()
    out += ["", _row(*(str(total) for total in totals))]
    out.append(_result(game, names, totals, t))
    return "\n".join(out)


def _result(game: Game, names: tuple[str, ...], totals: tuple[int, ...], t: Words) -> str:
    sheet = game.sheet
    if not sheet.finished:
        return t.t("console.unfinished")
    if sheet.winner is None:
        return t.t("console.tie")
    others = [total for side, total in enumerate(totals) if side != sheet.winner]
    margin = abs(totals[sheet.winner] - max(others))  # over the next best
    winner = names[sheet.winner]
    key = "console.side_wins" if " & " in winner else "console.wins"  # a partnership: two
    return t.t(key, name=winner, points=margin, n=len(game.deals))
