"""What to do instead: the hint every refusal at the table ends with.

The engine says what is wrong ("SK was already played"); the table adds what
to do now ("play another card"), from the refusal and the state of the game.
A refusal with no hint of its own gets what the table waits for next ("play
Ben's card"). A hint is a Message, like a refusal: the catalogue's "errors"
table holds each key in every language (HINTS lists them all, for its test). The
table picks the hint by the refusal's key and fields, never by its English words.
"""

from __future__ import annotations

from .engine.events import (
    CallMade,
    CardPlayed,
    CardShown,
    ClaimAnswered,
    DrawTurnEnded,
    NextDeal,
    PickUp,
    TalonDiscarded,
)
from .engine.game import Game
from .engine.legal import legal_inputs
from .engine.message import Message, msg
from .form_text import form_text

SUIT_HINTS = {
    "C": "play a club",
    "D": "play a diamond",
    "H": "play a heart",
    "S": "play a spade",
    "R": "play a red card",
    "Y": "play a yellow card",
    "B": "play a blue card",
    "G": "play a green card",
}

# What the table waits for, per phase.
DRAW = "end {name}'s draw turn with OK"
AUCTION = "make {name}'s call"
PLAY = "play {name}'s card"
ANSWER = "answer {name}'s claim: Accept or Dispute"
ACCEPT_OR_DISPUTE = "tap Accept or Dispute"
DEAL_END = "tap Next deal or press OK"
DUMMY = "scan the dummy's cards, or press OK when it is down"
DRAW_TOP = "scan the top card of the stock"  # Draw Bridge, with the top card shown
FINISHED = "tap New rubber to play again"
NEXT_HAND = "press OK for the next hand"  # aBRIDGEd's result has no Next deal button
NEW_GAME = "tap New game to play again"  # aBRIDGEd's sheet
TURN_UP = "turn up the top card of the stock and scan it"  # Draw / Pick-Up
TAKE_OR_REJECT = "take {card} with OK or reject it with P"
TALON = "take the talon, lay four cards face down, then press OK"  # three players
# What a card shown is, in the phases that take one (the others say KEYS).
SHOWN = {
    "dummy": DUMMY,
    "draw-top": DRAW_TOP,  # Draw Bridge, with the top card shown
    "pick-up": TURN_UP,  # Draw / Pick-Up: a stock card to turn up
}

BID_HIGHER = "bid higher than {last} or pass"
BID_OR_PASS = "bid or pass"
WAIT = "wait for {name}"
ANOTHER_CARD = "play another card"
FROM_HAND = "play a card from {name}'s hand"
CLAIM_RANGE = "claim 0 to {max} tricks"
HONOURS = "choose who held honours, or None"
KEYS = "press OK, Undo or Menu"
PAIR = "pair this deck in Settings"
CANCEL_PAIRING = "cancel the pairing"
PAIR_NEXT = "put the {card} on the scanner"
# Before a rubber (the start screen and drawing for the deal).
TAP_START = "tap Start"
DRAW_CARD = "draw a card"
DRAW_ANOTHER = "draw another card"

HINTS = (
    *SUIT_HINTS.values(),
    DRAW,
    AUCTION,
    PLAY,
    ANSWER,
    ACCEPT_OR_DISPUTE,
    DEAL_END,
    DUMMY,
    DRAW_TOP,
    FINISHED,
    NEXT_HAND,
    NEW_GAME,
    TURN_UP,
    TAKE_OR_REJECT,
    TALON,
    BID_HIGHER,
    BID_OR_PASS,
    WAIT,
    ANOTHER_CARD,
    FROM_HAND,
    CLAIM_RANGE,
    HONOURS,
    KEYS,
    PAIR,
    CANCEL_PAIRING,
    PAIR_NEXT,
    TAP_START,
    DRAW_CARD,
    DRAW_ANOTHER,
)


def every_hint() -> tuple[str, ...]:
    """Every hint's key: the table's (HINTS) and every form's own."""
    from device.forms import FORMS

    return HINTS + tuple(h for form in FORMS for h in form_text(form).hints)


def hint(game: Game, reason: str) -> Message:
    """What to do instead of the input refused for `reason` (a Message; other text
    gets what the table waits for next)."""
    make = _SPECIFIC.get(getattr(reason, "key", None))
    if make is not None:
        return make(game, reason.params) or next_step(game)
    return next_step(game)


def next_step(game: Game) -> Message:
    """What the table waits for now: what the engine's legal inputs ask for (a claim to
    answer, a call, a card, a card to take or reject, the talon), in the words of the
    phase for a card shown or a word said."""
    phase = game.phase
    name = game.name(game.turn)
    asked = {type(event) for event in legal_inputs(game)}
    if ClaimAnswered in asked:
        return msg(ANSWER, name=game.players[game.deal.claim.seat])
    own = form_text(game.form).hint(game)  # a phase of the form's own (aBRIDGEd's words)
    if own is not None:
        return own
    if DrawTurnEnded in asked:
        return msg(DRAW, name=name)
    if CallMade in asked:
        return msg(AUCTION, name=name)
    if PickUp in asked:  # Draw / Pick-Up: the card face up
        return msg(TAKE_OR_REJECT, card=game.deal.own.turned)
    if TalonDiscarded in asked:  # three-player Honeymoon: the declarer's talon
        return msg(TALON)
    if CardPlayed in asked:  # the play, a draw trick
        return msg(PLAY, name=name)
    if CardShown in asked:  # a dummy laid out, the top stock card
        return msg(SHOWN.get(phase, KEYS))
    if NextDeal in asked:
        return msg(NEXT_HAND if game.form.declares_itself else DEAL_END)
    if phase == "finished":
        return msg(NEW_GAME if game.form.declares_itself else FINISHED)
    return msg(KEYS)


def _follow(game: Game, _fields) -> Message | None:
    play = game.deal.play
    if play is None or not play.current:
        return None
    said = SUIT_HINTS.get(play.current[0].suit.letter)
    return None if said is None else msg(said)


def _honours(game: Game, _fields) -> Message | None:
    return msg(HONOURS) if game.phase in ("deal-end", "finished") else None


def _wait(game: Game, fields) -> Message:
    return msg(WAIT, name=fields["name"])


def _another(game: Game, _fields) -> Message:
    return msg(ANOTHER_CARD)


def _bid_or_pass(game: Game, _fields) -> Message:
    return msg(BID_OR_PASS)


# The refusal's key -> its hint maker (game, the refusal's fields); a maker that
# returns None leaves it to next_step.
_SPECIFIC = {
    "it is {name}'s turn to call": _wait,
    "it is {name}'s turn to play": _wait,
    "it is {name}'s turn to draw": _wait,
    "it is {name}'s turn to choose a dummy": _wait,
    "it is {name}'s turn to speak": _wait,
    "it is {name}'s turn to take or reject {card}": _wait,
    "{call} is not higher than {last}": lambda g, f: msg(BID_HIGHER, last=f["last"]),
    "you cannot double your own bid": _bid_or_pass,
    "you cannot double your partner's bid": _bid_or_pass,
    "there is no bid to double": _bid_or_pass,
    "there is no bid to redouble": _bid_or_pass,
    "{bid} is already doubled": _bid_or_pass,
    "{bid} is already redoubled": _bid_or_pass,
    "{bid} has not been doubled": _bid_or_pass,
    "you can only redouble a double of your own side's bid": _bid_or_pass,
    "you can only redouble a double of your own bid": _bid_or_pass,
    "{name} must follow suit ({suit})": _follow,
    "{card} was already played": _another,
    "{card} is in {name}'s hand": _another,
    "{card} was rejected by both players: it is dead": _another,  # the pick-up's
    "{card} was taken by {name}: it is dead for {other}": _another,
    "{card} was played in a draw trick: it is dead": _another,  # the draw tricks'
    "{card} is not in {name}'s hand": lambda g, f: msg(FROM_HAND, name=f["name"]),
    "first answer {name}'s claim": lambda g, f: msg(ACCEPT_OR_DISPUTE),
    "a claim is answered by the other side": lambda g, f: msg(WAIT, name=g.name(g.turn)),
    "a claim is for 0 to {max} tricks, not {n}": lambda g, f: msg(CLAIM_RANGE, max=f["max"]),
    "{name} cannot have held {n} trump honours: {reason}": _honours,
    "{name} cannot have held the four aces: {reason}": _honours,
    "say who held the honours": _honours,
    "honours in {strain} are worth {points}": _honours,
    "unknown key {key}": lambda g, f: msg(KEYS),
    "unknown card": lambda g, f: msg(PAIR),
    "this scanner reads card codes: its deck needs no pairing": lambda g, f: msg(CANCEL_PAIRING),
}
