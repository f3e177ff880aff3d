"""The serial bidding box's keys: reading the key matrix and debouncing.

Pure logic: the matrix takes pin objects (machine.Pin on the Pico, fakes in the
tests) and the debouncer takes the time, so both run without hardware.
"""

# The 18 keys as wired: LAYOUT[row][column].
LAYOUT = (
    ("1", "2", "3", "4", "5", "6"),
    ("7", "C", "D", "H", "S", "NT"),
    ("P", "X", "XX", "OK", "UNDO", "MENU"),
)
NAMES = tuple(name for row in LAYOUT for name in row)

LEVELS = ("1", "2", "3", "4", "5", "6", "7")
STRAINS = ("C", "D", "H", "S", "NT")
CALLS = ("P", "X", "XX")  # calls made by one key
COMMANDS = ("OK", "UNDO", "MENU")  # sent as KEY frames

# A key counts once its level has stayed the same this long: longer than
# switch bounce (a few ms), shorter than the quickest deliberate press.
DEBOUNCE_MS = 20


def elapsed(now, then):
    """Milliseconds from `then` to `now` on a ticks_ms counter (wraps at 2**30)."""
    return (now - then) & 0x3FFFFFFF


class KeyMatrix:
    """Rows are open-drain outputs, columns inputs with pull-ups. Pulling one row
    low at a time, a pressed key on it pulls its column low.

    Open drain (rather than driving idle rows high) means two keys pressed in
    one column never short a high row to a low one, so no diodes are needed.
    With no diodes, three keys pressed at the corners of a rectangle show a
    ghost fourth; a bidding box is pressed one key at a time.
    """

    def __init__(self, rows, columns, layout=LAYOUT):
        self.rows = rows
        self.columns = columns
        self.layout = layout

    def scan(self):
        """The names of the keys held down now (raw levels, not debounced)."""
        down = []
        for r, row in enumerate(self.rows):
            row.value(0)
            # No settling delay: MicroPython's per-call overhead (tens of us)
            # is longer than the pull-ups need to charge the column wires.
            for c, column in enumerate(self.columns):
                if column.value() == 0:
                    down.append(self.layout[r][c])
            row.value(1)
        return down


class Debouncer:
    """Turns raw key levels sampled over time into presses.

    A key is pressed once its raw level has been down for DEBOUNCE_MS without
    a change, and released likewise; every raw change restarts the wait, so
    bounce and short glitches never count. Holding a key is one press.
    """

    def __init__(self, names=NAMES, stable_ms=DEBOUNCE_MS):
        self.names = names
        self.stable_ms = stable_ms
        self._raw = {}  # name -> (raw level, when it last changed)
        self._down = {}  # name -> debounced level
        for name in names:
            self._raw[name] = (False, 0)
            self._down[name] = False

    def update(self, now_ms, down):
        """Sample the keys held down now; the keys newly pressed, in NAMES order."""
        presses = []
        for name in self.names:
            level = name in down
            raw, since = self._raw[name]
            if level != raw:
                self._raw[name] = (level, now_ms)
            elif level != self._down[name] and elapsed(now_ms, since) >= self.stable_ms:
                self._down[name] = level
                if level:
                    presses.append(name)
        return presses
