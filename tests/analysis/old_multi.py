"""The general search (device/analysis/multi.py) as it was before issue 24 made it
fast, unchanged: the reference the new one is compared with (old_three.py).

Double-dummy search for tricks of two, three or four cards: the general case.

solver.py is the fast search for two hands; this one takes any number of hands
of equal length, each on a side (0 or 1), so it reviews Exposed Dummy's tricks
of three cards (declarer's hand and the dummy against one hand) and checks the
four-hand path against endplay on small endings. The same ideas, without the
two-hand tricks: a null-window search ("can side 0 take k of the n tricks
left") with bisection, a transposition table of bounds keyed on the cards left
with their ranks made relative, cards adjacent among the cards left of a suit
and in one hand merged into one move, the leader's sure tricks as a bound, and
cheap winners tried first.
"""

from __future__ import annotations

RANKS = 13


def _squeeze(both: int, mask: int) -> int:
    """The bits of `mask` at the places of `both`'s bits, packed from bit 0."""
    out, bit = 0, 1
    while both:
        low = both & -both
        if mask & low:
            out |= bit
        bit <<= 1
        both ^= low
    return out


# _squeeze by table: the low 7 ranks and the high 6 apart (index: both << 7 | mask).
LOW = [_squeeze(b, m) for b in range(128) for m in range(128)]
HIGH = [_squeeze(b, m) for b in range(64) for m in range(64)]
POP = [b.bit_count() for b in range(128)]


_LOWS: dict[int, tuple[int, ...]] = {}  # (both << 13 | mask) -> _lows, as met


def _lows(mask: int, both: int) -> tuple[int, ...]:
    """The ranks in `mask` that stand for each run of cards adjacent among `both`."""
    key = both << 13 | mask
    known = _LOWS.get(key)
    if known is not None:
        return known
    out, rank = [], 0
    while mask >> rank:
        if mask >> rank & 1:
            below = (both & ((1 << rank) - 1)).bit_length() - 1
            if below < 0 or not mask >> below & 1:  # the card under it is another's
                out.append(rank)
        rank += 1
    if len(_LOWS) > 1 << 17:  # a bound on memory; it refills with what is met
        _LOWS.clear()
    _LOWS[key] = tuple(out)
    return _LOWS[key]


def _top_run(mask: int, hands, suit: int) -> int:
    """How many of the top cards left in `suit` (all hands) `mask` holds in a row."""
    both = 0
    for hand in hands:
        both |= hand[suit]
    run, rank = 0, both.bit_length() - 1
    while rank >= 0 and mask >> rank & 1:
        run += 1
        rank = (both & ((1 << rank) - 1)).bit_length() - 1
    return run


def _bisect(test, n: int, guess: int | None) -> int:
    """The largest k in 0..n with test(k) (test(0) holds, and test falls as k grows):
    stepping from a guess (two tests when it is right), else halving the range."""
    low, high = 0, n
    if guess is not None and 0 < guess <= n:
        if not test(guess):
            high = guess - 1
        else:
            low = guess
            while low < high and test(low + 1):
                low += 1
            return low
    while low < high:
        mid = (low + high + 1) // 2
        if test(mid):
            low = mid
        else:
            high = mid - 1
    return low


class MultiSearcher:
    """The search for one trump suit (0-3, or -1 for no trumps) and fixed sides."""

    def __init__(self, trump: int, sides: tuple[int, ...]):
        self.trump = trump
        self.sides = sides
        self.count = len(sides)
        self.table: dict[tuple, tuple[int, int]] = {}
        self.searched = 0

    def tricks(self, hands, leader: int, guess: int | None = None) -> int:
        """Side 0's tricks from `hands` (rank masks per suit, bit r for rank r + 2) with
        `leader` on lead, both sides at their best."""
        sizes = {sum(m.bit_count() for m in hand) for hand in hands}
        if len(sizes) != 1 or len(hands) != self.count:
            raise ValueError("every hand must hold as many cards")
        n = sizes.pop()
        return _bisect(lambda k: self.win(hands, leader, n, k), n, guess)

    def tricks_in_trick(self, hands, leader: int, played, guess: int | None = None) -> int:
        """Side 0's tricks from a trick in progress: `played` are its cards so far
        ((hand, suit, rank), the lead first), gone from `hands` already."""
        if not played:
            return self.tricks(hands, leader, guess)
        n = max(sum(m.bit_count() for m in hand) for hand in hands)
        unions = [0, 0, 0, 0]
        for hand in hands:
            for suit in range(4):
                unions[suit] |= hand[suit]
        for _, suit, rank in played:
            unions[suit] |= 1 << rank
        unions = tuple(unions)
        return _bisect(lambda k: self._play(hands, leader, list(played), n, k, unions), n, guess)

    @staticmethod
    def _key(hands, leader: int, unions) -> tuple:
        """The cards left, ranks relative per suit: each hand's cards of a suit squeezed
        to the ranks among the suit's cards left (all hands together)."""
        key = [leader]
        for suit in range(4):
            both = unions[suit]
            low, high = (both & 127) << 7, (both >> 7) << 6
            shift = POP[both & 127]
            for hand in hands:
                mask = hand[suit]
                key.append(LOW[low | (mask & 127)] | HIGH[high | (mask >> 7)] << shift)
        return tuple(key)

    def win(self, hands, leader: int, n: int, k: int) -> bool:
        """Whether side 0 takes at least k of the n tricks left."""
        if k <= 0:
            return True
        if k > n:
            return False
        c, d, h, sp = 0, 0, 0, 0
        for hand in hands:
            c, d, h, sp = c | hand[0], d | hand[1], h | hand[2], sp | hand[3]
        unions = (c, d, h, sp)
        key = self._key(hands, leader, unions)
        lo, hi = self.table.get(key, (0, n))
        if lo >= k:
            return True
        if hi < k:
            return False
        self.searched += 1
        sure = self._sure(hands, leader)
        mine = self.sides[leader] == 0
        low = max(sure if mine else 0, self._trumps_kept(hands, 0))
        high = n - max(0 if mine else sure, self._trumps_kept(hands, 1))
        if low >= k:
            self.table[key] = (max(lo, low), hi)
            return True
        if high < k:
            self.table[key] = (lo, min(hi, high))
            return False
        result = self._play(hands, leader, [], n, k, unions)
        self.table[key] = (max(lo, k), hi) if result else (lo, min(hi, k - 1))
        return result

    def _sure(self, hands, leader: int) -> int:
        """Tricks the leader cashes from the top before losing the lead: its top cards
        in a row in each suit; with trumps, the side suits only while every opponent
        holding a trump still follows, unless the leader's top trumps draw theirs first."""
        side = self.sides[leader]
        mine = hands[leader]
        opponents = [hand for h, hand in enumerate(hands) if self.sides[h] != side]
        runs = [_top_run(mine[suit], hands, suit) for suit in range(4)]
        trump = self.trump
        if trump < 0:
            return sum(runs)
        ruffers = [hand for hand in opponents if hand[trump]]
        if not ruffers or runs[trump] >= max(hand[trump].bit_count() for hand in ruffers):
            return sum(runs)
        total = runs[trump]
        for suit in range(4):
            if suit != trump:
                total += min([runs[suit]] + [hand[suit].bit_count() for hand in ruffers])
        return total

    def _trumps_kept(self, hands, side: int) -> int:
        """Tricks `side` takes with its top trumps whatever happens: the top trumps in a
        row of the hand that holds the highest one (if it is on `side`)."""
        trump = self.trump
        if trump < 0:
            return 0
        top = max(hand[trump].bit_length() for hand in hands)
        if top == 0:
            return 0
        holder = next(h for h, hand in enumerate(hands) if hand[trump] >> (top - 1) & 1)
        if self.sides[holder] != side:
            return 0
        return _top_run(hands[holder][trump], hands, trump)

    def _moves(self, hands, hand: int, played, unions) -> list[tuple[int, int]]:
        """The cards `hand` may play (suit, rank), one per run of equal cards. A lead:
        the highest first, then from the lowest up (tried: winners first, which
        searched more on dealt hands). Following: the cheapest card that wins first,
        then the lowest (the lowest first when partner is winning)."""
        cards = hands[hand]
        if not played:
            out = [(s, r) for s in range(4) for r in _lows(cards[s], unions[s])]
            top = max(out, key=lambda m: m[1])
            out.sort(key=lambda m: m[1])
            return [top] + out
        best = self._best(played)
        led = played[0][1]
        if cards[led]:  # following suit: only a higher card of the suit led beats
            ranks = _lows(cards[led], unions[led])
            if best[1] == led:
                beats = [(led, r) for r in ranks if r > best[2]]
                rest = [(led, r) for r in ranks if r < best[2]]
            else:  # ruffed already
                beats, rest = [], [(led, r) for r in ranks]
        else:
            out = [(s, r) for s in range(4) for r in _lows(cards[s], unions[s])]
            beats = [m for m in out if self._beats(m, best, led)]
            rest = [m for m in out if not self._beats(m, best, led)]
        if self.sides[best[0]] == self.sides[hand]:
            return rest + beats  # partner is winning: low first
        return beats + rest

    def _beats(self, card, best, led) -> bool:
        suit, rank = card
        if suit == best[1]:
            return rank > best[2]
        return suit == self.trump

    def _best(self, played):
        best = played[0]
        for card in played[1:]:
            if card[1] == best[1]:
                if card[2] > best[2]:
                    best = card
            elif card[1] == self.trump:
                best = card
        return best

    def _play(self, hands, leader: int, played: list, n: int, k: int, unions) -> bool:
        """The trick in progress, card by card (`played` are gone from `hands`); then
        the rest from its winner's lead."""
        hand = (leader + len(played)) % self.count
        last = len(played) == self.count - 1
        mine = self.sides[hand] == 0
        moves = self._moves(hands, hand, played, unions)
        for index, (suit, rank) in enumerate(moves):
            if not played and index and (suit, rank) == moves[0]:
                continue  # the lead tried first comes again in the list
            cards = list(hands[hand])
            cards[suit] &= ~(1 << rank)
            after = hands[:hand] + (tuple(cards),) + hands[hand + 1 :]
            if last:  # the trick is complete: its winner leads the rest
                winner = self._best(played + [(hand, suit, rank)])[0]
                taken = 1 if self.sides[winner] == 0 else 0
                ok = self.win(after, winner, n - 1, k - taken)
            else:
                ok = self._play(after, leader, played + [(hand, suit, rank)], n, k, unions)
            if ok == mine:
                return ok
        return not mine
