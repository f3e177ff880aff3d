"""The history in figures, for its charts and `honeymoon history --json`: per couple
(two players, or three each alone) and per partnership at four, in each form, the
rubbers played and won, the running balance after each rubber (who is ahead, by
how much, since when), and the contracts made and failed by level as declarer.

A balance is points: a player's is their points over all the rubbers so far less
the mean of the others' (two players: less the other's), so a couple's balances
add up to zero; a partnership's is the sum of their side's totals less the other
sides'. Results come oldest first, as Journal.stored_results gives them; a
damaged one, or one that is not a played rubber's, is left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from device.forms import DEFAULT

from .history import result_sides
from .results import is_history_result

LEVELS = tuple(str(level) for level in range(1, 8))


def trends(results: Iterable[dict], by_form: bool = True) -> dict:
    """{"couples": [...], "partnerships": [...]}, each group as docs/cli.md shows it,
    in the order first played; with `by_form` False, each group's rubbers of every
    form together (its "form" is None)."""
    couples: dict[tuple, dict] = {}
    partnerships: dict[tuple, dict] = {}
    for result in results:
        if result.get("damaged") or not is_history_result(result):
            continue
        # Every form together, or each apart: an early result with no form is the default's.
        result = {**result, "game": result.get("game", DEFAULT) if by_form else None}
        if len(result["players"]) == 4:
            for side, others in _sides(result):
                _add_partnership(partnerships, result, side, others)
        else:
            _add_couple(couples, result)
    return {"couples": list(couples.values()), "partnerships": list(partnerships.values())}


def _form(result: dict) -> str | None:
    game = result.get("game")
    return None if game is None else str(game)


def _number(value) -> float:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


def _points(value: float) -> int | float:
    """Whole points as an int; a three-player mean may leave a fraction."""
    return int(value) if float(value).is_integer() else round(value, 2)


def _levels() -> dict[str, dict[str, int]]:
    return {level: {"made": 0, "failed": 0} for level in LEVELS}


def _count_contract(levels: dict, deal: dict) -> None:
    contract = str(deal.get("contract", ""))
    if contract[:1] in levels:  # a bid contract ("4SX"); aBRIDGEd's words have no level
        levels[contract[:1]]["made" if deal.get("made") else "failed"] += 1


def _add_couple(groups: dict, result: dict) -> None:
    players = sorted(result["players"])
    form = _form(result)
    group = groups.setdefault(
        (form, *players),
        {
            "players": players,
            "form": form,
            "played": 0,
            "won": dict.fromkeys(players, 0),
            "ties": 0,
            "balance": [],
            "ahead": None,
            "contracts": {name: _levels() for name in players},
        },
    )
    totals = {name: _number(result.get("totals", {}).get(name)) for name in players}
    last = group["balance"][-1] if group["balance"] else None
    points = {
        name: _points((last["points"][name] if last else 0) + totals[name]) for name in players
    }
    balance = {}
    for name in players:  # the running total less the others' mean: two players, the other's
        others = [points[other] for other in players if other != name]
        balance[name] = _points(points[name] - sum(others) / len(others))
    winner = result.get("winner")
    group["played"] += 1
    if winner in group["won"]:
        group["won"][winner] += 1
    else:
        group["ties"] += 1
    row = {"rubber": result.get("rubber"), "date": result.get("date"), "winner": winner}
    group["balance"].append({**row, "points": points, "balance": balance})
    for deal in result.get("deals", []):
        if deal.get("declarer") in group["contracts"]:
            _count_contract(group["contracts"][deal["declarer"]], deal)
    group["ahead"] = _couple_ahead(group["balance"])


def _leader(points: dict) -> tuple[str | None, float]:
    """The player with the most points so far and by how much over the next; no
    leader on a tie at the top."""
    ranked = sorted(points.items(), key=lambda item: -item[1])
    margin = ranked[0][1] - ranked[1][1]
    return (ranked[0][0] if margin > 0 else None), margin


def _couple_ahead(rows: list[dict]) -> dict | None:
    """Who is ahead after the last rubber (the most points over all of them), by how
    much over the next, and since which rubber without a break; None on a tie."""
    name, margin = _leader(rows[-1]["points"])
    if name is None:
        return None
    since = rows[-1]
    for row in reversed(rows):
        if _leader(row["points"])[0] != name:
            break
        since = row
    return {"name": name, "by": _points(margin), "since": since["rubber"]}


def _sides(result: dict) -> list[tuple[list[str], list[str]]]:
    sides = result_sides(result)
    return [(sides[0], sides[1]), (sides[1], sides[0])]


def _add_partnership(groups: dict, result: dict, side: list[str], others: list[str]) -> None:
    players = sorted(side)
    form = _form(result)
    group = groups.setdefault(
        (form, *players),
        {
            "players": players,
            "form": form,
            "played": 0,
            "won": 0,
            "ties": 0,
            "balance": [],
            "ahead": None,
            "contracts": _levels(),
        },
    )
    totals = result.get("totals", {})
    points = _number(totals.get(" & ".join(side)))
    against = _number(totals.get(" & ".join(others)))
    before = group["balance"][-1]["balance"] if group["balance"] else 0
    winner = result.get("winner")
    group["played"] += 1
    group["won"] += winner == " & ".join(side)
    group["ties"] += winner is None
    row = {"rubber": result.get("rubber"), "date": result.get("date"), "winner": winner}
    group["balance"].append({**row, "balance": _points(before + points - against)})
    for deal in result.get("deals", []):
        if deal.get("declarer") in side:
            _count_contract(group["contracts"], deal)
    group["ahead"] = _side_ahead(group["balance"])


def _side_ahead(rows: list[dict]) -> dict | None:
    """The partnership's lead (negative: behind) after the last rubber, and since which
    rubber it has been on that side of zero; None when even."""
    last = rows[-1]["balance"]
    if last == 0:
        return None
    since = rows[-1]
    for row in reversed(rows):
        if (row["balance"] > 0) != (last > 0) or row["balance"] == 0:
            break
        since = row
    return {"by": last, "since": since["rubber"]}


# -- the history's charts: which groups, which forms ------------------------------------


def forms_played(history: list) -> list[str]:
    """The forms of the finished rubbers, in the order first played."""
    seen = {}
    for entry in history:
        if not entry.get("damaged") and entry.get("game"):
            seen.setdefault(str(entry["game"]), None)
    return list(seen)


def groups(history: list, form: str | None) -> list[dict]:
    """The couples (two players, then three), then the partnerships at four, that
    played `form` (None: every form together), most played first."""
    figures = trends(history, by_form=form is not None)
    couples, pairs = (
        sorted((g for g in figures[kind] if g["form"] == form), key=lambda g: -g["played"])
        for kind in ("couples", "partnerships")
    )
    return couples + pairs


def next_form(history: list, form: str | None) -> str | None:
    """The form button's next choice: all forms, then each form played, then all again."""
    choices = [None, *forms_played(history)]
    return choices[(choices.index(form) + 1) % len(choices)] if form in choices else None
