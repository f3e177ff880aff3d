"""The double-dummy review in words, for the deal result and the history.

`ReviewShown` is what a screen gets: the review's state (device.analysis.worker)
and the deal's names. Card and contract codes stay in the text ("4S", "H4"),
so text_with_suits draws their suit symbols and the screen's rank letters.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from device.analysis.worker import ReviewState

# Reasons a deal has no review that are worth a line (a thrown-in deal needs none).
SAID = ("unknown", "deck", "hands", "endplay", "timeout", "crashed")


@dataclass(frozen=True)
class ReviewShown:
    number: int  # the deal's number
    state: ReviewState
    names: tuple[str, ...]  # each hand's name
    side_names: tuple[str, str]
    deal_word: str = "deal"  # "hand" for aBRIDGEd: the history says "Hand 1"


def _contract(text: str, t) -> str:
    return text.rstrip("X").replace("NT", t.t("strain.nt"))


def review_lines(shown: ReviewShown | None, t) -> list[str]:
    """The review's lines: what double dummy makes and what was made, the first card
    that cost a trick, the par; or how far the review has come, or why there is none."""
    if shown is None:
        return []
    state = shown.state
    if state.kind in ("waiting", "working"):
        return [t.t("review.working", percent=round(state.progress * 100))]
    if state.kind == "failed":
        reason = state.reason if state.reason in SAID else "crashed"
        return [] if state.reason == "thrown_in" else [t.t(f"review.failed.{reason}")]
    review = state.review
    names = shown.names
    own = own_words(review)
    if own is not None:  # a form's own review (aBRIDGEd's: its colours and its chart)
        return own.review_lines(review, names, t)
    made = t.t(
        "review.makes",
        contract=_contract(review.contract, t),
        best=review.best,
        name=names[review.declarer],
        won=review.won,
    )
    costly = costly_text(review, names, t)
    return [made, costly[:1].upper() + costly[1:], par_text(review, shown.side_names, t)]


def costly_text(review, names, t) -> str:
    """ "Trick 5, H4 (Anna) cost a trick", and how many more cards did; or none did."""
    if not review.costly:
        return t.t("review.no_costly")
    first = review.costly[0]
    lost = abs(first.after - first.before)
    text = t.n("review.costly", lost, trick=first.trick, card=first.card, name=names[first.hand])
    more = len(review.costly) - 1
    return t.n("review.more", more, text=text) if more else text


def par_text(review, side_names, t) -> str:
    par = review.par
    if par.contract is None:
        return t.t("review.par_pass")
    return t.t(
        "review.par",
        contract=par.contract.replace("NT", t.t("strain.nt")),
        name=side_names[par.declarer],
        score=f"{par.score:+d}",
    )


def deal_line(shown: ReviewShown, t) -> str:
    """The history's line for one deal: its number and the review's first line."""
    lines = review_lines(shown, t)
    if not lines:
        thrown = shown.state.reason == "thrown_in"
        lines = [t.t("review.failed.thrown_in" if thrown else "review.none")]
    return t.t(f"review.{shown.deal_word}", n=shown.number, text=lines[0])


def own_words(review) -> ModuleType | None:
    """The words of a form's own review (its package's review_words.py), or None."""
    from device.analysis.facts import own_review

    if own_review(review) is None:
        return None
    from device.forms import find_form, form_part

    return form_part(find_form(review.form), "review_words")
