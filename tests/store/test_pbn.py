"""PBN export, read back by endplay's parser: deal, contract, declarer, result."""

import pytest

from device.engine.record import play_record
from device.robots import play_rubber
from device.store.pbn import export_pbn
from tests.engine.helpers import deal_cards

pbn = pytest.importorskip(
    "endplay.parsers.pbn", reason="endplay (the analysis extra) not installed"
)


DENOMS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}


def deals_of(game):
    return [d for d in game.deals if d.outcome is not None]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_exported_deal_reads_back_in_endplay(seed):
    game = play_rubber(seed)
    boards = pbn.loads(export_pbn(game))
    assert len(boards) == len(deals_of(game))
    for board, deal in zip(boards, deals_of(game), strict=True):
        assert board.board_num == deal.number
        assert board.dealer.abbr == "NS"[deal.dealer]
        hands = board.deal.to_pbn().split(":")[1].split(" ")
        north, south = ("".join(h.split(".")) for h in (hands[0], hands[2]))
        assert len(north) == len(south) == 13  # every card was played
        assert board.deal.to_pbn().split(":")[1].split(" ")[0] == _hand(deal.play.by_hand[0])
        contract = board.contract
        assert contract.level == deal.contract.level
        assert contract.denom.name == DENOMS[deal.contract.strain.letter]
        assert contract.declarer.abbr == "NS"[deal.declarer]
        assert contract.result == deal.tricks - deal.contract.tricks_needed
        assert board.info["HoneymoonAuction"].split()[1:] == [
            "Pass" if str(c) == "P" else str(c) for _, c in deal.auction.calls
        ]


def _hand(cards):
    from device.store.pbn import _hand as hand

    return hand(cards)


def test_thrown_in_and_claimed_deals():
    game = play_record(
        {
            "game": "plain",
            "players": ["Anna", "Ben"],
            "first_dealer": "Ben",
            "deals": [
                {"calls": ["P", "P"]},
                {
                    "calls": ["1NT", "X", "P"],
                    "cards": deal_cards(1, 8, None)[:6],
                    "claim": {"by": "Anna", "tricks": 3, "accepted": True},
                },
            ],
        }
    )
    text = export_pbn(game)
    thrown, claimed = pbn.loads(text)
    assert '[Contract "Pass"]' in text and str(thrown.contract).startswith("Pass")
    assert claimed.contract.declarer.abbr == "S" and claimed.contract.result == 10 - 7
    assert 'HoneymoonAuction "S 1NT X Pass"' in text


def test_cli_export_pbn(tmp_path, capsys):
    from device.cli import main
    from device.engine.game import Game
    from device.store.journal import FILENAME, Journal
    from device.table import Table

    expected = play_rubber(5)
    table = Table(Game(expected.setup), journal=Journal(tmp_path / FILENAME))
    for event in expected.inputs:
        table.apply(event)
    assert main(["export", "--data-dir", str(tmp_path), "--format", "pbn"]) == 0
    boards = pbn.loads(capsys.readouterr().out)
    assert len(boards) == len(deals_of(expected))
