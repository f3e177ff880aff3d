"""A record with one value swapped for a bad one, anywhere, in every form: `play_record`
plays it or refuses it with a RecordError whose message starts with the place
("deal 2, strengths, 2: ..."), never another exception."""

from __future__ import annotations

import copy
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import RecordError, play_record, to_record
from device.forms import FORMS
from device.robots import NAMES, play_out

BAD = [
    [],
    ["SA"],
    [[1]],
    {},
    {"N": 1},
    None,
    True,
    0,
    -1,
    1.5,
    10**5000,
    "",
    "²",
    "٣",
    "9" * 5000,
    "SA",
    "1S",
    "Anna",
    "face-up",
]
PLACES = ("record", "game", "players", "options", "first_dealer", "deals", "deal ", "hand ")


@cache
def record_of(form: str) -> str:
    players = NAMES[: next(f for f in FORMS if f.name == form).players]
    done = play_out(Game(Setup(form, players, 0)), random.Random(3))
    record = to_record(done)
    key = "hands" if "hands" in record else "deals"
    record[key] = record[key][:2]  # two deals: every field, and quick to replay
    return json.dumps(record)


def paths(value, at=()):
    """Every place in a JSON value: the paths to each value inside it."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*at, index))


def swapped(record, path, bad):
    record = copy.deepcopy(record)
    if not path:
        return bad
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = bad
    return record


@pytest.mark.parametrize("form", [f.name for f in FORMS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), bad=st.sampled_from(BAD))
def test_a_bad_value_anywhere_is_refused_with_its_place(form, pick, bad):
    record = json.loads(record_of(form))
    every = list(paths(record))
    path = every[pick % len(every)]
    try:
        play_record(swapped(record, path, copy.deepcopy(bad)))
    except RecordError as error:
        assert str(error).startswith(PLACES), (path, str(error))
        assert len(str(error)) < 300, (path, str(error)[:300])  # one line, not 5,000 digits
