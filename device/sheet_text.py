"""A rubber or Chicago score sheet as plain text, drawn like the paper one.

Above the line the entries stack upwards (the first one nearest the line);
below it the trick points run down, with a game line after each game.
"""

from __future__ import annotations

from .engine.game import Deal, Game

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


def deal_line(game: Game, deal: Deal) -> str:
    """One deal in words: "Deal 3, Ben deals: 4S by Anna, 11 tricks, made +1"."""
    if game.form.scoring == "abridged":
        from .abridged_text import hand_line

        return hand_line(game, deal)
    head = f"Deal {deal.number}, {game.players[deal.dealer]} deals: "
    if deal.contract is None:
        return head + "thrown in"
    made = deal.tricks - deal.contract.level - game.form.book
    result = "made" if made == 0 else f"made +{made}" if made > 0 else f"down {-made}"
    tricks = f"{deal.tricks} trick{'' if deal.tricks == 1 else 's'}"
    line = f"{deal.contract} by {game.players[deal.declarer]}, {tricks}, {result}"
    if deal.claimed is not None:
        line += f" (claim by {game.players[deal.claimed.seat]})"
    if any(deal.honours):
        side = next(s for s, held in enumerate(deal.honours) if held)
        line += f", honours {deal.honours[side]} to {game.side_name(side)}"
    return head + line


def render_sheet(game: Game) -> str:
    if game.form.scoring == "abridged":  # four hands, no games: a sheet of its own
        from .abridged_text import render_abridged

        return render_abridged(game)
    sheet = game.sheet
    sides = game.form.side_count
    names = tuple(game.side_name(side) for side in range(sides))
    rule = "-+-".join(["-" * WIDTH] * sides)
    out = [f"{game.form.title}: {' v '.join(names)}", ""]
    out += [deal_line(game, d) for d in game.deals if d.outcome is not None]
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
    out.append(_result(game, names, totals))
    return "\n".join(out)


def _result(game: Game, names: tuple[str, ...], totals: tuple[int, ...]) -> str:
    sheet = game.sheet
    if not sheet.finished:
        return "Unfinished: the unfinished-rubber bonuses are included above."
    if sheet.winner is None:
        return "A tie."
    others = [total for side, total in enumerate(totals) if side != sheet.winner]
    margin = abs(totals[sheet.winner] - max(others))  # over the next best
    winner = names[sheet.winner]
    verb = "win" if " & " in winner else "wins"  # a partnership is two players
    return f"{winner} {verb} by {margin} points ({len(game.deals)} deals)."
