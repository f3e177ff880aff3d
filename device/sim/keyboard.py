"""What a person types to the simulated devices: `SA` scans the ace of spades
(`R14` aBRIDGEd's red 14), `1S` presses 1 then S on the bidding box, `p`, `x`,
`xx`, `ok`, `undo`, `menu` press those buttons. Several per line are fine: `1S p`.
"""

from __future__ import annotations

from device import decks
from device.engine.calls import Bid, Call
from device.engine.errors import NotationError
from device.engine.message import msg

SCANNER = "scanner"
BIDBOX = "bidbox"
KEYS = ("OK", "UNDO", "MENU")


def input_kind(device: str, what: str) -> str:
    """The Input kind of a parsed token: card, key or call."""
    return "card" if device == SCANNER else "key" if what in KEYS else "call"


def parse_tokens(line: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """[(device, what, buttons)]: ("scanner", "SA", ()) or ("bidbox", "1S", ("1", "S")).

    ValueError names the first token that is neither a card, a call nor a key.
    """
    actions = []
    for token in line.split():
        word = token.upper()
        if word in KEYS:
            actions.append((BIDBOX, word, (word,)))
            continue
        try:
            call = Call.parse(word)
        except NotationError:
            call = None
        if call is not None:
            text = str(call)
            buttons = (str(call.level), call.strain.letter) if isinstance(call, Bid) else (text,)
            actions.append((BIDBOX, text, buttons))
            continue
        card = _card(word)
        if card is None:
            raise ValueError(msg("{what} is not a card, a call or a key", what=repr(token)))
        actions.append((SCANNER, card, ()))
    return actions


def _card(word: str) -> str | None:
    """A card of the standard deck ("SA") or of a deck a form brings ("R14"), or None."""
    card = decks.card(word)
    return None if card is None else str(card)
