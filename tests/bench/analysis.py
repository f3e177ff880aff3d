"""Benchmarks of the double-dummy review (device/analysis), each beside its target:

- 1,000 random deals of 13 + 13 cards, all ten results each (five strains, each
  hand on lead) as the review works them out: median and p99 time per deal, and
  the positions searched;
- exactness: the search against a plain minimax without pruning on 2,000 random
  endings of 1 to 6 cards a hand (every result equal);
- four hands: the review's four-hand path (facts to PBN to endplay and back)
  against endplay's own table on 200 random deals, and the general search
  (multi.py: tricks of two, three or four cards) against endplay's solver on 200
  random four-hand endings of 1 to 5 cards a hand (every result equal);
- par: ours against endplay's (duplicate scoring) on 200 random four-hand deals at
  random vulnerability, where par is a game or more (there the two scorings agree;
  a part-score is worth 50 more in duplicate);
- three hands (Exposed Dummy, tricks of three cards): the time of the whole
  review of robot deals (median and most, beside issue 24's targets) and the
  positions searched; and the tables and costly cards against the old search's
  (tests/analysis/old_three.py, kept for this comparison), every deal equal.
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
            "DD 13+13: positions searched per deal (median, most)",
            f"{statistics.median(nodes):,.0f}, {max(nodes):,}",
            "(no target)",
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


def multi_agreement(endings: int, seed: int = 4) -> tuple[int, int]:
    """(endings that agree, endings tried): multi.py against endplay's solve_board on
    four-hand endings, each side on lead, random trumps."""
    from endplay import dds, types

    from device.analysis.multi import MultiSearcher

    rng = random.Random(seed)
    denoms = ("clubs", "diamonds", "hearts", "spades")
    agree = 0
    for _ in range(endings):
        size = rng.randint(1, 5)
        hands = random_hands(rng, size, hands=4)
        trump, leader = rng.randint(-1, 3), rng.randrange(4)
        deal = types.Deal(_pbn_masks(hands))
        deal.first = types.Player(leader)
        deal.trump = types.Denom.nt if trump < 0 else getattr(types.Denom, denoms[trump])
        theirs = max(tricks for _, tricks in dds.solve_board(deal))  # the leader's side's
        ours = MultiSearcher(trump, (0, 1, 0, 1)).tricks(tuple(map(tuple, hands)), leader)
        agree += (ours if leader % 2 == 0 else size - ours) == theirs
    return agree, endings


def _pbn_masks(hands) -> str:
    ranks = "23456789TJQKA"
    return "N:" + " ".join(
        ".".join(
            "".join(ranks[r] for r in range(12, -1, -1) if hand[s] >> r & 1) for s in (3, 2, 1, 0)
        )
        for hand in hands
    )


def bench_multi(endings: int = 200) -> list[Row]:
    try:
        agree, tried = multi_agreement(endings)
    except ImportError:
        return [("DD general search vs endplay", "endplay missing", f"{endings} equal", False)]
    return [
        (
            f"DD general search vs endplay ({tried} endings <= 5x4)",
            f"{agree} equal",
            f"{tried} equal",
            agree == tried,
        )
    ]


def par_agreement(deals: int, seed: int = 5) -> tuple[int, int]:
    """(deals whose par score agrees, deals with a par of a game or more)."""
    from endplay import dds, types

    from device.analysis.par import STRAINS, par

    names = ("clubs", "diamonds", "hearts", "spades", "nt")
    vuls = {
        (False, False): types.Vul.none,
        (True, True): types.Vul.both,
        (True, False): types.Vul.ns,
        (False, True): types.Vul.ew,
    }
    rng = random.Random(seed)
    agree = tried = 0
    for _ in range(deals):
        deck = [s + r for s in "CDHS" for r in "23456789TJQKA"]
        rng.shuffle(deck)
        table = dds.calc_dd_table(
            types.Deal(_pbn_direct([deck[i * 13 : (i + 1) * 13] for i in range(4)]))
        )
        vulnerable = rng.choice(list(vuls))
        theirs = dds.par(table, vuls[vulnerable], types.Player.north).score
        if abs(theirs) < 300:
            continue
        best: dict[tuple[int, str], int] = {}
        for strain, name in zip(STRAINS, names, strict=True):
            for hand in range(4):
                tricks = table[getattr(types.Denom, name), types.Player(hand)]
                best[(hand % 2, strain)] = max(best.get((hand % 2, strain), 0), tricks)
        ours = par(best, vulnerable)
        score = 0 if ours.contract is None else ours.score * (1 if ours.declarer == 0 else -1)
        tried += 1
        agree += score == theirs
    return agree, tried


def bench_par(deals: int = 200) -> list[Row]:
    try:
        agree, tried = par_agreement(deals)
    except ImportError:
        return [("DD par vs endplay's par", "endplay missing", "every one equal", False)]
    return [
        (
            f"DD par vs endplay's par ({tried} of {deals} deals: game or more)",
            f"{agree} equal",
            f"{tried} equal",
            agree == tried,
        )
    ]


def three_deals(deals: int) -> list:
    """The facts of the first `deals` Exposed Dummy robot deals that can be reviewed."""
    from device.analysis.facts import NotReviewed, deal_facts
    from device.robots import play_rubber

    out: list = []
    for seed in range(1, 100):
        game = play_rubber(seed, "exposed-dummy")
        for deal in game.deals:
            try:
                out.append(deal_facts(game, deal))
            except NotReviewed:
                continue
            if len(out) == deals:
                return out
    return out


def three_reviews(deals: int) -> list[tuple]:
    """(facts, review, seconds, CPU seconds) for the whole review (table, par, costly
    cards) of Exposed Dummy deals. The CPU seconds say how much of the time was the
    review's own on a machine shared with other work."""
    from device.analysis.review import analyse

    out = []
    for facts in three_deals(deals):
        start, cpu = time.perf_counter(), time.process_time()
        review = analyse(facts)
        out.append((facts, review, time.perf_counter() - start, time.process_time() - cpu))
    return out


def three_times(deals: int) -> list[float]:
    """Seconds for the whole review of Exposed Dummy deals."""
    return [seconds for _, _, seconds, _ in three_reviews(deals)]


def contract_first(facts) -> float:
    """CPU seconds for the contract's own double-dummy result and its costly cards
    alone (one search of the ten, its table reused by the costly cards): how soon a
    review that gave those first, before the rest of the table and par, could answer."""
    from device.analysis.three import ThreeHands

    start = time.process_time()
    worker = ThreeHands(facts)
    index = next(i for i, (hand, _) in enumerate(facts.declarers) if hand == facts.declarer)
    search = worker.searcher(facts.strain, worker._sides(index), facts.declarer)
    search.tricks(worker.hands, facts.declarers[index][1])
    worker.costly()
    return time.process_time() - start


def old_three(facts) -> tuple[list, list, int]:
    """The table, the costly cards and the positions searched by the search as it was
    before it was made fast (tests/analysis/old_three.py), for the comparison."""
    from tests.analysis.old_three import ThreeHands

    worker = ThreeHands(facts)
    table = worker.table()
    return table, worker.costly(), worker.nodes


def bench_three(deals: int = 5, compare: bool = True) -> list[Row]:
    """The Exposed Dummy review's time beside its targets, its positions searched, and
    (with `compare`) its tables and costly cards against the old search's."""
    reviews = three_reviews(deals)
    times = sorted(seconds for _, _, seconds, _ in reviews)
    cpu = sorted(seconds for _, _, _, seconds in reviews)
    nodes = [review.nodes for _, review, _, _ in reviews]
    median, most = statistics.median(times), times[-1]
    rows = [
        (
            f"DD Exposed Dummy, whole review: median ({len(times)} deals)",
            f"{median:.2f} s (CPU {statistics.median(cpu):.2f} s)",
            "< 1 s",
            median < 1.0,
        ),
        (
            f"DD Exposed Dummy, whole review: most ({len(times)} deals)",
            f"{most:.2f} s (CPU {cpu[-1]:.2f} s)",
            "< 5 s",
            most < 5.0,
        ),
        (
            "DD Exposed Dummy: positions searched per deal (median, most)",
            f"{statistics.median(nodes):,.0f}, {max(nodes):,}",
            "(no target)",
            True,
        ),
    ]
    first = sorted(contract_first(facts) for facts, _, _, _ in reviews)
    rows.append(
        (
            "DD Exposed Dummy: the contract's result and costly cards alone, CPU (median, most)",
            f"{statistics.median(first):.2f} s, {first[-1]:.2f} s",
            "(no target)",
            True,
        )
    )
    if compare:
        same, old_nodes = 0, []
        for facts, review, _, _ in reviews:
            table, costly, searched = old_three(facts)
            same += list(review.table) == table and list(review.costly) == costly
            old_nodes.append(searched)
        rows.append(
            (
                f"DD Exposed Dummy: tables and costly cards as the old search's ({deals} deals)",
                f"{same} equal",
                f"{len(reviews)} equal",
                same == len(reviews),
            )
        )
        rows.append(
            (
                "DD Exposed Dummy: the old search's positions per deal (median, most)",
                f"{statistics.median(old_nodes):,.0f}, {max(old_nodes):,}",
                "(for comparison)",
                True,
            )
        )
    return rows


def rows() -> list[Row]:
    return (
        bench_deals() + bench_exact() + bench_four() + bench_multi() + bench_par() + bench_three()
    )
