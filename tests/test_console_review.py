"""`review` in the terminal table: the double-dummy review of the last deal played,
worked out by the review's worker process while the table goes on."""

import io
import queue
import random
import time

from device.console import Console
from device.engine.events import NextDeal, Setup
from device.engine.game import Game
from device.loop import TableLoop
from device.robots import deal_inputs
from device.table import Table


def console(game: Game) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(TableLoop(Table(game), queue.Queue()), out=out), out


def typed(con: Console, line: str) -> None:
    con.lines.put(line)
    con.tick(0)


def first_deal_played(form: str, players) -> Game:
    """A robot game on to the end of its first deal with a contract."""
    rng, game = random.Random(5), Game(Setup(form, players, 0))
    while True:
        for event in deal_inputs(game, rng):
            game.apply(event)
        if game.deal.contract is not None:
            return game
        game.apply(NextDeal())


def test_review_says_the_last_deals_double_dummy_table_when_the_worker_is_done():
    game = first_deal_played("plain", ("Anna", "Ben"))
    con, out = console(game)
    try:
        typed(con, "review")
        assert "reviewing deal 1 double dummy" in out.getvalue()
        deadline = time.monotonic() + 60
        while "Par:" not in out.getvalue() and time.monotonic() < deadline:
            con.tick(0.05)
        text = out.getvalue()
        contract = str(game.deal.contract).rstrip("X")
        assert f"Deal 1: DD: {contract} makes" in text
        assert "Double-dummy tricks of the declarer in each strain" in text and "Par:" in text
        rows = [line.split() for line in text.splitlines() if line.startswith("  ")]
        assert [row[0] for row in rows[1:]] == ["C", "D", "H", "S", "NT"]  # a row per strain
        assert all(0 <= int(n) <= 13 for row in rows[1:] for n in row[1:])
    finally:
        con.reviewer.close()


def test_review_in_dutch_says_the_screens_dutch_words():
    game = first_deal_played("plain", ("Anna", "Ben"))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out, lang="nl")
    try:
        typed(con, "review")
        deadline = time.monotonic() + 60
        while "Parcontract" not in out.getvalue() and time.monotonic() < deadline:
            con.tick(0.05)
        text = out.getvalue()
        assert "Spel 1: Dubbeldummy:" in text and "Dubbeldummy: slagen van de leider" in text
        assert "komt uit" in text and "leads" not in text and "double dummy" not in text
        assert any(line.split()[:1] == ["SA"] for line in text.splitlines())  # no trump
    finally:
        con.reviewer.close()


def test_review_before_any_deal_or_of_three_players_says_why_not():
    con, out = console(Game(Setup("plain", ("Anna", "Ben"), 0)))
    typed(con, "review")
    assert "! review: no deal has been played yet" in out.getvalue()
    con, out = console(first_deal_played("three-player", ("Anna", "Ben", "Carla")))
    typed(con, "review")
    assert "! deal 1: DD review: not for three players alone" in out.getvalue()
    assert con.reviewer is None  # no worker started for nothing


def test_the_table_goes_on_while_the_review_is_worked_out():
    game = first_deal_played("plain", ("Anna", "Ben"))
    con, out = console(game)
    try:
        typed(con, "review")
        typed(con, "ok")  # the next deal starts at once
        con.tick(0)
        assert con.game.deal.number == 2 and con.reviewing is not None
    finally:
        con.reviewer.close()


def test_a_second_review_of_the_same_deal_answers_at_once():
    game = first_deal_played("plain", ("Anna", "Ben"))
    con, out = console(game)
    try:
        typed(con, "review")
        deadline = time.monotonic() + 60
        while "Par:" not in out.getvalue() and time.monotonic() < deadline:
            con.tick(0.05)
        first = out.getvalue()
        typed(con, "review")  # the worker has nothing more to say: the console says it
        again = out.getvalue()[len(first) :]
        assert "Par:" in again and "Deal 1: DD:" in again
        assert "reviewing" not in again and con.reviewing is None
    finally:
        con.reviewer.close()
