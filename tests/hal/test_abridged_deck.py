"""A paired RFID aBRIDGEd deck beside the standard one: `--pair-deck abridged`
pairs the coloured cards (R14 first), the table reads both profiles' tags, and a
tag scanned at an aBRIDGEd table is its coloured card."""

from device.engine.events import Setup, Stated
from device.engine.game import Game
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.hal.deck import DeckProfile, Pairing
from device.hal.events import CARD, Input
from device.run import pairing_profile, table_deck
from device.table import Table


def uid(i: int) -> bytes:
    return bytes([0x04, 0xAB, i])


def paired_abridged(decks) -> DeckProfile:
    profile = pairing_profile(decks, "abridged")
    assert profile.deck is ABRIDGED
    pairing = Pairing(profile)
    assert str(pairing.next_card) == "R14"
    for i in range(52):
        pairing.offer(uid(i))
    assert pairing.next_card is None and profile.complete
    profile.save(decks / "abridged.json")
    return profile


def test_the_coloured_deck_is_read_beside_the_standard_one(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "deck.json").write_text('{"name": "deck", "tags": {"01": "SA"}}')
    paired = paired_abridged(decks)
    profile = table_deck(decks, None, [])
    assert profile.name == "deck" and str(profile.card_for(b"\x01")) == "SA"
    red_14 = paired.tag_of(ABRIDGED.parse("R14"))
    assert str(profile.card_for(bytes.fromhex(red_14))) == "R14"
    assert profile.card_for(b"\x99") is None


def test_an_abridged_table_takes_the_coloured_cards_by_their_tags(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    paired = paired_abridged(decks)
    profile = table_deck(decks, None, [])  # no standard deck paired: the coloured one alone
    assert profile.name == "abridged"
    table = Table(Game(Setup("abridged", ("Anna", "Ben", "Carla", "Dirk"), 0)), profile)
    table.apply(Stated("Play"))  # Carla lays out the dummy
    tag = bytes.fromhex(paired.tag_of(ABRIDGED.parse("G7")))
    outcome = table.handle(Input(CARD, uid=tag, source="scanner"))
    assert outcome.accepted and [str(c) for c in table.game.deal.own.dummy_cards] == ["G7"]
    assert not table.handle(Input(CARD, uid=b"\x00\x01", source="scanner")).accepted  # unknown tag
