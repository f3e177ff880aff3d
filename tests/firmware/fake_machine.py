"""A fake `machine` module for the firmware tests, under CPython and MicroPython.

It models the Pico's world as board.py sees it: pins (with a key matrix wired
to some of them), an SPI bus with an RC522 on it (a register-level model of
the chip) and the RC522's field where tags are placed and lifted, PWM, and
the chip's unique id. `new_world()` starts afresh; `world` is the current one.

The RC522 and the tags are written from the datasheets, independently of the
driver (constants and the CRC_A algorithm included), so the driver's
mistakes show up as failed reads instead of cancelling out.
"""


def crc_a(data):
    """ISO 14443-3 CRC_A, bit by bit (the driver uses a byte-wise form)."""
    crc = 0x6363
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return bytes((crc & 0xFF, crc >> 8))


# -- tags and the field ----------------------------------------------------------
class Tag:
    """An ISO 14443-3 type A tag: 4-byte UID (MIFARE Classic) or 7-byte (NTAG).
    States: off, idle, ready (anticollision at `level`), active, halt."""

    def __init__(self, uid):
        self.uid = bytes(uid)
        if len(self.uid) == 4:
            self.parts = [self.uid]
            self.atqa, self.sak = b"\x04\x00", 0x08
        else:
            self.parts = [b"\x88" + self.uid[:3], self.uid[3:]]
            self.atqa, self.sak = b"\x44\x00", 0x00
        self.state = "off"
        self.level = 0

    def power_up(self):
        self.state = "idle"
        self.level = 0

    def receive(self, data, bits):
        """The tag's reply to a frame from the reader (bits: valid bits of the last byte)."""
        if bits == 7 and len(data) == 1:
            if (data[0] == 0x26 and self.state == "idle") or (
                data[0] == 0x52 and self.state in ("idle", "halt")
            ):
                self.state, self.level = "ready", 0
                return self.atqa
        elif bits == 0 and self.state == "ready" and data[:1] == bytes((0x93 + 2 * self.level,)):
            part = self.parts[self.level]
            part = part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],))
            if data[1:] == b"\x20":
                return part
            if data[1:2] == b"\x70" and data[2:7] == part and data[7:] == crc_a(data[:7]):
                if self.level + 1 < len(self.parts):
                    self.level += 1
                    sak = 0x04
                else:
                    self.state = "active"
                    sak = self.sak
                return bytes((sak,)) + crc_a(bytes((sak,)))
        elif bits == 0 and self.state == "active" and data == b"\x50\x00" + crc_a(b"\x50\x00"):
            self.state = "halt"
            return None
        if self.state != "halt":  # any unexpected frame sends a tag back to idle
            self.state = "idle"
        return None


COLLISION = "collision"


class Field:
    """The reader's RF field: the tags lying on the reader."""

    def __init__(self):
        self.tags = []
        self.on = False
        self.misses = 0
        self.frames = []  # (data, bits) sent to the tags, for the tests

    def place(self, tag):
        self.tags.append(tag)
        if self.on:
            tag.power_up()

    def lift(self, tag=None):
        for t in list(self.tags) if tag is None else [tag]:
            t.state = "off"
            self.tags.remove(t)

    def miss(self, count=1):
        """The next `count` wake-ups go unanswered (a tag at the edge of the field)."""
        self.misses = count

    def power(self, on):
        if on and not self.on:
            for tag in self.tags:
                tag.power_up()
        if not on:
            for tag in self.tags:
                tag.state = "off"
        self.on = on

    def transceive(self, data, bits):
        self.frames.append((bytes(data), bits))
        if not self.on:
            return None
        if self.misses and bits == 7:
            self.misses -= 1
            return None
        replies = []
        for tag in self.tags:
            reply = tag.receive(data, bits)
            if reply is not None:
                replies.append(reply)
        if not replies:
            return None
        for reply in replies[1:]:
            if reply != replies[0]:
                return COLLISION
        return replies[0]


# -- the RC522 ---------------------------------------------------------------------
class RC522:
    """The MFRC522's registers as far as a reader of UIDs uses them (datasheet ch. 9)."""

    COMMAND, COM_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL = 0x01, 0x04, 0x06, 0x09, 0x0A
    CONTROL, BIT_FRAMING, TX_CONTROL, T_MODE, VERSION = 0x0C, 0x0D, 0x14, 0x2A, 0x37

    def __init__(self, field, rst_pin=None):
        self.field = field
        self.rst_pin = rst_pin
        self.version = 0x92
        self._address = None
        self._mode = None
        self._soft_reset()

    def _soft_reset(self):
        self.regs = bytearray(64)
        self.regs[self.COMMAND] = 0x20
        self.regs[self.TX_CONTROL] = 0x80  # antenna off
        self.regs[self.VERSION] = self.version
        self.fifo = []
        self.field.power(False)

    # SPI: the first byte is an address ((reg << 1) | 0x80 to read); a write
    # goes on with data bytes for that register, a read with the next address
    # (0x00 to end), the chip answering each byte with the previous one's data.
    def begin(self):
        self._address = None
        self._mode = None

    def exchange(self, byte):
        rst = world.pins.get(self.rst_pin)
        if rst is not None and not rst.value():
            return 0x00  # held in reset: the chip is silent
        if self._mode == "write":
            self._write(self._address, byte)
            return 0x00
        out = self._read(self._address) if self._mode == "read" else 0x00
        if self._mode is None or byte:
            self._mode = "read" if byte & 0x80 else "write"
            self._address = (byte >> 1) & 0x3F
        else:
            self._mode = "done"
        return out

    def _read(self, reg):
        if reg == self.FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == self.FIFO_LEVEL:
            return len(self.fifo)
        return self.regs[reg]

    def _write(self, reg, value):
        if reg == self.COMMAND and (value & 0x0F) == 0x0F:  # SoftReset
            self._soft_reset()
            return
        if reg == self.COM_IRQ:  # bit 7 says whether the other bits set or clear
            if value & 0x80:
                self.regs[reg] |= value & 0x7F
            else:
                self.regs[reg] &= ~value & 0x7F
            return
        if reg == self.FIFO_LEVEL:
            if value & 0x80:
                self.fifo = []
            return
        if reg == self.FIFO_DATA:
            if len(self.fifo) < 64:
                self.fifo.append(value)
            return
        self.regs[reg] = value
        if reg == self.TX_CONTROL:
            self.field.power((value & 0x03) == 0x03)  # both antenna drivers on
        transceiving = (self.regs[self.COMMAND] & 0x0F) == 0x0C
        if reg == self.BIT_FRAMING and value & 0x80 and transceiving:  # StartSend
            self._transceive(value & 0x07)

    def _transceive(self, bits):
        data, self.fifo = bytes(self.fifo), []
        reply = self.field.transceive(data, bits)
        self.regs[self.ERROR] = 0
        self.regs[self.CONTROL] = 0
        if reply is None:
            if self.regs[self.T_MODE] & 0x80:  # TAuto: the timer runs out
                self.regs[self.COM_IRQ] |= 0x40 | 0x01
            else:
                self.regs[self.COM_IRQ] |= 0x40
            return
        self.regs[self.COM_IRQ] |= 0x40 | 0x20
        if reply == COLLISION:
            self.regs[self.ERROR] = 0x08
            self.fifo = [0x88, 0x04]
        else:
            self.fifo = list(reply)


# -- the world ---------------------------------------------------------------------
class Keypad:
    """A key matrix wired to row and column pins: a pressed key joins its row and column."""

    def __init__(self, rows, columns, layout):
        self.rows = rows
        self.columns = columns
        self.layout = layout
        self.down = []  # names of the keys held down

    def column_level(self, column_pin):
        c = self.columns.index(column_pin.id)
        for r, row_id in enumerate(self.rows):
            row = world.pins.get(row_id)
            pulled_low = row is not None and row.mode in (Pin.OUT, Pin.OPEN_DRAIN) and not row._v
            if pulled_low and self.layout[r][c] in self.down:
                return 0
        return 1 if column_pin.pull == Pin.PULL_UP else 0  # no pull-up: it floats low


class World:
    def __init__(self):
        self.pins = {}  # id -> the latest Pin made for it
        self.field = Field()
        self.spi_devices = {}  # bus id -> [(cs pin id, device)]
        self.keypad = None
        self.pwms = {}  # pin id -> PWM
        self.unique_id = b"\xe6\x61\x41\x03\xe7\x45\x2d\x2f"
        self.resets = 0
        self.spi_bytes = 0  # bytes clocked over SPI: the cost of a poll

    def add_rc522(self, spi, cs, rst):
        chip = RC522(self.field, rst)
        self.spi_devices.setdefault(spi, []).append((cs, chip))
        return chip

    def add_keypad(self, rows, columns, layout):
        self.keypad = Keypad(rows, columns, layout)
        return self.keypad

    def level(self, pin):
        if pin.mode in (Pin.OUT, Pin.OPEN_DRAIN):
            return pin._v
        if self.keypad is not None and pin.id in self.keypad.columns:
            return self.keypad.column_level(pin)
        return 1 if pin.pull == Pin.PULL_UP else 0

    def changed(self, pin):
        if pin._v:
            return
        for devices in self.spi_devices.values():
            for cs, device in devices:
                if cs == pin.id:
                    device.begin()  # chip select went low: a new transfer


world = World()


def new_world():
    global world
    world = World()
    return world


# -- the machine API -----------------------------------------------------------------
class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._v = 0
        self.init(mode, pull, value)
        world.pins[id] = self

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        elif not hasattr(self, "mode"):
            self.mode = Pin.IN
        self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return world.level(self)
        self._v = 1 if v else 0
        world.changed(self)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def __call__(self, v=None):
        return self.value(v)


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase

    def _exchange(self, byte):
        world.spi_bytes += 1
        if self.polarity or self.phase or self.baudrate > 10000000:
            return 0xFF  # the RC522 only speaks SPI mode 0, up to 10 MHz
        for cs, device in world.spi_devices.get(self.id, ()):
            if not world.pins[cs].value():
                return device.exchange(byte)
        return 0xFF  # nobody selected: MISO floats high

    def write(self, buf):
        for byte in buf:
            self._exchange(byte)

    def read(self, nbytes, write=0x00):
        return bytes(self._exchange(write) for _ in range(nbytes))

    def readinto(self, buf, write=0x00):
        for i in range(len(buf)):
            buf[i] = self._exchange(write)

    def write_readinto(self, write_buf, read_buf):
        for i in range(len(write_buf)):
            read_buf[i] = self._exchange(write_buf[i])


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self._freq = freq or 1000
        self._duty = duty_u16 or 0
        world.pwms[pin.id] = self

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value

    def deinit(self):
        self._duty = 0


def unique_id():
    return world.unique_id


def reset():
    world.resets += 1
