"""The double-dummy review of an aBRIDGEd hand in words (review.py):
what the declared trump makes and what was made, the first card that cost a trick,
the best declaration by the chart, and the tricks with each trump. Cards and trumps
are said in colours ("blue 4"), never as suit codes.

The form's review words part: device/ui/review_text.py finds `review_lines` here
for an aBRIDGEd review. Apart from result_lines.py (the hand result's lines, which
start with review_text's) so that review_text finds these words without importing
back the module that imports it."""

from __future__ import annotations

TRUMPS = ("R", "Y", "B", "G", "NT")


def colour(trump: str, t) -> str:
    return t.t(f"review.abridged.colour.{trump}")


def card_words(card: str, t) -> str:
    """ "B4" -> "blue 4"."""
    return t.t("review.abridged.card", colour=colour(card[0], t), rank=card[1:])


def review_lines(review, names, t) -> list[str]:
    """Three lines, as the other forms' review: made, the costly card, the best."""
    made = t.t(
        "review.abridged.makes",
        declared=t.t(f"said.abridged.{review.declaration}"),
        colour=colour(review.trump, t),
        best=review.best,
        name=names[review.declarer],
        won=review.won,
    )
    costly = costly_text(review, names, t)
    return [made, costly[:1].upper() + costly[1:], best_text(review, t)]


def costly_text(review, names, t) -> str:
    if not review.costly:
        return t.t("review.no_costly")
    first = review.costly[0]
    lost = abs(first.after - first.before)
    card = card_words(first.card, t)
    text = t.n("review.costly", lost, trick=first.trick, card=card, name=names[first.hand])
    more = len(review.costly) - 1
    return t.n("review.more", more, text=text) if more else text


def best_text(review, t) -> str:
    """The best declaration by the chart, said plainly against what was declared: that
    passing was better (round one, where every declaration loses), or that another
    scores more, or that the declared one was the best."""
    best = review.best_declaration
    fields = {
        "declared": t.t(f"said.abridged.{best.declaration}"),
        "colour": colour(best.trump, t),
        "tricks": best.tricks,
        "points": f"{best.points:+d}",
    }
    if review.may_pass and best.points < 0:  # a pass scores nothing: more than any of these
        return t.t("review.abridged.pass_better", **fields)
    if best.points > review.declared_points:
        return t.t("review.abridged.better", **fields, own=f"{review.declared_points:+d}")
    return t.t("review.abridged.best", **fields)


def trumps_line(review, t) -> str:
    """The declarer's team's double-dummy tricks with each trump and NT."""
    each = " · ".join(f"{colour(trump, t)} {review.tricks(trump)}" for trump in TRUMPS)
    return t.t("review.abridged.trumps", each=each)
