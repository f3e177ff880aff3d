"""The table's loop: the one place that takes device inputs, calls the table
(and so the engine), answers the devices, and lights the turn LEDs.

Every input a device made that is accepted clicks on that device (BEEP_OK); a
refusal beeps low on every device (BEEP_ERROR) and lights the error LED; a
revoke proved, a claim made and the end of a deal sound the attention beep on
every device, and a revoke lights the error LED too, until the next input. The
turn LEDs are lit as soon as a table is set, whichever way its rubber began.

Every device implements device.hal.interface.Device (acknowledge, forget, set_leds,
beep, close); the source of an input that has no device (the screen) is answered by
the null device, which does nothing.

Device threads only put `Input`s on the queue; the loop waits on that queue
with a timeout, so it sleeps while nobody plays.

An input that could not be stored (a full or failing disk) is not
acknowledged: its device is told to forget it, so that the resend it makes
every 200 ms is handed over again, and stored as soon as the journal can.
"""

from __future__ import annotations

import logging
import queue
import time
from collections import Counter

from firmware_bridge.protocol import BEEP_ATTENTION, BEEP_ERROR, BEEP_OK, LED_ERROR

from .engine.message import msg
from .hal.events import Input
from .hal.hello import same_id
from .hal.interface import NULL_DEVICE, Device
from .hints import TAP_START
from .table import Outcome, Table

log = logging.getLogger(__name__)

INPUT_KINDS = ("card", "call", "key")
HOLD_S = 2.0  # a device resends every 200 ms: one silent this long has given its input up
RETRIES = 5


class TableLoop:
    def __init__(self, table: Table, inputs: queue.Queue, devices: dict[str, Device] | None = None):
        self.inputs = inputs
        self.devices: dict[str, Device] = dict(devices or {})
        self._error = False
        self._unstored = False  # the last input could not be stored: its resends beep no more
        # Inputs not stored yet, in the order they first came: (device, session, seq) ->
        # when last seen. While there are any, only the first is handed to the table.
        self._held: dict[tuple, float] = {}
        self._retries: Counter = Counter()  # rule refusals of an input that waited
        # Before a rubber starts the screen may take inputs itself (cards drawn
        # for the deal): it returns an Outcome, or None to let the table have it.
        self.intercept = None
        self._sessions: dict[str, tuple] = {}  # device -> its session, for same_id
        self.table = table  # lights the turn LEDs

    @property
    def table(self) -> Table | None:
        return self._table

    @table.setter
    def table(self, table: Table | None) -> None:
        """A new table (at start, resumed, or a new rubber): its turn LEDs at once."""
        self._table = table
        self._error = False
        self.show_turn()

    def step(self, timeout: float) -> list[tuple[Input, Outcome]]:
        """Handle every waiting input, waiting up to `timeout` s for the first."""
        done = []
        try:
            item = self.inputs.get(timeout=timeout)
        except queue.Empty:
            return done
        while True:
            done.append((item, self.handle(item)))
            try:
                item = self.inputs.get_nowait()
            except queue.Empty:
                break
        self.show_turn()
        return done

    def handle(self, item: Input) -> Outcome:
        outcome = self._waits(item)
        if outcome is None and self.intercept is not None:
            outcome = self.intercept(item)
        if outcome is None:
            outcome = self._hold(item, self._at_table(item))
        if item.kind == "connected" and item.session is not None:
            self._same_ids(item)
        device = self.devices.get(item.source, NULL_DEVICE)
        if item.seq is not None and outcome.unstored:
            device.forget(item)  # not stored: its resend must be handled again
        elif item.seq is not None:
            device.acknowledge(item)  # stored or refused: either way, stop resending
        if item.kind in INPUT_KINDS and not (outcome.accepted or outcome.unstored):
            # The log says why the device beeped (the device hears only the beep).
            log.info("%s: %s %s refused: %s", item.source, item.kind, item.value, outcome.text)
        if item.kind in ("card", "call", "key", "error"):
            self._error = not outcome.accepted
            if self._error and not (outcome.unstored and self._unstored):
                self._beep_all(BEEP_ERROR)  # once, not at every resend
            elif outcome.accepted:
                self._sound(outcome, device)
            self._unstored = outcome.unstored
        return outcome

    def apply(self, event) -> Outcome:
        """An input only the screen makes (a claim, its answer, honours): through the
        table, so it is stored; its attention beep and the turn LEDs as for a device's."""
        outcome = self.table.apply(event)
        if outcome.accepted:
            self._error = False
            self._sound(outcome, NULL_DEVICE)
        self.show_turn()
        return outcome

    def _sound(self, outcome: Outcome, device: Device) -> None:
        """The click on the device that made an accepted input; the attention beep on
        every device for what the players must notice (a revoke also lights the error LED)."""
        if outcome.attention is not None:
            self._error = outcome.attention == "revoke"
            self._beep_all(BEEP_ATTENTION)
        else:
            device.beep(BEEP_OK)

    def _same_ids(self, item: Input) -> None:
        """Two devices that give the same id are kept apart (the port is part of the
        session) but the log says so: one of them is not what it claims."""
        self._sessions[item.source] = item.session
        for source, session in self._sessions.items():
            if same_id(session, item.session):
                log.warning("%s and %s give the same id: kept apart by port", source, item.source)

    def _waits(self, item: Input) -> Outcome | None:
        """While an input cannot be stored, the inputs after it wait unanswered (their
        devices resend them), so that once the journal stores again they are taken in
        the order they first came, whichever device resends first. An input whose
        device stopped resending it (unplugged, rebooted) is no longer waited for."""
        if item.kind not in INPUT_KINDS or not self._held:
            return None
        now = time.monotonic()
        self._held = {k: seen for k, seen in self._held.items() if now - seen < HOLD_S}
        key = (item.source, item.session, item.seq)
        if not self._held or next(iter(self._held)) == key:
            return None  # the first one waiting: the table tries it again
        if item.seq is not None:
            self._held[key] = now
        return Outcome(False, "waiting for an earlier input to be stored", unstored=True)

    def _hold(self, item: Input, outcome: Outcome) -> Outcome:
        """Note an input that could not be stored; one that waited and is refused by the
        rules while others wait goes behind them (its device held it unanswered while
        another device's queue held the input before it), a few times at most."""
        if item.kind not in INPUT_KINDS or item.seq is None:
            return outcome
        key = (item.source, item.session, item.seq)
        if outcome.unstored:
            self._held[key] = time.monotonic()  # a new one goes last; the first stays first
            return outcome
        waited = self._held.pop(key, None) is not None
        if waited and not outcome.accepted and self._held and self._retries[key] < RETRIES:
            self._retries[key] += 1
            self._held[key] = time.monotonic()
            return Outcome(False, outcome.message, unstored=True)
        if key not in self._held:
            self._retries.pop(key, None)
        return outcome

    def _at_table(self, item: Input) -> Outcome:
        if self.table is None:  # the start screen: devices may report, not play
            accepted = item.kind in ("connected", "lost")
            refusal = msg("start a new rubber first")
            return Outcome(accepted, refusal, hint="" if accepted else msg(TAP_START))
        return self.table.handle(item)

    def show_turn(self) -> None:
        turn = self.table.leds() if self.table is not None else 0
        for device in self.devices.values():
            device.set_leds(turn | (LED_ERROR if self._error else 0))

    def _beep_all(self, pattern: int) -> None:
        for device in self.devices.values():
            device.beep(pattern)
