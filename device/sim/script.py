"""A game record (docs/game-record.md) as the button presses and card scans
that would play it at the table, for the simulated devices.

Each deal: OK for each turn of the draw phase (Draw and Discard), the calls
on the bidding box, the cards on the scanner, and OK for the next deal. Claims and
honours are made on the screen, so a record with them cannot be played
through the devices alone.
"""

from __future__ import annotations

import hashlib
import time

from device.engine.calls import Bid, Call
from device.engine.forms import DEFAULT, find_form
from device.engine.record import RecordError

from .keyboard import BIDBOX, SCANNER


def fake_uid(card: str) -> bytes:
    """A stable 7-byte tag UID for a card, like the NTAG stickers of a paired deck."""
    return b"\x04" + hashlib.sha1(card.encode()).digest()[:6]


def record_steps(record: dict) -> list[tuple[str, str]]:
    """[(device, what)]: ("bidbox", "OK"), ("bidbox", "1S"), ("scanner", "SA"), ..."""
    form = find_form(record.get("game", DEFAULT))
    steps: list[tuple[str, str]] = []
    for number, deal in enumerate(record.get("deals", []), 1):
        if "claim" in deal or "honours" in deal:
            raise RecordError(f"deal {number}: claims and honours are made on the screen")
        if number > 1:
            steps.append((BIDBOX, "OK"))
        # The draw phase by its turns: a MENU only opens the menu, and ending the
        # phase early needs a confirmation on the screen.
        steps += [(BIDBOX, "OK")] * (2 * form.draw_turns)
        steps += [(BIDBOX, str(Call.parse(c))) for c in deal.get("calls", [])]
        steps += [(SCANNER, str(form.deck.parse(c))) for c in deal.get("cards", [])]
    return steps


def press(sims: dict, device: str, what: str, uids: bool = False) -> None:
    """Make one step happen on the simulated device."""
    sim = sims[device]
    if device == SCANNER:
        if uids:
            sim.card(uid=fake_uid(what))
        else:
            sim.card(what)
        return
    call = None if what in ("OK", "UNDO", "MENU") else Call.parse(what)
    if isinstance(call, Bid):
        sim.press(str(call.level))
        sim.press(call.strain.letter)
    else:
        sim.press(what)


def play_steps(sims: dict, steps, speed: float, uids: bool = False, say=print) -> int:
    """Play the steps one by one, each acknowledged before the next; returns how many."""
    done = 0
    for device, what in steps:
        press(sims, device, what, uids)
        if not sims[device].wait_delivered(timeout=30):
            say(f"{device} got no acknowledgement for {what}: stopping")
            break
        done += 1
        if speed > 0:
            time.sleep(1 / speed)
    return done
