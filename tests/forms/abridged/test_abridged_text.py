"""aBRIDGEd in words: `demo --game abridged`'s sheet, the console's lines in the
declaring and the play, status --json's contract, and PBN refused for the coloured
deck."""

import pytest

from device import console
from device.engine.errors import RuleError
from device.engine.events import DummyDone, Setup, Stated
from device.engine.game import Game
from device.engine.message import msg
from device.robots import play_rubber
from device.sheet_text import render_sheet
from device.store.pbn import export_pbn
from device.store.status import status
from tests.at_the_table import honeymoon


def test_demo_prints_each_hand_the_totals_and_the_winner():
    out = honeymoon("demo", "--game", "abridged", "--seed", "2").stdout
    assert out.startswith("aBRIDGEd: Anna & Carla v Ben & Dirk")
    hands = [line for line in out.splitlines() if line.startswith("Hand ")]
    assert len(hands) == 4 and "Play by Dirk, green, 8 tricks, failed: Anna & Carla 10" in hands[0]
    assert "Anna said strength 11, held 12" in out
    assert out.rstrip().endswith("Ben & Dirk win by 90 points.")
    assert render_sheet(play_rubber(2, "abridged")) == out.rstrip("\n")


def test_the_console_says_what_the_declaring_asks():
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    assert console.status(game) == (
        "hand 1, declaring (nothing yet): Anna says Pass or Play (P or OK)"
    )
    done = game.apply(Stated("Play"))
    assert console.describe(game, done) == "Anna says Play"
    assert "Carla lays out the dummy (0 of 13 scanned" in console.status(game)
    game.apply(DummyDone())
    assert console.describe(game, game.apply(Stated("Y"))) == "Anna says yellow"
    for word in (10, 10, 10, 10):
        game.apply(Stated(word))
    assert console.describe(game, game.apply(Stated(5))) == "Ben says colour count 5"
    for word in (5, 5, 5):
        game.apply(Stated(word))
    assert console.status(game) == "hand 1, Play Y by Anna, tricks 0-0: Ben to play"
    assert status(game)["contract"] == "Play Y" and status(game)["declarer"] == "Anna"


def test_pbn_has_no_place_for_the_coloured_deck():
    with pytest.raises(RuleError, match="PBN has no seats for aBRIDGEd"):
        export_pbn(play_rubber(1, "abridged"))


def test_every_refusal_of_the_declaring_reads_in_dutch():
    from device.engine.calls import Call
    from device.engine.events import CallMade, CardPlayed, CardShown
    from device.forms.abridged.deck import COLOURED as ABRIDGED
    from device.ui.i18n import Catalog

    nl = Catalog("nl")
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    refusals = []

    def refused(event):
        with pytest.raises(RuleError) as caught:
            game.apply(event)
        refusals.append(str(caught.value))

    refused(Stated("Ten"))
    refused(Stated("Pass", 2))
    refused(CardPlayed(ABRIDGED.parse("R2")))
    refused(CallMade(Call.parse("1S")))
    for word in ("Pass",) * 4 + (12, 8, 11):
        game.apply(Stated(word))
    refused(Stated(38))
    refused(Stated(10))  # 41 in all
    game.apply(Stated(9))
    refused(Stated("Ten"))  # the dummy first
    game.apply(CardShown(ABRIDGED.parse("G7")))
    refused(CardShown(ABRIDGED.parse("G7")))
    game.apply(DummyDone())
    refused(Stated("Play"))
    game.apply(Stated("Ten"))
    refused(Stated("P"))
    refused(CallMade(Call.parse("X")))  # on the bidding box: a trump is a bid
    game.apply(Stated("NT"))
    refused(Stated(3))
    finished = play_rubber(1, "abridged")
    with pytest.raises(RuleError, match="the game of four hands is over") as caught:
        finished.apply(Stated("Pass"))
    refusals.append(str(caught.value))
    for message in refusals:
        assert nl.error(message) != message, message


def test_a_refusal_in_the_declaring_says_what_to_do_instead():
    from device.hints import hint
    from device.ui.i18n import Catalog

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    assert hint(game, "the cards are played once the declaring is over") == "Anna: Pass or Play"
    game.apply(Stated("Play"))
    assert "scan the dummy's cards" in hint(game, "the declaring is over")
    game.apply(DummyDone())
    assert hint(game, "x") == "Anna: name the trump"
    game.apply(Stated("G"))
    assert hint(game, "x") == "Ben: say the hand strength"
    assert Catalog("nl").error(hint(game, "x")) == "Ben: zeg de kracht van de hand"


def test_the_terminal_takes_the_declaring_typed_as_words_and_numbers(tmp_path):
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.store.journal import Journal
    from device.table import Table

    journal = Journal(tmp_path / "j.sqlite3")
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game, journal=journal), queue.Queue()), out=out)
    said = ("help", "pass", "p", "Pass", "pass", "10", "12", "ten", "9", "9", "ok", "ten")
    for line in said:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    text = out.getvalue()
    assert "Type cards (R14, G2)" in text and "honours" not in text
    assert "Anna says strength 10" in text and "Dirk says strength 9" in text
    assert "! a hand strength is a number from 0 to 37, not ten" in text
    assert game.deal.own.strengths == [10, 12, 9, 9] and game.phase == "trump"
    assert game.deal.own.declaration == "Ten" and game.deal.declarer == 1
    assert console.status(game).startswith("hand 1, declaring (Pass Pass Pass Pass 10 12 9 9")
    con.lines.put("red")
    con.tick(0)
    assert game.deal.own.trump_colour == "R" and game.phase == "count"


def test_the_terminal_says_the_statements_proved_wrong_after_the_last_card(tmp_path):
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.table import Table

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    colours, lines = "RYBG", ["play", "ok", "red", "10", "12", "10", "10", "13", "13", "13", "13"]
    for number, leader in zip(range(14, 1, -1), [1] + [0] * 12, strict=True):
        lines += [f"{colours[(leader + k) % 4]}{number}" for k in range(4)]  # Anna trumps
    for line in [*lines, "ok"]:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    text = out.getvalue()
    assert "Hand 1, Anna deals: Play by Anna, red, 13 tricks, made: Anna & Carla 140" in text
    assert "hand 1, Play R by Anna, tricks 1-0: Anna to play" in text
    assert "made: Anna & Carla 140 (ok: next hand)" in text and "hand 2: Ben deals" in text
    assert "tricks 0-0: Anna to play from Carla's dummy" in text
    assert "Anna plays B14 from Carla's dummy" in text and "Anna plays R14; trick 1" in text
    assert text.count("Carla said strength 12, held 10") == 1


def test_the_terminal_menu_offers_no_end_draw_in_abridged(tmp_path):
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.table import Table

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    con.lines.put("menu")
    con.tick(0)
    con.tick(0)
    assert "menu: in the terminal type sheet, help or quit" in out.getvalue()


def test_an_undo_in_the_declaring_says_what_it_took_back(tmp_path):
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.table import Table
    from device.ui.i18n import Catalog

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    for line in ("play", "ok", "y", "undo", "undo", "undo"):
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    text = out.getvalue()
    assert (
        "Undone: what Anna said (Yellow)" in text
    )  # the screen's words and "Undone: what Anna said (Play)" in text
    assert game.phase == "round-one" and game.deal.own.words == []
    said = Catalog("nl").error(msg("Undone: what {name} said ({said})", name="Anna", said="Y"))
    assert said == "Teruggenomen: wat Anna zei (Geel)"
    said = Catalog("nl").error(msg("Undone: what {name} said ({said})", name="Anna", said="Play"))
    assert said == "Teruggenomen: wat Anna zei (Spelen)"


def test_the_sheet_before_the_first_hand_has_one_blank_line_under_the_title():
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    assert render_sheet(game).splitlines() == [
        "aBRIDGEd: Anna & Carla v Ben & Dirk",
        "",
        "Anna & Carla: 0  Ben & Dirk: 0",
        "4 of 4 hands to play.",
    ]


def test_the_terminal_says_the_game_is_over_not_a_rubber():
    game = play_rubber(2, "abridged")
    assert game.phase == "finished"
    assert console.status(game) == "the game is over"


def test_the_terminal_review_of_a_claimed_hand_says_hand():
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.table import Table

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    said = ["review", "play", "ok", "nt", *["10"] * 4, *["5"] * 4, "claim 13 anna", "accept"]
    for line in [*said, "review"]:
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    text = out.getvalue()
    assert "! review: no hand has been played yet" in text
    assert "! hand 1: DD review: not every card was seen" in text


def test_after_a_hand_and_after_the_game_the_hint_names_abridged_buttons():
    from device.hints import next_step
    from device.ui.i18n import Catalog

    game = play_rubber(2, "abridged")
    assert next_step(game) == "tap New game to play again"  # its sheet's button
    t = Catalog("nl")
    assert t.error(msg("tap New game to play again")) == "tik op Nieuwe partij om opnieuw te spelen"
    assert t.t("abridged.new_game") in t.error(next_step(game))
    from device.engine.events import ClaimAnswered, ClaimMade

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    game.apply(Stated("Play"))
    game.apply(DummyDone())
    for word in ("NT", 10, 10, 10, 10, 5, 5, 5, 5):
        game.apply(Stated(word))
    game.apply(ClaimMade(13, 0))
    game.apply(ClaimAnswered(True))
    assert game.phase == "deal-end"
    assert next_step(game) == "press OK for the next hand"  # no Next deal button here


def test_the_declaring_prompt_keeps_the_trump_strengths_and_counts_said():
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    game.apply(Stated("Play"))
    game.apply(DummyDone())
    for word in ("R", 10, 12, 9, 9, 5):
        game.apply(Stated(word))
    assert console.status(game).startswith(
        "hand 1, declaring (Play; trump red; strengths 10 12 9 9; counts 5): Carla says"
    )
    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    for word in ("Pass", "Pass", "Pass", "Pass", 10, 12, 9, 9):
        game.apply(Stated(word))
    game.apply(DummyDone())
    for word in ("Ten", "NT"):
        game.apply(Stated(word))
    assert console.status(game).startswith(
        "hand 1, declaring (Pass Pass Pass Pass 10 12 9 9 Ten; no trump): Carla says"
    )


def test_a_word_during_the_lay_out_is_refused_once_with_what_to_do():
    import io
    import queue

    from device.console import Console
    from device.loop import TableLoop
    from device.table import Table
    from device.ui.i18n import Catalog

    game = Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0))
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out)
    for line in ("play", "12"):
        con.lines.put(line)
        con.tick(0)
        con.tick(0)
    refusal = "! the dummy is laid out first: scan the dummy's cards, or press OK when it is down"
    assert refusal in out.getvalue()
    assert Catalog("nl").error(msg("the dummy is laid out first")) == "eerst gaat de blinde open"
