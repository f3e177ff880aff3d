"""The view of Draw Bridge's draw tricks (phases `draw-top` and `draw-tricks`).

Only what the table has seen: the cards played to the draw tricks (dead from
then on) and the top stock cards turned up before a trick (option
`top_card_shown`). The cards drawn unseen are never known. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.engine.play import Play

PHASES = ("draw-top", "draw-tricks")


@dataclass(frozen=True)
class DrawTricksView:
    number: int  # the draw trick in progress, 1..of
    of: int  # draw tricks in a deal (13)
    trick: tuple[tuple[int, str], ...]  # (hand, card) of the trick in progress, leader first
    last_trick: tuple[tuple[int, str], ...]  # the trick just won, (hand, card)
    last_winner: int | None  # who won it: they drew first
    last_top: str | None  # the top card the last trick's winner drew, if it was shown
    to_play: int  # the hand to play (in draw-top: the next trick's leader)
    dead: int  # cards played to the draw tricks so far: dead in the real play
    stock: int  # cards left in the stock
    top: str | None  # the top card shown for the trick in progress
    top_shown: bool  # option: the top card is turned up (and scanned) before each trick
    must_follow: bool  # option: follow suit in the draw tricks (the table's rule)
    played: frozenset[str]  # the dead cards
    drawn: tuple[tuple[int, str], ...]  # top cards drawn and not played yet: (hand, card)

    def cards(self) -> set[str]:
        """Every card this view holds: played in a draw trick or turned up on the stock."""
        held = set(self.played) | {card for _, card in self.drawn}
        held |= {c for _, c in self.trick + self.last_trick}
        return held | {c for c in (self.top, self.last_top) if c is not None}


def build(game) -> DrawTricksView | None:
    """The draw tricks' view while the deal is in them, else None (`GameView.own`:
    found by the core as this package's view.build, device/ui/form_parts.py)."""
    deal = game.deal
    draw = getattr(deal.own, "draw", None)
    if game.phase not in PHASES or not isinstance(draw, Play):
        return None
    tricks, tops = draw.tricks, list(deal.own.draw_top)
    last = tricks[-1] if tricks else None
    done = len(tricks)
    drawn = game.form.held_before_play(deal)
    return DrawTricksView(
        number=min(done + 1, draw.total),
        of=draw.total,
        trick=_cards(draw.leader, draw.current),
        last_trick=_cards(last.leader, last.cards) if last else (),
        last_winner=last.winner if last else None,
        last_top=str(tops[done - 1]) if last and len(tops) >= done else None,
        to_play=draw.to_play,
        dead=len(draw.played),
        stock=2 * (draw.total - done),
        top=str(tops[done]) if len(tops) > done else None,
        top_shown=bool(game.options.get("top_card_shown")),
        must_follow=bool(game.options.get("must_follow_draw")),
        played=frozenset(str(c) for c in draw.played),
        drawn=tuple((hand, str(card)) for hand, card in drawn),
    )


def _cards(leader: int, cards) -> tuple[tuple[int, str], ...]:
    return tuple(((leader + i) % 2, str(c)) for i, c in enumerate(cards))
