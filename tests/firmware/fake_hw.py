"""A fake `hw` object for app.Firmware, the serial line, and a bench that runs
the firmware on a simulated clock while playing the host. Runs under CPython
and MicroPython."""

try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import app
except ImportError:  # MicroPython runner: every module side by side
    import app
    import protocol

STEP_MS = 5  # the simulated main loop turns every 5 ms


class Line:
    """The USB serial between the device and the host."""

    def __init__(self):
        self.to_device = bytearray()
        self.to_host = bytearray()

    def read(self):  # the device's side
        data, self.to_device = bytes(self.to_device), bytearray()
        return data

    def write(self, data):  # the device's side
        self.to_host.extend(data)

    def take(self):  # the host's side
        data, self.to_host = bytes(self.to_host), bytearray()
        return data


class FakeHw:
    """The `hw` interface of app.py, with every input and output in plain sight."""

    def __init__(self):
        self.kind = "combo"
        self.ident = "e6614103e7452d2f"
        self.boot = 7
        self.faults = []
        self.line = Line()
        self.on_reader = None  # what card() reports: UID bytes, a code str, or None
        self.down = []  # the keys held down
        self.leds = None
        self.beeps = []

    def read(self):
        return self.line.read()

    def write(self, data):
        self.line.write(data)

    def card(self):
        return self.on_reader

    def held_keys(self):
        return list(self.down)

    def set_leds(self, mask):
        self.leds = mask

    def beep(self, pattern):
        self.beeps.append(pattern)

    def tick(self, now_ms):
        pass


class Bench:
    """Runs a Firmware on a simulated clock and plays the host: decodes all the
    device writes (`log`: (time, frame)), sends commands, acks if asked."""

    def __init__(self, hw=None, line=None, keyboard=None, start=1000):
        self.hw = hw if hw is not None else FakeHw()
        self.line = line if line is not None else self.hw.line
        self.keyboard = keyboard if keyboard is not None else self.hw  # has .down
        self.fw = app.Firmware(self.hw)
        self.decoder = protocol.Decoder()
        self.now = start
        self.log = []
        self.auto_ack = False

    def run(self, ms):
        for _ in range(ms // STEP_MS):
            self.fw.poll(self.now)
            for frame in self.decoder.feed(self.line.take()):
                self.log.append((self.now, frame))
                if self.auto_ack and frame.type in protocol.RELIABLE:
                    self.send(protocol.ACK, bytes((frame.seq,)))
            self.now = (self.now + STEP_MS) & 0x3FFFFFFF  # ticks_ms wraps at 2**30

    def send(self, ftype, payload=b"", seq=0):
        self.line.to_device.extend(protocol.encode_frame(ftype, seq, payload))

    def frames(self, *types):
        return [frame for _, frame in self.log if not types or frame.type in types]

    def times(self, ftype):
        return [t for t, frame in self.log if frame.type == ftype]

    def texts(self, ftype):
        return [frame.text for frame in self.frames(ftype)]

    def inputs(self):
        """The inputs the host received, resends left out, as (type name, payload)."""
        out, last_seq = [], None
        for frame in self.frames(*protocol.RELIABLE):
            if frame.seq != last_seq:  # a resend keeps its seq; the next input never does
                out.append((protocol.TYPE_NAMES[frame.type], frame.payload))
            last_seq = frame.seq
        return out

    def press(self, name, hold=60, after=60):
        self.keyboard.down.append(name)
        self.run(hold)
        self.keyboard.down.remove(name)
        self.run(after)

    def wiggle(self, name, levels):
        """Set a key's raw level for one loop turn each: bounce, glitches."""
        for level in levels:
            if level and name not in self.keyboard.down:
                self.keyboard.down.append(name)
            elif not level and name in self.keyboard.down:
                self.keyboard.down.remove(name)
            self.run(STEP_MS)
