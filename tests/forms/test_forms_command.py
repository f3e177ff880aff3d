"""`honeymoon forms [--json]`: the registered forms, in the registry's order, with the
number of players and the package folder of each."""

import json
from pathlib import Path

from device.forms import FORMS
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
    assert "three, three-player-honeymoon" in three
