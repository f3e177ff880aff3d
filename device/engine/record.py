"""The game record (docs/game-record.md): a rubber as JSON, played through the engine.

`play_record` turns a record into a Game, refusing an illegal record with a
RecordError that names the place ("deal 2, call 3: 1H is not higher than
2C"). `to_record` writes a Game back as a record, and `sheet_report` is what
`honeymoon replay` prints.
"""

from __future__ import annotations

from typing import Any

from .deal import Deal
from .errors import RuleError
from .events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    ClaimMade,
    DrawPhaseEnded,
    DrawTurnEnded,
    DummyChosen,
    DummyDone,
    HonoursGiven,
    NextDeal,
    Setup,
    TalonDiscarded,
)
from .game import Game, normal_name
from .registry import default_form

DEAL_KEYS = {
    "draw_cards",
    "draw_top",
    "pickups",  # Draw / Pick-Up: each stock card turned up and who took it
    "calls",
    "cards",
    "claim",
    "honours",
    "shown",
    "face_up",
    "dummy",
    "turned_up",
    "declaring",  # aBRIDGEd: the words of the declaring, trump, strengths, counts
    "trump",
    "strengths",
    "counts",
}
CHOICES = {"face-up": True, "face-down": False}  # the record's `dummy`
RECORD_KEYS = {"game", "options", "players", "first_dealer", "deals", "hands"}


class RecordError(RuleError):
    """A record that cannot be played; the message starts with the place."""


QUOTE_MAX = 40  # characters of a record's value quoted in a refusal


def quoted(value: Any) -> str:
    """A record's value as a refusal quotes it, in one short line: a text cut to
    QUOTE_MAX characters, a number of 5,000 digits said so (repr() of such an int
    raises), anything else as JSON writes it, cut too."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return "a number of over 18 digits"
    text = repr(value) if isinstance(value, str) else _json(value)
    return text if len(text) <= QUOTE_MAX else text[: QUOTE_MAX - 1] + "…"


def _json(value: Any) -> str:
    import json

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON, or an int too long to write
        return type(value).__name__


def play_record(record: Any) -> Game:
    """Play a record (already parsed from JSON) through the engine."""
    game = _at("record", Game, _setup(record))
    deals = record.get("deals", record.get("hands", []))  # aBRIDGEd's deals are hands
    if not isinstance(deals, list):
        raise RecordError("deals: must be a list")
    for index, deal in enumerate(deals):
        number = index + 1
        if not isinstance(deal, dict):
            raise RecordError(f"deal {number}: must be an object")
        if index:
            _at(f"deal {number}", game.apply, NextDeal())
        _play_deal(game, number, deal, last=index == len(deals) - 1)
    return game


def _setup(record: Any) -> Setup:
    if not isinstance(record, dict):
        raise RecordError("record: must be a JSON object")
    unknown = set(record) - RECORD_KEYS
    if unknown:
        raise RecordError(f"record: unknown key {quoted(sorted(unknown)[0])}")
    form = record.get("game") if "game" in record else default_form()
    if not isinstance(form, str):
        raise RecordError("game: must be the name of a game form (honeymoon forms lists them)")
    if len(form) > QUOTE_MAX:  # no form has such a name: said short, not 5,000 letters
        raise RecordError(f"game: unknown game {quoted(form)}")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players: must be a list of names")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options: must be an object")
    for name, value in options.items():  # the form checks each; none takes such a number
        if quoted(value).startswith("a number of over"):
            raise RecordError(f"options, {quoted(name)}: {quoted(value)} is no option's value")
    players = [normal_name(p) for p in players]  # "Zoë" typed e + ¨ is the Zoë of the record
    return Setup(form, tuple(players), _first_dealer(record, players), options)


def _first_dealer(record: dict, players: list[str]) -> int:
    """The first dealer's seat; without the field, the first player's (the engine then
    refuses a wrong number of players in its own words)."""
    if "first_dealer" not in record:
        return 0
    first = record["first_dealer"]
    if isinstance(first, str) and normal_name(first) in players:
        return players.index(normal_name(first))
    if not isinstance(first, str) or first not in players:
        raise RecordError(f"first_dealer: {quoted(first)} is not one of the players")
    return players.index(first)


def _play_deal(game: Game, number: int, deal: dict, last: bool) -> None:
    place = f"deal {number}"
    unknown = set(deal) - DEAL_KEYS
    if unknown:
        raise RecordError(f"{place}: unknown key {quoted(sorted(unknown)[0])}")
    while game.phase == "draw":  # its turns, as the table plays them (OK after each)
        game.apply(DrawTurnEnded())
    form = game.form
    _draw_tricks(game, place, deal, last)
    if "pickups" in deal and "pick-up" not in form.phases(game.options):
        raise RecordError(f"{place}, pickups: this game has no pick-up")
    form.replay_phases(game, deal, place, last, _at)
    _face_up(game, place, deal, last)
    for i, text in enumerate(_texts(deal, "calls", place), 1):
        _at(f"{place}, call {i}", lambda t=text: game.apply(CallMade(form.parse_call(t))))
    _choose(game, place, deal, last)
    if game.phase == "talon" and ({"cards", "claim"} & set(deal) or not last):
        _at(f"{place}, talon", game.apply, TalonDiscarded())  # OK: the talon is taken
    shown = _shown(game, place, deal.get("shown"))
    cards = _texts(deal, "cards", place)
    turned = _turned(deal, place)
    for index, text in enumerate(cards):
        trick = game.deal.play.trick_number if game.deal.play else 1
        at = f"{place}, trick {trick}"
        _at(at, lambda t=text: game.apply(CardPlayed(form.deck.parse(t))))
        more = index + 1 < len(cards) or "claim" in deal or not last
        if game.phase == "dummy":
            _lay_out(game, f"{place}, shown", shown, done=more or shown is not None)
        while game.phase == "turn-up" and (turned or more):
            card = turned.pop(0) if turned else None  # OK when the record says no card
            if card is None:
                _at(f"{place}, turned_up", game.apply, DummyDone())
            else:
                card = _at(f"{place}, turned_up", form.deck.parse, card)
                _at(f"{place}, turned_up", game.apply, CardShown(card))
    if turned:
        raise RecordError(f"{place}, turned_up: {turned[0]} is more than was turned up")
    listed = any(shown.values()) if shown else False
    seen = game.deal.play.seen.values() if game.deal.play else ()
    if listed and game.phase not in form.own_phases and not any(seen):  # own: aBRIDGEd
        raise RecordError(f"{place}, shown: no card can be shown in this deal")
    if "claim" in deal:
        _claim(game, f"{place}, claim", deal["claim"])
    if "honours" in deal:
        _honours(game, f"{place}, honours", deal["honours"])
    if not last and game.deal.phase != "deal-end":
        raise RecordError(f"{place}: {_unfinished(game.deal)}")


def _draw_tricks(game: Game, place: str, deal: dict, last: bool) -> None:
    """Draw Bridge's draw tricks: `draw_top` (the top card shown before each trick)
    and `draw_cards` in play order; the draw phase is stopped when the record lists
    fewer than all of them and goes on (a record without them is valid)."""
    tops = list(_texts(deal, "draw_top", place))  # a copy: taken off as they are shown
    cards = _texts(deal, "draw_cards", place)
    drawing = ("draw-top", "draw-tricks")
    if game.phase not in drawing:
        if tops or cards:
            raise RecordError(f"{place}, draw_cards: this game has no draw tricks")
        return
    for i, text in enumerate(cards, 1):
        if game.phase not in drawing:  # the draw tricks are over
            raise RecordError(f"{place}, draw_cards, card {i}: the draw tricks have {i - 1} cards")
        if game.phase == "draw-top":
            if not tops:
                raise RecordError(f"{place}, draw_top: the top card before card {i} is missing")
            top = _at(f"{place}, draw_top", game.form.deck.parse, tops.pop(0))
            _at(f"{place}, draw_top", game.apply, CardShown(top))
        card = _at(f"{place}, draw_cards", game.form.deck.parse, text)
        _at(f"{place}, draw_cards, card {i}", game.apply, CardPlayed(card))
    if tops and game.phase == "draw-top":
        top = _at(f"{place}, draw_top", game.form.deck.parse, tops.pop(0))
        _at(f"{place}, draw_top", game.apply, CardShown(top))
    if tops:
        raise RecordError(f"{place}, draw_top: {tops[0]} is more than was shown")
    if game.phase in drawing and (deal.get("calls") or not last):
        _at(f"{place}, draw_cards", game.apply, DrawPhaseEnded())


def _face_up(game: Game, place: str, deal: dict, last: bool) -> None:
    """The dummy laid face up before the auction: its cards, then OK when they are not
    all of it and the record goes on."""
    texts = _texts(deal, "face_up", place) + _shown_before(game, place, deal)
    if game.phase != "face-up":
        if texts:
            raise RecordError(f"{place}, face_up: no dummy is face up before this auction")
        return
    for text in texts:
        card = _at(f"{place}, face_up", game.form.deck.parse, text)
        _at(f"{place}, face_up", game.apply, CardShown(card))
    if game.phase == "face-up" and (deal.get("calls") or not last):
        _at(f"{place}, face_up", game.apply, DummyDone())


def _shown_before(game: Game, place: str, deal: dict) -> list[str]:
    """A face-up dummy's cards an older record lists in `shown` (scanned after the
    opening lead, where the form has no such phase now: Exposed Dummy): face_up."""
    form = game.form
    if game.phase != "face-up" or "dummy" in form.phases(game.options):
        return []
    shown = _shown(game, place, deal.get("shown")) or {}
    up = form.face_up_hand(0, True)
    return list(shown.get(up, [])) if set(shown) <= {up} else []


def _choose(game: Game, place: str, deal: dict, last: bool) -> None:
    """The declarer's choice of dummy (`dummy`: "face-up" or "face-down")."""
    choice = deal.get("dummy")
    if game.phase != "choose":
        if choice is not None:
            raise RecordError(f"{place}, dummy: no dummy is chosen in this deal")
        return
    if choice is None and last and not ({"cards", "claim"} & set(deal)):
        return  # the record stops before the choice
    if not isinstance(choice, str) or choice not in CHOICES:  # a list is no choice either
        raise RecordError(f'{place}, dummy: must be "face-up" or "face-down"')
    _at(f"{place}, dummy", game.apply, DummyChosen(CHOICES[choice]))


def _shown(game: Game, place: str, shown: Any) -> dict[int, list[str]] | None:
    """The record's `shown` as hand -> card texts, the hands by compass seat."""
    if shown is None:
        return None
    seats = game.form.seat_names()
    where = f"{place}, shown"
    if not isinstance(shown, dict):
        raise RecordError(f'{where}: must be {{"N"|"E"|"S"|"W": [cards]}}')
    out = {}
    for seat, cards in shown.items():
        if seat not in seats:
            raise RecordError(f"{where}: {quoted(seat)} is not a seat ({', '.join(seats)})")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise RecordError(f"{where}: {seat} must be a list of cards")
        out[seats.index(seat)] = cards
    return out


def _turned(deal: dict, place: str) -> list[str | None]:
    """The record's `turned_up`: the cards turned up in play in order, null for OK."""
    items = deal.get("turned_up", [])
    if not isinstance(items, list) or not all(t is None or isinstance(t, str) for t in items):
        raise RecordError(f"{place}: turned_up must be a list of cards (or null for OK)")
    return list(items)


def _lay_out(game: Game, place: str, shown: dict[int, list[str]] | None, done: bool) -> None:
    """The dummy laid out: its shown cards, then OK when they are not all of it and
    the record goes on (or says what was shown)."""
    for hand, texts in (shown or {}).items():
        for text in texts:
            card = _at(place, game.form.deck.parse, text)
            _at(place, game.apply, CardShown(card, hand))
    while game.phase == "dummy" and done:  # OK for each dummy not all shown
        _at(place, game.apply, DummyDone())


def _texts(deal: dict, key: str, place: str) -> list[str]:
    items = deal.get(key, [])
    if not isinstance(items, list) or not all(isinstance(t, str) for t in items):
        raise RecordError(f"{place}: {key} must be a list of strings")
    return items


def _claim(game: Game, place: str, claim: Any) -> None:
    if not isinstance(claim, dict) or set(claim) - {"by", "tricks", "accepted"}:
        raise RecordError(f"{place}: must be {{'by': NAME, 'tricks': N, 'accepted': true|false}}")
    seat = _seat(game, place, claim.get("by"))
    tricks, accepted = claim.get("tricks"), claim.get("accepted", True)
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not isinstance(accepted, bool):
        raise RecordError(f"{place}: tricks must be a number and accepted true or false")
    _at(place, game.apply, ClaimMade(tricks, seat))
    _at(place, game.apply, ClaimAnswered(accepted))
    while accepted and game.deal.claim is not None:  # each opponent accepts (three players)
        _at(place, game.apply, ClaimAnswered(accepted))


def _honours(game: Game, place: str, honours: Any) -> None:
    if not isinstance(honours, dict) or len(honours) > 1:
        raise RecordError(f"{place}: must be {{NAME: 100 or 150}}, for one player")
    for name, points in honours.items():
        if not isinstance(points, int) or isinstance(points, bool):
            raise RecordError(f"{place}: must be {{NAME: 100 or 150}}, for one player")
        seat = _seat(game, place, name)
        deal = game.deal
        if deal.honours_from == "cards":
            side = game.form.side(seat)
            if deal.honours[side] != points:
                raise RecordError(f"{place}: the cards show {deal.honours[side]} for {name}")
            continue
        _at(place, game.apply, HonoursGiven(points, seat))


def _seat(game: Game, place: str, name: Any) -> int:
    if isinstance(name, str) and normal_name(name) in game.players:
        return game.players.index(normal_name(name))
    if name not in game.players:
        raise RecordError(f"{place}: {quoted(name)} is not one of the players")
    return game.players.index(name)


def _at(place: str, action, *args):
    try:
        return action(*args)
    except RecordError:
        raise
    except RuleError as error:  # the engine may quote a 5,000-letter call: cut short
        raise RecordError(f"{place}: {_cut(str(error))}") from None


MESSAGE_MAX = 200  # characters of an engine refusal after its place


def _cut(message: str) -> str:
    return message if len(message) <= MESSAGE_MAX else message[: MESSAGE_MAX - 1] + "…"


def _unfinished(deal: Deal) -> str:
    if deal.phase in ("draw", "auction"):
        return "the auction is not over"
    if deal.claim is not None:
        return "the claim was not answered"
    if deal.phase == "dummy":
        return "the dummy is not laid out"
    if deal.phase == "turn-up":
        return "a card of a dummy is not turned up"
    return f"play is not over (trick {deal.play.trick_number} of {deal.play.total})"


# -- out -------------------------------------------------------------------------
def to_record(game: Game) -> dict:
    """The game as a record that `play_record` plays back to the same sheet."""
    deals = []
    for deal in game.deals:
        if deal.auction is None and not game.form.declares_itself:
            if deal.face_up:  # the last deal, its face-up dummy being laid out
                deals.append({"face_up": [str(c) for c in deal.face_up], "calls": []})
            elif any((own := game.form.phase_record(deal)).values()):  # in an own phase
                deals.append({**own, "calls": []})
            break  # a deal still in its draw phase (the last) has nothing to record
        entry: dict[str, Any] = {**game.form.phase_record(deal)}
        if deal.auction is not None:
            entry["calls"] = [str(c) for _, c in deal.auction.calls]
        if deal.face_up:
            entry = {"face_up": [str(c) for c in deal.face_up], **entry}
        if deal.chose_face_up is not None:
            entry["dummy"] = "face-up" if deal.chose_face_up else "face-down"
        if deal.play is not None:
            entry["cards"] = _cards_in_order(deal)
            seats = game.form.seat_names()
            later = set(deal.face_up) | set(deal.turned_up)
            later |= {card for _, card in game.form.held_before_play(deal)}  # own phases
            seen = {
                seats[h]: [str(c) for c in cards if c not in later]
                for h, cards in deal.play.seen.items()
            }
            if any(seen.values()):
                entry["shown"] = {seat: cards for seat, cards in seen.items() if cards}
            if deal.turned_up:
                entry["turned_up"] = [None if c is None else str(c) for c in deal.turned_up]
        if deal.claimed is not None:
            claim = deal.claimed
            entry["claim"] = {"by": game.players[claim.seat], "tricks": claim.tricks}
            entry["claim"]["accepted"] = True
        if deal.honours_from == "players":
            side = next((s for s, held in enumerate(deal.honours) if held), 1)
            holder = next(p for s, p in enumerate(game.players) if game.form.side(s) == side)
            entry["honours"] = {holder: deal.honours[side]}
        deals.append(entry)
    setup = game.setup
    return {
        "game": setup.form,
        "options": dict(setup.options),
        "players": list(setup.players),
        "first_dealer": setup.players[setup.first_dealer],
        "deals": deals,
    }


def _cards_in_order(deal: Deal) -> list[str]:
    cards = [str(c) for trick in deal.play.tricks for c in trick.cards]
    return cards + [str(c) for c in deal.play.current]


def sheet_report(game: Game) -> dict:
    """The score sheet as `honeymoon replay` prints it."""
    own = game.form.replay_report(game)
    if own is not None:
        return own
    sheet = game.sheet
    sides = tuple(game.side_name(side) for side in range(game.form.side_count))
    deals = [_deal_report(game, d) for d in game.deals if d.outcome is not None]
    winner = sheet.winner
    return {
        "deals": deals,
        "games": dict(zip(sides, sheet.games, strict=True)),
        "finished": sheet.finished,
        "winner": None if winner is None else sides[winner],
        "totals": dict(zip(sides, sheet.totals(), strict=True)),
    }


def _deal_report(game: Game, deal: Deal) -> dict:
    score = game.sheet.deal_score(deal.number)
    thrown = deal.contract is None
    return {
        "number": deal.number,
        "dealer": game.players[deal.dealer],
        "contract": "pass" if thrown else str(deal.contract),
        "declarer": None if thrown else game.players[deal.declarer],
        "tricks": None if thrown else deal.tricks,
        "vulnerable": [game.side_name(side) for side in game.vulnerable(deal)],
        "score": {
            game.side_name(side): {"below": below, "above": above}
            for side, (below, above) in enumerate(score)
        },
    }
