"""What the aBRIDGEd screens may show (seed 001), built from the game: the
declaring so far (each player's word, strength and colour count as stated),
what the phase asks, the dummy's cards scanned, and the score sheet of four
hands with the check of what was stated. No pygame here; no card that is
not face up (the dummy) or played.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.engine.game import Game

from .sheet import HANDS


@dataclass(frozen=True)
class HandRow:
    """One hand on the aBRIDGEd sheet (None: not yet known)."""

    number: int
    dealer: str
    declarer: str | None
    declaration: str | None  # "Play", "Ten", "Seven"
    trump: str | None  # "R", "Y", "B", "G", "NT"
    tricks: int | None
    points: tuple[int, int] | None  # each team's points in this hand, once scored
    made: bool | None


@dataclass(frozen=True)
class AbridgedView:
    phase: str
    round: int
    speaker: int | None  # the seat asked now
    said: tuple[tuple[str, ...], ...]  # per seat: its words of round one ("Pass", "Play")
    strengths: tuple[int | None, ...]  # per seat, as stated
    counts: tuple[int | None, ...]
    declarer: int | None
    declaration: str | None
    trump: str | None
    dummy: int | None
    dummy_cards: tuple[str, ...]  # scanned while the dummy is laid out
    stated_total: int  # round two: the strengths stated so far, added up
    needed: int | None  # round two, the fourth strength: the one number that makes 40
    stuck: bool  # ... and no number makes 40: one of the first three was said wrong
    hands: tuple[HandRow, ...]  # always four rows
    totals: tuple[int, int]
    hands_won: tuple[int, int]
    finished: bool
    winner: int | None
    tie_break: str | None  # None, "three" (won three hands) or "fourth" (won the fourth)
    wrong: tuple[tuple[str, str, int, int], ...] | None  # (name, what, stated, held)

    def cards(self) -> set[str]:
        return set(self.dummy_cards)


def build(game: Game) -> AbridgedView:
    """The form's own view (`GameView.own`): found by the core as this package's
    view.build (device/ui/form_parts.py)."""
    deal, form = game.deal, game.form
    stated = form.stated_by(deal)
    strengths, counts = [None] * 4, [None] * 4
    for seat, number in stated["strength"]:
        strengths[seat] = number
    for seat, number in stated["count"]:
        counts[seat] = number
    said = [[] for _ in range(4)]
    for i, word in enumerate(w for w in deal.own.words if isinstance(w, str)):
        seat = (deal.dealer + i) % 4 if deal.own.round == 1 or i < 4 else deal.declarer
        said[seat].append(word)
    total = sum(deal.own.strengths) if deal.own.round == 2 else 0
    last = deal.phase == "strength" and deal.own.round == 2 and len(deal.own.strengths) == 3
    in_play = deal.play is not None
    wrong = form.wrong_statements(deal) if deal.outcome is not None else None
    sheet = game.sheet
    return AbridgedView(
        phase=game.phase,
        round=deal.own.round,
        speaker=game.turn,
        said=tuple(tuple(s) for s in said),
        strengths=tuple(strengths),
        counts=tuple(counts),
        declarer=deal.declarer,
        declaration=deal.own.declaration,
        trump=deal.own.trump_colour,
        dummy=None if deal.declarer is None else (deal.declarer + 2) % 4,
        dummy_cards=() if in_play else tuple(str(c) for c in deal.own.dummy_cards),
        stated_total=total,
        needed=40 - total if last else None,
        stuck=last and not 0 <= 40 - total <= 37,
        hands=_rows(game),
        totals=sheet.totals(),
        hands_won=(sheet.won.count(0), sheet.won.count(1)),
        finished=sheet.finished,
        winner=sheet.winner,
        tie_break=_tie_break(sheet),
        wrong=None
        if wrong is None
        else tuple((game.players[s], what, n, held) for s, what, n, held in wrong),
    )


def _rows(game: Game) -> tuple[HandRow, ...]:
    rows = []
    for deal in game.deals:
        scored = deal.outcome is not None
        points = game.sheet.deal_score(deal.number) if scored else None
        rows.append(
            HandRow(
                number=deal.number,
                dealer=game.players[deal.dealer],
                declarer=None if deal.declarer is None else game.players[deal.declarer],
                declaration=deal.own.declaration,
                trump=deal.own.trump_colour,
                tricks=deal.tricks if scored else None,
                points=None if points is None else (sum(points[0]), sum(points[1])),
                made=deal.outcome.made if scored else None,
            )
        )
    first = game.deals[0].dealer
    while len(rows) < HANDS:  # the hands still to come, each dealt by the next player
        n = len(rows)
        rows.append(
            HandRow(n + 1, game.players[(first + n) % 4], None, None, None, None, None, None)
        )
    return tuple(rows)


def _tie_break(sheet) -> str | None:
    if not sheet.finished or sheet.totals()[0] != sheet.totals()[1]:
        return None
    return "three" if max(sheet.won.count(0), sheet.won.count(1)) >= 3 else "fourth"
