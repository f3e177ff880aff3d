"""The terminal table: typed inputs, screen actions through the table (and so the journal)."""

import io
import queue

from device.console import Console, status
from device.engine.calls import PASS, Call
from device.engine.events import CallMade, ClaimAnswered, ClaimMade, Setup, TalonDiscarded
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


def draw_console(tmp_path, **options):
    journal = Journal(tmp_path / "j.sqlite3")
    game = Game(Setup("draw-and-discard", ("Anna", "Ben"), 0, options))
    out = io.StringIO()
    return Console(TableLoop(Table(game, journal=journal), queue.Queue()), out=out), journal, out


def typed(con, *lines):
    for line in lines:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)


def test_end_draw_asks_first_and_a_stray_menu_never_ends_the_draw(tmp_path):
    con, journal, out = draw_console(tmp_path)
    typed(con, "menu", "end draw", "no")
    assert con.game.phase == "draw"
    text = out.getvalue()
    assert "menu: in the terminal type sheet, end draw, help or quit" in text
    assert "end the draw phase now? type yes" in text and "the draw phase goes on" in text
    typed(con, "end draw", "yes")
    assert con.game.phase == "auction"
    assert "the draw phase is over: the auction starts" in out.getvalue()
    kinds = [e.kind for e in journal.rubber(con.loop.table.rubber).events]
    assert kinds == ["draw-end"]  # stored like any screen action
    typed(con, "end draw", "end")
    assert "! the draw phase is over" in out.getvalue()
    assert "! end draw: ends the draw phase early (then yes to confirm)" in out.getvalue()


def test_an_answer_other_than_yes_is_still_taken_as_input(tmp_path):
    con, _, out = draw_console(tmp_path)
    typed(con, "end draw", "ok")  # not a yes: the draw goes on, and OK ends a turn
    assert con.game.phase == "draw" and con.game.deal.draw_turns == 1
    assert "(ok ends the turn; end draw ends the phase)" in out.getvalue()


def test_with_honours_off_the_help_does_not_offer_honours(tmp_path):
    con, _, out = draw_console(tmp_path, honours=False)
    typed(con, "help")
    assert "honour" not in out.getvalue().lower()
    con, _, out = draw_console(tmp_path / "on")
    typed(con, "help")
    assert "honours NAME 100|150" in out.getvalue()


def test_lines_typed_all_at_once_are_applied_in_order_before_the_end(tmp_path):
    con, journal, out = console(tmp_path)
    for line in ("1s", "p", "sheet", "HA", "claim 12 ben", "accept"):
        con.lines.put(line)
    con.lines.put(None)  # the end of a here-doc, as fast as a pipe gives it
    for _ in range(20):
        if not con.running:
            break
        con.tick(0)
    text = out.getvalue()
    assert "Ben: 1S" in text and "Anna plays HA" in text
    assert text.index("Anna: P") < text.index("Anna plays HA")
    assert "Anna accepts the claim" in text
    kinds = [e.kind for e in journal.rubber(con.loop.table.rubber).events]
    assert kinds == ["call", "call", "card", "claim", "claim-answer"]


def test_the_prompt_while_the_dummy_is_laid_out_names_it():
    from device.engine.calls import Call
    from device.engine.cards import STANDARD
    from device.engine.events import CallMade, CardPlayed

    game = Game(Setup("rubber-bridge", ("N", "E", "S", "W"), 0))
    for call in ("1S", "P", "P", "P"):
        game.apply(CallMade(Call.parse(call)))
    game.apply(CardPlayed(STANDARD.parse("HA")))
    assert game.phase == "dummy"
    said = status(game)
    assert said == "deal 1, 1S by N: S's dummy is laid out (scan its cards; ok when down)"


def test_end_draw_is_offered_in_the_help_only_where_a_draw_phase_can_end(tmp_path):
    from device.console import help_text

    def said(form, players=("Anna", "Ben")):
        return help_text(Game(Setup(form, players, 0)))

    assert "end draw" in said("draw-and-discard")
    assert "end draw" not in said("plain")
    assert "end draw" not in said("three-player", ("Anna", "Ben", "Carla"))
    assert "sheet · review" in said("three-player", ("Anna", "Ben", "Carla"))


class SlowSim:
    """A simulated scanner whose card reaches the loop later, as over the serial line."""

    def __init__(self, loop):
        self.loop, self.waiting = loop, 0

    def card(self, code=None, uid=None):
        self.waiting += 1

    def deliver(self):
        from device.hal.events import Input

        self.loop.inputs.put(Input("card", "HA", "scanner"))
        self.waiting -= 1


def test_a_line_after_a_card_sent_by_a_simulated_device_waits_for_it(tmp_path):
    con, _, out = console(tmp_path)
    typed(con, "1s p")
    sim = SlowSim(con.loop)
    con.sims = {"scanner": sim}
    for line in ("HA", "claim 12 ben", None):
        con.lines.put(line)
    con.tick(0)
    con.tick(0)
    assert "claims" not in out.getvalue() and con.running  # the card is not in yet
    sim.deliver()
    for _ in range(5):
        con.tick(0)
    text = out.getvalue()
    assert text.index("Anna plays HA") < text.index("Ben claims 12") and not con.running


def test_the_last_card_of_a_rubber_says_who_won(tmp_path):
    import random

    from device.robots import play_out

    journal = Journal(tmp_path / "j.sqlite3")
    done = play_out(Game(Setup("three-player", ("Anna", "Ben", "Carla"), 0)), random.Random(2))
    game = Game(Setup("three-player", ("Anna", "Ben", "Carla"), 0))
    con = Console(TableLoop(Table(game, journal=journal), queue.Queue()), out=io.StringIO())
    events = [e for e in done.events if not isinstance(e, Setup)]
    for event in events[:-1]:
        game.apply(event)
    con.apply(events[-1])  # the last card, through the table as the screen's actions go
    last = con.out.getvalue().splitlines()
    winner = done.players[done.sheet.winner]
    assert last[-1].startswith(f"{winner} wins by ") and last[-1].endswith("deals).")


def test_the_prompt_during_a_claim_names_who_answers_it(tmp_path):
    con, _, _ = console(tmp_path)
    typed(con, "1s p", "HA", "claim 12 ben")
    assert status(con.game) == "deal 1, 1S by Ben, Ben claims 12: Anna to accept or dispute"
    three = Game(Setup("three-player", ("Anna", "Ben", "Carla"), 0))
    for event in (CallMade(Call.parse("1S")), CallMade(PASS), CallMade(PASS), TalonDiscarded()):
        three.apply(event)
    three.apply(ClaimMade(10))
    three.apply(ClaimAnswered(True))  # Carla accepts; Anna, the other opponent, must too
    assert status(three).endswith("Ben claims 10: Anna to accept or dispute")


def test_a_fault_of_the_console_is_said_and_the_stored_input_kept(tmp_path, monkeypatch):
    import device.console

    con, journal, out = console(tmp_path)

    def broken(*_):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(device.console, "describe", broken)
    for line in ("1s", "p", None):
        con.lines.put(line)
    assert con.run() == 1  # the exit status says the console went wrong
    text = out.getvalue()
    assert text.count("! the terminal could not go on with this (IndexError)") == 2
    kinds = [e.kind for e in journal.rubber(con.loop.table.rubber).events]
    assert kinds == ["call", "call"] and con.game.phase == "play"  # both kept


DUMMY_FORMS = ("double-dummy", "single-dummy", "semi-exposed-dummies", "exposed-dummy")


def test_the_dummy_forms_lay_out_their_dummies_in_the_terminal(tmp_path):
    """Driven as a user would: lines piped into `honeymoon run --text`."""
    import re
    import subprocess
    import sys

    lines = "HA\nH2\nok\n1s\np\np\np\nok\nS3\nC4\nok\nok\nsheet\n"
    for form in DUMMY_FORMS:
        done = subprocess.run(
            [sys.executable, "-m", "device.cli", "run", "--text", "--new", form]
            + ["--players", "Anna", "Ben", "--data-dir", str(tmp_path / form)]
            + ["--config", "/dev/null"],
            input=lines,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, (form, done.stderr)
        assert not re.search(r"\b[A-Z]\w+\(", done.stdout), done.stdout  # no repr
        assert "face up in" in done.stdout, (form, done.stdout)


def test_odd_numbers_typed_are_refused_in_the_tables_words(tmp_path):
    con, journal, out = console(tmp_path)
    typed(con, "1s p", "HA")
    typed(con, "claim ²", "claim ٣", "claim " + "9" * 5000, "claim", "honours anna ²")
    typed(con, "9" * 5000)
    text = out.getvalue()
    assert "! claim N [NAME]: ² is not a number: type the digits 0 to 9" in text
    assert "! claim N [NAME]: ٣ is not a number" in text  # int() would have taken it as 3
    assert "! claim N [NAME]: 99999999999… is not a number" in text
    assert "! claim N [NAME]: a number is missing" in text
    assert "int()" not in text and "digits for integer" not in text
    assert max(len(line) for line in text.splitlines()) <= 240  # the 5,000 digits cut
    assert con.game.deal.claim is None
    kinds = [e.kind for e in journal.rubber(con.loop.table.rubber).events]
    assert kinds == ["call", "call", "card"]
