"""Three hands solved by DDS, a fourth seat holding cards that never count.

DDS (endplay's library) solves tricks of four cards, partners facing. Exposed
Dummy plays tricks of three: two hands on one side against a lone hand. Seated
at a four-seat table, the lone hand gets a partner, the *fourth seat*, whose
cards never change a trick:

- it holds, in each suit it holds, cards below every card left of that suit in
  the three hands (ranks are relative: the three hands' cards take the top
  ranks of their suit, the fourth seat's the ranks below);
- in a trump strain it holds no trump.

So it follows suit with a card that cannot win, or discards one that cannot
win either (no trump to ruff with): it never wins a trick, so it never leads,
and which card it gives up changes nothing for the others. Every trick is won
as in the three-hand deal, and DDS's answer is the three-hand answer.

The fourth seat needs as many such cards as tricks are left, n: in no trumps
there are always enough (52 - 3n cards are not in the three hands), with trumps
there are only once the three hands' side suits leave n cards below theirs
(at trick 2 when at least 9 trumps are left, at trick 3 with 5, and so on).
Above that the search in multi.py plays on until they do.

Seats: the lone hand East, the hand after it South, the third North, the
fourth seat West; DDS plays North, East, South, West, which is the three
hands' own order with the fourth seat between the third and the first.

The library is endplay's bindings module (`endplay._dds`), imported without the
rest of endplay (endplay_parts.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .endplay_parts import part

# The test a search asks: whether side 0 takes at least k of the n tricks left from a
# position (its four suit codes as multi.py writes them, the leader); None: the fourth
# seat cannot be filled there.
Test = Callable[[tuple[int, int, int, int], int, int, int], "bool | None"]

_LOCK = threading.Lock()  # DDS's thread 0: one caller at a time


def library():
    """endplay's DDS bindings (its `_dds` module); None without endplay."""
    return part("_dds")


def lone_hand(sides: tuple[int, ...]) -> int | None:
    """The hand alone on its side among three, or None."""
    if len(sides) != 3:
        return None
    alone = [h for h in range(3) if sides.count(sides[h]) == 1]
    return alone[0] if len(alone) == 1 else None


def fourth_seat(trump: int, sides: tuple[int, ...]) -> Test | None:
    """The DDS test for three hands with these sides (two against one) and `trump`
    (0-3, or -1 for no trumps); None when DDS is not installed or the sides are not
    two against one."""
    dds = library()
    lone = lone_hand(sides)
    if dds is None or lone is None:
        return None
    seat_of = [0, 0, 0]
    seat_of[lone], seat_of[(lone + 1) % 3], seat_of[(lone + 2) % 3] = 1, 2, 0
    mine = [side == 0 for side in sides]
    deal = dds.deal()
    deal.trump = 4 if trump < 0 else 3 - trump  # DDS: spades 0 .. clubs 3, no trumps 4
    for i in range(3):
        deal.currentTrickSuit[i] = deal.currentTrickRank[i] = 0
    found = dds.futureTricks()
    cards = deal.remainCards
    solve = dds.SolveBoard

    def test(codes, leader: int, n: int, k: int) -> bool | None:
        lengths = [(code.bit_length() - 1) >> 1 for code in codes]
        if sum(13 - lengths[s] for s in range(4) if s != trump) < n:
            return None
        for seat in range(4):
            for suit in range(4):
                cards[seat][suit] = 0
        wanted = n  # the fourth seat's cards, from the lowest ranks of the side suits
        for s in range(4):
            code, length, suit = codes[s], lengths[s], 3 - s
            for i in range(length):  # the three hands' cards take the top ranks, A down
                cards[seat_of[code >> 2 * i & 3]][suit] |= 1 << (15 - length + i)
            if s != trump and wanted:
                take = min(wanted, 13 - length)
                cards[3][suit] |= ((1 << take) - 1) << 2
                wanted -= take
        deal.first = seat_of[leader]
        # The side on lead's target: side 0's k, or the tricks that hold side 0 below k.
        target = k if mine[leader] else n - k + 1
        with _LOCK:
            try:
                solve(deal, target, 1, 1, found, 0)
            except dds.DDSError:  # (not seen) the search below answers it instead
                return None
            reached = found.score[0] >= target
        return reached == mine[leader]

    return test
