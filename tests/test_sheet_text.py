from device.engine.record import play_record
from device.sheet_text import deal_line, render_sheet
from tests.engine.helpers import deal_cards


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
