"""aBRIDGEd in the game record (docs/game-record.md): a hand's declaring played
back from `declaring`, `shown` (the dummy), `trump`, `strengths` and `counts`,
and the report `honeymoon replay` prints for a game of four hands.
"""

from __future__ import annotations

from typing import Any

from device.engine.errors import RuleError
from device.engine.events import CardShown, DummyDone, Stated


def _refuse(message: str) -> None:
    raise RuleError(message)


def _list(entry: dict, key: str, place: str, at) -> list:
    items = entry.get(key, [])
    if not isinstance(items, list):
        at(place, _refuse, f"{key} must be a list")
    return list(items)


def replay_declaring(form, game, entry: dict, place: str, last: bool, at) -> None:
    """Feed the declaring of one hand to `game`, in the order it is said at the table."""
    words = _list(entry, "declaring", place, at)
    strengths = _list(entry, "strengths", place, at)
    counts = _list(entry, "counts", place, at)
    for key, items in (("declaring", words), ("strengths", strengths), ("counts", counts)):
        for index, item in enumerate(items, 1):
            _check_said(item, f"{place}, {key}, {index}", at)
    if entry.get("trump") is not None:
        _check_said(entry["trump"], f"{place}, trump", at)
    trump = entry.get("trump")
    where = f"{place}, declaring"
    if entry.get("calls"):  # a bridge record's habit: say where the words go instead
        at(f"{place}, calls", _refuse, "aBRIDGEd has no auction: its words are `declaring`")
    if game.phase not in form.own_phases:
        return

    def say(key: str, what: Any) -> None:
        at(f"{place}, {key}", game.apply, Stated(what))

    if words and _is_number(words[0]):  # round two written without its four passes
        words = ["Pass"] * 4 + words
    while game.phase == "round-one" and words:
        say("declaring", words.pop(0))
    if game.phase == "strength" and game.deal.own.round == 2:
        stated = [w for w in words[:4] if _is_number(w)]
        if stated and strengths and stated != strengths:
            at(f"{place}, strengths", _refuse, f"{strengths} are not the strengths declared")
        words = words[len(stated) :]
        for number in stated or strengths[:4]:
            say("declaring" if stated else "strengths", number)
        strengths = [] if stated else strengths[4:]
    _lay_out(form, game, entry, place, at, more=bool(words or trump) or not last)
    if game.phase == "ten-seven" and words:
        say("declaring", words.pop(0))
    if words:
        at(where, _refuse, f"{words[0]} is more than was declared")
    if game.phase == "trump" and trump is not None:
        say("trump", trump)
    while game.phase == "strength" and strengths:
        say("strengths", strengths.pop(0))
    while game.phase == "count" and counts:
        say("counts", counts.pop(0))
    if counts and game.phase == "strength":  # a strength left out: not "a count too many"
        at(f"{place}, strengths", _refuse, "all four hand strengths come before the counts")
    for key, left in (("strengths", strengths), ("counts", counts)):
        if left:
            at(f"{place}, {key}", _refuse, f"{left[0]} is more than was stated now")
    if not last and game.phase in form.own_phases:
        at(place, _refuse, "the declaring is not over")


NUMBER_MAX = 10**6  # far over any strength or count (40 at most): a bigger one is refused


def _check_said(item: Any, place: str, at) -> None:
    """A word or number of the declaring that no phase could take is refused with its
    place: "²" or "٣" (digits to str.isdigit, not to the table), a number of 5,000
    digits, a word of 5,000 letters, anything but a word or a number."""
    if isinstance(item, bool) or not isinstance(item, int | str):
        at(place, _refuse, "must be a word (Pass, Play, Ten, Seven, a colour) or a number")
    if isinstance(item, int) and not -NUMBER_MAX <= item <= NUMBER_MAX:
        at(place, _refuse, "not a number a hand can have: it is far too large")
    if isinstance(item, str) and not item.isascii() and any(c.isdigit() for c in item):
        at(place, _refuse, f"not a number: {item[:20]}")
    if isinstance(item, str) and len(item) > 20:
        at(place, _refuse, f"not a word of the declaring: {item[:20]}…")


def _is_number(word: Any) -> bool:
    return isinstance(word, int) and not isinstance(word, bool)


def _lay_out(form, game, entry: dict, place: str, at, more: bool) -> None:
    """The dummy's cards as scanned (the record's `shown`, the dummy's seat alone),
    then OK when they are not all of it and the record goes on."""
    shown = entry.get("shown") or {}
    where = f"{place}, shown"
    if not isinstance(shown, dict):
        at(where, _refuse, 'must be {"N"|"E"|"S"|"W": [cards]}')
    if game.phase != "lay-out":
        if shown and game.phase in form.own_phases:
            at(where, _refuse, "the dummy is laid out once the declarer is known")
        return
    seat = form.seat_names()[(game.deal.declarer + 2) % 4]
    for key, cards in shown.items():
        if key != seat:
            at(where, _refuse, f"only the dummy ({seat}) is shown, not {key!r}")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            at(where, _refuse, f"{seat} must be a list of cards")
        for text in cards:
            card = at(where, form.deck.parse, text)
            at(where, game.apply, CardShown(card))
    if game.phase == "lay-out" and more:
        at(where, game.apply, DummyDone())


def report(form, game) -> dict:
    """Each hand (declarer, declaration, trump, tricks, each team's points, the
    statements the cards proved wrong), the totals, finished and the winner."""
    sheet = game.sheet
    teams = (game.side_name(0), game.side_name(1))
    hands = [_hand(form, game, deal, teams) for deal in game.deals if deal.outcome is not None]
    winner = sheet.winner
    return {
        "hands": hands,
        "deals": hands,  # the same list under the name the other forms use
        "totals": dict(zip(teams, sheet.totals(), strict=True)),
        "hands_won": {team: sheet.won.count(side) for side, team in enumerate(teams)},
        "games": {team: 0 for team in teams},  # no games in aBRIDGEd (the history's field)
        "finished": sheet.finished,
        "winner": None if winner is None else teams[winner],
    }


def _hand(form, game, deal, teams: tuple[str, str]) -> dict:
    score = game.sheet.deal_score(deal.number)
    wrong = form.wrong_statements(deal)
    return {
        "number": deal.number,
        "dealer": game.players[deal.dealer],
        "round": deal.own.round,
        "declarer": game.players[deal.declarer],
        "declaration": deal.own.declaration,
        "trump": deal.own.trump_colour,
        "tricks": deal.tricks,
        "points": {team: sum(score[side]) for side, team in enumerate(teams)},
        "wrong": None
        if wrong is None
        else [
            {"player": game.players[seat], "what": what, "stated": stated, "held": held}
            for seat, what, stated, held in wrong
        ],
    }
