"""Robot players: they hold real hands and feed a Game the inputs people would.

Used by `honeymoon demo`, the tests and the benchmarks. The robots know
their own cards (the engine does not): they draw from a shuffled stock,
bid by a simple point count, and play legal cards. Everything random comes
from the `random.Random` passed in, so a seed gives the same rubber.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .engine.calls import DOUBLE, PASS, Call, Strain, bid
from .engine.cards import Card
from .engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    Event,
    NextDeal,
    Setup,
    TalonDiscarded,
)
from .engine.game import Game
from .engine.legal import legal_cards, legal_inputs
from .forms import form_part

HCP = {14: 4, 13: 3, 12: 2, 11: 1}
FACE_UP = 2  # the dealt packet laid face up before the auction (Single Dummy)


def draw_hands(
    rng: random.Random, cards: tuple[Card, ...], first: int
) -> tuple[list[list[Card]], list[list[Card]]]:
    """Draw and Discard with a shuffled deck: 13 turns each, keep one and discard one.

    Returns each seat's hand and each seat's discards.
    """
    stock = list(cards)
    rng.shuffle(stock)
    hands: list[list[Card]] = [[], []]
    discards: list[list[Card]] = [[], []]
    player = first
    while stock:
        top, nxt = stock.pop(), stock.pop()
        keep = worth_keeping(top, hands[player], rng)
        hands[player].append(top if keep else nxt)
        discards[player].append(nxt if keep else top)
        player = 1 - player
    return hands, discards


def worth_keeping(card: Card, hand: list[Card], rng: random.Random) -> bool:
    same_suit = sum(c.suit is card.suit for c in hand)
    return card.rank >= 11 or same_suit >= 3 or rng.random() < 0.3


def deal_plain(
    rng: random.Random, cards: tuple[Card, ...], hands: int = 2, size: int = 13
) -> list[list[Card]]:
    """`size` cards to each hand (Plain Honeymoon: two, 26 set aside unseen; bridge:
    four; three players: 16 each, the 4 not dealt are the talon)."""
    deck = list(cards)
    rng.shuffle(deck)
    return [deck[size * h : size * h + size] for h in range(hands)]


def choose_call(hand: list[Card], legal: list[Call], rng: random.Random) -> Call:
    """Bid the longest suit (or NT when balanced) to a level the points support."""
    points = sum(HCP.get(c.rank, 0) for c in hand) * 13 // len(hand)  # as if 13 cards
    lengths = {s: sum(c.suit.letter == s.letter for c in hand) for s in Strain if s.letter != "NT"}
    longest = max(lengths, key=lambda s: (lengths[s], s.order))
    balanced = max(lengths.values()) <= 4 + (len(hand) - 13)
    strain = Strain.NOTRUMP if balanced and points >= 15 else longest
    strength = points + max(lengths.values()) * 13 // len(hand) - 4 + rng.randint(-2, 2)
    level = max(0, min(7, (strength - 8) // 3))
    if level and bid(level, strain) in legal:
        return bid(level, strain)
    if DOUBLE in legal and points >= 16 and rng.random() < 0.5:
        return DOUBLE
    return PASS


def choose_card(hand: list[Card], trick: list[Card], trump, rng: random.Random) -> Card:
    """A legal card: follow suit; win as cheaply as possible, else throw the lowest."""
    if not trick:
        longest = max(hand, key=lambda c: (sum(x.suit is c.suit for x in hand), c.rank))
        return longest if rng.random() < 0.7 else rng.choice(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit is led]
    options = follow or hand
    best = trick[0] if len(trick) == 1 else max(trick, key=lambda c: _power(c, led, trump))
    winners = [c for c in options if _power(c, led, trump) > _power(best, led, trump)]
    pool = winners or options
    return min(pool, key=lambda c: _power(c, led, trump))


def _power(card: Card, led, trump) -> int:
    if card.suit is trump:
        return 200 + card.rank
    return 100 + card.rank if card.suit is led else card.rank


def deal_inputs(game: Game, rng: random.Random) -> Iterator[Event]:
    """The inputs of one whole deal, generated as the game goes (each must be applied).
    Each is picked among the engine's legal inputs (`legal_inputs`) by the robots'
    strategy: the calls, cards, words and keys the game takes now."""
    deal = game.deal
    first = game.form.first_drawer(deal.dealer)
    if DrawTurnEnded() in legal_inputs(game):  # a draw phase: the hands drawn in turns
        hands, _ = draw_hands(rng, game.form.deck.cards, first)
        while DrawTurnEnded() in legal_inputs(game):
            yield DrawTurnEnded()
    else:
        hands = deal_plain(rng, game.form.deck.cards, len(game.form.hand_sides()), game.form.tricks)
    own = form_part(game.form, "robot")  # a form's own phases before the auction
    if own is not None and game.phase in own.PHASES:
        yield from own.inputs(game, hands, rng)
    if game.phase == "face-up":  # Single Dummy: this packet is laid face up
        yield from lay_out(_may_show(game, hands[FACE_UP]), rng)
    while calls := [e.call for e in legal_inputs(game) if isinstance(e, CallMade)]:
        yield CallMade(choose_call(hands[game.turn], calls, rng))
    if DummyChosen(True) in legal_inputs(game):  # take the face-up dummy when it is worth it
        points = sum(HCP.get(c.rank, 0) for c in hands[FACE_UP])
        yield DummyChosen(points >= 10 or rng.random() < 0.3)
        up = deal.face_up_hand
        hands[FACE_UP], hands[up] = hands[up], hands[FACE_UP]  # the packet goes there
    if TalonDiscarded() in legal_inputs(game):  # the declarer takes the talon, discards
        yield from take_talon(hands, deal.declarer, game.form.deck.cards)
    piles = Piles(game.form.piles(), game.form.laid_out(), rng)
    while game.phase in ("play", "dummy", "turn-up"):
        if game.phase == "turn-up":
            yield piles.turn_up(rng)
            continue
        if game.phase == "dummy":
            left = _may_show(game, hands[deal.dummy])
            if piles.count:
                yield from piles.lay_out(deal.dummy, left)
            else:
                yield from lay_out(left, rng)
            continue
        hand = deal.play.to_play
        held = may_play(game, piles.playable(hand, hands[hand]), CardPlayed)
        card = choose_card(held, deal.play.current, deal.play.trump, rng)
        hands[hand].remove(card)
        piles.played(hand, card)
        yield CardPlayed(card)


def may_play(game: Game, cards: list[Card], kind: type[Event]) -> list[Card]:
    """The robot's `cards` the game takes now as `kind` (played, shown), in their order."""
    legal = set(legal_cards(game, kind))
    return [card for card in cards if card in legal]


def _may_show(game: Game, cards: list[Card]) -> list[Card]:
    """The robot's cards of a dummy laid out that the game takes now (not shown yet)."""
    return may_play(game, cards, CardShown)


def take_talon(hands: list[list[Card]], declarer: int, deck: tuple[Card, ...]) -> Iterator[Event]:
    """Three-player Honeymoon: the talon (the cards not dealt) joins the declarer's
    hand, and as many low cards of short suits go face down."""
    dealt = {c for held in hands for c in held}
    talon = [c for c in deck if c not in dealt]
    hand = hands[declarer]
    hand += talon
    length = {c.suit: sum(x.suit is c.suit for x in hand) for c in hand}
    for card in sorted(hand, key=lambda c: (c.rank >= 12, length[c.suit], c.rank))[: len(talon)]:
        hand.remove(card)
    yield TalonDiscarded()


def lay_out(dummy: list[Card], rng: random.Random) -> Iterator[Event]:
    """The dummy laid out as people do it: often every card scanned, sometimes a few
    and then OK, sometimes OK at once."""
    scanned = rng.choice((len(dummy), len(dummy), rng.randrange(len(dummy)), 0))
    for card in rng.sample(dummy, scanned):
        yield CardShown(card)
    if scanned < len(dummy):
        yield DummyDone()


class Piles:
    """The dummies laid out in piles by a robot (semi-exposed dummies): each covering
    card with the face-down card under it, the cards face up, and the face-down cards
    to turn up at the end of the trick. The robot scans every face-up card laid out
    (so the table knows which card covers which pile) and turns the face-down cards
    up scanned or, now and then, with OK."""

    def __init__(self, count: int, laid_out: int, rng: random.Random):
        self.count = count  # piles per dummy; 0: no dummy lies in piles
        self.laid_out = laid_out
        self.rng = rng
        self.under: dict[Card, Card] = {}  # covering card -> the card under it
        self.up: dict[int, list[Card]] = {}  # dummy -> its face-up cards
        self.turning: list[tuple[int, Card]] = []  # (dummy, card played) to turn up

    def lay_out(self, dummy: int, cards: list[Card]) -> Iterator[Event]:
        """The piles' covering cards first, then the card on no pile (unless it led)."""
        cards = self.rng.sample(cards, len(cards))
        covers, under = cards[: self.count], cards[self.count : 2 * self.count]
        self.under.update(zip(covers, under, strict=True))
        face_up = covers + cards[2 * self.count :][: self.laid_out - self.count]
        self.up[dummy] = list(face_up)
        for card in face_up:
            yield CardShown(card)

    def playable(self, hand: int, held: list[Card]) -> list[Card]:
        """A dummy in piles plays one of its face-up cards; other hands any card."""
        return list(self.up[hand]) if hand in self.up else held

    def played(self, hand: int, card: Card) -> None:
        if hand in self.up:
            self.up[hand].remove(card)
            if card in self.under:
                self.turning.append((hand, card))

    def turn_up(self, rng: random.Random) -> Event:
        """The card under one played is face up: scanned, or now and then OK."""
        hand, cover = self.turning.pop(0)
        card = self.under.pop(cover)
        self.up[hand].append(card)
        return CardShown(card) if rng.random() < 0.8 else DummyDone()


NAMES = ("Anna", "Ben", "Carla", "Dirk")


def play_rubber(seed: int, form: str | None = None, players=None) -> Game:
    """A whole rubber played by robots with one seed (the form by default the
    registry's first; players by default the first of NAMES, as many as the form
    has)."""
    from .forms import DEFAULT, find_form  # the registry imports the engine: asked late

    form = form or DEFAULT
    if players is None:
        players = NAMES[: find_form(form).players]
    rng = random.Random(seed)
    return play_out(Game(Setup(form, tuple(players), rng.randrange(len(players)))), rng)


def play_out(game: Game, rng: random.Random) -> Game:
    """`game` played by robots deal after deal until the rubber is over."""
    while True:
        for event in deal_inputs(game, rng):
            game.apply(event)
        if game.phase == "finished":
            return game
        game.apply(NextDeal())
