"""The auction, play, last-trick, picker and claim screens: their touch targets,
drawn from real views of real games, in both languages."""

import dataclasses
import os
import re
from pathlib import Path

from device.ui.actions import Answer, Claim, ClaimSeat, Overlay, TapCall, TapCard, TapKey

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.engine.calls import ALL_CALLS  # noqa: E402
from device.engine.events import ClaimMade  # noqa: E402
from device.engine.record import play_record  # noqa: E402
from device.ui.i18n import Catalog, catalogue  # noqa: E402
from device.ui.layout import MIN_TARGET, Layout  # noqa: E402
from device.ui.screens import auction, chrome, claim, play, render  # noqa: E402
from device.ui.screens.base import UiState  # noqa: E402
from device.ui.view import build_view  # noqa: E402
from tests.engine.helpers import deal_cards  # noqa: E402

SCREENS = Path(auction.__file__).parent
CARDS = deal_cards(0, 9, "H")  # Anna declares 2H, Ben leads


pytestmark = pytest.mark.usefixtures("pygame_module")


def game(*deals):
    record = {"game": "plain", "players": ["Anna", "Ben"], "first_dealer": "Ben"}
    return play_record({**record, "deals": list(deals)})


def auction_view(*calls):
    return build_view(game({"calls": list(calls)}))


def play_view(cards=11, claim=None):
    played = game({"calls": ["2H", "P"], "cards": CARDS[:cards]})
    if claim is not None:
        played.apply(ClaimMade(*claim))
    return build_view(played)


def draw(view, lang="en", size=(800, 480), catalog=None, **ui):
    surface = pygame.Surface(size)
    return render(surface, Layout(size), view, UiState(lang=lang, **ui), catalog or Catalog(lang))


def actions(targets, kind):
    return [t for t in targets if isinstance(t.action, kind)]


def content(targets):
    """The screen's own targets, without the footer's OK, Undo, Score sheet and Menu."""
    return [t for t in targets if t.rect[1] < chrome.FOOTER_Y]


def tap(targets, x, y):
    """What the app does with a touch: the last drawn target under it wins."""
    for target in reversed(targets):
        if target.hit(x, y):
            return target.action
    return None


def centre(target):
    x, y, w, h = target.rect
    return x + w / 2, y + h / 2


# --- the auction ------------------------------------------------------------------


def test_bidding_box_has_every_call_and_enables_exactly_the_legal_ones():
    view = auction_view("1S")  # Anna speaks first; Ben's 1S: Anna may double, not redouble
    calls = actions(draw(view), TapCall)
    assert sorted(t.action.call for t in calls) == sorted(str(c) for c in ALL_CALLS)
    assert len(calls) == 38
    assert {t.action.call for t in calls if t.enabled} == set(view.auction.legal)
    enabled = {t.action.call: t.enabled for t in calls}
    assert enabled["X"] and not enabled["XX"] and not enabled["1S"] and enabled["1NT"]


def test_redouble_is_enabled_only_after_a_double():
    doubled = {t.action.call: t.enabled for t in actions(draw(auction_view("1S", "X")), TapCall)}
    assert doubled["XX"] and not doubled["X"]


def test_tapping_a_bid_makes_that_call_and_a_greyed_one_nothing():
    targets = draw(auction_view("1H"))
    (one_spade,) = [t for t in targets if t.action == TapCall("1S")]
    assert tap(targets, *centre(one_spade)) == TapCall("1S")
    (one_club,) = [t for t in targets if t.action == TapCall("1C")]
    assert not one_club.enabled and tap(targets, *centre(one_club)) is None


def test_auction_has_no_ok_key():
    (ok,) = [t for t in draw(auction_view()) if t.action == TapKey("OK")]
    assert not ok.enabled


def test_call_text_translates_pass_and_no_trumps_but_keeps_suit_codes():
    nl = Catalog("nl")
    assert auction.call_text("P", nl) == "Pas"
    assert auction.call_text("3NTX", nl) == "3SAX"
    assert auction.call_text("4SX", nl) == "4SX"


# --- the play ---------------------------------------------------------------------------


def test_accept_and_dispute_only_while_a_claim_waits():
    assert not actions(draw(play_view()), Answer)
    targets = draw(play_view(cards=12, claim=(5, 0)))
    assert sorted((t.action for t in actions(targets, Answer)), key=lambda a: a.accept) == [
        Answer(False),
        Answer(True),
    ]
    assert not actions(content(targets), Overlay)  # the claim must be answered first


def test_play_buttons_last_trick_claim_and_the_picker_with_or_without_a_scanner():
    def buttons(view, **ui):
        return {t.action.name: t.enabled for t in actions(content(draw(view, **ui)), Overlay)}

    assert buttons(play_view(cards=1)) == {"last-trick": False, "claim": True, "picker": True}
    connected = {"devices": {"scanner": "connected"}}
    assert buttons(play_view(), scanner=True, **connected) == {
        "last-trick": True,
        "claim": True,
        "picker": True,  # a touch is taken whatever the scanner does
    }


def test_the_table_shows_only_cards_of_the_view(monkeypatch):
    drawn = []
    monkeypatch.setattr(play, "draw_card", lambda _s, _l, _r, card, *_a, **_k: drawn.append(card))
    for cards in (10, 11):  # between tricks (the last one dimmed), and mid-trick
        view = play_view(cards)
        for overlay in (None, "last-trick"):
            drawn.clear()
            draw(view, overlay=overlay)
            assert drawn and set(drawn) <= view.cards()


def test_tricks_needed_by_the_declarer_and_to_beat_the_contract():
    view, en = play_view(), Catalog("en")
    assert play.tricks_target(view, 0, en) == "needs 8"  # Anna declares 2H
    assert play.tricks_target(view, 1, en) == "6 to beat it"


# --- overlays -------------------------------------------------------------------------------


def test_picker_offers_the_whole_deck_each_card_once():
    cards = actions(draw(play_view(cards=0), overlay="picker"), TapCard)
    names = [t.action.card for t in cards]
    assert len(names) == len(set(names)) == 52 and all(t.enabled for t in cards)
    assert {"SA", "HT", "D2", "CK"} <= set(names)


def test_picker_for_the_abridged_deck():
    view = dataclasses.replace(play_view(), deck="abridged")
    names = {t.action.card for t in actions(draw(view, overlay="picker"), TapCard)}
    assert len(names) == 52 and {"R14", "Y2", "B10", "G11"} <= names


def test_overlays_close():
    for overlay in ("last-trick", "picker", "claim"):
        targets = draw(play_view(), overlay=overlay)
        assert Overlay(None) in [t.action for t in targets], overlay


def test_claim_offers_zero_to_the_remaining_tricks_for_the_chosen_player():
    view = play_view(cards=10)  # five tricks played: eight to go
    claims = {t.action for t in actions(draw(view, overlay="claim"), Claim)}
    assert claims == {Claim(0, n) for n in range(9)}  # the declarer, Anna, by default
    targets = draw(view, overlay="claim", claim_seat=1)
    assert {t.action for t in actions(targets, Claim)} == {Claim(1, n) for n in range(9)}
    assert [t.action for t in actions(targets, ClaimSeat)] == [
        ClaimSeat(0),
        ClaimSeat(1),
    ]


def test_claim_before_the_first_trick_goes_up_to_thirteen():
    claims = {t.action.tricks for t in actions(draw(play_view(cards=0), overlay="claim"), Claim)}
    assert claims == set(range(14))


# --- every screen, both languages ----------------------------------------------------------


def every_screen():
    mid = play_view()
    mid = dataclasses.replace(mid, play=dataclasses.replace(mid.play, revokes=("Ben:4:H",)))
    return [
        ("auction", auction_view(), {}),
        ("auction-late", auction_view("1H", "1S", "X", "XX", "2C", "2S", "3C", "X"), {}),
        ("play", mid, {}),
        ("play-start", play_view(cards=0), {}),
        ("play-claim", play_view(cards=12, claim=(5, 0)), {}),
        ("last-trick", mid, {"overlay": "last-trick"}),
        ("no-last-trick", play_view(cards=1), {"overlay": "last-trick"}),
        ("picker", mid, {"overlay": "picker"}),
        ("claim", play_view(cards=0), {"overlay": "claim"}),
    ]


class StrictCatalog(Catalog):
    """A catalogue that fails on a key it lacks, instead of showing the key."""

    def t(self, key, **values):
        assert key in self.texts["ui"], f"{self.lang}: no text for {key}"
        return super().t(key, **values)


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_every_screen_renders_with_big_targets_in_both_languages(lang, size):
    for name, view, ui in every_screen():
        targets = draw(view, lang, size, StrictCatalog(lang), **ui)
        assert targets, name
        for target in targets:
            x, y, w, h = target.rect
            assert w >= MIN_TARGET and h >= MIN_TARGET, (name, target)
            assert 0 <= x <= 800 - w and 0 <= y <= 480 - h, (name, target)
        live = [t for t in targets if t.enabled]
        for i, a in enumerate(live):  # a touch must never be ambiguous
            assert not any(overlap(a.rect, b.rect) for b in live[i + 1 :]), (name, a)


def overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_every_key_these_screens_use_is_in_both_catalogues():
    used = set()
    for module in ("auction", "play", "claim"):
        source = (SCREENS / f"{module}.py").read_text()
        used |= set(re.findall(r't\.t\("([\w.]+)"', source))
        for key in re.findall(r't\.n\("([\w.]+)"', source):  # a count: both forms
            used |= {f"{key}.one", f"{key}.other"}
    assert {"call.pass", "play.claim_pending.one", "claim.concede"} <= used

    for lang in ("en", "nl"):
        texts = catalogue(lang)["ui"]
        assert used <= set(texts), (lang, used - set(texts))


def test_claim_module_draws_the_declarer_as_claimer_by_default():
    view = play_view()
    assert claim.chosen_claimer(view, UiState()) == 0
    assert claim.chosen_claimer(view, UiState(claim_seat=1)) == 1
    assert claim.remaining_tricks(view) == 13 - sum(view.play.won)
