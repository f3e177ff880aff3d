"""A damaged deck profile never stops the table: what is valid of it is kept,
the rest is named, and pairing can start (again) from it."""

import json

import pytest

from device.hal.deck import DeckProfile, Pairing, deck_notice


def write(tmp_path, data) -> object:
    path = tmp_path / "deck.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text,reason",
    [
        ("{not json", "cannot be read"),
        ("", "cannot be read"),
        ("[" * 100_000, "cannot be read"),
        ("[1, 2]", "not a JSON object"),
        ('"deck"', "not a JSON object"),
        ('{"name": "deck", "deck": "tarot", "tags": {}}', "unknown deck 'tarot'"),
        ('{"name": "deck", "deck": ["standard"], "tags": {}}', "unknown deck ['standard']"),
        ('{"name": "deck"}', "no tags table"),
        ('{"name": "deck", "tags": ["aa", "SA"]}', "no tags table"),
    ],
)
def test_a_file_that_is_no_profile_gives_none_and_one_line(tmp_path, text, reason):
    path = write(tmp_path, text)
    profile, problems = DeckProfile.salvage(path)
    assert profile is None and len(problems) == 1
    assert problems[0].startswith(f"deck profile {path}: {reason}")
    assert "\n" not in problems[0] and len(problems[0]) < 200
    assert deck_notice("deck", profile, problems) == (
        "deck profile deck cannot be read; pair the deck again in Settings"
    )


def test_bad_tags_are_left_out_and_the_good_ones_kept(tmp_path):
    text = (
        '{"name": "home", "tags": {"0a0b": "SA", "ZZ": "SK", "": "SQ", "0c": "XX",'
        ' "0d": 7, "0e": "SA", "0A0B": "HK", "0f": "H10", "0a0b": "D2",'
        ' "' + "00" * 17 + '": "C3"}}'
    )
    profile, problems = DeckProfile.salvage(write(tmp_path, text))
    assert {uid: str(card) for uid, card in profile.tags.items()} == {"0a0b": "SA", "0f": "HT"}
    assert profile.name == "home" and len(problems) == 8
    assert all(p.endswith(", left out") and "\n" not in p for p in problems)
    assert "tag 'ZZ': not hex digits" in problems[0]
    assert "tag '0e': SA already has a tag" in problems[4]
    assert "tag '0A0B': this tag is already paired with SA" in problems[5]
    assert deck_notice("home", profile, problems) == (
        "deck profile home: bad tags left out: 8; pair the deck again in Settings"
    )


def test_a_clean_profile_has_no_notice(tmp_path):
    profile = DeckProfile("deck")
    profile.pair(profile.deck.parse("SA"), b"\x01\x02")
    path = tmp_path / "deck.json"
    profile.save(path)
    salvaged, problems = DeckProfile.salvage(path)
    assert problems == [] and deck_notice("deck", salvaged, problems) is None
    assert salvaged.card_for(b"\x01\x02").text == "SA"


def test_a_missing_or_bad_name_is_the_files_name(tmp_path):
    profile, problems = DeckProfile.salvage(write(tmp_path, {"name": 5, "tags": {}}))
    assert problems == [] and profile.name == "deck"


def test_pairing_goes_on_from_what_was_kept(tmp_path):
    text = '{"name": "deck", "tags": {"01": "SA", "02": "nonsense", "03": "SQ"}}'
    profile, _ = DeckProfile.salvage(write(tmp_path, text))
    pairing = Pairing(profile)
    assert str(pairing.next_card) == "SK" and pairing.progress == (2, 52)


def test_the_table_starts_with_what_is_valid_and_says_so(tmp_path, capsys):
    from device.run import pairing_profile, table_deck

    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "deck.json").write_text('{"tags": {"01": "SA", "zz": "SK"}}')
    notices = []
    profile = table_deck(decks, None, notices)
    assert profile.card_for(b"\x01").text == "SA" and len(profile.tags) == 1
    assert notices == ["deck profile deck: bad tags left out: 1; pair the deck again in Settings"]
    assert "deck.json: tag 'zz': not hex digits, left out" in capsys.readouterr().err
    (decks / "home.json").write_text("\x00\xff garbage")
    assert table_deck(decks, "home", notices) is None
    assert len(notices) == 2 and "home cannot be read" in notices[1]
    fresh = pairing_profile(decks, "home", notices)  # pairing starts again over it
    assert fresh.name == "home" and fresh.tags == {} and len(notices) == 2
    with pytest.raises(Exception, match="there is no deck profile"):
        table_deck(decks, "other", notices)
