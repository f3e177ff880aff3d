"""`honeymoon analyze`: the reviews of a rubber's deals as text or JSON."""

from __future__ import annotations

from .facts import NotReviewed, deal_facts, own_review
from .par import STRAINS
from .review import Review, analyse

# Why a deal has no review, for the command line (the screen says it from the locale).
REASONS = {
    "thrown_in": "thrown in: no contract was played",
    "unknown": "not every card was seen (a claim ended the play)",
    "deck": "this deck is not reviewed",
    "hands": "three players each for themselves are not reviewed (two sides only)",
    "endplay": "four hands need endplay: pip install '.[analysis]'",
}


def reviews(game, only: int | None = None) -> list[tuple[object, object]]:
    """(facts, Review) per finished deal, or (deal number, reason) when not reviewed."""
    out = []
    for deal in game.deals:
        if deal.outcome is None or (only is not None and deal.number != only):
            continue
        try:
            facts = deal_facts(game, deal)
            out.append((facts, analyse(facts)))
        except NotReviewed as why:
            out.append((deal.number, REASONS.get(str(why), str(why))))
    return out


def as_json(items) -> dict:
    deals = []
    for facts, review in items:
        if not isinstance(review, str):  # a review (a form's own too), not a reason
            deals.append({"reviewed": True, **review.to_dict(facts)})
        else:
            deals.append({"deal": facts, "reviewed": False, "reason": review})
    return {"deals": deals}


def as_text(items, word: str = "deal") -> str:
    """The reviews in words; `word` is the form's for a deal (aBRIDGEd: "hand")."""
    blocks = []
    for facts, review in items:
        if not isinstance(review, Review):
            blocks.append(_not_review(facts, review, word))
        else:
            blocks.append(deal_text(facts, review))
    return "\n\n".join(blocks) + "\n"


def _not_review(facts, review, word: str) -> str:
    """A form's own review in its package's words (aBRIDGEd's hand), or why a deal has
    none."""
    own = own_review(review)
    if own is not None:
        return own.text(facts, review)
    return f"{word.capitalize()} {facts}: not reviewed: {review}"


def tricks_words(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def deal_text(facts, review: Review) -> str:
    name = facts.names
    lines = [
        f"Deal {review.number}: {review.contract} by {name[review.declarer]}: "
        f"double dummy {tricks_words(review.best)}, made {review.won}",
        "Double-dummy tricks of the declarer (each column: declarer, opening leader):",
    ]
    lines += tricks_table(facts, review, lambda d, lead: f"{name[d]} ({name[lead]} leads)")
    lines.append("Par: " + par_text(facts, review))
    return "\n".join(lines + costly_lines(name, review.costly))


def tricks_table(facts, review: Review, head, strain_name=str) -> list[str]:
    """The declarer's double-dummy tricks, a row per strain and a column per
    (declarer, opening leader); `head` names a column, `strain_name` a strain (the
    terminal table says them in its language)."""
    columns = list(facts.declarers)
    heads = [head(d, lead) for d, lead in columns]
    width = max(len(h) for h in heads)
    strains = {strain: strain_name(strain) for strain in STRAINS}
    left = max(3, *(len(s) for s in strains.values())) + 1
    rows = ["  " + " " * left + "  ".join(h.rjust(width) for h in heads)]
    for strain, said in strains.items():
        cells = [review.cell(strain, d) for d, _ in columns]
        rows.append(f"  {said:<{left}}" + "  ".join(str(c.tricks).rjust(width) for c in cells))
    return rows


def costly_lines(names, costly) -> list[str]:
    """The cards that cost a trick, one a line, or that none did."""
    if not costly:
        return ["No card cost a trick."]
    head = "Cards that cost a trick (the declarer's double-dummy tricks before -> after):"
    return [head] + [
        f"  trick {c.trick}: {names[c.hand]} {c.card} ({c.before} -> {c.after})" for c in costly
    ]


def par_text(facts, review: Review) -> str:
    par = review.par
    if par.contract is None:
        return "pass (nobody makes a contract)"
    level = int(par.contract[0])
    over = par.tricks - level - 6
    result = "made" if over == 0 else (f"made +{over}" if over > 0 else f"down {-over}")
    return f"{par.contract} by {facts.side_names[par.declarer]}, {result}: {par.score:+d}"
