"""A compact driver for the RC522 (NXP MFRC522) 13.56 MHz reader over SPI.

It does only what the card scanner needs: find the one tag on the reader and
read its 4- or 7-byte UID (ISO 14443-3 type A: wake-up, anticollision and
select per cascade level). Registers and commands: MFRC522 datasheet, ch. 9-10.
"""

import time

# Registers.
COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
BIT_FRAMING = 0x0D
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# Reader commands (COMMAND register).
IDLE = 0x00
TRANSCEIVE = 0x0C
SOFT_RESET = 0x0F
POWER_DOWN = 0x10  # COMMAND bit: set while the chip is still starting up

# COM_IRQ bits.
RX_IRQ = 0x20
IDLE_IRQ = 0x10
TIMER_IRQ = 0x01
# ERROR bits that spoil a reply: buffer overflow, collision, parity, protocol.
REPLY_ERRORS = 0x1B

# Tag commands (ISO 14443-3).
REQA = 0x26
WUPA = 0x52
SELECT = (0x93, 0x95, 0x97)  # one per cascade level
ANTICOLLISION = 0x20  # with SELECT: "send me the UID bytes of this level"
SELECT_ALL = 0x70  # with SELECT: "the one with these UID bytes is selected"
HLTA = 0x50
CASCADE_TAG = 0x88  # first byte of a level whose UID goes on at the next level
SAK_MORE = 0x04  # SAK bit: the UID is not complete yet

# Polls of COM_IRQ before giving up on a reply; the reader's own timer (5 ms)
# normally ends the wait first, this only guards against a dead chip.
WAIT_POLLS = 300


def _sleep_ms(ms):
    if hasattr(time, "sleep_ms"):  # MicroPython
        time.sleep_ms(ms)
    else:  # CPython, in the tests
        time.sleep(ms / 1000)


def crc_a(data):
    """ISO 14443-3 CRC_A (initial 0x6363, reflected 0x1021), low byte first."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    """The reader on an SPI bus (mode 0, up to 10 MHz) with its chip-select
    and reset pins (machine.Pin outputs)."""

    def __init__(self, spi, cs, rst):
        self.spi = spi
        self.cs = cs
        self.rst = rst

    # -- registers ----------------------------------------------------------------
    def _write(self, reg, data):
        """Write one value, or several bytes (into the FIFO), to a register."""
        if isinstance(data, int):
            data = bytes((data,))
        self.cs.value(0)
        self.spi.write(bytes(((reg << 1) & 0x7E,)) + bytes(data))
        self.cs.value(1)

    def _read(self, reg, count=1):
        """Read a register `count` times in one transfer (the FIFO gives a byte each time)."""
        address = ((reg << 1) & 0x7E) | 0x80
        out = bytes((address,) * count + (0,))
        got = bytearray(count + 1)
        self.cs.value(0)
        self.spi.write_readinto(out, got)
        self.cs.value(1)
        return bytes(got[1:])

    def _reg(self, reg):
        return self._read(reg)[0]

    # -- set-up -------------------------------------------------------------------
    def init(self):
        """Reset and configure the reader; False when no RC522 answers."""
        self.cs.value(1)
        self.rst.value(1)
        self._write(COMMAND, SOFT_RESET)
        # The datasheet gives no reset time and the chip may read as all zeros
        # meanwhile, which would pass the PowerDown test below: wait first,
        # 50 ms as the common drivers do (once, at start).
        _sleep_ms(50)
        for _ in range(WAIT_POLLS):
            if not self._reg(COMMAND) & POWER_DOWN:
                break
        # Timer: 13.56 MHz / (2 * 0xD3E + 1) = 2 kHz, 10 ticks = 5 ms, started
        # by the end of each transmission: the wait for a reply that never comes.
        self._write(T_MODE, 0x8D)
        self._write(T_PRESCALER, 0x3E)
        self._write(T_RELOAD_H, 0)
        self._write(T_RELOAD_L, 10)
        self._write(TX_ASK, 0x40)  # 100 % ASK modulation, as type A needs
        self._write(TX_CONTROL, self._reg(TX_CONTROL) | 0x03)  # antenna on
        return self._reg(VERSION) not in (0x00, 0xFF)

    # -- talking to a tag ---------------------------------------------------------
    def _transceive(self, data, last_bits=0):
        """Send `data` to the tag; its reply, or None (no reply, or a garbled one).
        `last_bits`: how many bits of the last byte to send (0 = all 8)."""
        self._write(COMMAND, IDLE)
        self._write(COM_IRQ, 0x7F)  # clear every interrupt flag
        self._write(FIFO_LEVEL, 0x80)  # empty the FIFO
        self._write(FIFO_DATA, data)
        self._write(COMMAND, TRANSCEIVE)
        self._write(BIT_FRAMING, 0x80 | last_bits)  # StartSend
        for _ in range(WAIT_POLLS):
            irq = self._reg(COM_IRQ)
            if irq & (RX_IRQ | IDLE_IRQ):
                break
            if irq & TIMER_IRQ:
                return None
        else:
            return None
        self._write(BIT_FRAMING, last_bits)
        if self._reg(ERROR) & REPLY_ERRORS:
            return None
        count = self._reg(FIFO_LEVEL)
        return self._read(FIFO_DATA, count) if count else None

    def read_uid(self):
        """The UID (4 or 7 bytes) of the tag on the reader, or None.

        WUPA, unlike REQA, also wakes a halted tag, and the tag is halted after
        each read: so a tag resting on the reader answers every poll (without
        the halt it would drop back to idle silently every other poll).
        """
        if self._transceive(bytes((WUPA,)), 7) is None:
            return None
        uid = bytearray()
        for select in SELECT:
            part = self._transceive(bytes((select, ANTICOLLISION)))
            if part is None or len(part) != 5 or part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
                return None
            frame = bytes((select, SELECT_ALL)) + part
            sak = self._transceive(frame + crc_a(frame))
            if sak is None or len(sak) != 3 or crc_a(sak[:1]) != sak[1:]:
                return None
            if not sak[0] & SAK_MORE:
                uid.extend(part[:4])
                break
            uid.extend(part[1:4])  # part[0] is CASCADE_TAG
        else:
            return None
        halt = bytes((HLTA, 0))
        self._transceive(halt + crc_a(halt))  # a halted tag does not reply
        return bytes(uid)
