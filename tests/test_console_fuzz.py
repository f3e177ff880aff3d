"""Random lines typed into the terminal table, in every phase of every form: the console
never fails on them (no traceback, no fault of its own) and never prints an event's repr.

Each example plays a robot rubber of the form to a random point (so every phase is
reached), then types a handful of lines drawn from the table's own words, odd numbers
and random text."""

from __future__ import annotations

import io
import queue
import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.console import Console
from device.engine import events as engine_events
from device.engine.events import Event, Setup
from device.engine.game import Game
from device.forms import FORMS
from device.loop import TableLoop
from device.robots import NAMES, play_out
from device.table import Table

WORDS = [
    *("SA", "H10", "C2", "DK", "R14", "G2", "Y7", "B1", "1S", "3NT", "7C", "p", "x", "xx"),
    *("ok", "undo", "menu", "claim 3", "claim 99 anna", "claim -1", "claim 3 zed"),
    *("accept", "dispute", "honours anna 100", "honours ben 150", "honours none", "honours"),
    *("end draw", "end", "yes", "no", "sheet", "help", "pass", "play", "ten", "seven"),
    *("red", "yellow", "nt", "r", "10", "0", "40", "99", "²", "٣", "9" * 5000, "1" * 12),
    *("claim ²", "claim ٣", "honours anna ²", "claim " + "9" * 5000, "\x00", "\x1b[2J"),
]
LINES = st.one_of(st.sampled_from(WORDS), st.text(max_size=30))
# An event's dataclass repr, as str(event) prints it: "CardShown(card=...".
EVENT_NAMES = [
    name
    for name, value in vars(engine_events).items()
    if isinstance(value, type) and issubclass(value, Event)
]
REPR = re.compile(r"\b(?:" + "|".join([*EVENT_NAMES, "Card", "Call", "Contract"]) + r")\(")


@cache
def robot_events(form: str) -> tuple[Setup, tuple[Event, ...]]:
    """A whole robot rubber of `form` that passes through every phase the form has:
    its setup and its inputs in order."""
    players = NAMES[: next(f for f in FORMS if f.name == form).players]
    setup = Setup(form, players, 0)
    for seed in range(40):
        done = play_out(Game(setup), random.Random(seed))
        events = tuple(e for e in done.events if not isinstance(e, Setup))
        if not missing_phases(setup, events):
            return setup, events
    raise AssertionError(f"no robot rubber of {form} passes through every phase")


def phase_points(setup: Setup, events) -> dict[str, list[int]]:
    """For each phase, how many of `events` leave the game in it."""
    game, points = Game(setup), {}
    for index, event in enumerate((*events, None)):
        points.setdefault(game.phase, []).append(index)
        if event is not None:
            game.apply(event)
    return points


def missing_phases(setup: Setup, events) -> set[str]:
    return (set(Game(setup).form.phases(setup.options)) | {"finished"}) - set(
        phase_points(setup, events)
    )


def console_at(form: str, phase: str, pick: int, lang="en") -> tuple[Console, io.StringIO]:
    """The terminal table of a robot rubber of `form` stopped in `phase` (the first
    phase when the form has no such one), at the `pick`th moment it is in it."""
    setup, events = robot_events(form)
    points = phase_points(setup, events)
    at = points.get(phase) or points[Game(setup).phase]
    game = Game(setup)
    for event in events[: at[pick % len(at)]]:
        game.apply(event)
    out = io.StringIO()
    return Console(TableLoop(Table(game), queue.Queue()), out=out, lang=lang), out


def type_lines(con: Console, lines: list[str]) -> None:
    for line in lines:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)  # a typed card or call went through the loop's queue


@pytest.mark.parametrize("form", [f.name for f in FORMS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    pick=st.integers(0, 10_000),
    lines=st.lists(LINES, max_size=8),
    lang=st.sampled_from(["en", "nl"]),
)
def test_random_lines_never_fail_the_console_nor_print_a_repr(form, data, pick, lines, lang):
    phases = sorted(phase_points(*robot_events(form)))
    phase = data.draw(st.sampled_from(phases), label="phase")
    con, out = console_at(form, phase, pick, lang)
    type_lines(con, lines)
    text = out.getvalue()
    assert con.failures == 0, text
    assert not REPR.search(text), text


def test_every_phase_of_every_form_is_reached_by_the_fuzz():
    """The random prefixes above reach each phase a form has (the proof covers them)."""
    for form in FORMS:
        setup, events = robot_events(form.name)
        assert not missing_phases(setup, events), form.name
