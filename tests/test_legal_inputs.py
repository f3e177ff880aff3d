"""One suite over every registered form: `legal_inputs(game)` is exactly what the game
accepts, in every phase of every form (the python-chess way: one perft-like walk
over `board.legal_moves` for every variant).

Deals of each form are walked by robots (their own choices, which must be legal
inputs) and by a random player that picks any legal input (claims, answers, stops,
honours, OK early). At each step: every legal input is accepted by a copy of the
game; a sample of other inputs (other cards, calls, keys, inputs of other phases,
other seats) is refused with a RuleError, or, where the engine takes it as another
spelling (a seat named, the dummy speaking for the declarer), recorded as one of
the legal inputs is; and the card picker offers exactly the cards whose tap the
game accepts.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random

import pytest

from device.engine.calls import ALL_CALLS
from device.engine.cards import STANDARD
from device.engine.errors import RuleError
from device.engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    HonoursGiven,
    NextDeal,
    PickUp,
    Setup,
    Stated,
    TalonDiscarded,
    Undone,
)
from device.engine.game import Game
from device.engine.legal import legal_inputs
from device.forms import FORMS
from device.forms.abridged.deck import COLOURED as ABRIDGED
from device.robots import NAMES, deal_inputs, play_rubber
from device.ui.view import build_view
from device.ui.widgets.picker import picker_cards, refused_cards

SAMPLE = 25  # other inputs tried at each step
FULL_SHARE = 0.35  # the steps whose every legal input is tried on a copy of the game
STEPS = 70  # steps of a random walk: a deal or more, claims cutting play short
WORDS = ("Pass", "Play", "Ten", "Seven", "R", "Y", "B", "G", "NT", "Maybe")


def _variants(form):
    """Each form at its defaults, and with every option at its last choice (Draw
    Bridge's top card shown, three passes, ...): the phases only options open."""
    yield {}
    last = {o.name: o.choices[-1] for o in form.options if o.choices[-1] != o.default}
    if last:
        yield last


CASES = [
    pytest.param(form.name, options, id=f"{form.name}{'-options' if options else ''}")
    for form in FORMS
    for options in _variants(form)
]


def new_game(form: str, options: dict, seed: int) -> Game:
    players = NAMES[: next(f for f in FORMS if f.name == form).players]
    return Game(Setup(form, players, seed % len(players), options))


def twin(game: Game) -> Game:
    """A copy of `game` that an input may change: only the deal in progress and the
    lists change as inputs come (sheets and earlier deals are never changed)."""
    out = copy.copy(game)
    for name in ("events", "inputs", "_checkpoints", "_undone"):
        setattr(out, name, list(getattr(game, name)))
    memo = {id(game.deal.sheet_before): game.deal.sheet_before}
    out.deals = game.deals[:-1] + [copy.deepcopy(game.deal, memo)]
    return out


@functools.cache
def universe_of(form: str, players: int) -> tuple:
    return tuple(universe(new_game(form, {}, 0)))


def universe(game: Game) -> list:
    """Inputs of every kind, right and wrong: each card of both decks played and shown
    (in each hand), every call, every key, claims, answers, honours and words."""
    form, seats = game.form, range(-1, len(game.players) + 1)
    cards = form.deck.cards + (ABRIDGED if form.deck is STANDARD else STANDARD).cards[:3]
    hands = range(len(form.hand_sides()) + 1)
    inputs = [CardPlayed(c) for c in cards] + [CardShown(c) for c in cards]
    inputs += [CardPlayed(c, s) for c in cards[:8] for s in seats]
    inputs += [CardShown(c, h) for c in cards for h in hands]
    inputs += [CallMade(call) for call in ALL_CALLS] + [CallMade(ALL_CALLS[5], s) for s in seats]
    inputs += [DrawTurnEnded(), DrawPhaseEnded(), DummyDone(), TalonDiscarded(), NextDeal()]
    inputs += [DrawTurnEnded(s) for s in seats] + [TalonDiscarded(s) for s in seats]
    for flag in (True, False):
        inputs += [DummyChosen(flag), PickUp(flag), ClaimAnswered(flag)]
        inputs += [DummyChosen(flag, s) for s in seats] + [PickUp(flag, s) for s in seats]
        inputs += [ClaimAnswered(flag, s) for s in seats]
    inputs += [ClaimMade(n, s) for n in range(-1, form.tricks + 2) for s in (None, *seats)]
    inputs += [HonoursGiven(p, s) for p in (0, 50, 100, 150) for s in (None, *seats)]
    inputs += [Stated(w) for w in WORDS] + [Stated(n) for n in range(-1, 42)]
    inputs += [Stated(w, s) for w in WORDS[:2] for s in seats]
    return inputs


def recorded(game: Game, event):
    """The event as a copy of the game records it, or the refusal."""
    other = twin(game)
    try:
        return other.apply(event)
    except RuleError as refused:
        return refused


class Trials:
    """Inputs tried on one copy of a game: a refusal changes nothing, so the copy serves
    the next trial; one taken spoils it, and a fresh copy is made."""

    def __init__(self, game: Game):
        self.game = game
        self.copy = twin(game)

    def refused(self, event) -> bool:
        """Whether the game refuses `event` (a fresh copy is made when it does not)."""
        try:
            self.copy.apply(event)
        except RuleError:
            return True
        self.copy = twin(self.game)
        return False

    def refused_or_a_spelling(self, event, legal, records) -> bool:
        """Whether the game refuses `event`, or takes it as another spelling of a legal
        input: the same with a seat named, or recorded as a legal input is (the dummy's
        player claims for the declarer)."""
        try:
            done = self.copy.apply(event)
        except RuleError:
            return True
        self.copy = twin(self.game)
        named = "seat" in {f.name for f in dataclasses.fields(event)}
        unnamed = dataclasses.replace(event, seat=None) if named else event
        return done in records or unnamed in legal


def picker_offer(game: Game) -> frozenset[str]:
    """The cards the on-screen picker does not grey now (every picker, in every phase)."""
    view = build_view(game)
    every = {card for row in picker_cards(view.deck) for card in row}
    return frozenset(every - refused_cards(view))


def tapped_and_accepted(game: Game, given: set, trials: Trials) -> frozenset[str]:
    """The cards whose tap (the input the picker makes of it, as a scan does) the game
    takes: the legal ones were each taken by a copy already; the others are tried."""
    phase, form = game.phase, game.form
    taken = set()
    for card in form.deck.cards:
        made = form.input_for(phase, "card", card)
        if made is None:
            continue
        if made in given or not trials.refused(made):
            taken.add(str(card))
    return frozenset(taken)


def check_step(game: Game, rng: random.Random, picker: bool, full: bool = True) -> tuple:
    """The legal inputs now; with `full`, each tried on a copy and others refused (a
    copy per input taken is what costs: the walks try them at a share of the steps)."""
    legal = legal_inputs(game)
    assert len(set(legal)) == len(legal), f"{game.phase}: an input twice in {legal}"
    assert legal == legal_inputs(game), "the order is not stable"
    if not full:
        return legal
    before = game.snapshot()
    records = set()
    for event in legal:
        done = recorded(game, event)
        assert not isinstance(done, RuleError), f"{game.phase}: {event} refused: {done}"
        records.add(done)
    given = set(legal)
    others = [e for e in universe_of(game.form.name, len(game.players)) if e not in given]
    trials = Trials(game)
    for event in rng.sample(others, min(SAMPLE, len(others))):
        assert trials.refused_or_a_spelling(event, legal, records), (
            f"{game.form.name} {game.phase}: {event} accepted but not legal"
        )
    assert game.snapshot() == before, "a trial changed the game itself"
    if picker:
        assert picker_offer(game) == tapped_and_accepted(game, given, trials), game.phase
    return legal


def walk_robots(game: Game, rng: random.Random, deals: int, check: random.Random) -> None:
    for number in range(deals):
        for event in deal_inputs(game, rng):
            full = check.random() < FULL_SHARE
            legal = check_step(game, check, picker=full and check.random() < 0.5, full=full)
            assert event in legal, f"the robot's {event} is not legal in the {game.phase}"
            game.apply(event)
        check_step(game, check, picker=True)
        if game.phase == "finished" or number == deals - 1:
            return
        game.apply(NextDeal())


def walk_random(game: Game, rng: random.Random, steps: int) -> set[str]:
    """Any legal input at each step (Undo now and then): returns the phases seen."""
    phases = set()
    for _ in range(steps):
        phases.add(game.phase)
        full = rng.random() < FULL_SHARE
        legal = check_step(game, rng, picker=full and rng.random() < 0.5, full=full)
        moves = [e for e in legal if not isinstance(e, Undone)]
        if not moves:
            break
        claims = [e for e in moves if isinstance(e, ClaimMade)]
        if claims and rng.random() < 0.9:  # a claim now and then, not at every card
            moves = [e for e in moves if not isinstance(e, ClaimMade)] or claims
        undo = rng.random() < 0.05 and game.can_undo
        game.apply(Undone() if undo else rng.choice(moves))
    return phases


@pytest.mark.parametrize(("form", "options"), CASES)
def test_robot_deals_play_only_legal_inputs(form, options):
    """A robot deal: at each step the legal inputs are exactly what is accepted."""
    seed = sum(map(ord, form))
    walk_robots(new_game(form, options, seed), random.Random(seed), 1, random.Random(seed + 1))


@pytest.mark.parametrize(("form", "options"), CASES)
def test_random_legal_walk(form, options):
    """Any legal input, chosen at random (claims, answers, stops, OK early): each one is
    accepted and nothing else is, in every phase the walk reaches."""
    seed = sum(map(ord, form)) + 7
    phases = walk_random(new_game(form, options, seed), random.Random(seed), STEPS)
    assert len(phases) >= 2, phases


@pytest.mark.parametrize("form", [f.name for f in FORMS])
def test_a_finished_game_takes_no_next_deal(form):
    """When the rubber (Chicago, game) is over nothing but honours and undo is left."""
    game = play_rubber(3, form)
    assert game.phase == "finished"
    legal = check_step(game, random.Random(3), picker=True)
    assert NextDeal() not in legal and Undone() in legal
    assert all(isinstance(e, HonoursGiven | Undone) for e in legal), legal
