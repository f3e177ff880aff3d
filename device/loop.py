"""The table's loop: the one place that takes device inputs, calls the table
(and so the engine), answers the devices, and lights the turn LEDs.

Device threads only put `Input`s on the queue; the loop waits on that queue
with a timeout, so it sleeps while nobody plays.
"""

from __future__ import annotations

import logging
import queue

from firmware_bridge.protocol import BEEP_ERROR, LED_ERROR

from .hal.events import Input
from .hal.hello import same_id
from .table import Outcome, Table

log = logging.getLogger(__name__)


class TableLoop:
    def __init__(self, table: Table, inputs: queue.Queue, devices: dict | None = None):
        self.table = table
        self.inputs = inputs
        self.devices = dict(devices or {})
        self._error = False
        # Before a rubber starts the screen may take inputs itself (cards drawn
        # for the deal): it returns an Outcome, or None to let the table have it.
        self.intercept = None
        self._sessions: dict[str, tuple] = {}  # device -> its session, for same_id

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
        outcome = self.intercept(item) if self.intercept is not None else None
        if outcome is None:
            outcome = self._at_table(item)
        if item.kind == "connected" and item.session is not None:
            self._same_ids(item)
        device = self.devices.get(item.source)
        if item.seq is not None and hasattr(device, "acknowledge"):
            device.acknowledge(item)  # stored or refused: either way, stop resending
        if item.kind in ("card", "call", "key", "error"):
            self._error = not outcome.accepted
            if self._error:
                self._each("beep", BEEP_ERROR)
        return outcome

    def _same_ids(self, item: Input) -> None:
        """Two devices that give the same id are kept apart (the port is part of the
        session) but the log says so: one of them is not what it claims."""
        self._sessions[item.source] = item.session
        for source, session in self._sessions.items():
            if same_id(session, item.session):
                log.warning("%s and %s give the same id: kept apart by port", source, item.source)

    def _at_table(self, item: Input) -> Outcome:
        if self.table is None:  # the start screen: devices may report, not play
            return Outcome(item.kind in ("connected", "lost"), "start a new rubber first")
        return self.table.handle(item)

    def show_turn(self) -> None:
        turn = self.table.leds() if self.table is not None else 0
        self._each("set_leds", turn | (LED_ERROR if self._error else 0))

    def _each(self, method: str, *args) -> None:
        for device in self.devices.values():
            action = getattr(device, method, None)
            if action is not None:
                action(*args)
