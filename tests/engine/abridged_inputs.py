"""Random legal inputs of aBRIDGEd's declaring, for the shared property tests."""

from hypothesis import strategies as st

from device.engine.events import CardShown, DummyDone, Stated
from device.forms.abridged.rules import COLOURS, COUNTS, DECLARING, STRENGTHS, TOTAL

__all__ = ["DECLARING", "declaring_input"]


def declaring_input(game, draw):
    """Any word the phase takes; round two's strengths always can add up to 40."""
    deal, phase = game.deal, game.phase
    if phase == "round-one":
        return Stated(draw(st.sampled_from(("Pass", "Play"))))
    if phase == "lay-out":
        if draw(st.integers(0, 13)) == 0:
            return DummyDone()
        cards = [c for c in game.form.deck.cards if c not in deal.own.dummy_cards]
        return CardShown(draw(st.sampled_from(cards)))
    if phase == "ten-seven":
        return Stated(draw(st.sampled_from(("Ten", "Seven"))))
    if phase == "trump":
        return Stated(draw(st.sampled_from(COLOURS)))
    if phase == "count":
        return Stated(draw(st.integers(*COUNTS)))
    if deal.own.round == 2 and len(deal.own.strengths) == 3:
        return Stated(TOTAL - sum(deal.own.strengths))
    high = 13 if deal.own.round == 2 else STRENGTHS[1]  # three of 1..13 leave 1..37
    return Stated(draw(st.integers(1 if deal.own.round == 2 else 0, high)))
