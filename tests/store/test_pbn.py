"""PBN export, read back by endplay's parser: deal, contract, declarer, result."""

import re

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


# -- four hands: rubber bridge and Chicago ------------------------------------------------
VUL = {(): "none", (0,): "ns", (1,): "ew", (0, 1): "both"}


def _card(card) -> str:
    """An endplay card in the table's notation (SA, HT)."""
    return card.suit.name[0].upper() + card.rank.abbr


def _call(bid) -> str:
    """An endplay call in the table's notation (1S, 3NT, P, X, XX)."""
    if hasattr(bid, "level"):
        return f"{bid.level}{ {'nt': 'NT'}.get(bid.denom.name, bid.denom.name[0].upper()) }"
    return {"passed": "P", "doubled": "X", "redoubled": "XX"}[bid.penalty.name]


def _check_four(game, text):
    """Every exported deal of a four-player game, read back by endplay."""
    boards = pbn.loads(text)
    deals = deals_of(game)
    assert len(boards) == len(deals)
    for board, deal in zip(boards, deals, strict=True):
        assert board.board_num == deal.number
        assert [board.info[s] for s in ("North", "East", "South", "West")] == list(game.players)
        assert board.dealer.abbr == "NESW"[deal.dealer]
        assert board.vul.name == VUL[game.vulnerable(deal)]
        assert (
            board.info["Scoring"] == {"chicago": "Chicago", "rubber": "Rubber"}[game.form.scoring]
        )
        calls = [str(c) for _, c in deal.auction.calls]
        assert len(board.auction) == len(calls)  # the Auction section, from the dealer
        assert [_call(b) for b in board.auction] == calls
        if deal.contract is None:
            assert str(board.contract).startswith("Pass") and not board.play
            continue
        assert board.contract.level == deal.contract.level
        assert board.contract.denom.name == DENOMS[deal.contract.strain.letter]
        assert board.contract.declarer.abbr == "NESW"[deal.declarer]
        assert board.contract.result == deal.tricks - deal.contract.tricks_needed
        played = [str(c) for t in deal.play.tricks for c in t.cards] + list(
            map(str, deal.play.current)
        )
        assert [_card(c) for c in board.play] == played  # the Play section, trick by trick
        hands = board.deal.to_pbn()[2:].split(" ")
        for seat, cards in enumerate(deal.play.by_hand):  # all 52 were played: the full deal
            assert len(cards) == 13
            assert hands[seat] == _hand(cards)


@pytest.mark.parametrize("form, seed", [("chicago", 1), ("chicago", 4), ("rubber-bridge", 185)])
def test_four_hand_deals_read_back_in_endplay(form, seed):
    from tests.fourplay import PLAYERS

    game = play_rubber(seed, form, PLAYERS)
    _check_four(game, export_pbn(game))


def test_a_chicago_with_a_thrown_in_deal_keeps_the_schedule():
    from tests.fourplay import chicago_record

    game = play_record(chicago_record(1, thrown_in_before=(1,)))
    text = export_pbn(game)
    _check_four(game, text)
    boards = pbn.loads(text)
    # Deal 2 is thrown in and dealt again by Carla (South): both are deal 2 of the
    # schedule, her side vulnerable; then West's deal (3 of the schedule), then North's.
    assert [b.dealer.abbr for b in boards] == ["E", "S", "S", "W", "N"]
    assert [b.vul.name for b in boards] == ["none", "ns", "ns", "ew", "both"]
    assert [b.info["Scoring"] for b in boards] == ["Chicago"] * 5
    assert '[Contract "Pass"]\n[Result ""]\n[Auction "S"]\nPass Pass Pass Pass\n' in text


def test_rubber_vulnerability_comes_from_the_sheet():
    from tests.fourplay import PLAYERS

    game = play_rubber(185, "rubber-bridge", PLAYERS)
    boards = pbn.loads(export_pbn(game))
    seen = {b.vul.name for b in boards}
    assert "none" in seen and len(seen) > 1  # a side that won a game is vulnerable after it
    assert all(b.info["Scoring"] == "Rubber" for b in boards)


def test_a_claimed_deal_gives_the_known_cards_only():
    """After a claim the Deal tag holds what was seen of each hand: the cards played
    and the dummy's cards laid out; a hand with none would be "-"."""
    from device.engine.cards import STANDARD
    from tests.fourplay import chicago_record, shown_record

    record = shown_record(chicago_record(1, thrown_in_before=()))
    first = record["deals"][0]  # Anna (N) declares 3S, Carla (S) is the dummy
    claimed = {**first, "cards": first["cards"][:6]}
    claimed["claim"] = {"by": "Anna", "tricks": 8, "accepted": True}
    game = play_record({**record, "deals": [claimed]})
    text = export_pbn(game)
    (board,) = pbn.loads(text)
    deal = game.deals[0]
    north, east, south, west = board.deal.to_pbn()[2:].split(" ")
    assert south == _hand(deal.play.seen[2])  # the dummy: all 13, laid out
    assert len(south.replace(".", "")) == 13
    for seat, hand in ((0, north), (1, east), (3, west)):  # what each played
        assert hand == _hand(deal.play.by_hand[seat]) and len(deal.play.by_hand[seat]) in (1, 2)
    assert board.contract.result == 9 - 9 and board.claimed
    assert [_card(c) for c in board.play] == first["cards"][:6]
    # A hand that showed nothing and played nothing is "-".
    early = {**first, "cards": first["cards"][:1], "shown": {}}
    early["claim"] = {"by": "Anna", "tricks": 9, "accepted": True}
    text = export_pbn(play_record({**record, "deals": [early]}))
    tag = next(line for line in text.splitlines() if line.startswith("[Deal "))
    assert tag == f'[Deal "N:- {_hand([STANDARD.parse(first["cards"][0])])} - -"]'  # East led
    assert pbn.loads(text)[0].contract.result == 0


@pytest.fixture
def dummy_forms(monkeypatch):
    """The forms with dummies registered (as forms/__init__.py does once the start
    screen offers them), only those not registered yet."""
    from device import forms
    from device.forms.double_dummy.rules import DoubleDummy
    from device.forms.exposed_dummy.rules import ExposedDummy
    from device.forms.single_dummy.rules import SingleDummy

    names = {form.name for form in forms.FORMS}
    extra = [f for f in (DoubleDummy(), SingleDummy(), ExposedDummy()) if f.name not in names]
    monkeypatch.setattr(forms, "FORMS", (*forms.FORMS, *extra))


def test_a_double_dummy_deal_gives_all_four_hands_and_the_players(dummy_forms):
    """Anna (N) and Ben (E) with their dummies (S, W) laid out: every card known, the
    four hands in the Deal tag; the players' auction in HoneymoonAuction; Vulnerable
    NS for Anna and her dummy."""
    from tests.forms.test_dummies import full_deal_record

    game = play_record(full_deal_record(contract="4S"))
    text = export_pbn(game)
    (board,) = pbn.loads(text)
    deal = game.deals[0]
    hands = board.deal.to_pbn()[2:].split(" ")
    for seat in range(4):
        assert len(deal.play.by_hand[seat]) == 13
        assert hands[seat] == _hand(deal.play.by_hand[seat])
    assert [board.info[s] for s in ("North", "East", "South", "West")] == [
        "Anna",
        "Ben",
        "Anna",
        "Ben",
    ]
    assert board.dealer.abbr == "E" and board.vul.name == "none"
    assert board.contract.level == 4 and board.contract.denom.name == "spades"
    assert board.contract.declarer.abbr == "N" and board.contract.result == 13 - 10
    assert [_card(c) for c in board.play] == [str(c) for t in deal.play.tricks for c in t.cards]
    assert '[HoneymoonAuction "N 4S Pass"]' in text and "[Auction " not in text


def test_a_double_dummy_deal_with_a_dummy_skipped_gives_what_was_seen(dummy_forms):
    """South's dummy laid out in part, West's skipped with OK, a claim after two
    tricks: the Deal tag has what was seen of each hand, nothing guessed."""
    from tests.forms.test_dummies import FULL_DEAL_CARDS, full_deal_record

    record = full_deal_record()
    record["deals"][0] |= {
        "cards": FULL_DEAL_CARDS[:8],
        "shown": {"S": ["SA", "SK", "SQ", "SJ", "ST", "S9"]},
        "claim": {"by": "Anna", "tricks": 11, "accepted": True},
    }
    game = play_record(record)
    (board,) = pbn.loads(export_pbn(game))
    north, east, south, west = board.deal.to_pbn()[2:].split(" ")
    deal = game.deals[0]
    assert south == _hand(set(deal.play.seen[2]) | set(deal.play.by_hand[2]))
    assert south == "AKQJT9..."  # the six laid out (SA and SK played from them)
    for seat, hand in ((0, north), (1, east), (3, west)):  # what each played: two cards
        assert hand == _hand(deal.play.by_hand[seat]) and len(deal.play.by_hand[seat]) == 2
    assert board.claimed and board.contract.result == 13 - 7


@pytest.mark.parametrize("form, seed", [("double-dummy", 2), ("single-dummy", 3)])
def test_robot_rubbers_with_dummies_read_back_in_endplay(dummy_forms, form, seed):
    game = play_rubber(seed, form, ("Anna", "Ben"))
    boards = pbn.loads(export_pbn(game))
    deals = deals_of(game)
    assert len(boards) == len(deals)
    for board, deal in zip(boards, deals, strict=True):
        assert board.info["North"] == "Anna" and board.info["East"] == "Ben"
        assert board.dealer.abbr == "NE"[deal.dealer]
        if deal.contract is None:
            continue
        assert board.contract.declarer.abbr == "NE"[deal.declarer]
        assert board.contract.result == deal.tricks - deal.contract.tricks_needed
        hands = board.deal.to_pbn()[2:].split(" ")
        for seat in range(4):  # every card played: the full deal
            assert hands[seat] == _hand(deal.play.by_hand[seat])


# A tag as PBN 2.1 section 3.7 writes it: inside the quotes, \\ and \" only.
STRICT_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\["\\])*)"\]$')


def strict_tags(text: str) -> list[dict[str, str]]:
    """Each game's tags read by the spec (a game ends at a blank line); a tag line it
    cannot read fails the test."""
    games, tags = [], {}
    for line in [*text.splitlines(), ""]:
        if line.startswith("["):
            found = STRICT_TAG.match(line)
            assert found, line
            tags[found[1]] = re.sub(r"\\(.)", r"\1", found[2])
        elif not line and tags:
            games.append(tags)
            tags = {}
    return games


def test_a_quote_and_a_backslash_in_a_name_are_escaped_as_pbn_says():
    """PBN 2.1 section 3.7: inside a tag value a quote and a backslash are escaped with
    a backslash, so every tag reads back whole and the names come back as typed."""
    game = play_rubber(3, players=('Anna "Ace"', "Ben\\Bo"))
    text = export_pbn(game)
    games = [tags for tags in strict_tags(text) if "Board" in tags]
    assert len(games) == len(deals_of(game)) == len(pbn.loads(text))
    assert all(tags["North"] == 'Anna "Ace"' and tags["South"] == "Ben\\Bo" for tags in games)
