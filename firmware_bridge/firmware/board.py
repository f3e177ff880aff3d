"""The Pico's hardware behind the `hw` interface of app.py: pin map, RC522,
key matrix, LEDs, buzzer, USB serial, serial number and boot counter.

All the firmware's hardware access is here (main.py only calls machine.reset);
the tests import it with a fake `machine` (tests/firmware/fake_machine.py) and
their own serial.
"""

import sys

import machine

try:  # in the repository (first: see app.py), else at the Pico's filesystem root
    from firmware_bridge import protocol
    from firmware_bridge.firmware import keys, mfrc522
except ImportError:
    import keys
    import mfrc522
    import protocol

# What this box is, for HELLO: "scanner", "bidbox" (no RC522 expected) or "combo".
KIND = "combo"

# Pin map: GP numbers (README.md has the wiring table with the Pico's pin numbers).
RC522_SPI = 0  # SPI0: SCK, MOSI (TX) and MISO (RX) must be SPI0 pins
RC522_SCK = 18
RC522_MOSI = 19
RC522_MISO = 16
RC522_CS = 17
RC522_RST = 20
KEY_ROWS = (2, 3, 4)  # rows of keys.LAYOUT
KEY_COLUMNS = (5, 6, 7, 8, 9, 10)  # columns of keys.LAYOUT
SEAT_LEDS = (11, 12, 13, 14)  # turn LEDs of seats 0..3 (LEDS bits 0..3)
ERROR_LED = 15  # LEDS bit 7
BUZZER = 22  # a passive piezo buzzer, driven by PWM

RC522_BAUD = 1000000  # well below the RC522's 10 MHz: tolerant of long jumper wires
BOOT_FILE = "boot_count"
# Counted boot numbers stay below RANDOM_BOOT in practice (a billion starts);
# a start whose count cannot be trusted takes a random one from RANDOM_BOOT to
# MAX_BOOT - 1 (count_boot). All fit 31 bits: a small int on every port.
RANDOM_BOOT = 1 << 30
MAX_BOOT = 1 << 31
MAINTENANCE_KEY = "MENU"  # held at power-up: main.py leaves Ctrl-C on and stops
READ_MAX = 256  # serial bytes taken per loop turn, so a flood cannot stall the loop

# BEEP patterns as PROTOCOL.md names them: (frequency in Hz, duration in ms)
# steps, 0 Hz a pause. ok: a short click; error: two low beeps; attention: one long beep.
TUNES = {
    protocol.BEEP_OK: ((3000, 30),),
    protocol.BEEP_ERROR: ((440, 150), (0, 80), (440, 150)),
    protocol.BEEP_ATTENTION: ((1500, 600),),
}


class Buzzer:
    """Plays a tune on a PWM pin without blocking: play() starts it at the next
    tick(), each tick() moves it on. A new tune cuts the one playing."""

    def __init__(self, pwm):
        self.pwm = pwm
        self.pwm.duty_u16(0)
        self._tune = ()
        self._step = 0
        self._since = None  # when the current step began; None: not begun

    def play(self, pattern):
        self._tune = TUNES.get(pattern, ())
        self._step = 0
        self._since = None

    def tick(self, now_ms):
        if not self._tune:
            return
        if self._since is not None:
            if keys.elapsed(now_ms, self._since) < self._tune[self._step][1]:
                return
            self._step += 1
        if self._step >= len(self._tune):
            self._tune = ()
            self.pwm.duty_u16(0)
            return
        frequency = self._tune[self._step][0]
        if frequency:
            self.pwm.freq(frequency)
        self.pwm.duty_u16(32768 if frequency else 0)  # half duty: the loudest square wave
        self._since = now_ms


class UsbSerial:
    """The USB serial (the REPL's stdin and stdout) carrying binary frames."""

    def __init__(self):
        # Imported here, not at the top: the tests give Hardware their own serial.
        import select

        import micropython

        # A frame may contain 0x03, which would otherwise raise KeyboardInterrupt.
        micropython.kbd_intr(-1)
        # The .buffer streams are raw: no "\n" -> "\r\n" translation on output.
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while len(data) < READ_MAX and self._poll.poll(0):
            data.extend(self._in.read(1))
        return bytes(data)

    def write(self, data):
        self._out.write(data)


def count_boot(path, open_file=open, random_boot=None):
    """This start's number, never one used before, so that the host can tell a
    restarted device (new boot, seqs from 0) from a resend.

    Normally one more than the last, kept in a small file. When the file is
    missing, unreadable or damaged (a power loss while it was written, a
    filesystem put back from elsewhere), or cannot be written, a counted
    number might come round again: this start takes a random number from
    RANDOM_BOOT up instead (PROTOCOL.md, "boot"), and counting goes on from it.
    The file is read back after writing: a flash that keeps nothing is not
    trusted either.
    """
    random_boot = random_boot or _random_boot
    try:
        with open_file(path) as f:
            last = int(f.read())
    except (OSError, ValueError):  # missing, unreadable, cut short, not a number
        last = None
    if last is not None and not 0 <= last < MAX_BOOT - 1:
        last = None  # out of range: damaged too
    boot = random_boot() if last is None else last + 1
    try:
        with open_file(path, "w") as f:
            f.write(str(boot))
        with open_file(path) as f:
            kept = int(f.read()) == boot
    except (OSError, ValueError):
        kept = False
    if not kept and last is not None:
        # The file still says `last` (or nothing that can be trusted): the next
        # start would count boot again. A random one now, so it never repeats.
        boot = random_boot()
    return boot


def _random_boot():
    """A random number from RANDOM_BOOT to MAX_BOOT - 1, from the hardware's
    random source where there is one (os.urandom on the Pico)."""
    try:
        import os

        data = os.urandom(4)
        bits = (data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]
    except (ImportError, AttributeError, OSError):
        import random

        bits = random.getrandbits(30)
    return RANDOM_BOOT + (bits % RANDOM_BOOT)


class Hardware:
    """The `hw` object of app.py for the Pico wired as in README.md."""

    def __init__(self, serial=None, boot_file=BOOT_FILE, kind=KIND):
        Pin = machine.Pin
        self.kind = kind
        self.ident = "".join(f"{byte:02x}" for byte in machine.unique_id())
        self.boot = count_boot(boot_file)
        self.faults = []
        self.serial = serial if serial is not None else UsbSerial()
        self._seat_leds = [Pin(n, Pin.OUT, value=0) for n in SEAT_LEDS]
        self._error_led = Pin(ERROR_LED, Pin.OUT, value=0)
        self._buzzer = Buzzer(machine.PWM(Pin(BUZZER)))
        self._reader = None
        if kind != "bidbox":
            spi = machine.SPI(
                RC522_SPI,
                baudrate=RC522_BAUD,
                polarity=0,
                phase=0,
                sck=Pin(RC522_SCK),
                mosi=Pin(RC522_MOSI),
                miso=Pin(RC522_MISO),
            )
            cs = Pin(RC522_CS, Pin.OUT, value=1)
            rst = Pin(RC522_RST, Pin.OUT, value=1)
            reader = mfrc522.MFRC522(spi, cs, rst)
            if reader.init():
                self._reader = reader
            else:
                self.faults.append("RC522 not found")
        # Scanned whatever the kind: keys not wired read as released, and a
        # scanner needs its MENU position for maintenance (README.md).
        rows = [Pin(n, Pin.OPEN_DRAIN, value=1) for n in KEY_ROWS]
        columns = [Pin(n, Pin.IN, Pin.PULL_UP) for n in KEY_COLUMNS]
        self._matrix = keys.KeyMatrix(rows, columns)

    def read(self):
        return self.serial.read()

    def write(self, data):
        self.serial.write(data)

    def card(self):
        # Tags are read by UID only; a reader of card codes returns a str here.
        return self._reader.read_uid() if self._reader else None

    def held_keys(self):
        return self._matrix.scan()

    def set_leds(self, mask):
        for bit, led in enumerate(self._seat_leds):
            led.value((mask >> bit) & 1)
        self._error_led.value(1 if mask & protocol.LED_ERROR else 0)

    def beep(self, pattern):
        self._buzzer.play(pattern)

    def tick(self, now_ms):
        self._buzzer.tick(now_ms)


def maintenance(hw):
    """Power-up with MAINTENANCE_KEY held: give Ctrl-C back and light the error
    LED, so main.py can end in the REPL and mpremote can update the files."""
    import micropython

    micropython.kbd_intr(3)
    hw.set_leds(protocol.LED_ERROR)
