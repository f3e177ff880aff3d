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
# Per code: the same suit seen from the other hand.
FLIP: list[int] = []


def _top_run(mine: int, other: int, length: int) -> int:
    """How many of the top cards of a suit `mine` holds in a row."""
    return length if other == 0 else length - other.bit_length()


def _build_tables() -> None:
    for code in range(CODES):
        if code == 0:
            INFO.append((0, 0, 0, 0, 0, 0))
            FLIP.append(0)
            continue
        length = code.bit_length() - 1
        lead = code ^ (1 << length)
        follow = ((1 << length) - 1) ^ lead
        FLIP.append(code ^ ((1 << length) - 1))
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


class Searcher:
    """The search for one trump suit (0-3 clubs to spades, NT -1); its table outlives a call."""

    def __init__(self, trump: int):
        self.trump = trump
        self.table: dict[int, tuple[int, int, tuple | None]] = {}  # lo, hi, best lead
        self.nodes = 0
        self.win = self._make_win()

    def tricks(self, codes: tuple[int, ...], guess: int | None = None) -> int:
        """The most tricks the leader can take from `codes` against best defence. With a
        `guess` the null windows step from it (two searches when it is right), else they
        halve the range."""
        n = sum(INFO[c][0] for c in codes)
        if n % 2:
            raise ValueError("the two hands must hold as many cards")
        n //= 2
        key = codes[0] | codes[1] << 14 | codes[2] << 28 | codes[3] << 42
        low, high = 0, n
        if guess is not None and 0 < guess <= n:
            if self.win(codes, key, n, guess):
                low = guess
                while low < high and self.win(codes, key, n, low + 1):
                    low += 1
                return low
            high = guess - 1
        while low < high:
            mid = (low + high + 1) // 2
            if self.win(codes, key, n, mid):
                low = mid
            else:
                high = mid - 1
        return low

    def _make_win(self):  # noqa: C901 - the inner loop, kept in few frames for speed
        trump = self.trump
        table = self.table
        info = INFO
        reps = REPS
        flipped = FLIP
        following: dict[int, tuple] = {}
        counter = [0]

        def after(codes, s1, r1, s2, r2, same_leader):
            """The codes once the trick's two cards are gone, seen from its winner."""
            c = list(codes)
            if s1 == s2:
                hi, lo = (r1, r2) if r1 > r2 else (r2, r1)
                x = c[s1]
                x = (x & ((1 << hi) - 1)) | ((x >> (hi + 1)) << hi)
                c[s1] = (x & ((1 << lo) - 1)) | ((x >> (lo + 1)) << lo)
            else:
                x = c[s1]
                c[s1] = (x & ((1 << r1) - 1)) | ((x >> (r1 + 1)) << r1)
                x = c[s2]
                c[s2] = (x & ((1 << r2) - 1)) | ((x >> (r2 + 1)) << r2)
            if same_leader:
                return tuple(c)
            return (flipped[c[0]], flipped[c[1]], flipped[c[2]], flipped[c[3]])

        def follows(follow: int, r: int) -> tuple:
            """The follower's cards of the suit led, to a lead of relative rank r: (rank,
            leader wins), the cheapest winner first, then the lowest."""
            ranks = reps[follow]
            out = tuple((x, False) for x in ranks if x > r) + tuple(
                (x, True) for x in ranks if x < r
            )
            following[(follow << 4) | r] = out
            return out

        def replies(s, r, infos):
            """The follower's cards to a lead of relative rank r in suit s: (suit, rank,
            leader wins), the likeliest to beat the lead first."""
            follow = infos[s][2]
            if follow:
                known = following.get((follow << 4) | r) or follows(follow, r)
                return [(s, x, kept) for x, kept in known]
            out = []
            if trump >= 0 and infos[trump][2]:
                out = [(trump, x, False) for x in reps[infos[trump][2]]]
            for s2 in range(SUITS):
                if s2 != trump and s2 != s and infos[s2][2]:
                    out.extend((s2, x, True) for x in reps[infos[s2][2]])
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

        def win(codes, key, n, k) -> bool:
            """Whether the leader takes k of the n tricks left (0 < k <= n)."""
            bounds = table.get(key)
            if bounds is not None:
                lo, hi, best = bounds
                if lo >= k:
                    return True
                if hi < k:
                    return False
            else:
                lo, hi, best = 0, n, None
            counter[0] += 1
            infos = (info[codes[0]], info[codes[1]], info[codes[2]], info[codes[3]])
            # Quick tricks: the leader's top cards, cashed before the lead is lost; with
            # trumps, the side suits only as long as the follower follows (unless the
            # leader's top trumps draw the follower's first).
            q = infos[0][3] + infos[1][3] + infos[2][3] + infos[3][3]
            if trump >= 0:
                t = infos[trump]
                if t[5] and t[3] < t[5]:
                    q = t[3]
                    for s in range(SUITS):
                        if s != trump:
                            i = infos[s]
                            q += i[3] if i[3] < i[5] else i[5]
                if n - t[4] < k:  # the follower's top trumps each take a trick
                    table[key] = (lo, min(hi, n - t[4]), best)
                    return False
            if q >= k:
                table[key] = (max(lo, q), hi, best)
                return True
            moves = leads(infos)
            if best is not None:
                moves.remove(best)
                moves.insert(0, best)
            m = n - 1
            for lead in moves:
                s, r = lead
                for s2, r2, kept in replies(s, r, infos):
                    child = after(codes, s, r, s2, r2, kept)
                    ckey = child[0] | child[1] << 14 | child[2] << 28 | child[3] << 42
                    if kept:  # the leader needs k - 1 more, still on lead
                        need = k - 1
                        if need <= 0:
                            continue
                        b = table.get(ckey)
                        if b is not None:
                            if b[0] >= need:
                                continue
                            if b[1] < need:
                                break
                        if not win(child, ckey, m, need):
                            break
                    else:  # the follower leads, and must not take n - k of the rest
                        need = n - k
                        if need <= 0:
                            break
                        b = table.get(ckey)
                        if b is not None:
                            if b[0] >= need:
                                break
                            if b[1] < need:
                                continue
                        if win(child, ckey, m, need):
                            break
                else:
                    table[key] = (max(lo, k), hi, lead)
                    return True
            table[key] = (lo, min(hi, k - 1), best)
            return False

        self._counter = counter
        return win

    @property
    def searched(self) -> int:
        """Positions searched (not answered by the table) so far."""
        return self._counter[0]
