"""Three at the table: the rubber that tests/forms/test_every_form_at_the_table.py
plays through the devices (a thrown-in deal among them, the talon taken with OK on
the bidding box after each auction) and its steps; the demo and the history of three."""

from __future__ import annotations

import json

from device.engine.cards import STANDARD
from device.engine.record import play_record, sheet_report
from device.sim.script import record_steps
from tests.at_the_table import honeymoon

PLAYERS = ["Anna", "Ben", "Carla"]


def tricks3(leader: int, winners: list[int]) -> list[str]:
    """16 tricks of three, each of one suit (the aces are never played: the talon);
    trick i is won by seat winners[i], which plays the highest of the three."""
    by_name = {(c.suit.letter, c.rank): c for c in STANDARD.cards}
    triples = [[by_name[s, r + i] for i in range(3)] for s in "CDHS" for r in (2, 5, 8, 11)]
    cards = []
    for (low, mid, high), winner in zip(triples, winners, strict=True):
        rest = iter((low, mid))
        cards += [str(high if (leader + i) % 3 == winner else next(rest)) for i in range(3)]
        leader = winner
    return cards


def rubber() -> dict:
    """Anna deals first. Deal 1: Ben (to speak first) bids 4S, Carla doubles; Ben
    takes 13 tricks: a game. Deal 2 (Ben deals) is thrown in. Deal 3 (Carla deals):
    Carla 2H down 2, each opponent scores. Deal 4 (Anna deals): Ben 3NT and 12 tricks:
    his second game and the rubber."""
    ben, carla, anna = 1, 2, 0
    return {
        "game": "three-player",
        "players": PLAYERS,
        "first_dealer": "Anna",
        "deals": [
            {"calls": ["4S", "X", "P", "P"], "cards": tricks3(2, [ben] * 13 + [anna] * 3)},
            {"calls": ["P", "P", "P"]},
            {"calls": ["P", "1H", "2H", "P", "P"], "cards": tricks3(0, [carla] * 9 + [ben] * 7)},
            {"calls": ["3NT", "P", "P"], "cards": tricks3(2, [ben] * 12 + [carla] * 4)},
        ],
    }


def test_the_record_is_a_whole_rubber_and_its_steps_press_ok_for_the_talon():
    record = rubber()
    game = play_record(record)
    assert game.phase == "finished" and game.sheet.games == (0, 2, 0)
    report = sheet_report(game)
    assert report["winner"] == "Ben" and report["finished"]
    steps = record_steps(record)
    # Per played deal: the calls, OK for the talon, 48 cards, then OK for the next deal.
    oks = [i for i, step in enumerate(steps) if step == ("bidbox", "OK")]
    assert steps[4] == ("bidbox", "OK") and steps[5][0] == "scanner"
    assert len(oks) == 3 + 3  # three talons, three next deals
    assert len(steps) == 4 + 3 + 5 + 3 + 3 * (48 + 1) + 3


def test_the_rubber_scores_its_games_and_the_vulnerable_player_alone():
    replayed = json.loads(json.dumps(sheet_report(play_record(rubber()))))
    assert replayed["games"] == {"Anna": 0, "Ben": 2, "Carla": 0}
    assert replayed["deals"][2]["vulnerable"] == ["Ben"]
    assert set(replayed["totals"]) == set(PLAYERS)


def test_demo_and_history_of_three(tmp_path):
    demo = json.loads(honeymoon("demo", "--game", "three-player", "--seed", "4", "--json").stdout)
    assert set(demo["totals"]) == {"Anna", "Ben", "Carla"} and demo["finished"]
    assert demo["winner"] == max(demo["totals"], key=demo["totals"].get)
    text = honeymoon("demo", "--game", "three-player", "--players", "A", "B", "C").stdout
    assert "A v B v C" in text
