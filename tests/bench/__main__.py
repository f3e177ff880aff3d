"""`make bench`: each figure beside its target.

Engine: replay a 1,000-deal history (robot rubbers of Draw and Discard, draw
turns included) from its events, as a restart would, and report events/s.
"""

from __future__ import annotations

import itertools
import time

from device.engine.game import Game
from device.robots import play_rubber

DEALS = 1000


def _history(deals: int) -> list[Game]:
    games, total = [], 0
    for seed in itertools.count():
        game = play_rubber(seed)
        games.append(game)
        total += len(game.deals)
        if total >= deals:
            return games


def bench_replay() -> list[tuple[str, str, str, bool]]:
    games = _history(DEALS)
    deals = sum(len(g.deals) for g in games)
    events = sum(len(g.events) for g in games)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for game in games:
            Game(game.setup).replay(game.events)
        best = min(best, time.perf_counter() - start)
    return [
        (
            f"replay {deals} deals ({events} events)",
            f"{best * 1000:.0f} ms",
            "< 500 ms",
            best < 0.5,
        ),
        (
            "engine replay rate",
            f"{events / best:,.0f} events/s",
            "> 100,000 events/s",
            events / best > 1e5,
        ),
    ]


def main() -> int:
    from .ui import rows as ui_rows

    rows = bench_replay() + ui_rows()
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'measured':>22}  {'target':>20}  ok")
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value:>22}  {target:>20}  {'yes' if ok else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
