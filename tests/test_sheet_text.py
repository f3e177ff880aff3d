import random

from device.engine.events import NextDeal, Setup
from device.engine.game import Game
from device.engine.record import play_record
from device.robots import deal_inputs, play_rubber
from device.sheet_text import deal_line, render_sheet
from tests.engine.helpers import deal_cards, trick_cards


def test_sheet_text_shows_deals_columns_and_totals():
    game = play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "deals": [
                {"calls": ["4S", "P"], "cards": deal_cards(0, 11, "S")},
                {"calls": ["P", "P"]},
                {"calls": ["1H", "3NT", "X", "P"], "cards": deal_cards(1, 8, None)},
            ],
        }
    )
    lines = [deal_line(game, d) for d in game.deals]
    assert lines == [
        "Deal 1, Ben deals: 4S by Anna, 11 tricks, made +1",
        "Deal 2, Anna deals: thrown in",
        "Deal 3, Ben deals: 3NTX by Ben, 8 tricks, down 1",
    ]
    text = render_sheet(game).splitlines()
    # Above the line, nearest the line first: Anna's 30 overtrick, then the 100 penalty.
    line = text.index("=" * 12 + "=+=" + "=" * 12)
    assert text[line - 1].split() == ["30", "|"] and text[line - 2].split() == ["100", "|"]
    assert text[line + 1].split() == ["120", "|"]
    assert text[-2].split() == ["550", "|", "0"]  # 120 + 30 + 100 + 300 for the only game
    assert text[-1].startswith("Unfinished")


def honours_rubber(honours: bool):
    """Anna declares 1H holding A K Q J of hearts; every card is played."""
    first = ["H2", "HA", "HK", "H3", "HQ", "H4", "HJ", "H5"]
    rest = trick_cards(0, [0] * 9, "H")
    return play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "options": {"honours": honours},
            "deals": [{"calls": ["1H", "P"], "cards": first + rest}],
        }
    )


def test_honours_counted_from_the_cards_are_written_when_the_option_is_on():
    game = honours_rubber(True)
    assert deal_line(game, game.deals[0]).endswith(", honours 100 to Anna")
    assert "100" in render_sheet(game)


def test_with_honours_off_the_text_sheet_never_mentions_them():
    on, off = honours_rubber(True), honours_rubber(False)
    text = render_sheet(off)
    assert "honour" not in text.lower()
    assert deal_line(off, off.deals[0]) == "Deal 1, Ben deals: 1H by Anna, 13 tricks, made +6"
    assert on.sheet.totals()[0] - off.sheet.totals()[0] == 100  # the only difference


def test_the_demo_with_honours_off_never_mentions_them():
    rng = random.Random(5)
    game = Game(Setup("draw-and-discard", ("Anna", "Ben"), 0, {"honours": False}))
    while True:
        for event in deal_inputs(game, rng):
            game.apply(event)
        if game.phase == "finished":
            break
        game.apply(NextDeal())
    assert "honour" not in render_sheet(game).lower()


def test_a_partnership_wins_and_a_player_wins():
    pair = play_rubber(1, "chicago", ("Ann", "Bob", "Cy", "Di"))
    assert " & " in render_sheet(pair).splitlines()[-1]
    assert " win by " in render_sheet(pair).splitlines()[-1]
    two = play_rubber(1, "plain", ("Anna", "Ben"))
    assert " wins by " in render_sheet(two).splitlines()[-1]
