"""Double-dummy search for tricks of two, three or four cards: the general case.

solver.py is the fast search for two hands; this one takes any number of hands
of equal length, each on a side (0 or 1), so it reviews Exposed Dummy's tricks
of three cards (declarer's hand and the dummy against one hand) and checks the
four-hand path against endplay on small endings.

A suit is one small int, its *code*: the suit's cards left (all hands
together) from the lowest, two bits each naming the hand that holds it, and a
sentinel bit above the last. Played cards are gone from the code, so ranks are
relative and the four codes with the leader are the transposition key as they
stand. What the search asks of a code (its length, each hand's moves, who holds
the top cards) is worked out once per code and kept.

The search answers "can side 0 take k of the n tricks left" (a null window);
`tricks` finds the value by bisection over k, or steps from a guess. Each
answer narrows the stored bounds [lo, hi] of the position, kept with the lead
that decided it (tried first the next time). Cards adjacent among a suit's
cards left and in one hand are one move. Bounds before any move: the leader's
sure tricks (its top cards, or its partner's reached with a low card to the
partner's top card), and the trumps a side keeps (below). Order: the decisive
lead of the table, cashing winners, leading low to the partner's winner, then low
cards; a follower wins as cheaply as it can, else plays low (low at once when
its side is winning). The last trick is counted, not searched.

Three hands (Exposed Dummy) have a search of their own in the same frame: a
position is one int (the four codes as in the key), a whole trick is played in
one function's loops, and the codes left after a trick come from a table. It is
fail-soft: a test of k answers a bound (at least k and a lower bound, or below
k and an upper bound) kept in the position's entry, and `tricks` works from the
top down (or from a guess), each bound skipping the tests it settles. A
position's bounds before any move are worked out at its first visit only and
kept with its entry. The trumps a side keeps whatever happens: for one of its
hands, its trumps less those the other side's higher trumps can beat (each of
those beating one at most). From six tricks left (DDS_FROM) a test goes to DDS
wherever fourth_seat.py can seat the three hands at four, its answer kept as a
bound like any other: in no trumps that is every position, with trumps each one
after the first trick or two. Measured (make bench, 5 robot deals): the whole
review 0.19 s median, 0.34 s most, about 400 positions searched here a deal; the
search alone took 5.25 s and 9.27 s (430,000 positions median, 741,000 most).
"""

from __future__ import annotations

from .fourth_seat import fourth_seat

# Three hands: a test of a position with at least this many tricks left goes to DDS
# when the fourth seat can be filled there (fourth_seat.py); below, this search is
# quicker than a call.
DDS_FROM = 6
SHIFT = 28  # bits of a code in the key: 13 cards of two bits and the sentinel
MASK = (1 << SHIFT) - 1
_INFO: dict[int, tuple] = {}  # code -> _info(code), as met


def _info(code: int) -> tuple:
    """(length, each hand's moves, each hand's count, the top card's holder (-1: none),
    how many of the top cards it holds in a row, the tricks it cashes on lead: those,
    or all its cards when the others hold no more) of a suit's code. A hand's moves are
    the lowest index of each run of its cards adjacent among the cards left."""
    known = _INFO.get(code)
    if known is not None:
        return known
    length = (code.bit_length() - 1) >> 1
    owners = [code >> (2 * i) & 3 for i in range(length)]
    moves: list[list[int]] = [[], [], [], []]
    for i, owner in enumerate(owners):
        if i == 0 or owners[i - 1] != owner:
            moves[owner].append(i)
    top, run = -1, 0
    if owners:
        top = owners[-1]
        while run < length and owners[length - 1 - run] == top:
            run += 1
    counts = tuple(owners.count(h) for h in range(4))
    cash = run  # the top cards cashed, or all the holder's once the others are out
    if top >= 0 and run >= max(c for h, c in enumerate(counts) if h != top):
        cash = counts[top]
    out = (length, tuple(map(tuple, moves)), counts, top, run, cash)
    _INFO[code] = out
    return out


def encode(hands) -> list[int]:
    """The four codes of `hands` (rank masks per suit, bit r for rank r + 2)."""
    codes = []
    for suit in range(4):
        code, bit = 0, 0
        for rank in range(13):
            for h, hand in enumerate(hands):
                if hand[suit] >> rank & 1:
                    code |= h << bit
                    bit += 2
        codes.append(code | 1 << bit)
    return codes


def _index(hands, suit: int, rank: int) -> int:
    """A card's index in its suit's code: the cards left below it (all hands)."""
    below = (1 << rank) - 1
    return sum((hand[suit] & below).bit_count() for hand in hands)


def _down(card) -> int:
    return -card[1]


def _strip(code: int, i: int) -> int:
    """The code without its card at index i."""
    low = 2 * i
    return (code & ((1 << low) - 1)) | ((code >> (low + 2)) << low)


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
    """The search for one trump suit (0-3, or -1 for no trumps) and fixed sides; its
    table (bounds and the deciding lead per position) outlives a call."""

    def __init__(
        self,
        trump: int,
        sides: tuple[int, ...],
        trumpless: dict | None = None,
        dds_from: int | None = DDS_FROM,
    ):
        self.trump = trump
        self.dds_from = dds_from
        self.sides = tuple(sides)
        self.count = len(sides)
        # Positions without a trump left are the same in every strain: their bounds go to
        # `trumpless`, which the searches of one deal's strains (same sides) may share.
        self.trumpless: dict[int, tuple] = {} if trumpless is None else trumpless
        self.table: dict[int, tuple] = self.trumpless if trump < 0 else {}
        self._counter = [0]
        self._asked = [0]  # tests DDS answered (three hands)
        self._win, self._follow = self._make_search()

    def clear(self) -> None:
        """Let this strain's table go (memory; not the shared one of positions without
        trumps), the results found kept by the caller."""
        if self.table is not self.trumpless:
            self.table.clear()
        self._follows.clear()
        if self.count == 3:
            self._stripped.clear()

    @property
    def asked(self) -> int:
        """Tests answered by DDS (fourth_seat.py) so far."""
        return self._asked[0]

    @property
    def searched(self) -> int:
        """Positions searched (not answered by the table or counted outright) so far."""
        return self._counter[0]

    def tricks(self, hands, leader: int, guess: int | None = None) -> int:
        """Side 0's tricks from `hands` (rank masks per suit, bit r for rank r + 2) with
        `leader` on lead, both sides at their best."""
        sizes = {sum(m.bit_count() for m in hand) for hand in hands}
        if len(sizes) != 1 or len(hands) != self.count:
            raise ValueError("every hand must hold as many cards")
        n = sizes.pop()
        codes = tuple(encode(hands))
        if self.count == 3:
            return self._value3(codes, leader, n, guess)
        win = self._win
        return _bisect(lambda k: k <= 0 or (k <= n and win(codes, leader, n, k)), n, guess)

    def tricks_in_trick(self, hands, leader: int, played, guess: int | None = None) -> int:
        """Side 0's tricks from a trick in progress: `played` are its cards so far
        ((hand, suit, rank), the lead first), gone from `hands` already."""
        if not played:
            return self.tricks(hands, leader, guess)
        n = max(sum(m.bit_count() for m in hand) for hand in hands)
        whole = [list(hand) for hand in hands]  # the trick's cards stay in the codes
        for hand, suit, rank in played:
            whole[hand][suit] |= 1 << rank
        codes = tuple(encode(whole))
        trick = tuple((suit, _index(whole, suit, rank)) for _, suit, rank in played)
        best = self._best(played)
        top = (best[0], best[1], _index(whole, best[1], best[2]))
        follow = self._follow

        def test(k: int) -> bool:
            return k <= 0 or (k <= n and follow(codes, leader, n, k, trick, *top))

        return _bisect(test, n, guess)

    def _best(self, played):
        """The card (hand, suit, rank) that wins the trick so far."""
        best = played[0]
        for card in played[1:]:
            if card[1] == best[1]:
                if card[2] > best[2]:
                    best = card
            elif card[1] == self.trump:
                best = card
        return best

    def _make_search(self):  # noqa: C901 - the inner loop, kept in few frames for speed
        trump, count, counter = self.trump, self.count, self._counter
        own, plain = self.table, self.trumpless
        mine = tuple(side == 0 for side in self.sides)
        partners = tuple(
            tuple(p for p in range(count) if p != h and mine[p] == mine[h]) for h in range(count)
        )
        opponents = tuple(
            tuple(p for p in range(count) if mine[p] != mine[h]) for h in range(count)
        )
        info, known = _info, _INFO
        follows: dict[int, list] = {}  # a suit and its code, hand, the card to beat -> replies
        self._follows = follows

        def sure(infos, h: int) -> int:
            """Tricks hand h cashes from the top on lead before losing it: its top cards
            in a row in each suit; with trumps, the side suits only while every opponent
            holding a trump still follows, unless h's top trumps draw theirs first."""
            runs = [i[5] if i[3] == h else 0 for i in infos]
            if trump < 0:
                return runs[0] + runs[1] + runs[2] + runs[3]
            counts = infos[trump][2]
            ruffers = [o for o in opponents[h] if counts[o]]
            if not ruffers or runs[trump] >= max(counts[o] for o in ruffers):
                return runs[0] + runs[1] + runs[2] + runs[3]
            total = runs[trump]
            for s in range(4):
                if s != trump and runs[s]:
                    held = infos[s][2]
                    total += min([runs[s]] + [held[o] for o in ruffers])
            return total

        def reach(infos, h: int) -> int:
            """h's sure tricks, or a partner's after a low card of h to the partner's top
            card in a suit no opponent can ruff; when no opponent holds a trump, both: h's
            first, then the partner's, less one for each card the partner throws away while
            h cashes (side 0 chooses them: never the card that lets h over)."""
            own = sure(infos, h)
            best = own
            for p in partners[h]:
                for s in range(4):
                    i = infos[s]
                    if i[3] != p or not i[2][h]:
                        continue
                    free = trump < 0 or not any(infos[trump][2][o] for o in opponents[h])
                    if not free and s != trump:
                        held, trumps = i[2], infos[trump][2]
                        if any(not held[o] and trumps[o] for o in opponents[h]):
                            continue
                    theirs = sure(infos, p)
                    if free:
                        thrown = 0
                        for t in infos:
                            if t[3] == h and t[5] > t[2][p]:
                                thrown += t[5] - t[2][p]
                        theirs = max(theirs, own + theirs - thrown)
                    best = max(best, theirs)
                    break
            return best

        trumps_kept: dict[int, tuple[int, int]] = {}  # the trump suit's code -> kept

        def kept(codes, side0: bool) -> int:
            """Tricks a side takes with its trumps whatever happens: for one of its hands,
            its trumps less those an opponent's higher trumps can beat, each opponent trump
            beating one at most. (Each of the hand's trumps goes to a trick of its own, which
            its side wins unless a higher trump of the other side is in it.)"""
            if trump < 0:
                return 0
            code = codes[trump]
            both = trumps_kept.get(code)
            if both is None:
                owners = [code >> (2 * i) & 3 for i in range((code.bit_length() - 1) >> 1)]
                best = [0, 0]
                for h in range(count):
                    higher = beaten = 0  # the other side's trumps above, not yet matched
                    for o in reversed(owners):
                        if mine[o] != mine[h]:
                            higher += 1
                        elif o == h and higher:
                            higher -= 1
                            beaten += 1
                    side = 0 if mine[h] else 1
                    best[side] = max(best[side], owners.count(h) - beaten)
                both = trumps_kept[code] = (best[0], best[1])
            return both[0] if side0 else both[1]

        def leads(infos, h: int) -> list:
            """h's leads (suit, index): its top cards, low to a partner's top card, the
            lowest of each suit, then the rest."""
            cash, low, rest = [], [], []
            for s in range(4):
                i = infos[s]
                moves = i[1][h]
                if not moves:
                    continue
                if i[3] == h:
                    safe = trump < 0 or s == trump
                    if not safe:
                        trumps = infos[trump][2]
                        safe = all(i[2][o] or not trumps[o] for o in opponents[h])
                    if safe:
                        cash.append((s, moves[-1]))
                        moves = moves[:-1]
                        if not moves:
                            continue
                if i[3] in partners[h]:
                    cash.append((s, moves[0]))
                else:
                    low.append((s, moves[0]))
                rest.extend((s, x) for x in moves[1:])
            return cash + low + rest

        def replies(infos, h: int, led: int, bs: int, bi: int, ours: bool) -> list:
            """h's cards (suit, index) to a trick led in `led`, won so far by the card (bs, bi):
            the cheapest winner first, or low first when h's side (`ours`) is winning."""
            moves = infos[led][1][h]
            if moves:
                if bs != led:  # ruffed already
                    return [(led, x) for x in moves]
                beats = [(led, x) for x in moves if x > bi]
                under = [(led, x) for x in moves if x < bi]
                return under + beats if ours else beats + under
            ruffs, discards, rest = [], [], []
            for s in range(4):
                moves = infos[s][1][h]
                if not moves:
                    continue
                if s == trump:
                    for x in moves:
                        (ruffs if bs != trump or x > bi else rest).append((s, x))
                else:
                    discards.append((s, moves[0]))
                    rest.extend((s, x) for x in moves[1:])
            return discards + rest + ruffs if ours else ruffs + discards + rest

        def last_trick(infos, leader: int) -> bool:
            """Whether side 0 wins the last trick (one card a hand, nothing to choose)."""
            cards = []
            for p in range(count):
                h = (leader + p) % count
                s = next(s for s in range(4) if infos[s][2][h])
                cards.append((h, s, infos[s][1][h][0]))
            bh, bs, bi = cards[0]
            for h, s, x in cards[1:]:
                if s == bs:
                    if x > bi:
                        bh, bi = h, x
                elif s == trump:
                    bh, bs, bi = h, s, x
            return mine[bh]

        def win(codes, leader: int, n: int, k: int) -> bool:
            """Whether side 0 takes at least k of the n tricks left (0 < k <= n)."""
            key = codes[0] | codes[1] << SHIFT | codes[2] << 56 | codes[3] << 84 | leader << 112
            table = plain if trump >= 0 and codes[trump] == 1 else own
            entry = table.get(key)
            if entry is not None:
                lo, hi, best = entry
                if lo >= k:
                    return True
                if hi < k:
                    return False
            else:
                lo, hi, best = 0, n, None
            infos = (
                known.get(codes[0]) or info(codes[0]),
                known.get(codes[1]) or info(codes[1]),
                known.get(codes[2]) or info(codes[2]),
                known.get(codes[3]) or info(codes[3]),
            )
            if n == 1:
                value = 1 if last_trick(infos, leader) else 0
                table[key] = (value, value, None)
                return value >= k
            counter[0] += 1
            side0 = mine[leader]
            q = reach(infos, leader)
            if side0:
                low, high = max(q, kept(codes, True)), n - kept(codes, False)
            else:
                low, high = kept(codes, True), n - max(q, kept(codes, False))
            if low >= k:
                table[key] = (max(lo, low), hi, best)
                return True
            if high < k:
                table[key] = (lo, min(hi, high), best)
                return False
            moves = leads(infos, leader)
            if best is not None and best in moves:
                moves.remove(best)
                moves.insert(0, best)
            for s, x in moves:
                if play(codes, infos, leader, n, k, ((s, x),), leader, s, x) == side0:
                    if side0:
                        table[key] = (max(lo, k), hi, (s, x))
                    else:
                        table[key] = (lo, min(hi, k - 1), (s, x))
                    return side0
            table[key] = (lo, min(hi, k - 1), best) if side0 else (max(lo, k), hi, best)
            return not side0

        def play(codes, infos, leader, n, k, trick, bh, bs, bi) -> bool:
            """The trick in progress (`trick`: its cards so far as (suit, index), still in
            the codes; (bh, bs, bi): the winning one's hand and card); then the rest from
            its winner's lead."""
            pos = len(trick)
            h = (leader + pos) % count
            side0 = mine[h]
            led = trick[0][0]
            ours = mine[bh] == side0
            if infos[led][2][h]:  # following suit: the same few cases again and again
                ask = (
                    codes[led] << 10 | led << 8 | h << 6 | (bi + 1 if bs == led else 0) << 1 | ours
                )
                moves = follows.get(ask)
                if moves is None:
                    moves = follows[ask] = replies(infos, h, led, bs, bi, ours)
            else:
                moves = replies(infos, h, led, bs, bi, ours)
            if pos < count - 1:
                for s, x in moves:
                    if s == bs:
                        if x > bi:
                            ok = play(codes, infos, leader, n, k, trick + ((s, x),), h, s, x)
                        else:
                            ok = play(codes, infos, leader, n, k, trick + ((s, x),), bh, bs, bi)
                    elif s == trump:
                        ok = play(codes, infos, leader, n, k, trick + ((s, x),), h, s, x)
                    else:
                        ok = play(codes, infos, leader, n, k, trick + ((s, x),), bh, bs, bi)
                    if ok == side0:
                        return ok
                return not side0
            base = list(codes)  # the trick's other cards gone, the highest first
            for s2, x2 in sorted(trick, key=_down) if pos > 1 else trick:
                base[s2] = _strip(base[s2], x2)
            b0, b1, b2, b3 = base
            m = n - 1
            for s, x in moves:
                if s == bs:
                    winner = h if x > bi else bh
                elif s == trump:
                    winner = h
                else:
                    winner = bh
                need = k - 1 if mine[winner] else k
                if need <= 0:
                    ok = True
                elif need > m:
                    ok = False
                else:
                    y = x
                    for s2, x2 in trick:
                        if s2 == s and x2 < x:
                            y -= 1
                    low = 2 * y
                    c = base[s]
                    c = (c & ((1 << low) - 1)) | ((c >> (low + 2)) << low)
                    if s == 0:
                        child = (c, b1, b2, b3)
                    elif s == 1:
                        child = (b0, c, b2, b3)
                    elif s == 2:
                        child = (b0, b1, c, b3)
                    else:
                        child = (b0, b1, b2, c)
                    key = child[0] | child[1] << SHIFT | child[2] << 56 | child[3] << 84
                    table = plain if trump >= 0 and child[trump] == 1 else own
                    entry = table.get(key | winner << 112)
                    if entry is not None and entry[0] >= need:
                        ok = True
                    elif entry is not None and entry[1] < need:
                        ok = False
                    else:
                        ok = win(child, winner, m, need)
                if ok == side0:
                    return ok
            return not side0

        def follow(codes, leader, n, k, trick, bh, bs, bi) -> bool:
            """A trick in progress from outside: its codes' moves looked up first."""
            infos = tuple(known.get(c) or info(c) for c in codes)
            return play(codes, infos, leader, n, k, trick, bh, bs, bi)

        if count != 3:
            return win, follow

        # Three hands: a whole trick in one frame, each position packed in one int.
        stripped: dict[int, int] = {}  # a code << 13 | the indices gone -> the code left
        self._stripped = stripped
        dds_from, asked = self.dds_from, self._asked
        by_dds = None if dds_from is None else fourth_seat(trump, self.sides)
        after = (1, 2, 0)

        def strip(code: int, gone: int) -> int:
            """`code` without its cards at the indices set in `gone`, from a table."""
            at = code << 13 | gone
            out = stripped.get(at)
            if out is None:
                out = code
                for i in range(12, -1, -1):
                    if gone >> i & 1:
                        out = _strip(out, i)
                stripped[at] = out
            return out

        def look(base: int, leader: int, n: int, k: int) -> int:
            """A bound on side 0's tricks of the n left (0 < k <= n) in the position `base`
            (its four codes, as in the key) with `leader` on lead: at least k (side 0 takes
            k) and a lower bound, or less than k and an upper bound."""
            key = base | leader << 112
            table = plain if trump >= 0 and base >> (SHIFT * trump) & MASK == 1 else own
            entry = table.get(key)
            if entry is not None:
                if entry[0] >= k:
                    return entry[0]
                if entry[1] < k:
                    return entry[1]
            return three(base, leader, n, k, key, table, entry)

        def three(base: int, leader: int, n: int, k: int, key: int, table, entry) -> int:
            """`look` once the table has not answered: the bounds before any move at the
            first visit (kept with the position's entry from then on), then the tricks."""
            codes = (base & MASK, base >> 28 & MASK, base >> 56 & MASK, base >> 84)
            infos = (
                known.get(codes[0]) or info(codes[0]),
                known.get(codes[1]) or info(codes[1]),
                known.get(codes[2]) or info(codes[2]),
                known.get(codes[3]) or info(codes[3]),
            )
            side0 = mine[leader]
            if entry is None:
                if n == 1:
                    value = 1 if last_trick(infos, leader) else 0
                    table[key] = (value, value, None)
                    return value
                counter[0] += 1
                q = reach(infos, leader)
                if side0:
                    lo, hi = max(q, kept(codes, True)), n - kept(codes, False)
                else:
                    lo, hi = kept(codes, True), n - max(q, kept(codes, False))
                best = None
                if lo >= k or hi < k:
                    table[key] = (lo, hi, None)
                    return lo if lo >= k else hi
            else:
                counter[0] += 1
                lo, hi, best = entry
            if by_dds is not None and n >= dds_from:
                reached = by_dds(codes, leader, n, k)
                if reached is not None:
                    asked[0] += 1
                    if reached:
                        table[key] = (max(lo, k), hi, best)
                        return k
                    table[key] = (lo, min(hi, k - 1), best)
                    return k - 1
            moves = leads(infos, leader)
            if best is not None and best in moves:
                moves.remove(best)
                moves.insert(0, best)
            h1 = after[leader]
            h2 = after[h1]
            p1, p2 = mine[h1], mine[h2]
            m = n - 1
            # Each card's bound: side 0's best (or the other side's, whose lowest) of its
            # replies' bounds, the first to reach k (or stay below it) ending the search.
            bound = -1 if side0 else n + 1
            for s, x in moves:
                cs = codes[s]
                held = infos[s][2]
                if held[h1]:
                    ours = p1 == side0
                    ask = cs << 10 | s << 8 | h1 << 6 | (x + 1) << 1 | ours
                    first = follows.get(ask)
                    if first is None:
                        first = follows[ask] = replies(infos, h1, s, s, x, ours)
                else:
                    first = replies(infos, h1, s, s, x, p1 == side0)
                b1 = -1 if p1 else n + 1
                for s1, x1 in first:
                    if s1 == s:
                        if x1 > x:
                            bh, bs, bi = h1, s, x1
                        else:
                            bh, bs, bi = leader, s, x
                    elif s1 == trump:
                        bh, bs, bi = h1, s1, x1
                    else:
                        bh, bs, bi = leader, s, x
                    ours = mine[bh] == p2
                    if held[h2]:
                        ask = cs << 10 | s << 8 | h2 << 6 | (bi + 1 if bs == s else 0) << 1 | ours
                        second = follows.get(ask)
                        if second is None:
                            second = follows[ask] = replies(infos, h2, s, bs, bi, ours)
                    else:
                        second = replies(infos, h2, s, bs, bi, ours)
                    b2 = -1 if p2 else n + 1
                    for s2, x2 in second:
                        if s2 == bs:
                            winner = h2 if x2 > bi else bh
                        elif s2 == trump:
                            winner = h2
                        else:
                            winner = bh
                        won = 1 if mine[winner] else 0
                        need = k - won
                        if need <= 0:
                            b = won  # (at least)
                        elif need > m:
                            b = won + m  # (at most)
                        else:
                            if s1 == s and s2 == s:
                                child = base + (
                                    (strip(cs, 1 << x | 1 << x1 | 1 << x2) - cs) << (SHIFT * s)
                                )
                            else:
                                gone = [0, 0, 0, 0]
                                gone[s] = 1 << x
                                gone[s1] |= 1 << x1
                                gone[s2] |= 1 << x2
                                child = base
                                for t in (0, 1, 2, 3):
                                    if gone[t]:
                                        c = codes[t]
                                        child += (strip(c, gone[t]) - c) << (SHIFT * t)
                            ckey = child | winner << 112
                            if trump >= 0 and child >> (SHIFT * trump) & MASK == 1:
                                ctable = plain
                            else:
                                ctable = own
                            centry = ctable.get(ckey)
                            if centry is None:
                                b = won + three(child, winner, m, need, ckey, ctable, None)
                            elif centry[0] >= need:
                                b = won + centry[0]
                            elif centry[1] < need:
                                b = won + centry[1]
                            else:
                                b = won + three(child, winner, m, need, ckey, ctable, centry)
                        if p2:
                            if b >= k:
                                b2 = b
                                break
                            if b > b2:
                                b2 = b
                        else:
                            if b < k:
                                b2 = b
                                break
                            if b < b2:
                                b2 = b
                    if p1:
                        if b2 >= k:
                            b1 = b2
                            break
                        if b2 > b1:
                            b1 = b2
                    else:
                        if b2 < k:
                            b1 = b2
                            break
                        if b2 < b1:
                            b1 = b2
                if side0:
                    if b1 >= k:
                        table[key] = (max(lo, b1), hi, (s, x))
                        return b1
                    if b1 > bound:
                        bound = b1
                else:
                    if b1 < k:
                        table[key] = (lo, min(hi, b1), (s, x))
                        return b1
                    if b1 < bound:
                        bound = b1
            if side0:
                table[key] = (lo, min(hi, bound), best)
            else:
                table[key] = (max(lo, bound), hi, best)
            return bound

        def win3(codes, leader: int, n: int, k: int) -> bool:
            base = codes[0] | codes[1] << 28 | codes[2] << 56 | codes[3] << 84
            return look(base, leader, n, k) >= k

        def value3(codes, leader: int, n: int, guess: int | None) -> int:
            """Side 0's tricks of the n left: each test's bound narrows [low, high], the
            next test at the guess, then at the top of what is left."""
            base = codes[0] | codes[1] << 28 | codes[2] << 56 | codes[3] << 84
            low, high = 0, n
            k = n if guess is None else guess
            while low < high:
                k = min(max(k, low + 1), high)
                b = look(base, leader, n, k)
                if b >= k:
                    low = b
                    k = low + 1
                else:
                    high = b
                    k = high
            return low

        self._value3 = value3
        win = win3  # noqa: F811 - play's last card of a trick goes on here too
        return win, follow
