import pickle

import pytest

from device import decks
from device.engine.calls import BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Strain
from device.engine.cards import DECKS, STANDARD, Card, Deck, Suit, parse_cards, register
from device.engine.errors import NotationError, SetupError
from device.forms.abridged.deck import COLOURED as ABRIDGED


def test_standard_deck_has_52_distinct_cards_that_print_pbn():
    texts = [str(c) for c in STANDARD.cards]
    assert len(set(texts)) == 52
    assert {"SA", "HT", "C2", "DK"} <= set(texts)


@pytest.mark.parametrize("text", ["SA", "sa", " HT ", "H10", "h10", "C2"])
def test_card_parses_pbn_and_ten_as_10(text):
    card = Card.parse(text)
    assert str(card) == text.strip().upper().replace("10", "T")
    assert Card.parse(str(card)) is card


def test_card_values():
    card = Card.parse("HQ")
    assert card.suit.letter == "H" and card.rank == 12
    assert Card.parse("SA").rank == 14


@pytest.mark.parametrize("text", ["", "S1", "ZA", "S11", "R14", "SAA"])
def test_bad_cards_are_refused(text):
    with pytest.raises(NotationError, match="is not a card"):
        Card.parse(text)


def test_abridged_deck_has_colours_and_numbers():
    assert len(ABRIDGED.cards) == 52
    assert {s.name for s in ABRIDGED.suits} == {"red", "yellow", "blue", "green"}
    card = ABRIDGED.parse("r14")
    assert str(card) == "R14" and card.rank == 14 and card.suit.name == "red"
    assert card not in STANDARD and card in ABRIDGED
    with pytest.raises(NotationError):
        ABRIDGED.parse("SA")
    assert [ABRIDGED.pips(ABRIDGED.parse(t)) for t in ("G14", "G13", "G12", "G11", "G10")] == [
        4,
        3,
        2,
        1,
        0,
    ]


def test_a_deck_registered_again_is_the_one_known_and_a_clash_is_refused():
    again = register(
        Deck(ABRIDGED.name, tuple(Suit(s.letter, s.name, s.order) for s in ABRIDGED.suits), str)
    )
    assert again is ABRIDGED and DECKS[ABRIDGED.name] is ABRIDGED
    assert pickle.loads(pickle.dumps(ABRIDGED.parse("Y9"))) is ABRIDGED.parse("Y9")
    with pytest.raises(SetupError, match="two different decks are called"):
        register(Deck(ABRIDGED.name, (Suit("R", "red", 0),), str))
    with pytest.raises(SetupError, match="share suit letters"):
        register(Deck("pastel", (Suit("P", "pink", 0), Suit("G", "grey", 1)), str))
    assert set(DECKS) == {STANDARD.name, ABRIDGED.name}
    assert STANDARD.pips(STANDARD.parse("SA")) == 0  # the standard faces show no pips


def test_the_table_finds_every_deck_and_reads_the_one_a_form_brings_beside_its_own():
    assert decks.BESIDE is ABRIDGED and decks.BROUGHT == (ABRIDGED,)
    assert decks.card("r14") is ABRIDGED.parse("R14") and decks.card("h1") is None
    assert decks.card("D10") is STANDARD.parse("DT") and decks.card("X3") is None
    assert decks.deck_of("g") is ABRIDGED and decks.deck_of("S") is STANDARD
    assert decks.suit("N") is None


def test_parse_cards_list():
    assert [str(c) for c in parse_cards("SA, h10 d2")] == ["SA", "HT", "D2"]


@pytest.mark.parametrize(
    "text,printed",
    [("1S", "1S"), ("3NT", "3NT"), ("3n", "3NT"), ("P", "P"), ("Pass", "P"), ("pass", "P")]
    + [("X", "X"), ("XX", "XX"), ("7nt", "7NT"), ("1c", "1C")],
)
def test_calls_parse_and_print(text, printed):
    assert str(Call.parse(text)) == printed


@pytest.mark.parametrize("text", ["", "0S", "8C", "1Z", "XXX", "1SX", "P P"])
def test_bad_calls_are_refused(text):
    with pytest.raises(NotationError, match="is not a call"):
        Call.parse(text)


def test_bid_ladder_is_35_bids_in_order():
    assert len(BIDS) == 35
    assert [str(b) for b in BIDS[:6]] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert all(a.rank < b.rank for a, b in zip(BIDS, BIDS[1:], strict=False))
    assert isinstance(Call.parse("2H"), Bid) and not PASS.is_bid
    assert {PASS, DOUBLE, REDOUBLE} == {Call.parse("p"), Call.parse("x"), Call.parse("xx")}


@pytest.mark.parametrize(
    "text,level,strain,doubled",
    [("4S", 4, Strain.SPADES, 0), ("3NTX", 3, Strain.NOTRUMP, 1), ("6hxx", 6, Strain.HEARTS, 2)],
)
def test_contracts_parse(text, level, strain, doubled):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubled) == (level, strain, doubled)
    assert str(contract) == text.upper()
    assert contract.tricks_needed == level + 6


@pytest.mark.parametrize("text", ["8S", "0H", "4SXXX", "X", "P", "4", ""])
def test_bad_contracts_are_refused(text):
    with pytest.raises(NotationError, match="is not a contract"):
        Contract.parse(text)
