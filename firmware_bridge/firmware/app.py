"""The firmware's logic, free of hardware: `Firmware(hw).poll(now_ms)` is one turn
of the main loop. Runs on the Pico (main.py) and, against fakes, in the tests
under CPython and MicroPython.

The `hw` object (board.Hardware on the Pico) provides:
    kind, ident, boot   HELLO fields: "scanner" | "bidbox" | "combo", serial, boot count
    faults              list of problems found at start (reported as ERROR after HELLO)
    read()              the bytes received from the host since the last call (b"" if none)
    write(data)         send bytes to the host
    card()              what is on the reader now: the tag's UID (bytes), a card code
                        (str, for a reader that reads codes written on the tags) or None
    held_keys()         the names (keys.NAMES) of the keys held down now, not debounced
    set_leds(mask)      bits 0..3 the seats' turn LEDs, bit 7 the error LED
    beep(pattern)       start a buzzer pattern (protocol.BEEP_*) without blocking
    tick(now_ms)        housekeeping that needs the clock (the buzzer's patterns)
"""

# The package first: under CPython a plain `import keys` could find some other
# module of that name. On the Pico every module sits at the filesystem's root.
try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import keys
except ImportError:
    import keys
    import protocol

FW_VERSION = "1.0.0"

# The reader is polled this often (a poll takes a few ms of SPI traffic).
CARD_POLL_MS = 50
# A card counts as lifted after this many polls in a row without it (150 ms):
# one missed read while it rests is not a new placement, while lifting a card
# and putting it back takes longer than that.
ABSENT_POLLS = 3

BEEPS = (protocol.BEEP_OK, protocol.BEEP_ERROR, protocol.BEEP_ATTENTION)


class Firmware:
    def __init__(self, hw):
        self.hw = hw
        self.decoder = protocol.Decoder()
        self.outbox = protocol.Outbox()
        self.debouncer = keys.Debouncer()
        self._started = False
        self._last_sent = 0  # when the last frame went out (heartbeat timing)
        self._card_polled = None  # when the reader was last polled
        self._card_on = None  # the card resting on the reader, already reported
        self._card_misses = 0  # polls in a row that found no card
        self._level = None  # a level key waiting for its strain

    def poll(self, now_ms):
        """One turn of the loop: host commands, the reader, the keys, then the wire."""
        if not self._started:
            self._started = True
            self._hello(now_ms)
        for frame in self.decoder.feed(self.hw.read()):
            self._command(frame, now_ms)
        if self._card_polled is None or keys.elapsed(now_ms, self._card_polled) >= CARD_POLL_MS:
            self._card_polled = now_ms
            self._card(self.hw.card(), now_ms)
        for name in self.debouncer.update(now_ms, self.hw.held_keys()):
            self._key(name, now_ms)
        # Heartbeats are timed here rather than by the outbox because the
        # outbox does not see HELLO and ERROR, which also show we are alive.
        self._send(self.outbox.poll(now_ms, heartbeat=False), now_ms)
        if keys.elapsed(now_ms, self._last_sent) >= protocol.HEARTBEAT_MS:
            self._send([self.outbox.frame(protocol.HEARTBEAT)], now_ms)
        self.hw.tick(now_ms)

    def report_crash(self, error):
        """Tell the host why the firmware stopped (main.py then resets the board)."""
        text = "crash: " + type(error).__name__ + ": " + str(error)
        self.hw.write(self.outbox.frame(protocol.ERROR, text.encode()[: protocol.MAX_PAYLOAD]))

    # -- the wire -----------------------------------------------------------------
    def _send(self, frames, now_ms):
        for data in frames:
            self.hw.write(data)
            self._last_sent = now_ms

    def _error(self, text, now_ms):
        self._send([self.outbox.frame(protocol.ERROR, text.encode())], now_ms)

    def _hello(self, now_ms):
        hw = self.hw
        payload = protocol.hello_payload(hw.kind, FW_VERSION, hw.ident, hw.boot)
        self._send([self.outbox.frame(protocol.HELLO, payload)], now_ms)
        for fault in hw.faults:
            self._error(fault, now_ms)

    def _input(self, ftype, payload, now_ms):
        """Queue a CARD, CALL or KEY; when the queue is full it is dropped, with
        an error beep for the player and an ERROR for the host's log."""
        if not self.outbox.put(ftype, payload):
            self.hw.beep(protocol.BEEP_ERROR)
            self._error("queue full, dropped " + protocol.TYPE_NAMES[ftype], now_ms)

    def _command(self, frame, now_ms):
        """A frame from the host. Frames of the device's own types are ignored
        without a word: a line that echoes would otherwise answer each echo."""
        ftype, payload = frame.type, frame.payload
        if ftype == protocol.IDENTIFY:
            self._hello(now_ms)
        elif ftype not in (protocol.ACK, protocol.LEDS, protocol.BEEP):
            return
        elif len(payload) != 1:
            self._error(protocol.TYPE_NAMES[ftype] + " payload must be 1 byte", now_ms)
        elif ftype == protocol.ACK:
            self.outbox.ack(payload[0])  # an ACK for another seq changes nothing
        elif ftype == protocol.LEDS:
            self.hw.set_leds(payload[0])
        else:  # PROTOCOL.md: an unknown pattern (a newer host's) plays as BEEP_OK
            self.hw.beep(payload[0] if payload[0] in BEEPS else protocol.BEEP_OK)

    # -- the card reader ----------------------------------------------------------
    def _card(self, seen, now_ms):
        """Report each card once per placement (see ABSENT_POLLS)."""
        if seen is None:
            self._card_misses += 1
            if self._card_misses >= ABSENT_POLLS:
                self._card_on = None
            return
        self._card_misses = 0
        if seen == self._card_on:
            return  # still resting on the reader
        self._card_on = seen
        if isinstance(seen, str):  # a tag that carries its card code, e.g. "SA"
            payload = protocol.card_code_payload(seen)
        else:  # a raw UID: the host pairs UIDs with cards
            payload = protocol.card_uid_payload(seen)
        self._input(protocol.CARD, payload, now_ms)

    # -- the bidding box ----------------------------------------------------------
    def _key(self, name, now_ms):
        """A debounced key press, read as the table's GPIO bidding box reads it
        (device/hal/bidbox_gpio.py), so both boxes behave alike: a level waits
        for a strain and the two make one call ("1S"); a second level replaces
        the first (the player changed their mind); any other key drops a
        waiting level. A strain with no level is an ERROR "press a level
        first": the table shows it and answers with the error beep."""
        level, self._level = self._level, None
        if name in keys.LEVELS:
            self._level = name
        elif name in keys.STRAINS:
            if level is None:
                self._error("press a level first", now_ms)
            else:
                self._input(protocol.CALL, (level + name).encode(), now_ms)
        elif name in keys.CALLS:
            self._input(protocol.CALL, name.encode(), now_ms)
        else:
            self._input(protocol.KEY, name.encode(), now_ms)
