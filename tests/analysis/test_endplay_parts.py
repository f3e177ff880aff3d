"""endplay's parts a review uses, imported without the rest (endplay_parts.py)."""

import importlib.util
import sys

import pytest

from device.analysis.endplay_parts import part

pytest.importorskip("endplay")


def test_the_parts_are_endplays_own():
    dds, types = part("dds"), part("types")
    assert dds.solve_board and types.Deal  # the API four.py uses
    assert part("_dds").SolveBoard
    assert sys.modules["endplay.dds"] is dds


def test_blocked_or_missing_endplay_gives_none(monkeypatch):
    monkeypatch.setitem(sys.modules, "endplay", None)  # blocked, as a test hides it
    assert part("dds") is None
    monkeypatch.delitem(sys.modules, "endplay")
    for name in [m for m in sys.modules if m.startswith("endplay.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)  # not installed
    assert part("dds") is None


def test_a_part_that_cannot_load_gives_none():
    assert part("no_such_part") is None
