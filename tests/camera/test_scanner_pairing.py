"""Pairing a deck by camera through the protocol: the table asks for each card in turn
(LEARN), the player lays it on the folder camera's spot, the camera learns it, saves the
profile and its sidecar after every card and answers with a CARD of it. Cancel keeps what
was learnt; pairing again goes on where it stopped; the deck paired reads its cards."""

from __future__ import annotations

import json

import pytest

from device.camera.profile import load
from device.engine.cards import DECKS
from device.sim import card_faces as synthetic
from device.sim.photographer import Table
from firmware_bridge import protocol as p
from tests.camera.camera_line import camera_at


@pytest.fixture(scope="module")
def photos() -> dict:
    faces = synthetic.deck_faces(7)
    table = Table(47)
    used = [card.text for card in DECKS["standard"].cards][:9] + ["SA"]  # the cards laid
    shots = {card: table.pairing_shot(faces[card], i) for i, card in enumerate(used)}
    shots["empty"] = table.empty(5)
    shots["S8 again"] = table.pairing_shot(faces["S8"], 778)
    return shots


def learn(at, photos, card: str) -> None:
    """The table asks for `card`; the player takes the last card away and lays it."""
    at.device.learn(card)
    at.looking(photos["empty"], "empty")
    at.lay(photos[card])
    answer = at.next()
    assert answer is not None and (answer.kind, answer.value) == ("card", card), at.seen[-3:]


def sidecar(decks) -> dict:
    return json.loads((decks / "camera-standard.json").read_text())


def test_a_deck_paired_card_by_card_saved_after_each_and_cancel_keeps_them(tmp_path, photos):
    decks = tmp_path / "decks"
    decks.mkdir()
    cards = [card.text for card in DECKS["standard"].cards]
    # Some cards, Cancel, then some more: each takes the same path (the camera's tests of
    # a whole deck are the end-to-end rubbers, paired on photos of every card).
    first, rest = cards[:5], cards[5:9]
    with camera_at(tmp_path / "spot", decks) as at:
        assert at.next(("error",)).value == p.NO_PROFILE  # nothing paired yet
        at.looking(photos["empty"], "empty")
        at.device.learn("SA")
        at.lay(photos["SA"])  # lying there before the spot was seen empty: not learnt
        assert at.quiet(1.0) == []
        for number, card in enumerate(first, 1):
            learn(at, photos, card)
            assert sidecar(decks) == {"deck": "standard", "cards": first[:number]}
            assert load(decks / "camera-standard.npz").cards == tuple(first[:number])
        at.device.learn(None)  # Cancel: back to reading, with what was learnt
        assert at.quiet(1.0) == []  # the card learnt last, still lying there, is not read
        at.looking(photos["empty"], "empty")
        at.lay(photos[first[3]])
        assert at.next().value == first[3]
    assert sidecar(decks)["cards"] == first
    # Pairing again goes on where it stopped (on a bare spot: a card lying there is read).
    with camera_at(tmp_path / "spot2", decks) as at:
        at.looking(photos["empty"], "empty")
        for card in rest:
            learn(at, photos, card)
        learn(at, photos, first[0])  # learnt again (new light): still once
        at.device.learn(None)
        at.looking(photos["empty"], "empty")
        at.lay(photos["S8 again"])  # elsewhere on the spot, at another angle
        assert at.next().value == "S8"
    profile = load(decks / "camera-standard.npz")
    assert sorted(profile.cards) == sorted(first + rest) and profile.empty is not None
    assert sorted(sidecar(decks)["cards"]) == sorted(first + rest)  # S2 learnt again: once


def test_a_card_of_no_deck_is_refused(tmp_path, photos):
    decks = tmp_path / "decks"
    decks.mkdir()
    with camera_at(tmp_path / "spot", decks) as at:
        assert at.next(("error",)).value == p.NO_PROFILE
        at.device.learn("Z9")
        assert at.next(("error",)).value == p.NOT_IN_DECK
        assert not (decks / "camera-standard.json").exists()
