"""Double-dummy search for two hands: tricks of two cards, pure Python.

A position is seen from the hand on lead. Each suit is one small int, its
*code*: the remaining cards of the suit (both hands together) ranked from the
lowest, bit i set when the leader holds the i-th lowest, and a sentinel bit
just above the last. Played cards are gone from the code, so the ranks are
relative: two positions that differ only in which low cards were played
share one code, and the four codes are the transposition key as they stand.
Seen from the leader, a position and its mirror with the other hand on lead
are one key too.

The search answers "can the leader take at least k of the n tricks left"
(a null window); `tricks` finds the value by bisection over k, and every
answer narrows the stored bounds [lo, hi] of the position. Cards adjacent in
a suit's remaining cards and held by one hand are one move. Before any
move: the leader's quick tricks (top cards cashed, trumps drawn first when
that is safe) and the stored bounds. Move order: cash a winner, then low
cards; the follower wins as cheaply as it can, else ducks or ruffs low.
"""

from __future__ import annotations

NT = -1
SUITS = 4
RANKS = 13
CODES = 1 << (RANKS + 1)  # a code has at most 13 card bits and the sentinel

# Per code: (cards, leader's cards, follower's cards, leader's top run,
# follower's top run, follower's count); leader's and follower's bits are
# patterns of relative ranks.
INFO: list[tuple[int, int, int, int, int, int]] = []
# Per pattern: the relative ranks that stand for each run of adjacent bits (its lowest).
REPS: list[tuple[int, ...]] = []


def _top_run(mine: int, other: int, length: int) -> int:
    """How many of the top cards of a suit `mine` holds in a row."""
    return length if other == 0 else length - other.bit_length()


def _build_tables() -> None:
    for code in range(CODES):
        if code == 0:
            INFO.append((0, 0, 0, 0, 0, 0))
            continue
        length = code.bit_length() - 1
        lead = code ^ (1 << length)
        follow = ((1 << length) - 1) ^ lead
        INFO.append(
            (
                length,
                lead,
                follow,
                _top_run(lead, follow, length),
                _top_run(follow, lead, length),
                follow.bit_count(),
            )
        )
    for pattern in range(1 << RANKS):
        lows = pattern & ~(pattern << 1)
        REPS.append(tuple(i for i in range(RANKS) if lows >> i & 1))


_build_tables()


def encode(leader: tuple[int, ...], follower: tuple[int, ...]) -> tuple[int, ...]:
    """The four codes of a position from each hand's rank masks (bit r: rank r + 2)."""
    codes = []
    for mine, theirs in zip(leader, follower, strict=True):
        if mine & theirs:
            raise ValueError("a card is in both hands")
        code, bit, both = 0, 1, mine | theirs
        for rank in range(RANKS):
            if both >> rank & 1:
                if mine >> rank & 1:
                    code |= bit
                bit <<= 1
        codes.append(code | bit)
    return tuple(codes)


def flip(codes: tuple[int, ...]) -> tuple[int, ...]:
    """The same position seen from the other hand."""
    return tuple(c ^ ((1 << (c.bit_length() - 1)) - 1) for c in codes)


def relative(mask: int, both: int, rank: int) -> int:
    """The relative rank (index from the lowest) of `rank` among the cards in `both`."""
    return (both & ((1 << rank) - 1)).bit_count()


class Searcher:
    """The search for one trump suit (0-3 clubs to spades, NT -1); its table outlives a call."""

    def __init__(self, trump: int):
        self.trump = trump
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.win = self._make_win()

    def tricks(self, codes: tuple[int, ...]) -> int:
        """The most tricks the leader can take from `codes` against best defence."""
        n = sum(INFO[c][0] for c in codes)
        if n % 2:
            raise ValueError("the two hands must hold as many cards")
        n //= 2
        low, high = 0, n
        while low < high:
            mid = (low + high + 1) // 2
            if self.win(codes, n, mid):
                low = mid
            else:
                high = mid - 1
        return low

    def _make_win(self):  # noqa: C901 - the inner loop, kept in one frame for speed
        trump = self.trump
        table = self.table
        info = INFO
        reps = REPS
        counter = [0]

        def quick(i0, i1, i2, i3) -> int:
            """The tricks the leader cashes from the top before losing the lead."""
            total = i0[3] + i1[3] + i2[3] + i3[3]
            if trump < 0:
                return total
            t = (i0, i1, i2, i3)[trump]
            held = t[5]
            if held == 0 or t[3] >= held:
                return total
            total = t[3]
            for s, i in enumerate((i0, i1, i2, i3)):
                if s != trump:
                    total += min(i[3], i[5])
            return total

        def remove(code: int, index: int) -> int:
            return (code & ((1 << index) - 1)) | ((code >> (index + 1)) << index)

        def after(codes, s1, r1, s2, r2, same_leader):
            """The codes once the trick's two cards are gone, seen from its winner."""
            c = list(codes)
            if s1 == s2:
                hi, lo = (r1, r2) if r1 > r2 else (r2, r1)
                c[s1] = remove(remove(c[s1], hi), lo)
            else:
                c[s1] = remove(c[s1], r1)
                c[s2] = remove(c[s2], r2)
            if not same_leader:
                for s in range(SUITS):
                    x = c[s]
                    c[s] = x ^ ((1 << (x.bit_length() - 1)) - 1)
            return tuple(c)

        def replies(s, r, infos):
            """The follower's cards to a lead of relative rank r in suit s: (suit, rank,
            leader wins), the likeliest to beat the lead first."""
            follow = infos[s][2]
            if follow:
                ranks = reps[follow]
                over = [(s, x, False) for x in ranks if x > r]
                under = [(s, x, True) for x in ranks if x < r]
                return over + under
            out = []
            if trump >= 0 and infos[trump][2]:
                out = [(trump, x, False) for x in reps[infos[trump][2]]]
            for s2 in range(SUITS):
                if s2 != trump and s2 != s and infos[s2][2]:
                    out.append((s2, reps[infos[s2][2]][0], True))
                    out.extend((s2, x, True) for x in reps[infos[s2][2]][1:])
            return out

        def leads(infos):
            """The leader's cards: winners first, then the lowest of each suit, then the rest."""
            first, second, rest = [], [], []
            for s in range(SUITS):
                i = infos[s]
                mine = i[1]
                if not mine:
                    continue
                ranks = reps[mine]
                top = ranks[-1]
                if i[3] and (trump < 0 or s == trump or i[2] or not infos[trump][2]):
                    first.append((s, top))
                    ranks = ranks[:-1]
                if ranks:
                    second.append((s, ranks[0]))
                    rest.extend((s, x) for x in ranks[1:])
            return first + second + rest

        def win(codes, n, k) -> bool:
            if k <= 0:
                return True
            if k > n:
                return False
            c0, c1, c2, c3 = codes
            key = c0 | c1 << 14 | c2 << 28 | c3 << 42
            bounds = table.get(key)
            if bounds is not None:
                if bounds[0] >= k:
                    return True
                if bounds[1] < k:
                    return False
                lo, hi = bounds
            else:
                lo, hi = 0, n
            counter[0] += 1
            infos = (info[c0], info[c1], info[c2], info[c3])
            q = quick(*infos)
            if q >= k:
                table[key] = (max(lo, q), hi)
                return True
            result = False
            for s, r in leads(infos):
                for s2, r2, kept in replies(s, r, infos):
                    child = after(codes, s, r, s2, r2, kept)
                    ok = win(child, n - 1, k - 1) if kept else not win(child, n - 1, n - k)
                    if not ok:
                        break
                else:
                    result = True
                    break
            if result:
                table[key] = (max(lo, k), hi)
            else:
                table[key] = (lo, min(hi, k - 1))
            return result

        self._counter = counter
        return win

    @property
    def searched(self) -> int:
        """Positions searched (not answered by the table) so far."""
        return self._counter[0]
