"""Finished rubbers as history: each rubber's result, and per couple (a pair
of names, in any order) the rubbers won, points, games, slams bid and made,
contracts made and failed."""

from __future__ import annotations

import time

from device.engine.game import Game
from device.engine.record import sheet_report


def rubber_result(game: Game) -> dict:
    """What the journal keeps of a finished rubber, for the history screen."""
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
        "date": time.strftime("%Y-%m-%d"),
        "winner": report["winner"],
        "totals": report["totals"],
        "games": report["games"],
        "deals": deals,
    }


def couple_stats(results: list[dict]) -> list[dict]:
    """Per couple, per player: rubbers won, points, games, slams bid and made,
    contracts made and failed. Couples in the order first played."""
    couples: dict[tuple[str, ...], dict] = {}
    for result in results:
        key = tuple(sorted(result["players"]))
        couple = couples.setdefault(key, {"players": list(key), "rubbers": 0, "by_player": {}})
        couple["rubbers"] += 1
        for name in key:
            stats = couple["by_player"].setdefault(name, _empty())
            stats["won"] += result.get("winner") == name
            stats["points"] += result["totals"].get(name, 0)
            stats["games"] += result["games"].get(name, 0)
        for deal in result.get("deals", []):
            stats = couple["by_player"][deal["declarer"]]
            stats["made" if deal["made"] else "failed"] += 1
            stats["slams_bid"] += deal["slam"]
            stats["slams_made"] += deal["slam"] and deal["made"]
    return list(couples.values())


def _empty() -> dict:
    keys = ("won", "points", "games", "slams_bid", "slams_made", "made", "failed")
    return dict.fromkeys(keys, 0)
