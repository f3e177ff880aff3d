"""The double-dummy review of an aBRIDGEd hand (seed 001), through endplay.

aBRIDGEd's coloured deck is mapped onto four suits for the solver: the colours
have no rank order between them in play (only the trump colour matters, and
which suit a colour becomes changes nothing), so red is hearts, yellow
diamonds, blue spades and green clubs (the bidding box's colours), and the
numbers 2..14 are the ranks 2..A. The review gives the declaring team's
double-dummy tricks with the declared trump, with each trump and NT from the
declarer (its left leads), the tricks made, the cards that cost a trick (in
colours again), and the best declaration by the chart.

No par: the chart scores one team per hand and the declaration is not an
auction (the declarer is found by Pass/Play or by the stated strengths, not by
outbidding), so there is no contest between the teams to find the end of. The
best declaration is the declarer's own choice instead: among the declarations
open to it (Play in round one; Ten or Seven in round two) and the five trumps,
the one whose double-dummy tricks score most by the chart (the declaring
team's points less the other team's).

The form's review part (device/analysis finds it in the package, as the robots
and the screens find theirs): `deal_facts(game, deal)`, `analyse(facts,
progress)` and `text(facts, review)`, the words of `honeymoon analyze`.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import ClassVar

from device.analysis.results import Cell, Costly, NotReviewed, Progress, play_dict, table_dicts
from device.analysis.seen import seen_cards

from .scoring import score_abridged

COLOUR_SUIT = {"R": "H", "Y": "D", "B": "S", "G": "C"}  # the bidding box's colours
SUIT_COLOUR = {s: c for c, s in COLOUR_SUIT.items()}
TRUMPS = ("R", "Y", "B", "G", "NT")
RANKS = "23456789TJQKA"  # 2..14
DECLARATIONS = {1: ("Play",), 2: ("Ten", "Seven")}  # open to the declarer, by round


def suit_card(text: str) -> str:
    """ "B4" -> "S4", "R14" -> "HA": an aBRIDGEd card in the solver's suits."""
    return COLOUR_SUIT[text[0]] + RANKS[int(text[1:]) - 2]


def colour_card(text: str) -> str:
    """ "S4" -> "B4", "HA" -> "R14": back from the solver's suits to colours."""
    return SUIT_COLOUR[text[0]] + str(RANKS.index(text[1]) + 2)


def suit_strain(trump: str) -> str:
    return "NT" if trump == "NT" else COLOUR_SUIT[trump]


@dataclass(frozen=True)
class AbridgedFacts:
    """A played aBRIDGEd hand, cards in the solver's suits (FourHands reads it)."""

    number: int
    names: tuple[str, ...]
    sides: tuple[int, ...]
    side_names: tuple[str, str]
    hands: tuple[tuple[str, ...], ...]  # each hand's 13 cards, as suits ("S4")
    declarer: int
    declaration: str  # "Play", "Ten" or "Seven"
    trump: str  # "R", "Y", "B", "G" or "NT"
    round: int  # 1 or 2: which declarations were open
    played: tuple[tuple[int, tuple[str, ...]], ...]  # (leader, cards as suits) per trick
    won: int | None

    form = "abridged"  # the form whose package reviews it (device.analysis.facts.own_review)

    @property
    def strain(self) -> str:
        return suit_strain(self.trump)

    @property
    def declarers(self) -> tuple[tuple[int, int], ...]:
        return ((self.declarer, (self.declarer + 1) % 4),)


def deal_facts(game, deal) -> AbridgedFacts:
    """The facts of a played aBRIDGEd hand; NotReviewed when not every card was seen."""
    play = deal.play
    if deal.declarer is None or deal.own.declaration is None or play is None:
        raise NotReviewed("thrown_in")
    hands, played = seen_cards(play, lambda card: suit_card(str(card)))
    return AbridgedFacts(
        number=deal.number,
        names=tuple(play.names),
        sides=tuple(play.sides),
        side_names=(game.side_name(0), game.side_name(1)),
        hands=hands,
        declarer=deal.declarer,
        declaration=deal.own.declaration,
        trump=deal.own.trump_colour,
        round=deal.own.round,
        played=played,
        won=deal.won,
    )


@dataclass(frozen=True)
class Best:
    declaration: str
    trump: str
    tricks: int  # the declaring team's double-dummy tricks with that trump
    points: int  # the declaring team's points by the chart less the other team's


@dataclass(frozen=True)
class AbridgedReview:
    form: ClassVar[str] = "abridged"  # the form whose package says it in words
    number: int
    table: tuple[Cell, ...]  # strains as colours: R Y B G NT, the declarer's only
    declaration: str
    trump: str
    declarer: int
    best: int  # the declaring team's double-dummy tricks with the declared trump
    won: int | None
    costly: tuple[Costly, ...]  # cards as colours ("B4")
    best_declaration: Best
    engine: str
    nodes: int
    seconds: float
    may_pass: bool = False  # round one: the declarer could have passed instead of Play
    declared_points: int = 0  # by the chart, as declared, with the double-dummy tricks

    @property
    def contract(self) -> str:
        return f"{self.declaration} {self.trump}"

    def tricks(self, trump: str) -> int:
        return next(c.tricks for c in self.table if c.strain == trump)

    def to_dict(self, facts: AbridgedFacts) -> dict:
        """The review as JSON-ready data (docs/analysis.md), hands by name."""
        name = facts.names
        best = self.best_declaration
        return {
            "deal": self.number,
            "form": "abridged",
            "engine": self.engine,
            "table": table_dicts(self.table, name),
            "par": None,
            "best": asdict(best),
            "contract": self.contract,
            "declaration": self.declaration,
            "trump": self.trump,
            **play_dict(self, name),
        }


def net_points(declaration: str, tricks: int) -> int:
    ours, theirs = score_abridged(declaration, tricks)
    return ours - theirs


def best_declaration(round_: int, tricks: dict[str, int], declared: str) -> Best:
    """The declaration open in `round_` and the trump that score most with these
    double-dummy tricks; on equal points the more tricks, then the trump declared."""
    options = [
        Best(word, trump, tricks[trump], net_points(word, tricks[trump]))
        for word in DECLARATIONS.get(round_, DECLARATIONS[1])
        for trump in TRUMPS
    ]
    return max(options, key=lambda b: (b.points, b.tricks, b.trump == declared))


def analyse(facts: AbridgedFacts, progress: Progress | None = None) -> AbridgedReview:
    """The review of a played aBRIDGEd hand (endplay: four hands of 13)."""
    from device.analysis.four import FourHands

    start = time.perf_counter()
    worker = FourHands(facts)
    cells = [
        Cell(SUIT_COLOUR.get(c.strain, "NT"), c.declarer, c.leader, c.tricks)
        for c in worker.table(progress)
    ]
    table = tuple(sorted(cells, key=lambda c: TRUMPS.index(c.strain)))
    by_trump = {c.strain: c.tricks for c in table}
    costly = tuple(
        Costly(c.trick, c.hand, colour_card(c.card), c.before, c.after)
        for c in worker.costly(progress)
    )
    return AbridgedReview(
        number=facts.number,
        table=table,
        declaration=facts.declaration,
        trump=facts.trump,
        declarer=facts.declarer,
        best=by_trump[facts.trump],
        won=facts.won,
        costly=costly,
        best_declaration=best_declaration(facts.round, by_trump, facts.trump),
        engine=worker.engine,
        nodes=worker.nodes,
        seconds=time.perf_counter() - start,
        may_pass=facts.round == 1,
        declared_points=net_points(facts.declaration, by_trump[facts.trump]),
    )


def text(facts: AbridgedFacts, review: AbridgedReview) -> str:
    """`honeymoon analyze`'s text for one aBRIDGEd hand."""
    from device.analysis.report import costly_lines, tricks_words

    name = facts.names
    declarer = name[review.declarer]
    leader = name[(review.declarer + 1) % 4]
    lines = [
        f"Hand {review.number}: {review.contract} by {declarer}: "
        f"double dummy {tricks_words(review.best)}, made {review.won}",
        f"Double-dummy tricks of {declarer}'s team ({leader} leads): "
        + ", ".join(f"{t} {review.tricks(t)}" for t in TRUMPS),
    ]
    best = review.best_declaration
    lines.append(
        f"Best by the chart: {best.declaration} {best.trump}, {best.tricks} tricks: "
        f"{best.points:+d}"
    )
    return "\n".join(lines + costly_lines(name, review.costly))
