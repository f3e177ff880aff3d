"""aBRIDGEd's own words (TEXT, device/form_text.py): the declaring on the terminal
table, what an undo of a word took back, and the score sheet as plain text
(`honeymoon demo --game abridged`): each hand's declarer, declaration, trump,
tricks and the points of each team, the statements the cards proved wrong, the
totals and the winner by the tie-breaks.
"""

from __future__ import annotations

from device.console_words import Words, english
from device.engine.events import Event, Stated
from device.engine.game import Game
from device.engine.message import Message, msg
from device.form_text import FormText
from device.hints import DUMMY
from device.sheet_text import form_title

COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "NT": "no trump"}


def colour(letter: str, t: Words) -> str:
    """A trump colour in words, lower case as a line says it: "red", "rood"."""
    return t.t(f"console.colour.{letter}")


_WORDS = ("Pass", "Play", "Ten", "Seven")  # the declaring's words, as the record has them
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
    if not word.isascii() or len(word) > MAX_DIGITS:  # said in the console's language
        shown = word[:MAX_DIGITS] + ("…" if len(word) > MAX_DIGITS else "")
        raise ValueError(msg("{word} is not a number: type the digits 0 to 9", word=shown))
    return int(word)


def said(deal, what, t: Words | None = None) -> str:
    """A word of the declaring as the console says it, once applied: a trump in words
    ("red"), a number with what it is ("strength 10", "colour count 5")."""
    t = t or english()
    if isinstance(what, str):
        if what in COLOURS:
            return colour(what, t)
        return t.t(f"said.abridged.{what}") if what in _WORDS else what
    key = "console.said_count" if deal.own.counts else "console.said_strength"  # counts come last
    return t.t(key, n=what)


def declaring_status(game: Game, t: Words | None = None) -> str:
    """The console's line in the declaring: what was said, who speaks, what is asked."""
    t = t or english()
    deal, turn = game.deal, game.name(game.turn)
    words = (t.t(f"said.abridged.{w}") if w in _WORDS else str(w) for w in deal.own.words)
    said = " ".join(words) or t.t("console.nothing_yet")
    if deal.own.trump_colour is not None:  # then what was said since: round one's strengths
        named = colour(deal.own.trump_colour, t)
        said += "; " + (
            t.t("console.trump", colour=named) if deal.own.trump_colour != "NT" else named
        )
    if deal.own.round == 1 and deal.own.strengths:
        said += "; " + t.t("console.strengths", n=" ".join(str(n) for n in deal.own.strengths))
    if deal.own.counts:
        said += "; " + t.t("console.counts", n=" ".join(str(n) for n in deal.own.counts))
    head = t.t("console.declaring", n=deal.number, said=said)
    if game.phase == "lay-out":
        return t.t("console.lay_out", head=head, name=turn, n=len(deal.own.dummy_cards))
    return t.t("console.asks", head=head, name=turn, asked=t.t(f"console.asked.{game.phase}"))


def hand_line(game: Game, deal, t: Words | None = None) -> str:
    """One hand in words and the team it scored for: "Hand 2, Ben deals: Ten by Dirk,
    red, 11 tricks, made: Ben & Dirk 100"."""
    t = t or english()
    head = t.t("console.hand_head", n=deal.number, name=game.players[deal.dealer])
    if deal.outcome is None:
        return head + t.t("console.not_played")
    points = [sum(pair) for pair in game.sheet.deal_score(deal.number)]
    scorer = 0 if points[0] else 1  # only one team scores a hand
    return head + t.t(
        "console.hand_made" if deal.outcome.made else "console.hand_failed",
        declaration=t.t(f"said.abridged.{deal.own.declaration}"),
        name=game.players[deal.declarer],
        colour=colour(deal.own.trump_colour, t),
        tricks=deal.tricks,
        team=game.side_name(scorer),
        points=points[scorer],
    )


def wrong_lines(game: Game, deal, t: Words | None = None) -> list[str]:
    """What the cards proved wrong once all 52 were seen: "  Ben said strength 12, held
    10"."""
    t = t or english()
    out = []
    for seat, what, stated, held in game.form.wrong_statements(deal) or ():
        key = "console.wrong_strength" if what == "strength" else "console.wrong_count"
        out.append("  " + t.t(key, name=game.players[seat], said=stated, held=held))
    return out


def render_abridged(game: Game, t: Words | None = None) -> str:
    t = t or english()
    sheet = game.sheet
    teams = (game.side_name(0), game.side_name(1))
    out = [f"{form_title(game, t)}: {' v '.join(teams)}", ""]
    for deal in game.deals:
        if deal.outcome is None:
            continue
        out.append(hand_line(game, deal, t))
        out += wrong_lines(game, deal, t)
    totals = sheet.totals()
    out += [""] if len(out) > 2 else []  # one blank line under the title, not two
    out.append("  ".join(f"{team}: {total}" for team, total in zip(teams, totals, strict=True)))
    out.append(_result(sheet, teams, t))
    return "\n".join(out)


def _result(sheet, teams: tuple[str, str], t: Words) -> str:
    if not sheet.finished:
        return t.t("console.hands_left", n=4 - sheet.deals)
    first, second = sheet.totals()
    winner = teams[sheet.winner]
    if first != second:
        return t.t("console.team_wins", name=winner, points=abs(first - second))
    three = max(sheet.won.count(0), sheet.won.count(1)) >= 3
    return t.t("console.wins_three" if three else "console.wins_fourth", name=winner)


# What the player asked may say in each phase of the declaring (the hint after a refusal).
DECLARING = {
    "round-one": "{name}: Pass or Play",
    "lay-out": DUMMY,
    "ten-seven": "{name}: Ten or Seven",
    "trump": "{name}: name the trump",
    "strength": "{name}: say the hand strength",
    "count": "{name}: say the longest colour",
}


class AbridgedText(FormText):
    """aBRIDGEd's words: the declaring's status and words, its hands on the sheet."""

    hints = tuple(DECLARING.values())

    def hint(self, game) -> Message | None:
        said = DECLARING.get(game.phase) if game.phase in game.form.own_phases else None
        if said is None:
            return None
        return msg(said, name=game.name(game.turn)) if "{name}" in said else msg(said)

    def status(self, game, t) -> str | None:
        return declaring_status(game, t) if game.phase in game.form.own_phases else None

    def event_line(self, game, event: Event, t) -> str | None:
        if isinstance(event, Stated):  # "Ben says strength 10"
            name = game.name(event.seat)
            return t.t("console.says", name=name, what=said(game.deal, event.what, t))
        return None

    def undone(self, game, event: Event) -> Message | None:
        if isinstance(event, Stated):  # a word, a colour or a number
            name = game.name(event.seat)
            return msg("Undone: what {name} said ({said})", name=name, said=event.what)
        return None

    def help(self, game, t) -> str | None:
        return t.t(f"console.help.{game.form.name}")  # its own deck and words

    def spoken(self, game, line: str) -> str | int | None:
        return spoken(game, line)

    def deal_line(self, game, deal, t) -> str | None:
        return hand_line(game, deal, t)

    def deal_notes(self, game, deal, t) -> list[str]:
        return wrong_lines(game, deal, t)

    def sheet(self, game, t) -> str | None:
        return render_abridged(game, t)


TEXT = AbridgedText()
