"""The firmware's checks, in the Python both interpreters run: plain asserts, no
pytest. pytest runs each one under CPython (test_firmware.py); `main()` runs
them all under the real MicroPython (mp_run.mjs). Not named test_*: pytest
must not collect this file itself.
"""

import sys

try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import app, keys, mfrc522
    from tests.firmware import fake_hw, fake_machine
except ImportError:  # MicroPython runner: every module side by side
    import app
    import fake_hw
    import fake_machine
    import keys
    import mfrc522
    import protocol

TMP = "/tmp"  # where the boot counter goes; pytest points it at a fresh directory

UID_A = b"\x04\x8a\x2c\x1b"
UID_B = b"\x9e\x11\x07\xc2"
UID_7 = b"\x04\x5d\x2f\xa2\x6b\x41\x80"  # an NTAG's 7-byte UID


def load_board():
    """board.py, imported with the fake `machine` in place of the real one."""
    sys.modules["machine"] = fake_machine
    try:
        from firmware_bridge.firmware import board
    except ImportError:
        import board
    return board


def board_bench(kind="combo", rc522=True):
    """A Bench around the real board.Hardware on a fresh fake world."""
    board = load_board()
    world = fake_machine.new_world()
    if rc522:
        world.add_rc522(board.RC522_SPI, board.RC522_CS, board.RC522_RST)
    world.add_keypad(board.KEY_ROWS, board.KEY_COLUMNS, keys.LAYOUT)
    line = fake_hw.Line()
    hw = board.Hardware(serial=line, boot_file=TMP + "/boot_count", kind=kind)
    return fake_hw.Bench(hw, line, keyboard=world.keypad), world


def card(uid):
    return ("CARD", b"\x00" + uid)


def call(text):
    return ("CALL", text.encode())


def key(text):
    return ("KEY", text.encode())


# -- protocol v1 under this interpreter ----------------------------------------------
def check_crc_check_value():
    assert protocol.crc16(b"123456789") == 0x29B1


def check_frame_round_trip():
    cases = (
        (protocol.CARD, 0, protocol.card_uid_payload(b"\x04\x00\x03\xff")),
        (protocol.CALL, 255, b"7NT"),
        (protocol.HEARTBEAT, 3, b""),
        (protocol.ERROR, 9, bytes(range(200))),
        (protocol.LEDS, 17, b"\x00"),
        (protocol.ACK, 1, b"\x03"),
    )
    for ftype, seq, payload in cases:
        wire = protocol.encode_frame(ftype, seq, payload)
        assert wire[-1] == 0 and 0 not in wire[:-1]
        assert protocol.Decoder().feed(wire) == [protocol.Frame(ftype, seq, payload)]


def check_decoder_resyncs_after_garbage():
    good = protocol.encode_frame(protocol.ACK, 1, b"\x05")
    decoder = protocol.Decoder()
    stream = b"noise\x00" + good + b"\x07" * 300 + b"\x00" + good[:4] + b"\x00" + good
    assert decoder.feed(stream) == [protocol.Frame(protocol.ACK, 1, b"\x05")] * 2
    assert decoder.dropped_total == 3


def check_outbox_resend_and_ack():
    outbox = protocol.Outbox()
    assert outbox.put(protocol.CALL, b"1S")
    first = outbox.poll(0)
    seq = protocol.Decoder().feed(first[0])[0].seq
    assert outbox.poll(199) == []
    assert outbox.poll(200) == first
    assert not outbox.ack((seq + 1) & 0xFF)
    assert outbox.poll(400) == first
    assert outbox.ack(seq)
    assert outbox.poll(600) == []
    beat = protocol.Decoder().feed(outbox.poll(1400)[0])[0]
    assert beat.type == protocol.HEARTBEAT


# -- the firmware (app.py) on a fake hw ------------------------------------------------
def check_hello_at_start():
    bench = fake_hw.Bench()
    bench.run(fake_hw.STEP_MS)
    hello = bench.log[0][1]
    assert hello.type == protocol.HELLO
    assert protocol.parse_hello(hello.payload) == {
        "kind": "combo",
        "fw": app.FW_VERSION,
        "id": "e6614103e7452d2f",
        "boot": "7",
    }


def check_each_card_once_per_placement():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    bench.hw.on_reader = UID_A
    bench.run(2000)  # resting on the reader
    assert bench.inputs() == [card(UID_A)]
    bench.hw.on_reader = None
    bench.run(300)  # lifted ...
    bench.hw.on_reader = UID_A
    bench.run(500)  # ... and put back: a new read
    assert bench.inputs() == [card(UID_A), card(UID_A)]
    bench.hw.on_reader = UID_B
    bench.run(500)  # swapped for another card
    assert bench.inputs() == [card(UID_A), card(UID_A), card(UID_B)]


def check_absence_window():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    bench.hw.on_reader = UID_A
    bench.run(500)
    bench.hw.on_reader = None
    bench.run(100)  # two missed reads (polls every 50 ms): not a lift
    bench.hw.on_reader = UID_A
    bench.run(500)
    assert bench.inputs() == [card(UID_A)]
    bench.hw.on_reader = None
    bench.run(150)  # three: the card was lifted
    bench.hw.on_reader = UID_A
    bench.run(500)
    assert bench.inputs() == [card(UID_A), card(UID_A)]


def check_card_code_hook():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    bench.hw.on_reader = "SA"
    bench.run(500)
    assert bench.inputs() == [("CARD", b"\x01SA")]


def check_keys_debounced():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    bench.wiggle("OK", (1, 0, 1, 1, 0, 1, 0))  # bounce, within the debounce time
    bench.wiggle("OK", (1,) * 40)  # then held for 200 ms
    bench.wiggle("OK", (0, 1, 0, 0, 1) + (0,) * 20)  # bounce on release
    assert bench.inputs() == [key("OK")]
    bench.wiggle("MENU", (1, 1, 1, 0) + (0,) * 20)  # a 15 ms glitch is no press
    assert bench.inputs() == [key("OK")]
    bench.press("MENU", hold=2000)  # held down long: one press
    assert bench.inputs() == [key("OK"), key("MENU")]


def check_level_and_strain_make_one_call():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    for name in ("1", "S", "7", "NT", "P", "X", "XX", "OK", "UNDO", "MENU", "2", "C"):
        bench.press(name)
    assert bench.inputs() == [
        call("1S"),
        call("7NT"),
        call("P"),
        call("X"),
        call("XX"),
        key("OK"),
        key("UNDO"),
        key("MENU"),
        call("2C"),
    ]
    assert bench.hw.beeps == []


def check_level_rules():
    bench = fake_hw.Bench()
    bench.auto_ack = True
    bench.press("H")  # a strain with no level: an ERROR for the table, no input
    assert bench.inputs() == [] and bench.texts(protocol.ERROR) == ["press a level first"]
    for name in ("2", "3", "H"):  # a second level replaces the first
        bench.press(name)
    assert bench.inputs() == [call("3H")]
    for name in ("4", "UNDO", "C"):  # any other key drops the waiting level
        bench.press(name)
    for name in ("6", "P", "D", "5", "MENU", "NT"):
        bench.press(name)
    assert bench.inputs() == [call("3H"), key("UNDO"), call("P"), key("MENU")]
    assert bench.texts(protocol.ERROR) == ["press a level first"] * 4
    assert bench.hw.beeps == []  # the table beeps when it hears the ERROR


def check_resend_every_200ms_until_ack():
    bench = fake_hw.Bench()
    bench.hw.on_reader = UID_A
    bench.run(1000)
    sent = bench.times(protocol.CARD)
    assert [t - sent[0] for t in sent] == [0, 200, 400, 600, 800]
    assert len(set(frame.seq for frame in bench.frames(protocol.CARD))) == 1
    bench.hw.on_reader = UID_B  # waits while CARD A is unacknowledged
    bench.run(100)
    assert bench.inputs() == [card(UID_A)]
    sent_a = len(bench.frames(protocol.CARD))
    bench.send(protocol.ACK, bytes((bench.frames(protocol.CARD)[0].seq,)))
    bench.run(1000)
    assert bench.inputs() == [card(UID_A), card(UID_B)]
    assert [f.payload for f in bench.frames(protocol.CARD)].count(b"\x00" + UID_A) == sent_a


def check_ack_for_another_seq_is_ignored():
    bench = fake_hw.Bench()
    bench.press("P")
    seq = bench.frames(protocol.CALL)[0].seq
    bench.send(protocol.ACK, bytes(((seq + 1) & 0xFF,)))
    bench.send(protocol.ACK, bytes(((seq - 1) & 0xFF,)))
    bench.run(400)
    assert len(bench.frames(protocol.CALL)) == 3  # sent, resent twice
    bench.send(protocol.ACK, bytes((seq,)))
    bench.run(1000)
    assert len(bench.frames(protocol.CALL)) == 3


def check_queue_of_32_then_error_beep_and_drop():
    bench = fake_hw.Bench()
    for i in range(34):  # no ACK: 1 in flight, 32 waiting, the 34th dropped
        bench.hw.on_reader = bytes((1, 2, 3, i))
        bench.run(app.CARD_POLL_MS)
    assert bench.hw.beeps == [protocol.BEEP_ERROR]
    assert bench.texts(protocol.ERROR) == ["queue full, dropped CARD"]
    bench.auto_ack = True  # the host catches up: everything queued arrives, in order
    bench.run(3000)
    assert bench.inputs() == [card(bytes((1, 2, 3, i))) for i in range(33)]


def check_leds_and_beep_commands_reach_hw():
    bench = fake_hw.Bench()
    bench.send(protocol.LEDS, bytes((protocol.LED_ERROR | 0x05,)))
    bench.send(protocol.BEEP, bytes((protocol.BEEP_ATTENTION,)))
    bench.run(10)
    assert bench.hw.leds == 0x85
    assert bench.hw.beeps == [protocol.BEEP_ATTENTION]
    bench.send(protocol.BEEP, b"\x09")  # PROTOCOL.md: an unknown pattern plays as "ok"
    bench.run(10)
    assert bench.hw.beeps == [protocol.BEEP_ATTENTION, protocol.BEEP_OK]
    bench.send(protocol.LEDS, b"")
    bench.send(protocol.BEEP, b"")
    bench.send(protocol.ACK, b"\x01\x02")
    bench.run(10)
    assert bench.hw.leds == 0x85 and len(bench.hw.beeps) == 2
    assert bench.texts(protocol.ERROR) == [
        "LEDS payload must be 1 byte",
        "BEEP payload must be 1 byte",
        "ACK payload must be 1 byte",
    ]


def check_camera_frames_from_the_host_are_ignored():
    """PROTOCOL.md: a host may send LEARN and PREVIEW to any scanner; the Pico ignores them."""
    bench = fake_hw.Bench()
    bench.run(100)
    before = len(bench.log)
    bench.send(protocol.LEARN, b"SA")
    bench.send(protocol.LEARN, b"")
    bench.send(protocol.PREVIEW, b"\x01")
    bench.run(10)
    assert bench.log[before:] == [] and bench.hw.beeps == [] and bench.hw.leds is None


def check_identify_answered_with_hello():
    bench = fake_hw.Bench()
    bench.run(100)
    bench.send(protocol.IDENTIFY)
    bench.run(10)
    hellos = bench.frames(protocol.HELLO)
    assert len(hellos) == 2 and hellos[0].payload == hellos[1].payload


def check_input_resent_across_reconnects_until_acked():
    """The host reopens its port again and again (its IDENTIFY each time) while it
    stores the input in flight slowly: the device answers each with HELLO and keeps
    resending the very same frame; the host acknowledges every frame it hears, HELLO
    included, and none of those ACKs may take the input for acknowledged. Over 300
    HELLOs the seq goes round: no HELLO or ERROR ever takes the input's seq."""
    bench = fake_hw.Bench()
    bench.hw.faults = ["RC522 not found"]  # an ERROR after every HELLO too
    bench.press("P")
    pending = bench.frames(protocol.CALL)[0]
    for _ in range(300):
        bench.send(protocol.IDENTIFY)
        bench.run(10)
        for frame in bench.frames(protocol.HELLO, protocol.ERROR)[-2:]:
            bench.send(protocol.ACK, bytes((frame.seq,)))  # as the host answers them
        bench.run(10)
    others = bench.frames(protocol.HELLO, protocol.ERROR, protocol.HEARTBEAT)
    assert len(others) > 600 and pending.seq not in [f.seq for f in others]
    bench.run(400)
    assert bench.frames(protocol.CALL)[-1] == pending  # still resent, unchanged
    bench.send(protocol.ACK, bytes((pending.seq,)))
    bench.run(20)
    resent = len(bench.frames(protocol.CALL))
    bench.run(1000)
    assert len(bench.frames(protocol.CALL)) == resent  # the ACK after all that ends it
    assert bench.inputs() == [call("P")]


def check_outbox_frames_skip_the_seq_in_flight():
    outbox = protocol.Outbox()
    outbox.put(protocol.KEY, b"OK")
    seq = protocol.Decoder().feed(outbox.poll(0)[0])[0].seq
    seqs = [protocol.Decoder().feed(outbox.frame(protocol.HELLO))[0].seq for _ in range(600)]
    assert seq not in seqs and len(set(seqs)) == 255
    assert outbox.ack(seq)
    seqs = [protocol.Decoder().feed(outbox.frame(protocol.HELLO))[0].seq for _ in range(256)]
    assert len(set(seqs)) == 256  # nothing in flight: every seq again


def check_heartbeat_every_second_when_idle():
    bench = fake_hw.Bench()
    bench.run(3500)
    start = bench.times(protocol.HELLO)[0]
    assert [t - start for t in bench.times(protocol.HEARTBEAT)] == [1000, 2000, 3000]
    assert len(bench.log) == 4


def check_timing_across_the_ticks_wrap():
    bench = fake_hw.Bench(start=0x3FFFFFFF - 300)  # ticks_ms wraps 2**30 ms after start
    bench.run(1500)
    beats = bench.times(protocol.HEARTBEAT)
    assert [keys.elapsed(t, bench.times(protocol.HELLO)[0]) for t in beats] == [1000]
    bench.press("P")
    bench.run(500)
    sent = bench.times(protocol.CALL)
    assert [keys.elapsed(t, sent[0]) for t in sent] == [0, 200, 400]


def check_garbage_does_not_crash():
    bench = fake_hw.Bench()
    state = 12345
    noise = bytearray()
    for _ in range(4000):  # a small LCG: the same noise under both interpreters
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        noise.append((state >> 16) & 0xFF if state & 0x700 else 0)
    bench.line.to_device.extend(noise)
    bench.line.to_device.extend(b"\x00" * 10 + b"\x01" * 1000 + b"\x00")
    bench.send(protocol.CARD, protocol.card_uid_payload(UID_A))  # an echo of our own
    bench.run(20)
    bench.send(protocol.LEDS, b"\x02")
    bench.run(20)
    assert bench.hw.leds == 0x02
    assert bench.fw.decoder.dropped_total > 0
    assert [frame.type for frame in bench.frames()] == [protocol.HELLO]


def check_crash_report():
    bench = fake_hw.Bench()
    bench.run(5)
    bench.fw.report_crash(ValueError("bad thing"))
    bench.run(5)
    assert bench.texts(protocol.ERROR) == ["crash: ValueError: bad thing"]


# -- board.py and the RC522 driver on the fake machine ------------------------------------
def check_crc_a():
    assert mfrc522.crc_a(b"\x50\x00") == b"\x57\xcd"  # HLTA, as in ISO 14443-3
    assert mfrc522.crc_a(b"\x93\x70\x88\x04\x5d\x2f\xf6") == fake_machine.crc_a(
        b"\x93\x70\x88\x04\x5d\x2f\xf6"
    )


def check_rc522_driver_reads_uids():
    board = load_board()
    world = fake_machine.new_world()
    world.add_rc522(0, board.RC522_CS, board.RC522_RST)
    spi = fake_machine.SPI(0, baudrate=1000000, polarity=0, phase=0)
    cs = fake_machine.Pin(board.RC522_CS, fake_machine.Pin.OUT, value=1)
    rst = fake_machine.Pin(board.RC522_RST, fake_machine.Pin.OUT, value=0)
    reader = mfrc522.MFRC522(spi, cs, rst)
    assert reader.init()
    before = world.spi_bytes
    assert reader.read_uid() is None
    assert world.spi_bytes - before < 60  # the reader's timer ends the wait, not our loop
    for uid in (UID_A, UID_7):
        tag = fake_machine.Tag(uid)
        world.field.place(tag)
        assert [reader.read_uid() for _ in range(3)] == [uid] * 3  # every poll, while it rests
        assert tag.state == "halt"
        world.field.lift()
        assert reader.read_uid() is None
    world.field.place(fake_machine.Tag(UID_A))
    world.field.place(fake_machine.Tag(UID_B))
    assert reader.read_uid() is None  # two tags at once: no guess


def check_board_hello_and_boot_counter():
    board = load_board()
    path = TMP + "/boot_count"
    with open(path, "w") as f:
        f.write("41")
    bench, world = board_bench()
    bench.run(5)
    assert protocol.parse_hello(bench.frames()[0].payload) == {
        "kind": "combo",
        "fw": app.FW_VERSION,
        "id": "e6614103e7452d2f",
        "boot": "42",
    }
    boots = [board.Hardware(serial=fake_hw.Line(), boot_file=path).boot for _ in range(2)]
    assert boots == [43, 44]
    # No place for the file at all (read and write fail): the board still starts.
    nowhere = board.Hardware(serial=fake_hw.Line(), boot_file=TMP + "/no/such/dir/boot_count")
    assert board.RANDOM_BOOT <= nowhere.boot < board.MAX_BOOT


class Files:
    """A flash for board.count_boot: `open_file(path, mode)` as open() is, with
    the damage asked for: unreadable (reading fails), unwritable (writing
    fails) or forgetful (writes succeed and keep nothing)."""

    def __init__(self, text=None):
        self.text = text  # None: no file
        self.unreadable = self.unwritable = self.forgetful = False

    def open_file(self, path, mode="r"):
        if mode == "w" and self.unwritable:
            raise OSError(30)  # EROFS
        if mode == "r" and (self.unreadable or self.text is None):
            raise OSError(2)  # ENOENT
        return _File(self, mode)


class _File:
    def __init__(self, files, mode):
        self.files, self.mode = files, mode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self):
        return self.files.text

    def write(self, text):
        if not self.files.forgetful:
            self.files.text = text


def _starts(files, count, random_boot):
    board = load_board()
    return [board.count_boot("boot_count", files.open_file, random_boot) for _ in range(count)]


def check_boot_counts_up_from_a_good_file():
    files = Files("7")
    assert _starts(files, 3, lambda: 1 / 0) == [8, 9, 10]  # no random number needed
    assert files.text == "10"


def check_boot_from_a_missing_or_damaged_file_is_random():
    board = load_board()
    picks = iter((1234567890, 1111111111, 2000000000, 1500000000, 1073741824))
    damaged = (None, "", "garbage", "12x", "-5", str(board.MAX_BOOT - 1), "99999999999")
    for text in damaged[:5]:
        files = Files(text)
        boot = _starts(files, 1, lambda: next(picks))[0]
        assert board.RANDOM_BOOT <= boot < board.MAX_BOOT, (text, boot)
        assert files.text == str(boot)  # counting goes on from it
    for text in damaged[5:]:  # past the top: damaged too
        assert _starts(Files(text), 1, lambda: 1300000000) == [1300000000]


def check_boot_never_repeats_when_the_file_cannot_be_kept():
    board = load_board()
    picks = iter(range(board.RANDOM_BOOT + 100, board.RANDOM_BOOT + 200))
    random_boot = lambda: next(picks)  # noqa: E731
    for damage in ("unreadable", "unwritable", "forgetful"):
        files = Files("7")
        setattr(files, damage, True)
        boots = _starts(files, 5, random_boot)
        # Each start random: the file still says 7 (or cannot be read), so 8 is
        # left for the day it can be kept again.
        assert len(set(boots)) == 5 and 8 not in boots, (damage, boots)
        setattr(files, damage, False)  # mended: counting goes on with no repeat
        more = _starts(files, 3, random_boot)
        assert len(set(boots + more)) == 8, (damage, boots, more)


def check_boot_random_source():
    board = load_board()
    boots = [board._random_boot() for _ in range(20)]
    assert all(board.RANDOM_BOOT <= boot < board.MAX_BOOT for boot in boots)
    assert len(set(boots)) > 15  # random, not a constant


def check_board_reads_each_card_once():
    bench, world = board_bench()
    bench.auto_ack = True
    tag = fake_machine.Tag(UID_A)
    world.field.place(tag)
    bench.run(1000)
    world.field.miss(1)  # one missed read while it rests
    bench.run(1000)
    world.field.lift()
    bench.run(300)
    world.field.place(tag)
    bench.run(300)
    world.field.lift()
    world.field.place(fake_machine.Tag(UID_7))
    bench.run(300)
    assert bench.inputs() == [card(UID_A), card(UID_A), card(UID_7)]
    assert len(world.field.frames) > 50  # the reader really was polled throughout


def check_board_keys_make_calls():
    bench, world = board_bench()
    bench.auto_ack = True
    for name in ("3", "NT", "OK", "7", "C"):
        bench.press(name)
    world.keypad.down = ["1", "7"]  # the same column, two rows
    assert sorted(bench.hw.held_keys()) == ["1", "7"]
    world.keypad.down = []
    assert bench.inputs() == [call("3NT"), key("OK"), call("7C")]


def check_board_leds_and_buzzer():
    board = load_board()
    bench, world = board_bench()
    bench.send(protocol.LEDS, bytes((protocol.LED_ERROR | 0b0101,)))
    bench.run(10)
    lit = [world.pins[n].value() for n in board.SEAT_LEDS + (board.ERROR_LED,)]
    assert lit == [1, 0, 1, 0, 1]
    buzzer = world.pwms[board.BUZZER]
    assert buzzer.duty_u16() == 0
    bench.send(protocol.BEEP, bytes((protocol.BEEP_ERROR,)))
    heard = []
    for _ in range(120):
        bench.run(fake_hw.STEP_MS)
        heard.append(buzzer.freq() if buzzer.duty_u16() else 0)
    # Two low beeps: 440 Hz for 150 ms, a pause of 80 ms, 440 Hz for 150 ms, then silence.
    assert heard == [440] * 30 + [0] * 16 + [440] * 30 + [0] * 44


def check_board_without_rc522_reports_it():
    bench, world = board_bench(rc522=False)
    bench.run(500)
    assert [frame.type for frame in bench.frames()][:2] == [protocol.HELLO, protocol.ERROR]
    assert bench.texts(protocol.ERROR) == ["RC522 not found"]
    assert bench.inputs() == []
    bench, world = board_bench(kind="bidbox", rc522=False)  # a bidding box has none
    bench.run(500)
    assert bench.texts(protocol.ERROR) == []


def check_board_scanner_reads_the_maintenance_key():
    board = load_board()
    bench, world = board_bench(kind="scanner")
    world.keypad.down = [board.MAINTENANCE_KEY]  # one button wired at MENU's place
    assert bench.hw.held_keys() == [board.MAINTENANCE_KEY]
    bench.run(5)
    assert protocol.parse_hello(bench.frames()[0].payload)["kind"] == "scanner"


CHECKS = (
    check_crc_check_value,
    check_frame_round_trip,
    check_decoder_resyncs_after_garbage,
    check_outbox_resend_and_ack,
    check_hello_at_start,
    check_each_card_once_per_placement,
    check_absence_window,
    check_card_code_hook,
    check_keys_debounced,
    check_level_and_strain_make_one_call,
    check_level_rules,
    check_resend_every_200ms_until_ack,
    check_ack_for_another_seq_is_ignored,
    check_queue_of_32_then_error_beep_and_drop,
    check_leds_and_beep_commands_reach_hw,
    check_camera_frames_from_the_host_are_ignored,
    check_identify_answered_with_hello,
    check_input_resent_across_reconnects_until_acked,
    check_outbox_frames_skip_the_seq_in_flight,
    check_heartbeat_every_second_when_idle,
    check_timing_across_the_ticks_wrap,
    check_garbage_does_not_crash,
    check_crash_report,
    check_crc_a,
    check_rc522_driver_reads_uids,
    check_board_hello_and_boot_counter,
    check_boot_counts_up_from_a_good_file,
    check_boot_from_a_missing_or_damaged_file_is_random,
    check_boot_never_repeats_when_the_file_cannot_be_kept,
    check_boot_random_source,
    check_board_reads_each_card_once,
    check_board_keys_make_calls,
    check_board_leds_and_buzzer,
    check_board_without_rc522_reports_it,
    check_board_scanner_reads_the_maintenance_key,
)


def main():
    """Run every check; print the failures and a summary; raise if any failed."""
    failed = []
    for check in CHECKS:
        try:
            check()
        except Exception as error:
            failed.append(check.__name__)
            print("FAIL " + check.__name__ + ": " + repr(error))
            if hasattr(sys, "print_exception"):
                sys.print_exception(error)
    name = sys.implementation.name
    print(f"{len(CHECKS) - len(failed)} of {len(CHECKS)} firmware checks passed on {name}")
    if failed:
        raise AssertionError("failed: " + ", ".join(failed))
