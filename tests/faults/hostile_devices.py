"""Hostile devices: a scanner and a bidding box that send every odd thing a
home-built or broken device may send, between the inputs of robot rubbers,
through ptys into the real driver (SerialDevice), loop, table, journal and
the app (headless, drawing every frame).

The hostile cases, dealt at random between two valid inputs, each as often:

- HELLO values: a boot number that is huge, negative, not a number or empty;
  an empty, long or odd id; NUL and control characters; invalid UTF-8; a
  HELLO without a required field (refused);
- text payloads: CALL, KEY, card codes and ERROR with NUL, control and
  escape characters, bidi overrides, invalid UTF-8, or 150 bytes;
- a reboot with the same boot number, its seq restarted and run up to the
  seq of the last input, so that the next input has that very seq: on the
  same line, with the very same input again, with its HELLO lost on the
  line, or with an unplug and replug;
- a resend across a HELLO (one valid input in five): its ACK is missed, the
  device says HELLO again (as it answers IDENTIFY) and resends;
- both devices giving the same id; a bidding box on the scanner's port
  (and a scanner on the bidding box's).

What must hold: the journal's events equal those the valid inputs make (a
table of their own, fed directly), in order; every input a device sent,
valid or not, is handed to the table exactly once; the app stays up and
draws, every banner is printable, and the wrong port is said each time.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import random
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from device.engine.events import Setup
from device.engine.game import Game
from device.engine.record import sheet_report, to_record
from device.hal.events import CALL, CARD, KEY, Input
from device.hal.serial_device import SerialDevice, _to_input
from device.loop import TableLoop
from device.robots import play_rubber
from device.sim.links import PtyLink
from device.sim.script import record_steps
from device.store.journal import Journal
from device.table import Table
from firmware_bridge import protocol as p

STEP_TIMEOUT_S = 10.0
PORTS = ("scanner", "bidbox")
# Each has a character inside that no strip() removes: never a valid call, key or card.
BAD_TEXTS = [
    b"1\x00S",
    b"\x00",
    b"P\x00",
    b"O\x1b[2JK",
    b"X\x07X",
    b"\xe2\x80\xae1S",  # a bidi override, then 1S
    b"3\xffNT",
    b"\xc3",
    b"M\x00ENU",
    b"7" * 150 + b"\x01",
    b"U\xed\xa0\x80NDO",  # an encoded surrogate: invalid UTF-8
]
BAD_BOOTS = [
    b"9" * 40,
    b"-" + b"9" * 30,
    b"-17",
    b"",
    b"abc",
    b"0x1F",
    b"\x00\x00",
    b"\xff\xfe",
    b"1e9",
    b" 7",
    b"9223372036854775808",
]
BAD_IDS = [b"", b"\x00", b"\x1b[31mRED", b"\xff" * 30, b"A" * 90, b"\xe2\x80\xaeDI", b"id=x"]


class Hostile:
    """A device on a pty that this process drives by hand (`tick`): a real Outbox
    for its inputs, and whatever HELLO and junk the campaign asks for."""

    def __init__(self, port: str, folder: Path, ident: bytes, boot: bytes):
        self.port = port
        self.link = PtyLink(folder / port)
        self.link.open()
        self.fields = {b"kind": port.encode(), b"fw": b"hostile", b"id": ident, b"boot": boot}
        self.outbox = p.Outbox()
        self.decoder = p.Decoder()
        self.deaf = 0  # ACKs of the input in flight still to be missed
        self.sent: list[tuple[int, bytes]] = []  # every input put, valid or not
        self.identified = 0  # IDENTIFYs heard

    def hello_payload(self) -> bytes:
        return b";".join(key + b"=" + value for key, value in self.fields.items())

    def hello(self, payload: bytes | None = None) -> None:
        self.link.write(self.outbox.frame(p.HELLO, payload or self.hello_payload()))

    def send(self, ftype: int, payload: bytes = b"") -> None:
        """A frame that is not an input (ERROR, HEARTBEAT)."""
        self.link.write(self.outbox.frame(ftype, payload))

    def put(self, ftype: int, payload: bytes) -> None:
        assert self.outbox.put(ftype, payload)
        self.sent.append((ftype, payload))

    @property
    def next_seq(self) -> int:
        return self.outbox._seq

    @property
    def last_input_seq(self) -> int | None:
        return self.outbox._last_input_seq

    def tick(self) -> None:
        for frame in self.decoder.feed(self.link.read(0)):
            if frame.type == p.ACK and frame.payload:
                if self.deaf and frame.payload[0] == self.outbox.pending_seq:
                    self.deaf -= 1
                    continue
                self.outbox.ack(frame.payload[0])
            elif frame.type == p.IDENTIFY:
                self.identified += 1
                self.hello()
        for wire in self.outbox.poll(int(time.monotonic() * 1000)):
            self.link.write(wire)

    def reboot(self) -> None:
        """Start again with the same HELLO, so the same boot: seq from 0."""
        self.outbox = p.Outbox()
        self.hello()

    def run_seq_to(self, seq: int | None) -> None:
        """Heartbeats until the next frame gets `seq`."""
        while seq is not None and self.next_seq != seq:
            self.send(p.HEARTBEAT)

    def close(self) -> None:
        self.link.close()


class Campaign:
    """One robot rubber of Plain Honeymoon with hostile cases between its inputs."""

    def __init__(self, seed: int, folder: Path, rng: random.Random):
        self.rng = rng
        self.counts: Counter = Counter()
        self.problems: list[str] = []
        self.expected = play_rubber(seed, "plain")
        self.record = to_record(self.expected)
        self.messages: list[str] = []
        self.inputs: queue.Queue = queue.Queue()
        self.devices = {
            port: Hostile(port, folder, f"HD-{port}".encode(), str(seed).encode()) for port in PORTS
        }
        self.drivers = {
            port: SerialDevice(str(folder / port), self.inputs, port, retry=0.05).start()
            for port in PORTS
        }
        self.journal = Journal(folder / "journal.sqlite3")
        first = self.expected.players.index(self.record["first_dealer"])
        game = Game(Setup("plain", self.expected.players, first))
        self.table = Table(game, journal=self.journal)
        # The same valid inputs, straight into a table of its own: what must be stored.
        self.reference = Table(Game(Setup("plain", self.expected.players, first)))
        self._deck: list = []  # the hostile cases still to draw before a new shuffle
        loop = TableLoop(self.table, self.inputs, self.drivers)
        self.handed: dict[str, list] = {port: [] for port in PORTS}  # inputs the loop got
        self.app = _app(_noting(loop, self.handed), self.messages)
        self.last_seq: dict[str, int | None] = {port: None for port in PORTS}

    # -- driving ---------------------------------------------------------------------
    def run_until(self, done, what: str) -> bool:
        end = time.monotonic() + STEP_TIMEOUT_S
        while time.monotonic() < end:
            for device in self.devices.values():
                device.tick()
            self.app.step(0.002)
            self._check_banner()
            if done():
                return True
        self.problems.append(f"timed out: {what}")
        return False

    def idle(self, port: str) -> bool:
        device = self.devices[port]
        if not self.run_until(lambda: device.outbox.waiting == 0, f"{port} acknowledged"):
            return False
        self.last_seq[port] = device.last_input_seq
        return True

    def connected(self, port: str, payload: bytes) -> bool:
        """Until the driver holds the session of the HELLO `payload`."""
        from device.hal.hello import read_hello

        session = read_hello(payload, port).session
        driver = self.drivers[port]
        return self.run_until(lambda: driver.session == session, f"{port} connected")

    def _check_banner(self) -> None:
        banner = self.app.ui.banner
        if banner is not None and not banner.isprintable():
            self.problems.append(f"a banner that is not printable: {banner!r}")

    # -- the rubber ------------------------------------------------------------------
    def play(self, hostile_per_step: float, max_steps: int | None = None) -> None:
        for port in PORTS:
            self.connected(port, self.devices[port].hello_payload())
        chance = hostile_per_step / (1 + hostile_per_step)  # a geometric count, this mean
        for port, what in record_steps(self.record)[:max_steps]:
            while self.rng.random() < chance:
                self.hostile_case()
            self.valid(port, what)
        for port in PORTS:
            self.idle(port)

    def valid(self, port: str, what: str) -> None:
        self.counts["valid inputs"] += 1
        device = self.devices[port]
        kind = CARD if port == "scanner" else KEY if what in p.KEYS else CALL
        if kind == CARD:
            device.put(p.CARD, p.card_code_payload(what))
        else:
            device.put(p.KEY if kind == KEY else p.CALL, what.encode())
        self.reference.handle(Input(kind, what, "reference"))
        if self.rng.random() < 0.2:  # its ACK is missed: the resend crosses a HELLO
            self.counts["resend across a HELLO"] += 1
            device.deaf = 1
            self.run_until(lambda: device.deaf == 0, "the ACK to miss")
            device.hello()
        self.idle(port)

    # -- the hostile cases -----------------------------------------------------------
    def hostile_case(self) -> None:
        if not self._deck:  # every case as often as the others, in a random order
            self._deck = [self.bad_boot, self.bad_id, self.bad_hello_text, self.missing_field]
            self._deck += [self.bad_payload, self.bad_payload, self.bad_error_text]
            self._deck += [self.reboot_same_boot, self.reboot_repeat, self.reboot_unheard]
            self._deck += [self.unplug_same_boot]
            self._deck += [self.same_id, self.wrong_port]
            self.rng.shuffle(self._deck)
        case = self._deck.pop()
        self.counts["cases"] += 1
        self.counts[case.__name__] += 1
        case(self.rng.choice(PORTS))

    def _new_hello(self, port: str, **fields: bytes) -> None:
        device = self.devices[port]
        device.fields.update({name.encode(): value for name, value in fields.items()})
        device.hello()
        self.connected(port, device.hello_payload())

    def bad_boot(self, port: str) -> None:
        self._new_hello(port, boot=self.rng.choice(BAD_BOOTS))

    def bad_id(self, port: str) -> None:
        self._new_hello(port, id=self.rng.choice(BAD_IDS))

    def bad_hello_text(self, port: str) -> None:
        """Odd text in fw, and in a key of its own."""
        text = self.rng.choice(BAD_TEXTS)
        device = self.devices[port]
        self._new_hello(port, fw=text[:20])
        base = device.hello_payload()
        device.hello(base + (b";x" + text + b"=" + text)[: p.MAX_PAYLOAD - len(base)])

    def missing_field(self, port: str) -> None:
        """Refused: the session stays the one before."""
        device = self.devices[port]
        fields = dict(device.fields)
        del fields[self.rng.choice(list(fields))]
        device.hello(b";".join(key + b"=" + value for key, value in fields.items()))

    def bad_payload(self, port: str) -> None:
        """An input the table refuses (and acknowledges): never applied."""
        ftype = self.rng.choice((p.CALL, p.KEY, p.CARD))
        text = self.rng.choice(BAD_TEXTS)
        self.devices[port].put(ftype, bytes((p.CARD_CODE,)) + text if ftype == p.CARD else text)
        self.idle(port)

    def bad_error_text(self, port: str) -> None:
        self.devices[port].send(p.ERROR, self.rng.choice(BAD_TEXTS))

    def reboot_same_boot(self, port: str) -> None:
        """On the same line: the first input after it gets the seq of the last one stored."""
        device = self.devices[port]
        device.reboot()
        device.run_seq_to(self.last_seq[port])

    def reboot_repeat(self, port: str) -> None:
        """After the reboot, the very input before it again, with its seq: new all the
        same (a refused one, so that the table's rules cannot hide a loss)."""
        device = self.devices[port]
        payload = self.rng.choice(BAD_TEXTS)
        device.put(p.CALL, payload)
        if self.idle(port):
            device.reboot()
            device.run_seq_to(self.last_seq[port])
            device.put(p.CALL, payload)
            self.idle(port)

    def reboot_unheard(self, port: str) -> None:
        """A reboot whose HELLO is lost on the line; the next input has the last seq
        but other contents: a new input, not a resend."""
        device = self.devices[port]
        last = device.sent[-1][1] if device.sent else b""
        device.outbox = p.Outbox()
        device.outbox.frame(p.HELLO)  # its seq is used, its bytes never arrive
        device.run_seq_to(self.last_seq[port])
        device.put(p.KEY, self.rng.choice([t for t in BAD_TEXTS if t != last]))
        self.idle(port)

    def unplug_same_boot(self, port: str) -> None:
        """Unplugged, back with the same boot; the player presses once it is back."""
        device, driver = self.devices[port], self.drivers[port]
        device.close()
        self.run_until(lambda: not driver.connected, f"{port} seen unplugged")
        asked = device.identified
        device.link.open()
        device.reboot()
        self.run_until(lambda: device.identified > asked, f"{port} asked who it is")
        self.connected(port, device.hello_payload())
        device.run_seq_to(self.last_seq[port])

    def same_id(self, port: str) -> None:
        ident = self.rng.choice([b"TWIN", *BAD_IDS])
        for each in PORTS:
            self._new_hello(each, id=ident)

    def wrong_port(self, port: str) -> None:
        """The other kind on this port: the screen says so; then the right kind again."""
        other = "bidbox" if port == "scanner" else "scanner"
        words = {"scanner": "the scanner", "bidbox": "the bidding box"}
        said = f"{words[other]} is plugged into {words[port]}'s port"
        shown = len([m for m in self.messages if m == said])
        self._new_hello(port, kind=other.encode())
        if self.run_until(lambda: self.messages.count(said) > shown, "the wrong port said"):
            self.counts["wrong port said"] += 1
        self._new_hello(port, kind=port.encode())

    # -- the end ---------------------------------------------------------------------
    def check(self) -> dict:
        wanted = [event.to_dict() for event in self.reference.game.events]
        got = [event.to_dict() for event in self.journal.rubber(self.table.rubber).events]
        lost, doubled = _minus(wanted, got), _minus(got, wanted)
        if got != wanted:
            self.problems.append(
                f"the journal holds {len(got)} events, the inputs make {len(wanted)}"
            )
        if sheet_report(self.table.game) != sheet_report(self.reference.game):
            self.problems.append("the sheet differs from the one the valid inputs make")
        if not all(driver._thread.is_alive() for driver in self.drivers.values()):
            self.problems.append("a driver's reader thread died")
        ports = {key.split("/", 1)[0] for key, _ in self.journal.applied()}
        if ports != set(PORTS):
            self.problems.append(f"sessions stored for {sorted(ports)}, not for both ports")
        valid_lost = len(lost)
        for port, device in self.devices.items():  # each input handed over exactly once
            sent = [_as_input(port, ftype, payload) for ftype, payload in device.sent]
            lost += _minus(sent, self.handed[port])
            doubled += _minus(self.handed[port], sent)
        if lost or doubled:
            self.problems.append(f"inputs lost: {len(lost)}, applied twice: {len(doubled)}")
        return {"valid lost": valid_lost, "lost": len(lost), "doubled": len(doubled)}

    def close(self) -> None:
        for driver in self.drivers.values():
            driver.stop()
        for device in self.devices.values():
            device.close()
        self.journal.close()


def _noting(loop: TableLoop, handed: dict[str, list]) -> TableLoop:
    """The loop, noting every device input it handles (kind, value, uid) by port."""
    handle = loop.handle

    def noting(item: Input):
        if item.seq is not None:
            handed[item.source].append((item.kind, item.value, item.uid))
        return handle(item)

    loop.handle = noting
    return loop


def _as_input(port: str, ftype: int, payload: bytes) -> tuple:
    """(kind, value, uid) of the Input the driver makes of a frame."""
    item = _to_input(p.Frame(ftype, 0, payload), port, ("", 0))
    return (item.kind, item.value, item.uid)


def _app(loop: TableLoop, messages: list[str]):
    """The real app, headless, noting every banner it shows."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device.ui.app import App
    from device.ui.screens.base import UiState

    app = App(loop, UiState(scanner=True))
    note = app.note

    def noting(item, outcome):
        note(item, outcome)
        if app.ui.banner:
            messages.append(app.ui.banner)

    app.note = noting
    return app


def _minus(a: list, b: list) -> list:
    """The items of `a` that `b` lacks, counted as a multiset."""
    left, out = list(b), []
    for item in a:
        if item in left:
            left.remove(item)
        else:
            out.append(item)
    return out


def run(
    rubbers: int = 4, seed: int = 1, hostile_per_step: float = 2.0, max_steps: int | None = None
) -> dict:
    """`rubbers` robot rubbers (or their first `max_steps` inputs), with on average
    `hostile_per_step` hostile cases before each valid input."""
    rng = random.Random(seed)
    totals: Counter = Counter()
    problems: list[str] = []
    lost = valid_lost = doubled = down = 0
    with _quiet(logging.getLogger("device")):  # its warnings are the point: not for the terminal
        for number in range(rubbers):
            folder = _folder()
            campaign = Campaign(seed * 1000 + number, folder, rng)
            try:
                campaign.play(hostile_per_step, max_steps)
                result = campaign.check()
            except Exception as error:  # the table went down: that is the finding
                down += 1
                problems.append(f"rubber {number + 1}: the table went down: {error!r}")
                result = {"valid lost": 0, "lost": 0, "doubled": 0}
            finally:
                campaign.close()
                shutil.rmtree(folder, ignore_errors=True)  # its journal was checked
            totals.update(campaign.counts)
            problems += campaign.problems
            lost += result["lost"]
            valid_lost += result["valid lost"]
            doubled += result["doubled"]
    return {
        "rubbers": rubbers,
        "cases": totals["cases"],
        "valid inputs": totals["valid inputs"],
        "valid lost": valid_lost,
        "lost": lost,
        "doubled": doubled,
        "up": rubbers - down,
        "counts": dict(totals),
        "problems": problems,
    }


def _folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="honeymoon-hostile-"))


@contextlib.contextmanager
def _quiet(logger: logging.Logger):
    """The logger's records go nowhere while this lasts."""
    handler, propagate = logging.NullHandler(), logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def summary(result: dict) -> str:
    return (
        f"hostile devices: {result['cases']:,} hostile cases between "
        f"{result['valid inputs']:,} valid inputs ({result['rubbers']} rubbers), "
        f"table still up in {result['up']} of {result['rubbers']}, "
        f"valid inputs lost: {result['valid lost']} (any input: {result['lost']}), "
        f"applied twice: {result['doubled']}"
    )
