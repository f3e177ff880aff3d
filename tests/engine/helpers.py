"""Build card sequences with chosen trick winners, for tests of the play and the sheet."""

from device.engine.cards import STANDARD

# Pairs of cards of one suit (low, high), never trumps or aces: no honours arise.
_SUITS_IN_ORDER = "CDHS"


def trick_cards(first_leader: int, winners: list[int], trump: str | None = "S") -> list[str]:
    """Cards of a two-player deal in which trick i is won by seat winners[i].

    Every trick is two cards of one non-trump suit; the winner holds the higher.
    """
    by_name = {(c.suit.letter, c.rank): c for c in STANDARD.cards}
    pairs = [
        (by_name[s, r], by_name[s, r + 1])
        for s in _SUITS_IN_ORDER
        if s != trump
        for r in range(2, 13, 2)
    ]
    cards, leader = [], first_leader
    for (low, high), winner in zip(pairs, winners, strict=False):
        lead, follow = (high, low) if winner == leader else (low, high)
        cards += [str(lead), str(follow)]
        leader = winner
    return cards


def deal_cards(declarer: int, declarer_tricks: int, trump: str | None = "S") -> list[str]:
    """A two-player deal where the declarer takes the first `declarer_tricks` tricks."""
    defender = 1 - declarer
    winners = [declarer] * declarer_tricks + [defender] * (13 - declarer_tricks)
    return trick_cards(defender, winners, trump)


def play(sheet, *outcomes):
    """A score sheet after these deal outcomes."""
    for outcome in outcomes:
        sheet = sheet.add(outcome)
    return sheet


def kinds(sheet, deal_number):
    """(side, where, points, kind) of each line a deal wrote."""
    return [
        (line.side, line.where, line.points, line.kind)
        for line in sheet.lines
        if line.deal == deal_number
    ]


def check_random_game(draw, form: str, max_inputs: int = 250) -> None:
    """The property checks of tests/engine/test_properties.py for a random game of
    `form` (`draw`: a hypothesis data.draw): the rules hold, its events replay to the
    same game, and after undoing back to a random input it is the game its inputs up
    to there replay to."""
    from hypothesis import strategies as st

    from device.engine.events import Undone
    from device.engine.game import Game
    from tests.engine import test_properties as properties

    g = properties.random_game(draw, max_inputs=max_inputs, form=form)
    properties.check_deals(g)
    properties.check_sheet(g)
    copy = Game(g.setup)
    copy.replay(g.events)
    assert copy.snapshot() == g.snapshot()
    cut = draw(st.integers(0, len(g.inputs)))
    for _ in range(len(g.inputs) - cut):
        g.apply(Undone())
    again = Game(g.setup)
    again.replay(g.inputs)
    assert again.snapshot() == g.snapshot()
