"""--text says what the screen says: refusals with what to do instead, a revoke when
it is proved, what follows a disputed claim, what an undo took back, the trick
transfer in the deal result, and honours given as none."""

import io
import queue

from device.console import Console
from device.engine.events import Setup
from device.engine.game import Game
from device.loop import TableLoop
from device.table import Table


def console():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 1)))  # Anna speaks first
    out = io.StringIO()
    return Console(TableLoop(table, queue.Queue()), out=out), out


def typed(con, *lines):
    for line in lines:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)  # typed cards and calls go through the loop's queue


def test_a_refusal_says_what_to_do_instead():
    con, out = console()
    typed(con, "2c", "1h", "ok")
    text = out.getvalue()
    assert "! 1H is not higher than 2C: bid higher than 2C or pass" in text
    assert "! OK is not used in the auction: make Ben's call" in text


def test_undo_says_what_it_took_back():
    con, out = console()
    typed(con, "1s", "undo")
    assert "Undone: 1S by Anna" in out.getvalue()


def test_a_revoke_a_disputed_claim_and_the_transfer_are_said():
    con, out = console()
    typed(con, "1s", "p", "h2", "ha", "d5", "c3", "d6", "d4")
    assert "Revoke: Ben did not follow suit in trick 2" in out.getvalue()
    typed(con, "claim 9 anna", "dispute")
    assert "Claim disputed: play goes on; Anna leads to trick 4" in out.getvalue()
    typed(con, "claim 9 anna", "accept")
    text = out.getvalue()
    assert "Anna took 12 tricks; 1 transferred for Ben's revoke in trick 2: 13" in text
    typed(con, "honours none")
    assert "no honours" in out.getvalue()
    assert con.game.deal.honours_from == "players" and con.game.deal.honours == (0, 0)
