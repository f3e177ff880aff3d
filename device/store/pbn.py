"""PBN 2.1 export (rules-reference section 6).

Each hand in play sits at its compass seat (`form.seat_names()`): four hands
at North, East, South and West, two hands opposite, the first player North
and the second South, with East and West "-". The tags say the board (the
deal's number, thrown-in deals included), the dealer, the vulnerability of
that deal as it was dealt (`Game.vulnerable`: the Chicago schedule, or the
rubber sheet), `Scoring` ("Rubber" or "Chicago"), the declarer, the contract
and the declaring side's tricks.

The `Deal` tag holds what the table saw of each hand: the cards it played
and the cards shown face up in it (a dummy laid out). When all 52 cards were
seen that is the full deal; otherwise each hand has only its known cards,
and a hand with none is "-". Nothing is guessed.

Four players: the auction is PBN's `Auction` section from the first caller
(the dealer in bridge), four calls a line. A two-player auction does not
fit its four seats (with dummies too: only the players call), so it goes in
the supplemental tag HoneymoonAuction ("N 1S Pass"), and since PBN's
Vulnerable names partnerships, which a two-player game has not, "NS" marks
the first player vulnerable, "EW" the second, "All" both, and
HoneymoonVulnerable names them. With dummies (Double Dummy: the players N
and E, their dummies S and W) that is PBN's own meaning: a player and
their dummy are a side. The play is a `Play` section: one
line a trick, the cards in seat order from the opening leader, "-" for a
seat with no card (an empty seat, the rest of a trick cut short by a claim),
and "*" after the last line when play ended with a claim.
"""

from __future__ import annotations

import time

from device.engine.deal import Deal
from device.engine.errors import RuleError
from device.engine.game import Game

COMPASS = "NESW"
RANKS = "AKQJT98765432"
VULNERABLE = {(): "None", (0,): "NS", (1,): "EW", (0, 1): "All"}


def export_pbn(game: Game, date: float | None = None) -> str:
    """Every deal of the game that has a result, as PBN text. Three players each alone
    (16-card hands, three sides) have no place in PBN's partnerships, nor aBRIDGEd's
    coloured cards in its suits: refused."""
    if game.form.side_count > 2 or game.form.deck.name != "standard":  # aBRIDGEd's colours
        raise RuleError(f"PBN has no seats for {game.form.title}: export it with --format json")
    day = time.strftime("%Y.%m.%d", time.localtime(date))
    games = [_deal_pbn(game, deal, day) for deal in game.deals if deal.outcome]
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)


def _four_callers(game: Game) -> bool:
    """Whether a player calls at each of PBN's four seats, so its auction fits."""
    return game.form.players == len(COMPASS) and sorted(game.form.seat_names()) == sorted(COMPASS)


def _deal_pbn(game: Game, deal: Deal, day: str) -> str:
    seats = game.form.seat_names()
    names = dict(zip(seats, game.form.hand_names(game.players), strict=True))
    vulnerable = game.vulnerable(deal)
    declarer = None if deal.declarer is None else game.form.declarer_hand(deal.declarer)
    tags = [
        ("Event", f"Honeymoon Table: {game.form.title}"),
        ("Site", "Honeymoon Table"),
        ("Date", day),
        ("Board", str(deal.number)),
        *((_SEAT_TAGS[seat], names.get(seat, "-")) for seat in "WNES"),
        ("Dealer", seats[deal.dealer]),
        ("Vulnerable", VULNERABLE[vulnerable]),
        ("Deal", _deal_tag(game, deal)),
        ("Scoring", game.form.scoring.capitalize()),  # PBN's "Rubber", "Chicago"
        ("Declarer", "" if declarer is None else seats[declarer]),
        ("Contract", "Pass" if deal.contract is None else str(deal.contract)),
        ("Result", "" if deal.tricks is None else str(deal.tricks)),
    ]
    lines = [f'[{name} "{_escaped(value)}"]' for name, value in tags]
    if _four_callers(game):
        lines += _auction_section(game, deal)
    else:
        lines.append(f'[HoneymoonAuction "{_auction(game, deal)}"]')
        held = " ".join(game.side_name(side) for side in vulnerable)
        lines.append(f'[HoneymoonVulnerable "{_escaped(held)}"]')
    if deal.play is not None and (deal.play.tricks or deal.play.current):
        lines += _play_section(game, deal)
    return "\n".join(lines) + "\n"


def _escaped(value: str) -> str:
    """A tag value as PBN 2.1 (section 3.7) quotes it: a backslash and a quote inside
    it each escaped with a backslash, so a name like 'Anna "Ace"' ends no tag early."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


_SEAT_TAGS = {"W": "West", "N": "North", "E": "East", "S": "South"}


def _hand(cards) -> str:
    """PBN hand: spades.hearts.diamonds.clubs, ranks high to low."""
    by_suit = {s: "" for s in "SHDC"}
    for card in sorted(set(cards), key=lambda c: -c.rank):
        by_suit[card.suit.letter] += RANKS[14 - card.rank]
    return ".".join(by_suit[s] for s in "SHDC")


def known_cards(deal: Deal) -> list[set]:
    """The cards seen in each hand: played from it, or shown face up in it."""
    play = deal.play
    if play is None:
        return []
    return [set(play.by_hand[h]) | set(play.seen.get(h, ())) for h in range(play.hands)]


def _deal_tag(game: Game, deal: Deal) -> str:
    seats = game.form.seat_names()
    hands = dict(zip(seats, known_cards(deal), strict=False))
    return "N:" + " ".join(_hand(hands[s]) if hands.get(s) else "-" for s in COMPASS)


def _calls(deal: Deal) -> list[str]:
    return ["Pass" if str(c) == "P" else str(c) for _, c in deal.auction.calls]


def _auction(game: Game, deal: Deal) -> str:
    """The supplemental HoneymoonAuction tag: the first caller's seat, then the calls."""
    if deal.auction is None or not deal.auction.calls:
        return ""
    first = game.form.seat_names()[deal.auction.calls[0][0]]
    return " ".join([first, *_calls(deal)])


def _auction_section(game: Game, deal: Deal) -> list[str]:
    """[Auction "N"] and the calls, four a line, from the first caller."""
    if deal.auction is None or not deal.auction.calls:
        return []
    calls = _calls(deal)
    first = game.form.seat_names()[deal.auction.calls[0][0]]
    lines = [f'[Auction "{first}"]']
    lines += [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]
    return lines


def _play_section(game: Game, deal: Deal) -> list[str]:
    """[Play "X"]: one line a trick, in compass order from the opening leader."""
    play = deal.play
    seats = game.form.seat_names()
    tricks = [(t.leader, t.cards) for t in play.tricks]
    if play.current:
        tricks.append((play.leader, tuple(play.current)))
    opening = seats[tricks[0][0]]
    start = COMPASS.index(opening)
    order = [COMPASS[(start + i) % 4] for i in range(4)]
    lines = [f'[Play "{opening}"]']
    for leader, cards in tricks:
        by_seat = {seats[(leader + i) % play.hands]: str(card) for i, card in enumerate(cards)}
        lines.append(" ".join(by_seat.get(seat, "-") for seat in order))
    if deal.claimed is not None:
        lines.append("*")
    return lines
