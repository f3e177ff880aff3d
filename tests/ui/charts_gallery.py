"""The history's charts in the gallery: a couple's evenings over two forms, three
players each alone, and two partnerships at four; made up, the same every time."""

from __future__ import annotations

import random

from device.ui.history import ChartsShown, HistoryState
from device.ui.screens.base import UiState

CONTRACTS = ("1NT", "2S", "3H", "4S", "4H", "3NT", "5D", "6S", "2C", "4SX")


def _deals(rng: random.Random, players: list[str]) -> list[dict]:
    deals = []
    for _ in range(rng.randint(3, 7)):
        contract = rng.choice(CONTRACTS)
        made = rng.random() < 0.7
        deals.append({"declarer": rng.choice(players), "contract": contract, "made": made})
        deals[-1]["slam"] = contract[0] in "67"
    return deals


def couple_history() -> list[dict]:
    """Anna and Ben: 14 rubbers, Ben ahead early, Anna since the eighth."""
    rng = random.Random(7)
    margins = [-420, -180, 300, -650, 120, 80, -90, 700, 350, -120, 460, 90, -300, 520]
    history = []
    for number, margin in enumerate(margins, start=1):
        base = rng.randrange(300, 900, 10)
        anna, ben = (base + margin, base) if margin > 0 else (base, base - margin)
        history.append(
            {
                "rubber": number,
                "game": "plain" if number % 3 else "draw-and-discard",
                "players": ["Anna", "Ben"],
                "winner": "Anna" if margin > 0 else "Ben",
                "totals": {"Anna": anna, "Ben": ben},
                "games": {},
                "date": f"2026-11-{number:02d}",
                "deals": _deals(rng, ["Anna", "Ben"]),
            }
        )
    return history


def three_history() -> list[dict]:
    rng = random.Random(3)
    history = []
    for number in range(1, 7):
        totals = {name: rng.randrange(0, 1500, 10) for name in ("Anna", "Ben", "Zoë")}
        history.append(
            {
                "rubber": 20 + number,
                "game": "three-player",
                "players": ["Anna", "Ben", "Zoë"],
                "winner": max(totals, key=totals.get),
                "totals": totals,
                "games": {},
                "date": f"2026-11-{number + 10:02d}",
                "deals": _deals(rng, ["Anna", "Ben", "Zoë"]),
            }
        )
    return history


def four_history() -> list[dict]:
    rng = random.Random(5)
    history = []
    for number in range(1, 9):
        ours, theirs = rng.randrange(0, 1800, 10), rng.randrange(0, 1800, 10)
        history.append(
            {
                "rubber": 40 + number,
                "game": "chicago",
                "players": ["Anna", "Ben", "Carla", "Daan"],
                "sides": [["Anna", "Carla"], ["Ben", "Daan"]],
                "winner": "Anna & Carla" if ours > theirs else "Ben & Daan",
                "totals": {"Anna & Carla": ours, "Ben & Daan": theirs},
                "games": {},
                "date": f"2026-11-{number + 20:02d}",
                "deals": _deals(rng, ["Anna", "Ben", "Carla", "Daan"]),
            }
        )
    return history


def charts_screens() -> list[tuple[str, object, UiState]]:
    couple = couple_history()
    every = couple + three_history() + four_history()

    def shown(history, **fields) -> UiState:
        shown = HistoryState(rubbers=history, charts=ChartsShown(**fields))
        return UiState(overlay="history-charts", history=shown)

    return [
        ("charts-balance", None, shown(couple)),
        ("charts-contracts", None, shown(couple, kind="contracts")),
        ("charts-form", None, shown(couple, form="draw-and-discard")),
        ("charts-three", None, shown(every, group=1)),
        ("charts-three-contracts", None, shown(every, group=1, kind="contracts")),
        ("charts-four", None, shown(every, group=2)),
        ("charts-four-contracts", None, shown(every, group=2, kind="contracts")),
        ("charts-empty", None, shown([])),
        ("history-with-charts", None, UiState(overlay="history", history=HistoryState(every))),
    ]
