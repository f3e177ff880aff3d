"""Score charts: the JSON files of this package, read once and frozen.

Every number of every scoring system lives in a chart, so a house rule (or
the real aBRIDGEd chart) is a data change, not a code change.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any


@cache
def chart(name: str, package: str = __package__) -> Any:
    """The chart `name` ("contract", "rubber", ...) as read-only mappings and tuples:
    `name`.json of this package, or of a form's package that keeps its own chart."""
    text = files(package).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return _freeze(json.loads(text))


def _freeze(value: Any) -> Any:
    # Charts are shared by every sheet; read-only views keep one caller from changing another's.
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def by_vulnerability(table: Any, vulnerable: bool) -> Any:
    """The entry of a {"not_vulnerable": .., "vulnerable": ..} table."""
    return table["vulnerable" if vulnerable else "not_vulnerable"]
