"""The aBRIDGEd score sheet as plain text (`honeymoon demo --game abridged`): each
hand's declarer, declaration, trump, tricks and the points of each team, the
statements the cards proved wrong, the totals and the winner by the tie-breaks.
"""

from __future__ import annotations

from .engine.game import Game

COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "NT": "no trump"}


ASKED = {
    "round-one": "Pass or Play (P or OK)",
    "ten-seven": "Ten or Seven (OK or P)",
    "trump": "the trump: R, Y, B, G or NT (a bid's suit: H, D, S, C, NT)",
    "strength": "the hand strength (a number, or a bid: 1C = 1 .. 7NT = 35, X = 0)",
    "count": "the longest colour (a number, or a bid: 1C = 1 .. 7NT = 35)",
}


HELP = """Type cards (R14, G2) and keys (ok, undo, menu). In the declaring type a word: pass,
play, ten, seven, a number (10) or a trump (red, yellow, blue, green, nt); on the bidding box
P is Pass or Seven, OK is Play or Ten. Also: claim N [NAME] · accept · dispute · sheet · review
· quit"""

_SPOKEN = {"PASS", "PLAY", "TEN", "SEVEN", "R", "Y", "B", "G", "NT"}
_SPOKEN |= {"RED", "YELLOW", "BLUE", "GREEN", "NOTRUMP", "NO-TRUMP"}


def spoken(game: Game, line: str) -> str | int | None:
    """A word or number typed in the declaring, said as on the screen's buttons ("10",
    "play", "red"); None for anything else (a card, a bidding-box call, a key), and
    outside aBRIDGEd's declaring. The form refuses a word its phase does not take."""
    if not (game.form.declares_itself and game.phase in game.form.own_phases):
        return None
    word = line.strip()
    if word.isdecimal() or word.isdigit():  # "10"; not "²" or "٣" said as a number
        return _number(word)
    return word if word.upper() in _SPOKEN else None


MAX_DIGITS = 9  # far over any number the declaring takes (40 at most)


def _number(word: str) -> int:
    """A typed number in ASCII digits; anything else that str.isdigit takes is refused
    with what to type instead (int() would take "٣" as 3 and crash on "²")."""
    if not word.isascii():
        raise ValueError(f"{ascii(word)[1:-1]} is not a number: type the digits 0 to 9")
    if len(word) > MAX_DIGITS:
        raise ValueError(f"{word[:MAX_DIGITS]}… is too long for a number: type a number such as 10")
    return int(word)


def said(deal, what) -> str:
    """A word of the declaring as the console says it, once applied: a trump in words
    ("red"), a number with what it is ("strength 10", "colour count 5")."""
    if isinstance(what, str):
        return COLOURS.get(what, what)
    return f"{'colour count' if deal.counts else 'strength'} {what}"  # counts come last


def declaring_status(game: Game) -> str:
    """The console's line in the declaring: what was said, who speaks, what is asked."""
    deal, turn = game.deal, game.name(game.turn)
    said = " ".join(str(w) for w in deal.words) or "nothing yet"
    if deal.trump_colour is not None:  # then what was said since: round one's strengths
        colour = COLOURS[deal.trump_colour]
        said += f"; trump {colour}" if deal.trump_colour != "NT" else f"; {colour}"
    if deal.round == 1 and deal.strengths:
        said += "; strengths " + " ".join(str(n) for n in deal.strengths)
    if deal.counts:
        said += "; counts " + " ".join(str(n) for n in deal.counts)
    head = f"hand {deal.number}, declaring ({said})"
    if game.phase == "lay-out":
        shown = len(deal.dummy_cards)
        return f"{head}: {turn} lays out the dummy ({shown} of 13 scanned; ok when it is down)"
    return f"{head}: {turn} says {ASKED[game.phase]}"


def hand_line(game: Game, deal) -> str:
    """One hand in words and the team it scored for: "Hand 2, Ben deals: Ten by Dirk,
    red, 11 tricks, made: Ben & Dirk 100"."""
    head = f"Hand {deal.number}, {game.players[deal.dealer]} deals: "
    if deal.outcome is None:
        return head + "not played yet"
    made = "made" if deal.outcome.made else "failed"
    colour = COLOURS[deal.trump_colour]
    points = [sum(pair) for pair in game.sheet.deal_score(deal.number)]
    scorer = 0 if points[0] else 1  # only one team scores a hand
    return head + (
        f"{deal.declaration} by {game.players[deal.declarer]}, {colour}, "
        f"{deal.tricks} tricks, {made}: {game.side_name(scorer)} {points[scorer]}"
    )


def wrong_lines(game: Game, deal) -> list[str]:
    """What the cards proved wrong once all 52 were seen: "  Ben said strength 12, held
    10"; none outside aBRIDGEd."""
    if not game.form.declares_itself:
        return []
    out = []
    for seat, what, stated, held in game.form.wrong_statements(deal) or ():
        said = "strength" if what == "strength" else "colour count"
        out.append(f"  {game.players[seat]} said {said} {stated}, held {held}")
    return out


def render_abridged(game: Game) -> str:
    sheet, form = game.sheet, game.form
    teams = (game.side_name(0), game.side_name(1))
    out = [f"{form.title}: {' v '.join(teams)}", ""]
    for deal in game.deals:
        if deal.outcome is None:
            continue
        out.append(hand_line(game, deal))
        out += wrong_lines(game, deal)
    totals = sheet.totals()
    out += [""] if len(out) > 2 else []  # one blank line under the title, not two
    out.append("  ".join(f"{team}: {total}" for team, total in zip(teams, totals, strict=True)))
    out.append(_result(sheet, teams))
    return "\n".join(out)


def _result(sheet, teams: tuple[str, str]) -> str:
    if not sheet.finished:
        return f"{4 - sheet.deals} of 4 hands to play."
    first, second = sheet.totals()
    winner = teams[sheet.winner]
    if first != second:
        return f"{winner} win by {abs(first - second)} points."
    why = (
        "won three hands"
        if max(sheet.won.count(0), sheet.won.count(1)) >= 3
        else "won the fourth hand"
    )
    return f"{winner} win on equal points: they {why}."
