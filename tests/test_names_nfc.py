"""Names equal after Unicode NFC are one name, at every entry: the engine's setup (the
screen's Start and every other way in), a game record, --players and --first-dealer,
a name typed in the terminal table."""

from __future__ import annotations

import io
import json
import queue
import subprocess
import sys
import unicodedata

import pytest

from device.config import name_refusal, normal_name
from device.console import Console
from device.engine.errors import SetupError
from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import RecordError, play_record
from device.loop import TableLoop
from device.table import Table

COMPOSED = "Zo\u00eb"  # ë as one character
DECOMPOSED = "Zoe\u0308"  # e followed by a combining diaeresis


def test_the_two_spellings_differ_as_text_but_not_after_nfc():
    assert COMPOSED != DECOMPOSED
    assert unicodedata.normalize("NFC", DECOMPOSED) == COMPOSED == normal_name(DECOMPOSED)


def test_two_players_may_not_be_one_name_spelt_two_ways():
    with pytest.raises(SetupError, match="the players need different names"):
        Game(Setup("plain", (COMPOSED, DECOMPOSED), 0))
    with pytest.raises(SetupError, match="the players need different names"):
        Game(Setup("plain", ("ZOË", DECOMPOSED), 0))  # case too, after NFC


def test_a_name_is_kept_composed_whichever_way_it_was_typed():
    game = Game(Setup("plain", (DECOMPOSED, "Ben"), 0))
    assert game.players == (COMPOSED, "Ben") and game.setup.players == (COMPOSED, "Ben")
    assert name_refusal(DECOMPOSED) is None


def test_a_record_names_a_player_either_way():
    record = {
        "game": "plain",
        "players": [DECOMPOSED, "Ben"],
        "first_dealer": COMPOSED,
        "deals": [
            {"calls": ["1S", "P"], "cards": ["HA"], "claim": {"by": DECOMPOSED, "tricks": 13}}
        ],
    }
    game = play_record(record)
    assert game.players == (COMPOSED, "Ben") and game.setup.first_dealer == 0
    record["players"] = [COMPOSED, DECOMPOSED]
    with pytest.raises(RecordError, match="^record: the players need different names"):
        play_record(record)


def test_the_terminal_table_takes_a_name_typed_either_way():
    game = Game(Setup("plain", (COMPOSED, "Ben"), 1))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    for line in ("1s p", "HA", f"claim 13 {DECOMPOSED.lower()}"):
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    assert game.deal.claim is not None and game.deal.claim.seat == 0, out.getvalue()


def test_players_and_first_dealer_on_the_command_line(tmp_path):
    def run(*players, first):
        return subprocess.run(
            [sys.executable, "-m", "device.cli", "run", "--text", "--config", "/dev/null"]
            + ["--data-dir", str(tmp_path), "--new", "plain", "--players", *players]
            + ["--first-dealer", first],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
        )

    done = run(DECOMPOSED, "Ben", first=COMPOSED)
    assert done.returncode == 0, done.stderr
    status = subprocess.run(
        [sys.executable, "-m", "device.cli", "status", "--json", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert json.loads(status.stdout)["dealer"] == COMPOSED
    done = run(COMPOSED, DECOMPOSED, first=COMPOSED)
    assert done.returncode == 2 and "different names" in done.stderr
    assert done.stderr.count("\n") == 1
