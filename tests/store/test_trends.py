"""The history in figures (device/store/trends.py): balances, who is ahead since when,
rubbers won, contracts by level; worked out by hand from made-up results, then over
robot rubbers stored in a real journal."""

import pytest

from device.engine.game import Game
from device.robots import play_rubber
from device.store.history import stored_results
from device.store.journal import Journal
from device.store.trends import LEVELS, trends
from device.table import Table


def couple(rubber, anna, ben, deals=(), form="plain", date="2026-12-01"):
    winner = "Anna" if anna > ben else "Ben" if ben > anna else None
    return {
        "rubber": rubber,
        "game": form,
        "players": ["Ben", "Anna"],  # as seated: the figures sort the names
        "date": date,
        "winner": winner,
        "totals": {"Anna": anna, "Ben": ben},
        "games": {},
        "deals": list(deals),
    }


def test_a_couples_running_balance_and_who_is_ahead_since_when():
    results = [couple(1, 500, 200), couple(2, 100, 400), couple(3, 300, 250), couple(4, 0, 20)]
    (group,) = trends(results)["couples"]
    assert group["players"] == ["Anna", "Ben"] and group["form"] == "plain"
    assert (group["played"], group["won"], group["ties"]) == (4, {"Anna": 2, "Ben": 2}, 0)
    balances = [row["balance"] for row in group["balance"]]
    assert balances == [
        {"Anna": 300, "Ben": -300},
        {"Anna": 0, "Ben": 0},
        {"Anna": 50, "Ben": -50},
        {"Anna": 30, "Ben": -30},
    ]
    assert [row["points"]["Anna"] for row in group["balance"]] == [500, 600, 900, 900]
    assert [row["rubber"] for row in group["balance"]] == [1, 2, 3, 4]
    # Even after rubber 2, so Anna's lead runs from rubber 3.
    assert group["ahead"] == {"name": "Anna", "by": 30, "since": 3}


def test_even_is_nobody_ahead_and_a_tie_is_counted_apart():
    (group,) = trends([couple(1, 300, 300)])["couples"]
    assert group["ahead"] is None
    assert (group["won"], group["ties"]) == ({"Anna": 0, "Ben": 0}, 1)


def test_each_form_is_a_group_of_its_own():
    results = [couple(1, 500, 0), couple(2, 0, 100, form="draw-and-discard")]
    groups = trends(results)["couples"]
    assert [(g["form"], g["ahead"]["name"]) for g in groups] == [
        ("plain", "Anna"),
        ("draw-and-discard", "Ben"),
    ]


def test_contracts_made_and_failed_by_level_as_declarer():
    deals = [
        {"declarer": "Anna", "contract": "4S", "made": True},
        {"declarer": "Anna", "contract": "4HX", "made": False},
        {"declarer": "Ben", "contract": "1NT", "made": True},
        {"declarer": "Ben", "contract": "7NTXX", "made": True},
        {"declarer": "Ben", "contract": "Ten", "made": True},  # no level: not counted
    ]
    (group,) = trends([couple(1, 10, 0, deals)])["couples"]
    anna, ben = group["contracts"]["Anna"], group["contracts"]["Ben"]
    assert tuple(anna) == LEVELS == ("1", "2", "3", "4", "5", "6", "7")
    assert anna["4"] == {"made": 1, "failed": 1}
    assert ben["1"] == ben["7"] == {"made": 1, "failed": 0}
    assert sum(n for level in ben.values() for n in level.values()) == 2


def test_three_players_each_alone_balance_against_the_others_mean():
    result = {
        **couple(7, 0, 0),
        "players": ["Anna", "Ben", "Carla"],
        "winner": "Carla",
        "totals": {"Anna": 300, "Ben": 0, "Carla": 600},
    }
    (group,) = trends([result])["couples"]
    assert group["balance"][0]["balance"] == {"Anna": 0, "Ben": -450, "Carla": 450}
    assert sum(group["balance"][0]["balance"].values()) == 0
    assert group["ahead"] == {"name": "Carla", "by": 300, "since": 7}


def four(rubber, ns, ew, sides=(["Anna", "Carla"], ["Ben", "Dirk"]), deals=()):
    names = [" & ".join(side) for side in sides]
    winner = names[0] if ns > ew else names[1] if ew > ns else None
    return {
        "rubber": rubber,
        "game": "chicago",
        "players": ["Anna", "Ben", "Carla", "Dirk"],
        "sides": [list(side) for side in sides],
        "date": "2026-12-02",
        "winner": winner,
        "totals": {names[0]: ns, names[1]: ew},
        "games": {},
        "deals": list(deals),
    }


def test_partnerships_at_four_each_have_their_balance_and_contracts():
    results = [
        four(1, 620, 0, deals=[{"declarer": "Carla", "contract": "4S", "made": True}]),
        four(2, 0, 100),
        four(3, 50, 0, sides=(["Anna", "Ben"], ["Carla", "Dirk"])),  # partners changed
    ]
    figures = trends(results)
    assert figures["couples"] == []
    by_players = {tuple(g["players"]): g for g in figures["partnerships"]}
    ac, bd = by_players["Anna", "Carla"], by_players["Ben", "Dirk"]
    assert [row["balance"] for row in ac["balance"]] == [620, 520]
    assert [row["balance"] for row in bd["balance"]] == [-620, -520]
    assert (ac["played"], ac["won"], bd["won"]) == (2, 1, 1)
    assert ac["ahead"] == {"by": 520, "since": 1}
    assert bd["ahead"] == {"by": -520, "since": 1}
    assert ac["contracts"]["4"] == {"made": 1, "failed": 0}
    assert by_players["Anna", "Ben"]["ahead"] == {"by": 50, "since": 3}
    assert set(by_players) == {
        ("Anna", "Carla"),
        ("Ben", "Dirk"),
        ("Anna", "Ben"),
        ("Carla", "Dirk"),
    }


def test_damaged_and_not_played_results_are_left_out():
    results = [{"rubber": 1, "damaged": True}, {"rubber": 2, "note": "abandoned"}, couple(3, 1, 0)]
    (group,) = trends(results)["couples"]
    assert group["played"] == 1 and group["balance"][0]["rubber"] == 3


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    yield journal
    journal.close()


def test_robot_rubbers_in_a_journal_add_up_to_their_sheets(journal):
    games = []
    for seed in (1, 2):
        game = play_rubber(seed, "plain", ("Anna", "Ben"))
        table = Table(Game(game.setup), journal=journal)
        for event in game.inputs:
            assert table.apply(event).accepted
        games.append(game)
    (group,) = trends(stored_results(journal))["couples"]
    anna = sum(g.sheet.totals()[g.players.index("Anna")] for g in games)
    ben = sum(g.sheet.totals()[g.players.index("Ben")] for g in games)
    assert group["balance"][-1]["points"] == {"Anna": anna, "Ben": ben}
    assert group["balance"][-1]["balance"] == {"Anna": anna - ben, "Ben": ben - anna}
    declared = sum(
        n for player in group["contracts"].values() for lv in player.values() for n in lv.values()
    )
    played = sum(
        1 for g in games for d in g.deals if d.contract is not None and d.outcome is not None
    )
    assert declared == played


def test_every_form_together():
    results = [couple(1, 500, 0), couple(2, 0, 100, form="draw-and-discard")]
    (group,) = trends(results, by_form=False)["couples"]
    assert group["form"] is None and group["played"] == 2
    assert group["ahead"] == {"name": "Anna", "by": 400, "since": 1}
