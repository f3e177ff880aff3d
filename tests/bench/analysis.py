"""Benchmarks of the double-dummy review (device/analysis), each beside its target:

- 1,000 random deals of 13 + 13 cards, all ten results each (five strains, each
  hand on lead) as the review works them out: median and p99 time per deal, and
  the positions searched;
- exactness: the search against a plain minimax without pruning on 2,000 random
  endings of 1 to 6 cards a hand (every result equal);
- four hands: the review's four-hand path (facts to PBN to endplay and back)
  against endplay's own table on 200 random deals (every result equal).
"""

from __future__ import annotations

import random
import statistics
import time

from device.analysis.par import STRAINS
from device.analysis.solver import Searcher, encode
from tests.analysis.minimax import check

Row = tuple[str, str, str, bool]


def random_hands(rng: random.Random, size: int, hands: int = 2) -> list[list[int]]:
    """`hands` hands of `size` cards as rank masks per suit."""
    deck = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    out = []
    for h in range(hands):
        masks = [0, 0, 0, 0]
        for suit, rank in deck[h * size : (h + 1) * size]:
            masks[suit] |= 1 << rank
        out.append(masks)
    return out


def ten_results(one, two) -> tuple[list[int], int]:
    """The leader's tricks for each strain and each hand on lead, and nodes searched."""
    results, nodes = [], 0
    for strain in STRAINS:
        search = Searcher(-1 if strain == "NT" else "CDHS".index(strain))
        first = search.tricks(encode(one, two))
        results += [first, search.tricks(encode(two, one), 13 - first)]
        nodes += search.searched
    return results, nodes


def deal_times(deals: int, seed: int = 1) -> tuple[list[float], list[int]]:
    rng = random.Random(seed)
    times, nodes = [], []
    for _ in range(deals):
        one, two = random_hands(rng, 13)
        start = time.perf_counter()
        _, searched = ten_results(one, two)
        times.append(time.perf_counter() - start)
        nodes.append(searched)
    return times, nodes


def bench_deals(deals: int = 1000) -> list[Row]:
    times, nodes = deal_times(deals)
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return [
        (
            f"DD 13+13, ten results: median ({deals} deals)",
            f"{median * 1000:.0f} ms",
            "< 100 ms",
            median < 0.1,
        ),
        (
            f"DD 13+13, ten results: p99 ({deals} deals)",
            f"{p99 * 1000:.0f} ms",
            "< 1,000 ms",
            p99 < 1.0,
        ),
        (
            "DD 13+13: positions searched per deal",
            f"{statistics.median(nodes):,.0f} median",
            f"max {max(nodes):,}",
            True,
        ),
    ]


def bench_exact(endings: int = 2000) -> list[Row]:
    agree, tried = check(random.Random(2), endings)
    return [
        (
            f"DD vs plain minimax ({tried} endings <= 6+6)",
            f"{agree} equal",
            f"{tried} equal",
            agree == tried,
        )
    ]


def four_agreement(deals: int, seed: int = 3) -> tuple[int, int]:
    """(deals whose 20 results agree, deals tried): the review's four-hand path against
    endplay's calc_dd_table on random deals."""
    from endplay import dds, types

    from device.analysis.facts import DealFacts
    from device.analysis.four import FourHands

    rng = random.Random(seed)
    agree = 0
    for number in range(1, deals + 1):
        deck = [s + r for s in "CDHS" for r in "23456789TJQKA"]
        rng.shuffle(deck)
        hands = tuple(tuple(deck[i * 13 : (i + 1) * 13]) for i in range(4))
        declarers = tuple((h, (h + 1) % 4) for h in range(4))
        facts = DealFacts(
            number,
            ("N", "E", "S", "W"),
            (0, 1, 0, 1),
            ("NS", "EW"),
            hands,
            declarers,
            "1NT",
            0,
            (),
            None,
            (False, False),
            (0, 0),
            0,
        )
        ours = {(c.strain, c.declarer): c.tricks for c in FourHands(facts).table()}
        table = dds.calc_dd_table(types.Deal(_pbn_direct(hands)))
        theirs = {
            (strain, h): table[getattr(types.Denom, name), types.Player(h)]
            for strain, name in zip(
                STRAINS, ("clubs", "diamonds", "hearts", "spades", "nt"), strict=True
            )
            for h in range(4)
        }
        agree += ours == theirs
    return agree, deals


def _pbn_direct(hands) -> str:
    """The deal in PBN written here on its own, not by the code it checks."""
    order = "AKQJT98765432"
    return "N:" + " ".join(
        ".".join(
            "".join(sorted((c[1] for c in hand if c[0] == s), key=order.index)) for s in "SHDC"
        )
        for hand in hands
    )


def bench_four(deals: int = 200) -> list[Row]:
    try:
        agree, tried = four_agreement(deals)
    except ImportError:
        return [("DD four hands vs endplay", "endplay missing", f"{deals} equal", False)]
    return [
        (
            f"DD four hands: review vs endplay ({tried} deals)",
            f"{agree} equal",
            f"{tried} equal",
            agree == tried,
        )
    ]


def rows() -> list[Row]:
    return bench_deals() + bench_exact() + bench_four()
