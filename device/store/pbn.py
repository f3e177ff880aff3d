"""PBN 2.1 export (rules-reference section 6).

Two-player deals put the two players in opposite seats, the first player
North and the second South; East and West are "-". Each hand is what its
player was seen to play (all 13 cards after a full deal, fewer after a
claim). The two-player auction does not fit PBN's four-seat Auction section,
so it goes in the supplemental tag HoneymoonAuction ("N 1S Pass"); the play
is a normal Play section with "-" for the empty seats. PBN's Vulnerable
names partnerships, which a two-player game has not: "NS" marks North
vulnerable, "EW" South, "All" both, and HoneymoonVulnerable names them.
"""

from __future__ import annotations

import time

from device.engine.game import Deal, Game

SEATS = "NS"  # seat 0 North, seat 1 South
COMPASS = "NESW"
RANKS = "AKQJT98765432"


def export_pbn(game: Game, date: float | None = None) -> str:
    """Every deal of the game as PBN text."""
    day = time.strftime("%Y.%m.%d", time.localtime(date))
    games = [_deal_pbn(game, deal, day) for deal in game.deals if deal.outcome]
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)


def _deal_pbn(game: Game, deal: Deal, day: str) -> str:
    players = game.players
    sheet_before = deal.sheet_before
    vul = tuple(sheet_before.vulnerable(game.form.side(s)) for s in range(2))
    tags = [
        ("Event", f"Honeymoon Bridge: {game.form.title}"),
        ("Site", "Honeymoon Table"),
        ("Date", day),
        ("Board", str(deal.number)),
        ("West", "-"),
        ("North", players[0]),
        ("East", "-"),
        ("South", players[1]),
        ("Dealer", SEATS[deal.dealer]),
        ("Vulnerable", {(0, 0): "None", (1, 0): "NS", (0, 1): "EW", (1, 1): "All"}[vul]),
        ("Deal", _deal_tag(deal)),
        ("Scoring", "Rubber"),
        ("Declarer", "" if deal.declarer is None else SEATS[deal.declarer]),
        ("Contract", "Pass" if deal.contract is None else str(deal.contract)),
        ("Result", "" if deal.tricks is None else str(deal.tricks)),
        ("HoneymoonAuction", _auction(deal)),
        ("HoneymoonVulnerable", " ".join(p for p, v in zip(players, vul, strict=True) if v)),
    ]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if deal.play is not None and (deal.play.tricks or deal.play.current):
        lines += _play_section(deal)
    return "\n".join(lines) + "\n"


def _hand(cards) -> str:
    """PBN hand: spades.hearts.diamonds.clubs, ranks high to low."""
    by_suit = {s: "" for s in "SHDC"}
    for card in sorted(cards, key=lambda c: -c.rank):
        by_suit[card.suit.letter] += RANKS[14 - card.rank]
    return ".".join(by_suit[s] for s in "SHDC")


def _deal_tag(deal: Deal) -> str:
    if deal.play is None:
        return "N:- - - -"
    north, south = (_hand(cards) for cards in deal.play.by_hand)
    return f"N:{north} - {south} -"


def _auction(deal: Deal) -> str:
    if deal.auction is None or not deal.auction.calls:
        return ""
    first = SEATS[deal.auction.calls[0][0]]
    calls = ["Pass" if str(c) == "P" else str(c) for _, c in deal.auction.calls]
    return " ".join([first, *calls])


def _play_section(deal: Deal) -> list[str]:
    """[Play "X"]: one line a trick, in compass order from the opening leader."""
    play = deal.play
    tricks = [(t.leader, t.cards) for t in play.tricks]
    if play.current:
        tricks.append((play.leader, tuple(play.current)))
    opening = SEATS[tricks[0][0]]
    start = COMPASS.index(opening)
    lines = [f'[Play "{opening}"]']
    for leader, cards in tricks:
        by_seat = {SEATS[(leader + i) % 2]: str(card) for i, card in enumerate(cards)}
        order = [COMPASS[(start + i) % 4] for i in range(4)]
        lines.append(" ".join(by_seat.get(seat, "-") for seat in order))
    return lines
