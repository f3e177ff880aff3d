"""What to do instead: the hint every refusal at the table ends with.

The engine says what is wrong ("SK was already played"); the table adds what
to do now ("play another card"), from the refusal and the state of the game.
A refusal with no hint of its own gets what the table waits for next ("play
Ben's card"). Hints are English, like the refusals: the catalogue's "errors"
table holds each one in every language (HINTS lists them all, for its test).
"""

from __future__ import annotations

import re

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
DECLARING = {  # aBRIDGEd's declaring: what the player asked may say
    "round-one": "{name}: Pass or Play",
    "lay-out": DUMMY,
    "ten-seven": "{name}: Ten or Seven",
    "trump": "{name}: name the trump",
    "strength": "{name}: say the hand strength",
    "count": "{name}: say the longest colour",
}

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
    *DECLARING.values(),
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


def hint(game: Game, reason: str) -> str:
    """What to do instead of the input refused for `reason`."""
    for pattern, make in _SPECIFIC:
        found = re.search(pattern, reason)
        if found:
            return make(game, found) or next_step(game)
    return next_step(game)


def next_step(game: Game) -> str:
    """What the table waits for now: what the engine's legal inputs ask for (a claim to
    answer, a call, a card, a card to take or reject, the talon), in the words of the
    phase for a card shown or a word said."""
    phase = game.phase
    name = game.name(game.turn)
    asked = {type(event) for event in legal_inputs(game)}
    if ClaimAnswered in asked:
        return ANSWER.format(name=game.players[game.deal.claim.seat])
    if phase in DECLARING and phase in game.form.own_phases:  # aBRIDGEd's words
        return DECLARING[phase].format(name=name)
    if DrawTurnEnded in asked:
        return DRAW.format(name=name)
    if CallMade in asked:
        return AUCTION.format(name=name)
    if PickUp in asked:  # Draw / Pick-Up: the card face up
        return TAKE_OR_REJECT.format(card=game.deal.turned)
    if TalonDiscarded in asked:  # three-player Honeymoon: the declarer's talon
        return TALON
    if CardPlayed in asked:  # the play, a draw trick
        return PLAY.format(name=name)
    if CardShown in asked:  # a dummy laid out, the top stock card
        return SHOWN.get(phase, KEYS)
    if NextDeal in asked:
        return NEXT_HAND if game.form.declares_itself else DEAL_END
    if phase == "finished":
        return NEW_GAME if game.form.declares_itself else FINISHED
    return KEYS


def _follow(game: Game, _found) -> str | None:
    play = game.deal.play
    if play is None or not play.current:
        return None
    return SUIT_HINTS.get(play.current[0].suit.letter)


def _honours(game: Game, _found) -> str | None:
    return HONOURS if game.phase in ("deal-end", "finished") else None


# (pattern on the refusal, hint maker): the first that matches gives the hint;
# a maker that returns None leaves it to next_step.
_SPECIFIC = (
    (r"^it is (?P<name>.+)'s turn to ", lambda g, f: WAIT.format(name=f["name"])),
    (r"is not higher than (?P<last>\S+)$", lambda g, f: BID_HIGHER.format(last=f["last"])),
    (r"doubl", lambda g, f: BID_OR_PASS),
    (r"must follow suit", _follow),
    (r"was already played$|^\S+ is in .+'s hand$", lambda g, f: ANOTHER_CARD),
    (r": it is dead( for .+)?$", lambda g, f: ANOTHER_CARD),  # the draw's and pick-up's
    (r"^\S+ is not in (?P<name>.+)'s hand$", lambda g, f: FROM_HAND.format(name=f["name"])),
    (r"^first answer .+'s claim$", lambda g, f: ACCEPT_OR_DISPUTE),
    (r"answered by the other side$", lambda g, f: WAIT.format(name=g.name(g.turn))),
    (r"^a claim is for 0 to (?P<max>\d+) ", lambda g, f: CLAIM_RANGE.format(max=f["max"])),
    (r"cannot have held|^say who held|^honours in .+ are worth", _honours),
    (r"^unknown key ", lambda g, f: KEYS),
    (r"^unknown card$", lambda g, f: PAIR),
    (r"needs no pairing$", lambda g, f: CANCEL_PAIRING),
)
