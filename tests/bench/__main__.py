"""`make bench`: each figure beside its target.

Engine: replay a 1,000-deal history (robot rubbers of Draw and Discard, draw
turns included) from its events, as a restart would, and report events/s; and
the same for 1,000 deals of Chicago for four (robot Chicagos, the dummy laid out
as the robots do it: scanned whole, in part, or skipped with OK). The double-dummy
review's speed and exactness: tests/bench/analysis.py; the camera reader's: tests/bench/camera.py;
the camera scanner process's (laid to CARD, the table's memory): tests/bench/camera_process.py.
"""

from __future__ import annotations

import itertools
import time

from device.engine.game import Game
from device.robots import play_rubber

DEALS = 1000


def _history(deals: int, form: str = "draw-and-discard") -> list[Game]:
    games, total = [], 0
    for seed in itertools.count():
        game = play_rubber(seed, form)
        games.append(game)
        total += len(game.deals)
        if total >= deals:
            return games


def replay_time(games: list[Game], rounds: int = 5) -> float:
    """The best of `rounds` replays of every game from its events, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for game in games:
            Game(game.setup).replay(game.events)
        best = min(best, time.perf_counter() - start)
    return best


def bench_replay() -> list[tuple[str, str, str, bool]]:
    games = _history(DEALS)
    deals = sum(len(g.deals) for g in games)
    events = sum(len(g.events) for g in games)
    best = replay_time(games)
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


def bench_chicago(deals: int = DEALS, rounds: int = 5) -> list[tuple[str, str, str, bool]]:
    """The replay rate of `deals` Chicago deals for four, beside the engine's target."""
    games = _history(deals, "chicago")
    count = sum(len(g.deals) for g in games)
    events = sum(len(g.events) for g in games)
    best = replay_time(games, rounds)
    return [
        (
            f"Chicago replay rate ({count} deals, {events} events)",
            f"{events / best:,.0f} events/s",
            "> 100,000 events/s",
            events / best > 1e5,
        )
    ]


def main() -> int:
    from .analysis import rows as analysis_rows
    from .camera import rows as camera_rows
    from .camera_process import rows as camera_process_rows
    from .stop import rows as stop_rows
    from .ui import rows as ui_rows

    rows = bench_replay() + bench_chicago() + ui_rows() + stop_rows() + analysis_rows()
    rows += camera_rows() + camera_process_rows()
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'measured':>22}  {'target':>20}  ok")
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value:>22}  {target:>20}  {'yes' if ok else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
