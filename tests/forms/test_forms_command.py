"""`honeymoon forms [--json]`: the registered forms, in the registry's order, with the
number of players and the package folder of each."""

import json
from pathlib import Path

import pytest

from device.forms import FORMS, find_form
from tests.commands import run

REPO = Path(__file__).resolve().parents[2]


def test_forms_json_lists_each_registered_form_with_its_players_and_package(capsys):
    status, out, _ = run(capsys, "forms", "--json")
    assert status == 0 and out.count("\n") == 1  # one array, on one line
    listed = json.loads(out)
    assert [f["name"] for f in listed] == [f.name for f in FORMS]
    for entry, form in zip(listed, FORMS, strict=True):
        assert sorted(entry) == ["aliases", "name", "package", "players"]
        assert entry["aliases"] == list(form.aliases)
        assert entry["players"] == form.players and entry["players"] in (2, 3, 4)
        assert entry["package"] == "device/forms/" + form.name.replace("-", "_")
        assert (REPO / entry["package"] / "rules.py").is_file()
    players = {f["name"]: f["players"] for f in listed}
    assert (players["plain"], players["three-player"], players["chicago"]) == (2, 3, 4)


def test_forms_without_json_is_a_table_of_the_same_forms_in_order(capsys):
    status, out, _ = run(capsys, "forms")
    lines = out.splitlines()
    assert status == 0 and lines[0].split() == ["form", "players", "aliases", "package"]
    assert [line.split()[0] for line in lines[1:]] == [f.name for f in FORMS]
    three = next(line for line in lines if line.startswith("three-player "))
    assert three.split()[1] == "3" and three.endswith("device/forms/three_player")
    assert "three-player-honeymoon" in three and "three," not in three


def test_a_name_a_form_once_had_still_finds_it_but_is_never_listed(capsys):
    """`rubber`, `draw`, `pick-up` are words the table uses for other things (a rubber,
    the draw phase, the pick-up): no longer aliases, still read from older records."""
    for old, name in [("rubber", "rubber-bridge"), ("draw", "draw-and-discard"),
                      ("pick-up", "draw-pick-up"), ("three", "three-player")]:  # fmt: skip
        assert find_form(old).name == name
        status, out, _ = run(capsys, "demo", "--game", old, "--seed", "3")
        assert status == 0 and out.startswith(find_form(name).title)
    listed = json.loads(run(capsys, "forms", "--json")[1])
    shown = {alias for entry in listed for alias in entry["aliases"]}
    assert not shown & {"rubber", "bridge", "draw", "honeymoon", "pick-up", "three"}


def test_two_forms_that_share_a_former_name_cannot_start():
    from dataclasses import dataclass

    from device.engine.errors import SetupError
    from device.forms import _check_apart

    @dataclass
    class Named:
        name: str
        order: int
        aliases: tuple = ()
        former_names: tuple = ()

    with pytest.raises(SetupError, match="both called 'rubber'"):
        _check_apart((Named("one", 1, former_names=("rubber",)), Named("rubber", 2)))
