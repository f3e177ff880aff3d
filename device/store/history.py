"""Finished rubbers as history: each rubber's result, and per couple (a pair
of names, in any order) the rubbers won, points, games, slams bid and made,
contracts made and failed."""

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
            "made": d.tricks >= d.contract.tricks_needed,
            "slam": d.contract.level >= 6,
        }
        for d in game.deals
        if d.outcome is not None and d.contract is not None
    ]
    return {
        "game": game.form.name,
        "players": list(game.players),
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


def _number(value) -> int:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


def couple_stats(results: list[dict]) -> list[dict]:
    """Per couple, per player: rubbers won, points, games, slams bid and made,
    contracts made and failed. Couples in the order first played; results that
    are not a played rubber's are left out."""
    couples: dict[tuple[str, ...], dict] = {}
    for result in filter(is_history_result, results):
        key = tuple(sorted(result["players"]))
        couple = couples.setdefault(key, {"players": list(key), "rubbers": 0, "by_player": {}})
        couple["rubbers"] += 1
        for name in key:
            stats = couple["by_player"].setdefault(name, _empty())
            stats["won"] += result.get("winner") == name
            stats["points"] += _number(result.get("totals", {}).get(name))
            stats["games"] += _number(result.get("games", {}).get(name))
        for deal in result.get("deals", []):
            stats = couple["by_player"][deal["declarer"]]
            made, slam = bool(deal.get("made")), bool(deal.get("slam"))
            stats["made" if made else "failed"] += 1
            stats["slams_bid"] += slam
            stats["slams_made"] += slam and made
    return list(couples.values())


def _empty() -> dict:
    keys = ("won", "points", "games", "slams_bid", "slams_made", "made", "failed")
    return dict.fromkeys(keys, 0)
