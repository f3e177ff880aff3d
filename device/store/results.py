"""What the journal keeps of a finished rubber: its result, as rubber_result writes it,
and whether a stored one is such a result. Apart from history.py (which reads the
journal) so that the journal, its salvage and the history each import it without
importing one another in a circle."""

from __future__ import annotations

import time

from device.engine.game import Game
from device.engine.record import sheet_report


def rubber_result(game: Game, when: float | None = None) -> dict:
    """What the journal keeps of a finished rubber, for the history screen
    (dated today, or on the day of `when`: a time.time() value)."""
    report = sheet_report(game)
    deals = [
        {
            "declarer": game.players[d.declarer],
            "contract": str(d.contract),
            "made": d.tricks >= d.contract.level + game.form.book,
            "slam": d.contract.level >= 6,
        }
        for d in game.deals
        if d.outcome is not None and d.contract is not None
    ]
    sides = [
        [name for seat, name in enumerate(game.players) if game.form.side(seat) == side]
        for side in range(game.form.side_count)
    ]
    return {
        "game": game.form.name,
        "players": list(game.players),
        "sides": sides,  # the partners of each side, as the totals name them joined by " & "
        "date": time.strftime("%Y-%m-%d", time.localtime(when)),
        "winner": report["winner"],
        "totals": report["totals"],
        "games": report["games"],
        "deals": deals,
    }


def is_history_result(result) -> bool:
    """Whether a stored result is a played rubber's, as rubber_result writes it
    (not, say, an older program's note of a rubber it abandoned)."""
    if not isinstance(result, dict):
        return False
    players = result.get("players")
    names_ok = isinstance(players, list) and all(isinstance(p, str) for p in players)
    tables_ok = all(isinstance(result.get(k, {}), dict) for k in ("totals", "games"))
    deals = result.get("deals", [])
    deals_ok = isinstance(deals, list) and all(_is_deal(d, players) for d in deals)
    return names_ok and bool(players) and tables_ok and deals_ok


def _is_deal(deal, players) -> bool:
    return isinstance(deal, dict) and deal.get("declarer") in players
