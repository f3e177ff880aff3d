"""The terminal table: typed inputs, screen actions through the table (and so the journal)."""

import io
import queue

from device.console import Console, status
from device.engine.events import Setup
from device.engine.game import Game
from device.loop import TableLoop
from device.store.journal import Journal
from device.table import Table


def console(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    out = io.StringIO()
    return Console(TableLoop(table, queue.Queue()), out=out), journal, out


def test_typed_calls_and_cards_then_a_claim_are_stored(tmp_path):
    con, journal, out = console(tmp_path)
    for line in ("1s p", "HA H2", "claim 12 ben", "accept", "honours anna 100"):
        con.lines.put(line)
        con.tick(0)
        con.tick(0)  # the typed cards and calls went through the loop's queue
    text = out.getvalue()
    assert "Ben: 1S" in text and "Anna plays HA" in text
    assert "Ben claims 12 of the remaining tricks" in text and "Anna accepts the claim" in text
    assert "Anna held honours: 100" in text
    kinds = [e.kind for e in journal.rubber(con.loop.table.rubber).events]
    assert kinds == ["call", "call", "card", "card", "claim", "claim-answer", "honours"]


def test_refusals_and_bad_words_change_nothing(tmp_path):
    con, journal, out = console(tmp_path)
    for line in ("zz", "claim x", "accept", "honours"):
        con.lines.put(line)
        con.tick(0)
    text = out.getvalue()
    assert "! 'zz' is not a card, a call or a key" in text
    assert "! claim N [NAME]" in text and "! there is no claim to answer" in text
    assert "! honours NAME 100|150" in text
    assert journal.rubber(con.loop.table.rubber).events == []
    assert status(con.game) == "deal 1, auction (none yet): Ben to call"
