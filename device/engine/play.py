"""The play of one deal: tricks of 2, 3 or 4 cards, revokes proved from the cards.

Hands are numbered clockwise from 0 and each belongs to a side. The device
usually cannot see a hand before it is played, so follow suit is checked only
where a hand is known; elsewhere a revoke is proved later, when the offender
plays a card of the suit they failed to follow, and corrected at the end of
play by the trick transfer of rules-reference section 3.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card, Suit
from .errors import PlayError
from .message import msg

TRICKS = 13


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int  # hand that led
    cards: tuple[Card, ...]  # in the order played
    winner: int  # hand that won it

    def card_of(self, hand: int, hands: int) -> Card:
        return self.cards[(hand - self.leader) % hands]

    def __deepcopy__(self, memo) -> Trick:
        return self  # immutable: a copied play shares its tricks


@dataclass(frozen=True, slots=True)
class Place:
    """Where a face-up card of a hand laid out in piles lies (semi-exposed dummies): on
    a pile, a face-down card under it, or on its own. Kept in place as the play goes on,
    so that a pile keeps its number: the table is told which pile's card to turn up."""

    card: Card | None = None  # the face-up card there (None: not scanned)
    under: bool = False  # a face-down card lies under it: a pile
    up: bool = True  # a face-up card lies there (False: played; a pile's card waits under)

    def __deepcopy__(self, memo) -> Place:
        return self  # immutable: a copied play shares its places


def lay_out(shown, led, piles: int, face_up: int) -> list[Place]:
    """A hand laid out in piles: `piles` piles, each covered by one of the first `shown`
    cards in the order shown (None: not scanned yet), then the face-up cards on their
    own (`face_up` in all), then the cards it played before (`led`), gone from their
    place. The `dummy` phase draws the piles so while their cards are scanned."""
    cards = list(shown)[:face_up]
    cards += [None] * (face_up - len(cards))
    places = [Place(card, under=True) for card in cards[:piles]]
    places += [Place(card) for card in cards[piles:]]
    return places + [Place(card, up=False) for card in led]


@dataclass(frozen=True, slots=True)
class Revoke:
    hand: int
    suit: Suit
    trick: int  # 0-based index of the revoke trick
    proved: int  # 0-based index of the trick whose card proved it


def trick_winner(cards: tuple[Card, ...], leader: int, hands: int, trump: Suit | None) -> int:
    """The hand that wins a complete trick: highest trump, else highest card of the suit led."""
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit is trump:
            best = i
    return (leader + best) % hands


class Play:
    """Card play of one deal.

    sides: the side (0 or 1) of each hand, clockwise.
    names: how to name each hand in a message.
    known: the whole hand (all its cards) of each hand the device knows.
    tricks: the tricks of a deal, which is also the cards of each hand.
    Cards shown face up (`show`) are known one by one; once all of a hand's
    cards are known, it is in `known` and follow suit is checked for it.
    """

    def __init__(
        self,
        sides: tuple[int, ...],
        leader: int,
        trump: Suit | None,
        names: tuple[str, ...],
        known: dict[int, frozenset[Card]] | None = None,
        tricks: int = TRICKS,
        dummies: frozenset[int] = frozenset(),
    ):
        self.sides = sides
        self.hands = len(sides)
        self.trump = trump
        self.names = names
        self.known = dict(known or {})
        self.total = tricks
        # A dummy's failure to follow is never penalised (Law 64B3: its cards lie
        # faced on the table, or a semi-exposed dummy may play only its face-up ones),
        # so no revoke is noted for it.
        self.dummies = dummies
        self.seen: dict[int, list[Card]] = {}  # hand -> cards shown face up, in order
        self.tricks: list[Trick] = []
        self.leader = leader
        self.current: list[Card] = []
        self.played: dict[Card, tuple[int, int]] = {}  # card -> (hand, trick index)
        self.by_hand: list[list[Card]] = [[] for _ in sides]
        self.failed: dict[tuple[int, Suit], int] = {}  # (hand, suit) -> first trick not followed
        self.revokes: list[Revoke] = []
        # Hands laid out in piles (semi-exposed dummies): the places of its face-up
        # cards (`piles` and `face_up` are read from them), the hands whose card on a
        # pile was played in the trick in progress, and the hands whose face-down card
        # is to be turned up now that the trick is over.
        self.places: dict[int, list[Place]] = {}
        self.turning: list[int] = []
        self.turn_up: list[int] = []

    # -- queries -------------------------------------------------------
    @property
    def piles(self) -> dict[int, list[Card | None]]:
        """Each hand in piles: the covering card of each pile still covered (None: not
        scanned), in the order laid out."""
        return {
            hand: [p.card for p in places if p.under and p.up]
            for hand, places in self.places.items()
        }

    @property
    def face_up(self) -> dict[int, int]:
        """Each hand in piles: how many of its cards lie face up."""
        return {hand: self.face_up_of(hand) for hand in self.places}

    def face_up_of(self, hand: int) -> int:
        """How many cards of `hand`, laid in piles, lie face up (one hand's count: the
        legality check asks it for every card)."""
        return sum(place.up for place in self.places[hand])

    def pile_to_turn(self, hand: int) -> int | None:
        """The pile (0-based) of `hand` whose card on it was played and whose face-down
        card is not turned up yet (one at most: a hand plays one card a trick)."""
        places = self.places.get(hand, ())
        return next((i for i, p in enumerate(places) if p.under and not p.up), None)

    @property
    def to_play(self) -> int | None:
        if self.finished:
            return None
        return (self.leader + len(self.current)) % self.hands

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.total

    def shown(self, hand: int) -> tuple[Card, ...]:
        """The cards shown face up in `hand` and not played yet."""
        return tuple(c for c in self.seen.get(hand, ()) if c not in self.played)

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress."""
        return len(self.tricks) + 1

    def tricks_won(self) -> list[int]:
        won = [0] * (max(self.sides) + 1)  # per side: two, or three players alone
        for trick in self.tricks:
            won[self.sides[trick.winner]] += 1
        return won

    def why_not(self, card: Card) -> str | None:
        """The reason a card cannot be played now, or None."""
        return self._refusal(card, msg)

    def allows(self, card: Card) -> bool:
        """Whether `card` can be played now: why_not's rules, no refusal worded (the legal
        inputs ask it of every card of the deck, the refusals then most of the time)."""
        return self._refusal(card, _unworded) is None

    def _refusal(self, card: Card, msg) -> str | None:
        """why_not's rules: each refusal made by `msg` (the real one, or _unworded)."""
        if self.finished:
            return msg("all {count} tricks have been played", count=self.total)
        if card in self.played:
            return msg("{card} was already played", card=card)
        hand = self.to_play
        held = self.known.get(hand)
        if held is not None:
            if card not in held:
                return msg("{card} is not in {name}'s hand", card=card, name=self.names[hand])
            if self.current:
                led = self.current[0].suit
                unplayed = held.difference(self.by_hand[hand])
                if card.suit is not led and any(c.suit is led for c in unplayed):
                    return msg(
                        "{name} must follow suit ({suit})", name=self.names[hand], suit=led.name
                    )
        for other, held in self.known.items():
            if other != hand and card in held:
                return msg("{card} is in {name}'s hand", card=card, name=self.names[other])
        for other, seen in self.seen.items():
            if other != hand and card in seen:
                return msg("{card} is in {name}'s hand", card=card, name=self.names[other])
        if self.current and card.suit is not self.current[0].suit:
            led = self.current[0].suit  # a card of the suit led shown in the hand must follow
            if any(c.suit is led for c in self.shown(hand)):
                return msg("{name} must follow suit ({suit})", name=self.names[hand], suit=led.name)
        if hand in self.places:
            covered = self._covered(hand, card, msg)
            if covered is not None:
                return covered
        if hand in self.seen and card not in self.seen[hand] and self.unseen(hand) <= 0:
            return msg(
                "{card} is not in {name}'s hand", card=card, name=self.names[hand]
            )  # only shown cards are left
        return None

    def _covered(self, hand: int, card: Card, msg) -> str | None:
        """Why a hand laid out in piles cannot play `card`: only its face-up cards are
        played, and a face-up card of the suit led must follow."""
        up = self.shown(hand)
        name = self.names[hand]
        if card not in up and self.face_up_of(hand) <= len(up):  # every face-up card is known
            cards = ", ".join(str(c) for c in up)
            return msg(
                "{card} is not face up in {name}'s dummy: play a face-up card ({cards})",
                card=card,
                name=name,
                cards=cards,
            )
        if self.current:
            led = self.current[0].suit
            if card.suit is not led and any(c.suit is led for c in up):
                return msg("{name} must follow suit ({suit})", name=name, suit=led.name)
        return None

    def lay_piles(self, hand: int, piles: int, laid: int) -> None:
        """`hand` lies in `piles` face-down cards, each covered by one of its first
        shown cards in the order shown (None: not scanned), with `laid` cards face up
        in all, those it played before counted."""
        self.places[hand] = self.laid_places(hand, piles, laid)

    def laid_places(self, hand: int, piles: int, laid: int) -> list[Place]:
        """The places of `hand` in piles: as laid out, or before that as far as its
        cards are shown (the dummy phase draws them while they are scanned)."""
        if hand in self.places:
            return self.places[hand]
        led = self.by_hand[hand]
        return lay_out(self.shown(hand), led, piles, laid - len(led))

    def turned_up(self, card: Card | None) -> None:
        """The face-down card under a card just played is turned up: scanned (`card`)
        or not (None, OK)."""
        hand = self.turn_up[0]
        if card is not None:
            self.show(hand, card)
        self.turn_up.pop(0)
        pile = self.pile_to_turn(hand)
        if pile is not None:  # it lies face up where the pile was, nothing under it
            self.places[hand][pile] = Place(card)

    def why_not_shown(self, hand: int, card: Card) -> str | None:
        """The reason a card cannot be shown face up in `hand` now, or None."""
        if card in self.played:
            return msg("{card} was already played", card=card)
        for other, seen in self.seen.items():
            if card in seen:
                if other == hand:
                    return f"{card} is already shown"
                return msg("{card} is in {name}'s hand", card=card, name=self.names[other])
        if hand in self.known:
            return f"every card of {self.names[hand]}'s hand is known"
        return None

    def show(self, hand: int, card: Card) -> None:
        """A card of `hand` laid face up; the hand is known once all its cards are."""
        reason = self.why_not_shown(hand, card)
        if reason is not None:
            raise PlayError(reason)
        self.seen.setdefault(hand, []).append(card)
        self._note_known(hand)

    def _note_known(self, hand: int) -> None:
        """A hand whose cards are all shown or played is known (follow suit is checked)."""
        cards = set(self.seen[hand]) | set(self.by_hand[hand])
        if len(cards) == self.total:
            self.known[hand] = frozenset(cards)

    def unseen(self, hand: int) -> int:
        """How many of `hand`'s unplayed cards are not shown."""
        return self.total - len(self.by_hand[hand]) - len(self.shown(hand))

    # -- changes -------------------------------------------------------
    def play(self, card: Card) -> Trick | None:
        """Play a card for the hand to play; returns the trick when it completes."""
        reason = self.why_not(card)
        if reason is not None:
            raise PlayError(reason)
        hand = self.to_play
        index = len(self.tricks)
        self._note_suit(hand, card, index)
        self.played[card] = (hand, index)
        self.by_hand[hand].append(card)
        self.current.append(card)
        if hand in self.seen and hand not in self.known:
            self._note_known(hand)
        if hand in self.places:
            self._off_pile(hand, card)
        if len(self.current) < self.hands:
            return None
        self.turn_up, self.turning = self.turning, []
        cards = tuple(self.current)
        trick = Trick(self.leader, cards, trick_winner(cards, self.leader, self.hands, self.trump))
        self.tricks.append(trick)
        self.current = []
        self.leader = trick.winner
        return trick

    def _off_pile(self, hand: int, card: Card) -> None:
        """A face-up card of a hand in piles was played: when it covered a pile, the
        card under it turns up at the end of the trick (a card not scanned covers the
        first pile whose covering card was not scanned)."""
        places = self.places[hand]
        at = _place_of(places, card)
        if at is None:
            return
        places[at] = replace(places[at], up=False)
        if places[at].under:
            self.turning.append(hand)

    def _note_suit(self, hand: int, card: Card, index: int) -> None:
        """Remember a failure to follow suit, and prove a revoke when the suit turns up."""
        revoked_in = self.failed.get((hand, card.suit))
        if revoked_in is not None and revoked_in < index:
            self.revokes.append(Revoke(hand, card.suit, revoked_in, index))
            # Proved once; a later failure in the same suit is noted anew.
            del self.failed[(hand, card.suit)]
        if hand in self.dummies:
            return
        if self.current and card.suit is not self.current[0].suit:
            led = self.current[0].suit
            self.failed.setdefault((hand, led), index)


def _place_of(places: list[Place], card: Card) -> int | None:
    """Where `card`, just played from a hand in piles, lay: its own place when it was
    scanned; else the first pile whose covering card was not scanned (the rule), else
    the first card face up that was not scanned (a card turned up with OK, or the
    one on its own: which one the table cannot tell)."""
    up = [i for i, p in enumerate(places) if p.up]
    for found in (
        (i for i in up if places[i].card == card),
        (i for i in up if places[i].card is None and places[i].under),
        (i for i in up if places[i].card is None),
    ):
        at = next(found, None)
        if at is not None:
            return at
    return None


def revoke_transfer(play: Play, won_by_trick: list[int]) -> list[int]:
    """Tricks each side gains from established revokes (rules-reference section 3).

    won_by_trick: the side that won each of the 13 tricks, claimed tricks
    included (a claim's tricks count as won after the last trick played).
    """
    gain = [0, 0]
    for revoke, moved in revoke_moves(play, won_by_trick):
        side = play.sides[revoke.hand]
        gain[1 - side] += moved
        gain[side] -= moved
    return gain


def revoke_moves(play: Play, won_by_trick: list[int]) -> list[tuple[Revoke, int]]:
    """Each proved revoke with the tricks it moves from the offender's side to the
    other (0 for a second revoke in the same suit, or one in the last two tricks)."""
    moves = []
    seen: set[tuple[int, Suit]] = set()
    for revoke in play.revokes:
        key = (revoke.hand, revoke.suit)
        first_in_suit = key not in seen
        seen.add(key)
        if not first_in_suit or revoke.trick >= play.total - 2:  # trick 12 (index 11) or 13
            moves.append((revoke, 0))
            continue
        side = play.sides[revoke.hand]
        later = won_by_trick[revoke.trick + 1 :]
        side_won_later = side in later
        revoke_trick = play.tricks[revoke.trick]
        if revoke_trick.winner == revoke.hand:
            moved = 2 if side_won_later else 1
        elif play.sides[revoke_trick.winner] == side or side_won_later:
            moved = 1
        else:
            moved = 0
        moves.append((revoke, moved))
    return moves


def _unworded(key: str, /, **fields) -> str:
    """A refusal not put into words: `Play.allows` needs only that there is one."""
    return key
