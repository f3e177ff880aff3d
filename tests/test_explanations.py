"""The table explains itself and gives feedback: every refusal ends with what to do
instead (in English and Dutch), a revoke is announced when it is proved, a disputed
claim says who plays on, an undo says what it took back; the devices click for an
accepted input, beep for a revoke, a claim and the end of a deal, and light the
turn LEDs as soon as a rubber is there."""

import queue
import re

import pytest

from device import hints
from device.engine.calls import Call
from device.engine.cards import Card
from device.engine.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    HonoursGiven,
    NextDeal,
    Setup,
    Undone,
)
from device.engine.game import Game
from device.engine.message import msg
from device.hal.deck import DeckProfile
from device.hal.events import CALL, CARD, KEY, Input
from device.loop import TableLoop
from device.sim.script import fake_uid
from device.table import Table
from device.ui.i18n import Catalog
from firmware_bridge.protocol import BEEP_ATTENTION, BEEP_ERROR, BEEP_OK, LED_ERROR
from tests.doubles import NotingDevice

ANNA, BEN = 0, 1


def table(form="plain", dealer=BEN):
    return Table(Game(Setup(form, ("Anna", "Ben"), dealer)))


def card(text, source="scanner"):
    return Input(CARD, text, source)


def call(text, source="bidbox"):
    return Input(CALL, text, source)


def key(text, source="bidbox"):
    return Input(KEY, text, source)


# -- refusals: what to do instead ---------------------------------------------------


def hint_pattern(template: str) -> re.Pattern:
    return re.compile("^" + re.sub(r"\\\{\w+\\\}", ".+?", re.escape(template)) + "$")


HINT_PATTERNS = [hint_pattern(h) for h in hints.every_hint()]


def refusals_at_the_table():
    """Play every refusal a table can meet, by device and by screen, in every phase."""
    found = []

    def refuse(t, *inputs):
        for item in inputs:
            outcome = t.apply(item) if not isinstance(item, Input) else t.handle(item)
            assert not outcome.accepted, item
            found.append(outcome)

    t = table("draw-and-discard", ANNA)  # the draw phase: Ben draws first
    refuse(t, card("SA"), call("1S"), key("SHOUT"), Input(CARD, "", "scanner", uid=b"\1"))
    refuse(t, Undone(), ClaimMade(3), ClaimAnswered(True), NextDeal(), HonoursGiven(100, 0))
    refuse(t, DrawTurnEnded(ANNA))
    t.apply(DrawPhaseEnded())
    refuse(t, key("OK"), card("SA"), call("2Z"), DrawPhaseEnded())
    t = table()  # the auction: Anna speaks first
    refuse(t, call("X"), call("XX"), CallMade(Call.parse("1C"), BEN), key("UNDO"))
    t.handle(call("2C"))
    refuse(t, call("1H"), call("XX"))
    t.handle(call("X"))
    refuse(t, call("X"))
    t.handle(call("P"))  # one pass ends it: 2CX by Anna, Ben leads
    refuse(t, call("P"), key("OK"), ClaimMade(14), CardPlayed(Card.parse("SA"), ANNA))
    refuse(t, ClaimAnswered(True), card("S1"))
    t.handle(card("CA"))
    refuse(t, card("CA"))
    t.handle(card("C2"))
    t.apply(ClaimMade(3, ANNA))
    refuse(t, card("S2"), ClaimMade(2), ClaimAnswered(True, ANNA))
    t.apply(ClaimAnswered(True))  # the deal result
    refuse(t, card("S2"), call("1C"), HonoursGiven(50, 1), HonoursGiven(100))
    refuse(t, HonoursGiven(150, ANNA))  # Anna cannot have held 5 trump honours: Ben played CA
    t.apply(HonoursGiven(100, BEN))
    refuse(t, HonoursGiven(100, BEN))
    t = table()  # a finished rubber
    for _ in range(2):
        if t.game.phase == "deal-end":
            t.handle(key("OK"))
            t.handle(call("P"))  # Ben speaks first in deal 2
        t.handle(call("7NT"))
        t.handle(call("P"))
        t.apply(ClaimMade(13, ANNA))
        t.apply(ClaimAnswered(True))
    assert t.game.phase == "finished"
    refuse(t, key("OK"), card("SA"), call("1C"), NextDeal())
    t = table()  # pairing
    t.start_pairing(DeckProfile("home"))
    t.handle(Input(CARD, "", "scanner", uid=fake_uid("A")))
    refuse(t, Input(CARD, "", "scanner", uid=fake_uid("A")), card("SK"))
    return found


def test_every_refusal_at_the_table_ends_with_a_hint_in_both_languages():
    nl = Catalog("nl")
    refusals = refusals_at_the_table()
    assert len(refusals) > 40
    for outcome in refusals:
        assert outcome.hint, outcome.message
        assert any(p.match(outcome.hint) for p in HINT_PATTERNS), outcome.hint
        assert outcome.text == f"{outcome.message}: {outcome.hint}"
        assert nl.error(outcome.message) != outcome.message, outcome.message
        assert nl.error(outcome.hint) != outcome.hint, outcome.hint


def test_every_hint_is_in_both_catalogues():
    nl = Catalog("nl")
    for template in hints.every_hint():
        assert template in nl.texts["errors"], template
        assert nl.texts["errors"][template] != template, template


@pytest.mark.parametrize(
    "inputs,message",
    [
        ([key("OK")], "OK is not used in the auction: make Anna's call"),
        ([call("2C"), call("1H")], "1H is not higher than 2C: bid higher than 2C or pass"),
        ([call("X")], "there is no bid to double: bid or pass"),
        (
            [call("1S"), call("P"), card("H2"), card("H2")],
            "H2 was already played: play another card",
        ),
        ([call("1S"), call("P"), call("2S")], "the auction is over: play Ben's card"),
    ],
)
def test_refusals_say_what_to_do_instead(inputs, message):
    t = table()
    *before, last = inputs
    for item in before:
        assert t.handle(item).accepted
    assert t.handle(last).text == message


def test_a_turn_out_of_turn_says_whom_to_wait_for():
    t = table()
    outcome = t.apply(CallMade(Call.parse("1C"), BEN))
    assert outcome.text == "it is Anna's turn to call: wait for Anna"
    assert Catalog("nl").error(outcome.hint) == "wacht op Anna"


def test_follow_suit_says_which_suit_to_play():
    t = table()
    for item in (call("1S"), call("P"), card("H9")):  # Ben leads a heart
        t.handle(item)
    refusal = msg("{name} must follow suit ({suit})", name="Anna", suit="hearts")
    assert hints.hint(t.game, refusal) == "play a heart"
    assert Catalog("nl").error(hints.hint(t.game, refusal)) == "speel een harten"


def test_a_claim_waiting_for_an_answer_is_what_to_do_first():
    t = table()
    for item in (call("1S"), call("P")):
        t.handle(item)
    t.apply(ClaimMade(10, ANNA))
    outcome = t.handle(card("SA"))
    assert outcome.text == "first answer Anna's claim: tap Accept or Dispute"
    assert (
        t.handle(key("OK")).text
        == "OK is not used in the play: answer Anna's claim: Accept or Dispute"
    )


# -- what an accepted input did -------------------------------------------------------


def revoke_table():
    """Anna declares 1S; Ben shows out of diamonds in trick 2 ..."""
    t = table()
    for item in (call("1S"), call("P"), card("H2"), card("HA"), card("D5"), card("C3")):
        assert t.handle(item).accepted
    return t


def test_a_revoke_is_announced_when_it_is_proved():
    t = revoke_table()
    assert t.handle(card("D6")).notice == ""
    proved = t.handle(card("D4"))  # ... and plays a diamond in trick 3
    assert proved.accepted and proved.attention == "revoke"
    assert proved.notice == "Revoke: Ben did not follow suit in trick 2"
    nl = Catalog("nl").error(proved.notice)
    assert nl == "Verzaking: Ben bekende geen kleur in slag 2"


def test_a_disputed_claim_says_who_plays_on_to_which_trick():
    t = revoke_table()
    t.apply(ClaimMade(11, ANNA))  # Anna won trick 2 and leads to trick 3
    disputed = t.apply(ClaimAnswered(False))
    assert disputed.notice == "Claim disputed: play goes on; Anna leads to trick 3"
    t.handle(card("D6"))
    t.apply(ClaimMade(10, ANNA))
    notice = t.apply(ClaimAnswered(False)).notice
    assert notice == "Claim disputed: play goes on; Ben plays to trick 3"
    assert Catalog("nl").error(notice) == (
        "Claim betwist: er wordt doorgespeeld; Ben speelt bij in slag 3"
    )


@pytest.mark.parametrize(
    "form,inputs,undone",
    [
        ("plain", [call("1S")], "Undone: 1S by Anna"),
        ("plain", [call("P")], "Undone: Anna's pass"),
        ("plain", [call("1S"), call("P"), card("SA")], "Undone: Ben's SA"),
        ("plain", [call("1S"), call("P"), ClaimMade(10, ANNA)], "Undone: Anna's claim"),
        (
            "plain",
            [call("1S"), call("P"), ClaimMade(10, ANNA), ClaimAnswered(False)],
            "Undone: Ben's answer to the claim",
        ),
        (
            "plain",
            [call("1S"), call("P"), ClaimMade(13, ANNA), ClaimAnswered(True), HonoursGiven(0)],
            "Undone: the honours",
        ),
        (
            "plain",
            [call("1S"), call("P"), ClaimMade(13, ANNA), ClaimAnswered(True), key("OK")],
            "Undone: the next deal; back to the result of deal 1",
        ),
        ("draw-and-discard", [key("OK")], "Undone: the end of Ben's draw turn"),
        ("draw-and-discard", [DrawPhaseEnded()], "Undone: the end of the draw phase"),
    ],
)
def test_undo_says_what_it_took_back(form, inputs, undone):
    t = table(form, ANNA if form == "draw-and-discard" else BEN)
    for item in inputs:
        outcome = t.handle(item) if isinstance(item, Input) else t.apply(item)
        assert outcome.accepted, outcome.text
    outcome = t.handle(key("UNDO"))
    assert outcome.accepted and outcome.notice == undone
    assert Catalog("nl").error(outcome.notice) != undone


def test_undone_texts_in_dutch():
    nl = Catalog("nl")
    assert nl.error(msg("Undone: {name}'s {card}", name="Ben", card="SA")) == (
        "Teruggenomen: SA van Ben"
    )
    assert nl.error(msg("Undone: {call} by {name}", call="1H", name="Anna")) == (
        "Teruggenomen: 1H van Anna"
    )
    assert nl.error(msg("Undone: the end of {name}'s draw turn", name="Anna")) == (
        "Teruggenomen: het einde van de trekbeurt van Anna"
    )


def test_a_claim_and_the_end_of_a_deal_call_for_attention():
    t = table()
    assert t.handle(call("1S")).attention is None
    t.handle(call("P"))
    assert t.apply(ClaimMade(13, ANNA)).attention == "claim"
    assert t.apply(ClaimAnswered(True)).attention == "deal-end"
    t.handle(key("OK"))
    t.handle(call("P"))
    assert t.handle(call("P")).attention == "deal-end"  # thrown in


# -- the devices: clicks, beeps and LEDs ----------------------------------------------


def rig(t=None):
    devices = {"scanner": NotingDevice(), "bidbox": NotingDevice()}
    loop = TableLoop(t or table(), queue.Queue(), devices)
    return loop, devices["scanner"], devices["bidbox"]


def step(loop, *items):
    for item in items:
        loop.inputs.put(item)
    return [outcome for _, outcome in loop.step(0)]


def test_turn_leds_are_lit_as_soon_as_a_rubber_is_there():
    loop, scanner, bidbox = rig()  # --new, or resumed after a restart: Anna to call
    assert scanner.leds == bidbox.leds == [1 << ANNA]
    loop.table = None  # the start screen: dark
    assert bidbox.leds[-1] == 0
    loop.table = table(dealer=ANNA)  # a new rubber (from the start screen): Ben to call
    assert bidbox.leds[-1] == 1 << BEN
    assert scanner.beeps == bidbox.beeps == []  # no input yet, no sound


def test_an_accepted_input_clicks_on_its_own_device_only():
    loop, scanner, bidbox = rig()
    step(loop, call("1S"))
    assert bidbox.beeps == [BEEP_OK] and scanner.beeps == []
    step(loop, call("P"), card("SA"))
    assert scanner.beeps == [BEEP_OK] and bidbox.beeps == [BEEP_OK, BEEP_OK]
    step(loop, Input(KEY, "MENU", "touch"))  # a touch: the screen shows it, no click
    assert scanner.beeps == [BEEP_OK] and bidbox.leds[-1] == 1 << ANNA


def test_a_refusal_beeps_low_and_lights_the_error_led_until_an_accepted_input():
    loop, scanner, bidbox = rig()
    step(loop, card("SA"))
    assert scanner.beeps == bidbox.beeps == [BEEP_ERROR]
    assert bidbox.leds[-1] == (1 << ANNA) | LED_ERROR
    step(loop, call("1S"))
    assert bidbox.leds[-1] == 1 << BEN


def test_a_revoke_beeps_for_attention_everywhere_and_lights_the_error_led():
    loop, scanner, bidbox = rig(revoke_table())
    step(loop, card("D6"))
    scanner.beeps.clear()
    (outcome,) = step(loop, card("D4"))
    assert outcome.attention == "revoke"
    assert scanner.beeps == bidbox.beeps == [BEEP_ATTENTION]
    assert bidbox.leds[-1] & LED_ERROR
    step(loop, card("D7"))  # the next input: the LED goes out
    assert not bidbox.leds[-1] & LED_ERROR


def test_a_claim_made_on_the_screen_and_the_end_of_the_deal_beep_for_attention():
    loop, scanner, bidbox = rig()
    step(loop, call("1S"), call("P"))
    bidbox.beeps.clear()
    loop.apply(ClaimMade(13, ANNA))
    assert scanner.beeps == bidbox.beeps == [BEEP_ATTENTION]
    assert bidbox.leds[-1] == 1 << BEN  # Ben answers
    loop.apply(ClaimAnswered(True))
    assert scanner.beeps == bidbox.beeps == [BEEP_ATTENTION, BEEP_ATTENTION]
    assert bidbox.leds[-1] == 0  # the deal result: nobody's turn
    refused = loop.apply(ClaimMade(3))  # a refusal on the screen: the banner says it
    assert not refused.accepted and bidbox.beeps == [BEEP_ATTENTION, BEEP_ATTENTION]


def test_the_last_card_of_a_deal_beeps_for_attention():
    from tests.engine.helpers import deal_cards

    loop, scanner, bidbox = rig()
    step(loop, call("1S"), call("P"))
    cards = deal_cards(ANNA, 9)
    step(loop, *(card(c) for c in cards[:-1]))
    scanner.beeps.clear()
    (outcome,) = step(loop, card(cards[-1]))
    assert outcome.attention == "deal-end" and loop.table.game.phase == "deal-end"
    assert scanner.beeps == bidbox.beeps[-1:] == [BEEP_ATTENTION]


def test_before_any_rubber_the_devices_are_told_to_start_one():
    loop, scanner, bidbox = rig()
    loop.table = None
    (outcome,) = step(loop, card("SA"))
    assert outcome.text == "start a new rubber first: tap Start"
    assert Catalog("nl").error(outcome.hint) == "tik op Beginnen"
    assert scanner.beeps == [BEEP_ERROR] and bidbox.leds[-1] == LED_ERROR


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_hint_names_each_button_as_the_screen_labels_it(lang):
    t = Catalog(lang)
    labels = {
        hints.DEAL_END: ("result.next",),
        hints.FINISHED: ("menu.new_rubber",),
        hints.KEYS: ("button.undo", "button.menu"),
        hints.TAP_START: ("start.start",),
        hints.ACCEPT_OR_DISPUTE: ("play.accept", "play.dispute"),
        hints.ANSWER: ("play.accept", "play.dispute"),
        hints.PAIR: ("settings.title",),
        hints.HONOURS: ("result.honours_none_button",),
    }
    for hint, keys in labels.items():
        text = t.error(msg(hint, name="Anna") if "{name}" in hint else msg(hint))
        for key in keys:
            assert t.t(key) in text, (hint, key)


def test_refusals_while_the_dummy_is_laid_out_say_to_scan_it_or_press_ok():
    four = Table(Game(Setup("chicago", ("A", "B", "C", "D"), 0)))
    for text in ("P", "P", "4S", "P", "P", "P"):
        assert four.handle(Input(CALL, text)).accepted
    assert four.handle(card("HA")).accepted  # the opening lead: the dummy goes down
    assert four.game.phase == "dummy"
    refused = four.handle(Input(CALL, "1S"))
    assert not refused.accepted
    assert refused.hint == hints.DUMMY  # the catalogues have it: see the test above
