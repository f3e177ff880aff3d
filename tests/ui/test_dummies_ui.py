"""Screens for two players with dummies (Double Dummy, Single Dummy): the view holds
only cards played or shown, the play drawn at four compass spots with each dummy laid
out, "Anna: from your dummy" / "from your hand", the dummies laid out in turn, the
auction in two columns, the sheet with the players as sides; every gallery screen of
these forms readable in English and Dutch."""

import os
import random

from device.ui.actions import Overlay, TapCall, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from device import forms  # noqa: E402
from device.engine.calls import Call  # noqa: E402
from device.engine.cards import Card  # noqa: E402
from device.engine.events import (  # noqa: E402
    CallMade,
    CardPlayed,
    CardShown,
    DummyDone,
    NextDeal,
    Setup,  # noqa: E402
)
from device.engine.game import Game  # noqa: E402
from device.robots import deal_inputs  # noqa: E402
from device.ui.form_parts import own_screen_names  # noqa: E402
from device.ui.i18n import Catalog  # noqa: E402
from device.ui.layout import Layout  # noqa: E402
from device.ui.screens import FORM_PHASES, MODULES, auction, play, table4  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.ui import gallery  # noqa: E402

EN, NL = Catalog("en"), Catalog("nl")
N, E, S, W = range(4)
pytestmark = pytest.mark.usefixtures("pygame_module")


def seen_so_far(game):
    """Cards face up at the table at some point of this deal: played or shown."""
    deal = game.deal
    shown = {str(c) for cards in (getattr(deal, "shown", None) or {}).values() for c in cards}
    played = {str(c) for c in deal.play.played} if deal.play else set()
    return played | shown | {str(c) for c in getattr(deal, "face_up", ())}


@pytest.mark.parametrize(
    "form", ["double-dummy", "single-dummy", "exposed-dummy", "semi-exposed-dummies"]
)
def test_privacy_walk_no_view_holds_a_card_not_played_or_shown(form):
    """Robots play (scanning a dummy, part of it or skipping it): after every input the
    view holds only cards played or shown, and every shown card is in it."""
    rng = random.Random(5)
    game = Game(Setup(form, ("Anna", "Ben"), 1))
    three = form == "exposed-dummy"  # one dummy, shared
    views = two_shown = 0
    while game.phase != "finished" and game.deal.number <= 4:
        for event in deal_inputs(game, rng):
            game.apply(event)
            view = build_view(game)
            assert view.cards() <= seen_so_far(game)
            held = {c for _, cards in view.play.shown for c, _ in cards} if view.play else set()
            if view.play:  # the play has begun: every card shown is drawn
                shown = {str(c) for cards in game.deal.shown.values() for c in cards}
                assert shown <= held
            if view.phase in ("face-up", "choose"):  # the face-up dummy is drawn
                assert set(view.face_up) == {str(c) for c in game.deal.face_up}
            two_shown += bool(view.play) and len(view.play.shown) == (1 if three else 2)
            views += 1
        if game.phase != "finished":
            game.apply(NextDeal())
    assert views > 150 and two_shown > 10


def dd_game(*calls: str) -> Game:
    """Double Dummy, Ben deals: Anna speaks first."""
    game = Game(Setup("double-dummy", ("Anna", "Ben"), 1))
    for call in calls:
        game.apply(CallMade(Call.parse(call)))
    return game


def draw(view, ui=None, lang="en", size=(800, 480)):
    surface, targets = gallery.draw(view, ui or UiState(), lang, size)
    return surface, targets


def test_the_auction_has_two_columns_from_the_first_speaker():
    view = build_view(dd_game("1S"))
    assert view.phase == "auction" and len(view.seats) == 2
    assert [view.seats[s].name for s in auction.speaking_order(view)] == ["Anna", "Ben"]
    draw(view)


def test_the_dummies_are_laid_out_in_turn_with_their_seat_and_the_next_one():
    game = dd_game("2H", "P")  # Anna declares: Ben leads from his own hand (East)
    game.apply(CardPlayed(Card.parse("SA")))
    view = build_view(game)
    assert view.phase == "dummy" and view.play.dummy == S and view.play.dummies == (S, W)
    assert table4.turn_text(view, EN) == "Lay out the dummy: Anna (S)"
    assert table4.turn_text(view, NL) == "Leg de blinde open: Anna (Z)"
    texts = drawn_texts(view)
    assert any("next dummy" in text for text in texts)  # OK goes on to West's
    game.apply(CardShown(Card.parse("HA")))
    game.apply(DummyDone())
    view = build_view(game)
    assert view.play.dummy == W
    assert table4.turn_text(view, EN) == "Lay out the dummy: Ben (W)"
    assert not any("next dummy" in text for text in drawn_texts(view))
    assert view.dummy_shown == 0
    game.apply(CardShown(Card.parse("CA")))
    assert build_view(game).dummy_shown == 1


def drawn_texts(view, ui=None, lang="en"):
    """Every text a screen renders (each line of a wrapped one)."""
    from tests.ui.test_readable import Recording

    layout = Recording((800, 480))
    gallery.draw(view, ui or UiState(), lang, (800, 480), layout)
    return layout.texts


def in_play(contract="2H"):
    """Anna declares; Ben leads SA; both dummies laid out in part (S: HK H2, W: CK C2)."""
    game = dd_game(contract, "P")
    game.apply(CardPlayed(Card.parse("SA")))
    for card in ("HK", "H2"):
        game.apply(CardShown(Card.parse(card)))
    game.apply(DummyDone())
    for card in ("CK", "C2"):
        game.apply(CardShown(Card.parse(card)))
    game.apply(DummyDone())
    return game


def test_each_player_plays_from_their_hand_and_from_their_dummy():
    game = in_play()
    view = build_view(game)
    assert view.phase == "play" and view.play.to_play == S  # Anna's dummy after East's lead
    assert table4.turn_text(view, EN) == "Anna: from your dummy"
    assert table4.turn_text(view, NL) == "Anna: uit je blinde"
    game.apply(CardPlayed(Card.parse("H2")))
    view = build_view(game)
    assert view.play.to_play == W
    assert table4.turn_text(view, EN) == "Ben: from your dummy"
    game.apply(CardPlayed(Card.parse("C2")))
    view = build_view(game)
    assert view.play.to_play == N
    assert table4.turn_text(view, EN) == "Anna: from your hand"
    assert table4.turn_text(view, NL) == "Anna: uit je hand"
    texts = drawn_texts(view, UiState(overlay="picker"))
    assert "Anna: from your hand" in texts  # the picker says which hand the card is from


def test_the_play_is_drawn_at_four_spots_with_both_dummies_and_the_players_tricks():
    game = in_play()
    view = build_view(game)
    assert table4.at_spots(view) and list(table4.hands(view)) == [N, E, S, W]
    shown = {hand: {card for card, _ in cards} for hand, cards in view.play.shown}
    assert shown == {S: {"HK", "H2"}, W: {"CK", "C2"}}
    texts = drawn_texts(view)
    assert "N Anna" in texts and "W Ben" in texts and "S Anna" in texts and "E Ben" in texts
    assert [table4.is_dummy(view, hand) for hand in range(4)] == [False, False, True, True]
    assert "dummy" in texts  # under each dummy's name
    assert "Anna" in texts and "Ben" in texts  # the tricks per player, not N-S and E-W
    assert "N-S" not in texts and "E-W" not in texts
    assert "S" in texts and "W" in texts  # each dummy's box says its seat
    assert "Trick 1 of 13" not in texts  # no room with two dummies out
    assert {"K", "2"} <= set(texts)  # the dummies' ranks drawn


def test_a_trick_won_by_a_dummy_is_named_after_its_player_in_the_picker():
    game = in_play()  # hearts are trumps
    for card in ("H2", "C2", "S2"):  # Anna's dummy ruffs East's SA
        game.apply(CardPlayed(Card.parse(card)))
    view = build_view(game)
    assert view.play.last_winner == S
    assert play.winner_name(view) == "Anna"
    texts = drawn_texts(view, UiState(overlay="picker"))
    assert any("Anna" in text and "took" in text for text in texts)
    draw(view, UiState(overlay="last-trick"))


def test_the_sheet_has_the_players_as_sides():
    game = in_play("7NT")
    view = build_view(game)
    assert view.side_names == ("Anna", "Ben")
    texts = drawn_texts(view, UiState(overlay="sheet"))
    assert "Anna" in texts and "Ben" in texts


def test_the_gallery_draws_every_form_with_dummies_readable_in_both_languages():
    from device.ui.screens import screen_name

    assert set(gallery.DUMMY_FORMS) <= {form.name for form in forms.FORMS}
    dummy_forms = set(gallery.DUMMY_FORMS)
    screens = [s for s in gallery.every_screen() if s[1] is not None and s[1].form in dummy_forms]
    assert {view.form for _, view, _ in screens} == dummy_forms
    shown = {screen_name(view, ui) for _, view, ui in screens}
    assert {"auction", "dummy", "play", "picker", "last-trick", "claim", "sheet"} <= shown
    assert {"deal-end", "finished", "help", "face-up", "choose", "turn-up"} <= shown
    assert set(MODULES) | set(FORM_PHASES) | own_screen_names() >= shown  # each has a screen
    assert any(len(view.play.shown) == 2 for _, view, _ in screens if view.play)
    for name, view, ui in screens:
        for lang in ("en", "nl"):
            for size in gallery.SIZES:
                layout = Layout(size)
                gallery.draw(view, ui, lang, size, layout)
                assert not layout.too_small, (name, lang, size, sorted(layout.too_small))
                assert not layout.overflow, (name, lang, size, sorted(layout.overflow))


def single(*face_up: str) -> Game:
    """Single Dummy, Ben deals and lays a dummy face up: `face_up` scanned."""
    game = Game(Setup("single-dummy", ("Anna", "Ben"), 1))
    for card in face_up:
        game.apply(CardShown(Card.parse(card)))
    return game


def test_the_face_up_dummy_is_drawn_as_it_is_laid_out_and_tapped_in():
    view = build_view(single("SA", "HK", "D2"))
    assert view.phase == "face-up" and view.face_up == ("SA", "HK", "D2")
    assert view.cards() == {"SA", "HK", "D2"}
    texts = drawn_texts(view)
    assert "Face up" in texts and "3 of 13" in texts and {"A", "K", "2"} <= set(texts)
    assert any(text.startswith("Ben: lay the dummy") for text in texts)
    nl = drawn_texts(view, lang="nl")
    assert any(text.startswith("Ben: leg de blinde") for text in nl)
    _, targets = draw(view)
    assert Overlay("picker") in [target.action for target in targets]
    assert play.picker_refused(view) == {"SA", "HK", "D2"}  # shown: tapped once only
    _, targets = draw(view, UiState(overlay="picker"))
    enabled = {target.action for target in targets if target.enabled}
    assert TapCard("SQ") in enabled and TapCard("SA") not in enabled
    assert "Tap the face-up dummy's cards" in drawn_texts(view, UiState(overlay="picker"))


def test_the_declarer_chooses_a_dummy_on_the_screen():
    game = single("SA", "HK")
    game.apply(DummyDone())
    for call in ("2S", "P"):  # Anna speaks first and declares
        game.apply(CallMade(Call.parse(call)))
    view = build_view(game)
    assert view.phase == "choose" and view.turn == "Anna" and view.face_up == ("SA", "HK")
    texts = drawn_texts(view)
    assert "Anna: choose your dummy" in " ".join(texts)  # wrapped as it fits
    assert "The face-up dummy (OK)" in texts and "The face-down dummy (P)" in texts
    _, targets = draw(view)
    actions = [target.action for target in targets]
    assert TapKey("OK") in actions and TapCall("P") in actions  # as the table routes them
    assert game.form.input_for("choose", "OK").face_up
    assert not game.form.input_for("choose", "call", Call.parse("P")).face_up
    assert "Anna: kies je blinde" in " ".join(drawn_texts(view, lang="nl"))


def test_exposed_dummy_is_drawn_at_three_spots_the_declarer_playing_it():
    game = Game(Setup("exposed-dummy", ("Anna", "Ben"), 1))
    rng = random.Random(2)
    view = None
    while view is None:  # the first time the dummy is to play to a trick
        for event in deal_inputs(game, rng):
            game.apply(event)
            now = build_view(game)
            if now.phase == "play" and now.play.to_play == S and now.play.trick:
                view = now
                break
        else:
            game.apply(NextDeal())
    assert list(table4.hands(view)) == [N, E, S] and table4.is_dummy(view, S)
    declarer = view.play.declarer
    assert table4.turn_text(view, EN) == f"{declarer}: from your dummy"
    texts = drawn_texts(view)
    assert f"S {declarer}" in texts and not any(text.startswith("W ") for text in texts)


def test_the_auction_shows_the_face_up_dummy_under_the_latest_rounds():
    game = single("SA", "HK", "C7")
    game.apply(DummyDone())
    for call in ("1C", "1D", "1H", "1S", "2C", "2D"):  # three rounds: the latest two shown
        game.apply(CallMade(Call.parse(call)))
    view = build_view(game)
    assert view.phase == "auction" and view.face_up == ("SA", "HK", "C7")
    texts = drawn_texts(view)
    assert "Face up" in texts and {"A", "K", "7"} <= set(texts)
    assert "Open" in drawn_texts(view, lang="nl")
    layout = Layout((800, 480))
    gallery.draw(view, UiState(), "en", (800, 480), layout)
    assert not layout.overflow and not layout.too_small
    plain = build_view(dd_game("1C", "1D", "1H"))  # no dummy face up: nothing of it
    assert not plain.face_up and "Face up" not in drawn_texts(plain)


def test_a_card_turned_up_from_a_pile_is_asked_for_by_its_dummy():
    """Semi-exposed dummies: after a trick that uncovered a pile, the player of that
    dummy turns its card up: the screen says whose and which pile, OK skips; the
    picker offers no card that is shown or played."""
    game = Game(Setup("semi-exposed-dummies", ("Anna", "Ben"), 1))
    rng = random.Random(0)
    view = None
    while view is None:
        for event in deal_inputs(game, rng):
            game.apply(event)
            if game.phase == "turn-up":
                view = build_view(game)
                break
        else:
            game.apply(NextDeal())
    hand = view.play.turn_up
    assert hand in (S, W) and view.turn == ("Anna", "Ben")[hand % 2]
    pile = view.play.turn_up_pile
    assert 1 <= pile <= 6
    label = table4.hand_label(view, hand, EN)
    assert table4.turn_text(view, EN) == f"Turn up pile {pile}: {label}"
    assert f"Pile {pile}" in drawn_texts(view)
    _, targets = draw(view)
    assert TapKey("OK") in [target.action for target in targets if target.enabled]
    refused = play.picker_refused(view)
    shown = {card for _, cards in view.play.shown for card, _ in cards}
    assert shown | set(view.play.played) <= refused
    title = f"Tap the card under pile {pile}: {label}"
    assert title in drawn_texts(view, UiState(overlay="picker"))
    assert f"Stapel {pile}" in drawn_texts(view, lang="nl")
