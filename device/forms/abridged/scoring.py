"""aBRIDGEd scoring (seed 001): one team scores per hand, from the chart in
chart.json. That chart is a reconstruction (see its "note"); replacing the
file with the real chart needs no code change.
"""

from __future__ import annotations

from device.engine.errors import RuleError
from device.engine.scoring import chart

_CHART = chart("chart", __package__)


def score_abridged(declaration: str, tricks: int) -> tuple[int, int]:
    """(declaring team's points, other team's points) for "play", "ten" or "seven"."""
    key = declaration.strip().lower() if isinstance(declaration, str) else declaration
    rules = _CHART["declarations"].get(key)
    if rules is None:
        known = ", ".join(_CHART["declarations"])
        raise RuleError(f"{declaration!r} is not a declaration ({known})")
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RuleError(f"a hand has 0 to 13 tricks, not {tricks}")
    if tricks < rules["needs"]:
        return (_CHART["failed"]["declarers"], _CHART["failed"]["others"])
    return (rules["points"][str(tricks)], 0)
