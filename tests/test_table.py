"""The table controller: device inputs to engine inputs, refusals with reasons."""

import pytest

from device.engine.events import DrawPhaseEnded, Setup
from device.engine.game import Game
from device.hal.deck import DeckProfile, PairingError
from device.hal.events import CALL, CARD, CONNECTED, ERROR, KEY, LOST, Input
from device.sim.script import fake_uid
from device.table import Table


def table(form="draw-and-discard"):
    return Table(Game(Setup(form, ("Anna", "Ben"), 0)))


def feed(t, *items):
    return [t.handle(i) for i in items]


def test_keys_mean_what_the_phase_makes_of_them():
    t = table()
    ok, menu = Input(KEY, "OK", "bidbox"), Input(KEY, "MENU", "bidbox")
    assert feed(t, ok)[0].accepted and t.game.deal.draw_turns == 1
    stray = feed(t, menu)[0]  # MENU opens the menu, even in the draw phase ...
    assert stray.menu and stray.event is None and t.game.phase == "draw"
    assert t.apply(DrawPhaseEnded()).accepted  # ... whose confirmed item ends the phase
    assert t.game.phase == "auction"
    refused = feed(t, ok)[0]
    assert not refused.accepted and refused.message == "OK is not used in the auction"
    outcome = feed(t, menu)[0]
    assert outcome.accepted and outcome.menu and outcome.event is None
    assert feed(t, Input(KEY, "UNDO"))[0].accepted and t.game.phase == "draw"
    assert feed(t, Input(KEY, "SHOUT"))[0].message == "unknown key SHOUT"


def test_calls_and_cards_reach_the_engine_for_the_seat_to_play():
    t = table("plain")
    outcomes = feed(t, Input(CALL, "1S"), Input(CALL, "P"), Input(CARD, "HA"), Input(CARD, "H2"))
    assert all(o.accepted for o in outcomes)
    assert [e.seat for e in t.game.events] == [1, 0, 0, 1]
    assert t.game.deal.play.tricks[0].winner == 0
    assert t.leds() == 1 << 0  # Anna won the trick and leads


def test_refusals_change_nothing_and_say_why():
    t = table("plain")
    before = t.game.snapshot()
    for item, message in [
        (Input(CARD, "SA"), "no card can be played now: make Ben's call"),
        (Input(CALL, "9Z"), "'9Z' is not a call (1C..7NT, P, X or XX): make Ben's call"),
        (Input(CARD, "", uid=b"\x01\x02"), "unknown card: pair this deck in Settings"),
        (Input(ERROR, "reader not found", "scanner"), "reader not found"),  # a device's word
    ]:
        outcome = t.handle(item)
        assert not outcome.accepted and outcome.text == message
    assert t.game.snapshot() == before


def test_device_status_inputs_are_messages():
    t = table()
    assert t.handle(Input(CONNECTED, "scanner", "scanner")).message == "scanner connected"
    assert t.handle(Input(LOST, "scanner disconnected", "scanner")).message == (
        "scanner disconnected"
    )


def test_tags_play_through_a_paired_deck():
    profile = DeckProfile("home")
    t = table("plain")
    t.start_pairing(profile)
    assert t.pairing.next_card.text == "SA"
    first = t.handle(Input(CARD, "", uid=fake_uid("X")))
    assert first.accepted and first.message == "paired SA (1 of 52)"
    again = t.handle(Input(CARD, "", uid=fake_uid("X")))
    assert not again.accepted and again.message == "this tag is already paired with SA"
    assert again.hint == "put the SK on the scanner"
    code = t.handle(Input(CARD, "SK"))
    assert not code.accepted and "needs no pairing" in code.message
    while t.pairing is not None:  # each card as it is asked for
        outcome = t.handle(Input(CARD, "", uid=fake_uid(t.pairing.next_card.text)))
    assert outcome.message.endswith("the deck is complete (52 of 52)") and t.pairing is None
    feed(t, Input(CALL, "1NT"), Input(CALL, "P"))
    played = t.handle(Input(CARD, "", uid=fake_uid("HQ")))
    assert played.accepted and str(played.event.card) == "HQ"


def test_deck_profile_refuses_a_second_tag_and_round_trips(tmp_path):
    profile = DeckProfile("home")
    card = profile.deck.parse("D7")
    profile.pair(card, b"\xaa")
    with pytest.raises(PairingError, match="^D7 already has a tag$"):
        profile.pair(card, b"\xbb")
    path = tmp_path / "decks" / "home.json"
    profile.save(path)
    loaded = DeckProfile.load(path)
    assert loaded.card_for(b"\xaa") is card and loaded.name == "home"
    path.write_text("{not json")
    with pytest.raises(Exception, match="deck profile"):
        DeckProfile.load(path)


def test_the_deck_paired_in_settings_is_the_tables_deck(tmp_path):
    from device.run import table_deck

    decks = tmp_path / "decks"
    assert table_deck(decks, None) is None
    profile = DeckProfile("deck")
    profile.pair(profile.deck.parse("SA"), b"\x01")
    profile.save(decks / "deck.json")
    assert table_deck(decks, None).card_for(b"\x01").text == "SA"
    with pytest.raises(Exception, match="deck profile"):
        table_deck(decks, "other")


def test_pairing_saves_the_profile_after_every_card(tmp_path):
    t = table("plain")
    path = tmp_path / "decks" / "home.json"
    t.start_pairing(DeckProfile("home"), path)
    t.handle(Input(CARD, "", uid=fake_uid("A")))
    t.handle(Input(CARD, "", uid=fake_uid("B")))
    saved = DeckProfile.load(path)
    assert len(saved.tags) == 2 and saved.card_for(fake_uid("B")).text == "SK"


def test_four_at_the_table_cards_and_ok_go_where_the_phase_says():
    from device.engine.events import CardPlayed, CardShown, DummyDone

    t = Table(Game(Setup("chicago", ("Ann", "Bob", "Cy", "Di"), 0)))
    ok, undo = Input(KEY, "OK", "bidbox"), Input(KEY, "UNDO", "bidbox")
    for text in ("1S", "P", "P", "P"):  # Ann (North) declares; Bob leads
        assert t.handle(Input(CALL, text)).accepted
    refused = t.handle(ok)
    assert not refused.accepted and refused.message == "OK is not used in the play"
    assert isinstance(t.handle(Input(CARD, "HA")).event, CardPlayed)
    assert t.game.phase == "dummy" and t.leds() == 1 << 0  # Ann acts for her dummy
    shown = t.handle(Input(CARD, "S2"))  # scanned while the dummy is laid out: shown
    assert shown.event == CardShown(t.game.form.deck.parse("S2"), 2)
    assert t.game.exposed(2) == (t.game.form.deck.parse("S2"),)
    assert t.handle(undo).notice == "Undone: the dummy's S2"
    assert t.game.deal.shown == {}
    done = t.handle(ok)
    assert done.event == DummyDone() and t.game.phase == "play"
    assert t.handle(undo).notice == "Undone: the end of the dummy's layout"
    assert t.game.phase == "dummy"
    refused = t.handle(Input(CARD, "HA"))
    assert not refused.accepted and refused.message == "HA was already played"


def test_the_undo_of_a_dummys_layout_is_said_in_dutch():
    from device.engine.message import msg
    from device.ui.i18n import Catalog

    said = Catalog("nl").error(msg("Undone: the end of the dummy's layout"))
    assert said == "Teruggenomen: het einde van het neerleggen van de blinde"
    said = Catalog("nl").error(msg("Undone: the dummy's {card}", card="S2"))
    assert said == "Teruggenomen: S2 van de blinde"
