"""Every text in English and Dutch, from one catalogue per language."""

import pytest

from device.engine.message import msg
from device.ui.i18n import Catalog, catalogue


def load(lang):
    return catalogue(lang)


def test_both_catalogues_have_the_same_keys_and_no_empty_text():
    en, nl = load("en"), load("nl")
    assert set(en["ui"]) == set(nl["ui"])
    assert set(en["errors"]) == set(nl["errors"])
    for texts in (en, nl):
        assert all(text.strip() for text in texts["ui"].values())


def test_placeholders_match_between_languages():
    import string

    en, nl = load("en"), load("nl")
    fields = lambda text: {f for _, f, _, _ in string.Formatter().parse(text) if f}  # noqa: E731
    for section in ("ui", "errors"):
        for key, text in en[section].items():
            assert fields(text) == fields(nl[section][key]), key


@pytest.mark.parametrize(
    "message,dutch",
    [
        (msg("{call} is not higher than {last}", call="1H", last="2C"), "1H is niet hoger dan 2C"),
        (msg("it is {name}'s turn to call", name="Ben"), "Ben is aan de beurt om te bieden"),
        (msg("{card} was already played", card="SK"), "SK is al gespeeld"),
        (msg("unknown card"), "onbekende kaart"),
        (
            msg("a claim is for 0 to {max} tricks, not {n}", max=9, n=12),
            "een claim is voor 0 tot 9 slagen, niet 12",
        ),
        (msg("the rubber is over"), "de robber is voorbij"),
    ],
)
def test_engine_refusals_are_shown_in_dutch(message, dutch):
    assert Catalog("nl").error(message) == dutch
    assert Catalog("en").error(message) == message


def test_every_table_refusal_of_the_engine_has_a_template():
    """Play the refusals a table can meet and check each one is translated."""
    from device.engine.calls import Call
    from device.engine.cards import Card
    from device.engine.errors import RuleError
    from device.engine.events import (
        CallMade,
        CardPlayed,
        ClaimAnswered,
        ClaimMade,
        DrawTurnEnded,
        HonoursGiven,
        NextDeal,
        Setup,
        Undone,
    )
    from device.engine.game import Game

    game = Game(Setup("plain", ("Anna", "Ben"), 0))
    nl = Catalog("nl")
    untranslated = []

    def refuse(*events):
        for event in events:
            try:
                game.apply(event)
            except RuleError as error:
                if nl.error(str(error)) == str(error):
                    untranslated.append(str(error))
            else:
                raise AssertionError(f"{event} was accepted")

    refuse(Undone(), DrawTurnEnded(), CardPlayed(Card.parse("SA")), ClaimAnswered(True))
    refuse(NextDeal(), HonoursGiven(100, 0), CallMade(Call.parse("X")))
    refuse(CallMade(Call.parse("XX")), CallMade(Call.parse("2C"), 0))
    game.apply(CallMade(Call.parse("2C")))
    refuse(CallMade(Call.parse("1H")), CallMade(Call.parse("XX")))
    game.apply(CallMade(Call.parse("X")))
    refuse(CallMade(Call.parse("X")))
    game.apply(CallMade(Call.parse("P")))
    game.apply(CardPlayed(Card.parse("SA")))
    refuse(CardPlayed(Card.parse("SA")), ClaimMade(14), CallMade(Call.parse("1C")))
    game.apply(ClaimMade(3, 0))
    refuse(CardPlayed(Card.parse("S2")), ClaimAnswered(True, 0))
    game.apply(ClaimAnswered(True))
    refuse(HonoursGiven(50, 1))
    game.apply(HonoursGiven(100, 1))
    refuse(HonoursGiven(100, 1))
    assert not untranslated


def test_a_count_takes_the_singular_for_exactly_one_in_both_languages():
    en, nl = Catalog("en"), Catalog("nl")
    assert [en.n("journal.rubbers", n) for n in (0, 1, 2)] == ["0 rubbers", "1 rubber", "2 rubbers"]
    assert nl.n("journal.inputs", 1) == "1 invoer" and nl.n("journal.inputs", 3) == "3 invoeren"


def test_face_cards_are_drawn_with_the_languages_letters():
    assert Catalog("en").rank_letters() == {14: "A", 13: "K", 12: "Q", 11: "J"}
    assert Catalog("nl").rank_letters() == {14: "A", 13: "H", 12: "V", 11: "B"}


@pytest.mark.parametrize(
    "message,english,dutch",
    [
        (
            msg("OK is not used in the {phase}", phase="deal-end"),
            "OK is not used in the deal result",
            None,
        ),
        (
            msg("{name} must follow suit ({suit})", name="Ben", suit="hearts"),
            None,
            "Ben moet kleur bekennen (harten)",
        ),
        (
            msg("honours in {strain} are worth {points}", strain="S", points="100 or 150"),
            "honours in spades are worth 100 or 150",
            "honneurs in schoppen zijn 100 of 150 waard",
        ),
        (
            msg("honours in {strain} are worth {points}", strain="NT", points="150"),
            None,
            "honneurs in SA zijn 150 waard",
        ),
        (
            msg("{source} disconnected", source="scanner"),
            "Card scanner disconnected",
            "Kaartscanner niet verbonden",
        ),
    ],
)
def test_the_things_an_engine_message_names_are_translated_too(message, english, dutch):
    if english is not None:
        assert Catalog("en").error(message) == english
    if dutch is not None:
        assert Catalog("nl").error(message) == dutch
