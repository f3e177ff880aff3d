"""The review of a played deal: `analyse(facts) -> Review`.

Two hands (tricks of two cards) go to this package's own search (solver.py),
three (Exposed Dummy's tricks of three cards) to its general search (multi.py),
which hands DDS the positions it can seat at four (fourth_seat.py); four hands
to endplay (DDS), installed with `pip install '.[analysis]'` and imported only
when a four-hand deal is reviewed. The review gives:
- the double-dummy table: for each strain and each hand that may declare
  (with its opening leader), the declaring side's tricks;
- the par contract (par.py says how par is defined);
- the contract as played: its double-dummy tricks and the tricks taken;
- the costly cards: each card after which the side that played it can take
  fewer tricks than before (double dummy, counting the tricks already won).
"""

from __future__ import annotations

import time

from .facts import DealFacts, own_review
from .own_search import OwnSearch, masks, trump_of  # noqa: F401 (imported from here too)
from .par import par
from .results import (  # noqa: F401 (imported from here too)
    Cell,
    Costly,
    NotReviewed,
    Progress,
    Review,
    costs,
    play_dict,
    table_dicts,
)


def analyse(facts: DealFacts, progress: Progress | None = None) -> Review:
    """The review of a deal; NotReviewed when its hands cannot be reviewed here."""
    own = own_review(facts)
    if own is not None:  # a form reviewed its own way (its package's review.py)
        return own.analyse(facts, progress)
    start = time.perf_counter()
    if len(facts.hands) == 2:
        from .two import TwoHands

        worker = TwoHands(facts)
    elif len(facts.hands) == 3:
        from .three import ThreeHands

        worker = ThreeHands(facts)
    elif len(facts.hands) == 4:
        from .four import FourHands

        worker = FourHands(facts)
    else:
        raise NotReviewed("hands")
    table = worker.table(progress)
    sides = facts.sides
    best: dict[tuple[int, str], int] = {}
    for cell in table:
        key = (sides[cell.declarer], cell.strain)
        best[key] = max(best.get(key, 0), cell.tricks)
    dd = next(c.tricks for c in table if c.declarer == facts.declarer and c.strain == facts.strain)
    return Review(
        number=facts.number,
        table=tuple(table),
        par=par(best, facts.vulnerable, facts.below, facts.first),
        contract=facts.contract,
        declarer=facts.declarer,
        best=dd,
        won=facts.won,
        costly=tuple(worker.costly(progress)),
        engine=worker.engine,
        nodes=worker.nodes,
        seconds=time.perf_counter() - start,
    )
