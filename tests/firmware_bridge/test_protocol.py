"""Protocol v1: framing, every message type, the decoder's resilience, delivery."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol as p


def test_crc_is_ccitt_false():
    assert p.crc16(b"123456789") == 0x29B1  # the standard check value
    assert p.crc16(b"") == 0xFFFF


@pytest.mark.parametrize(
    "data,encoded",
    [
        (b"", b"\x01"),
        (b"\x00", b"\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
    ],
)
def test_cobs_known_vectors(data, encoded):
    assert p.cobs_encode(data) == encoded
    assert p.cobs_decode(encoded) == data


def test_a_card_frame_byte_for_byte():
    # Documented in PROTOCOL.md: CARD, seq 5, code "SA".
    assert p.encode_frame(p.CARD, 5, b"\x01SA").hex(" ") == "08 02 05 01 53 41 dd f3 00"


MESSAGES = [
    (p.HELLO, p.hello_payload("scanner", "1.0", "E6614C", 7)),
    (p.CARD, p.card_code_payload("HT")),
    (p.CARD, p.card_uid_payload(b"\x04\xa2\x00\x1c\x8e\x00\x80")),
    (p.CALL, b"3NT"),
    (p.KEY, b"UNDO"),
    (p.HEARTBEAT, b""),
    (p.ERROR, b"reader not found"),
    (p.ACK, bytes([200])),
    (p.LEDS, bytes([0x01 | p.LED_ERROR])),
    (p.BEEP, bytes([p.BEEP_ERROR])),
    (p.IDENTIFY, b""),
]


@pytest.mark.parametrize("ftype,payload", MESSAGES)
def test_every_message_type_round_trips(ftype, payload):
    wire = p.encode_frame(ftype, 42, payload)
    assert wire.endswith(b"\x00") and b"\x00" not in wire[:-1]
    (frame,) = p.Decoder().feed(wire)
    assert (frame.type, frame.seq, frame.payload) == (ftype, 42, payload)


def test_payload_helpers():
    assert p.parse_hello(p.hello_payload("bidbox", "2", "X1", 3, {"seats": 2})) == {
        "kind": "bidbox",
        "fw": "2",
        "id": "X1",
        "boot": "3",
        "seats": "2",
    }
    assert p.parse_card(p.card_code_payload("SA")) == ("code", "SA")
    assert p.parse_card(p.card_uid_payload(b"\x01\x02")) == ("uid", b"\x01\x02")
    for bad in (b"", b"\x01", b"\x07SA"):
        with pytest.raises(p.ProtocolError):
            p.parse_card(bad)
    bad_hellos = (b"kind=scanner;fw=1;id=A", b"kind=toaster;fw=1;id=A;boot=1", b"nonsense")
    for bad in bad_hellos + (b"kind=scanner;fw=1;id=\xff;boot=1",):  # not UTF-8
        with pytest.raises(p.ProtocolError):
            p.parse_hello(bad)


@pytest.mark.parametrize(
    "ftype,seq,payload",
    [(0x07, 0, b""), (p.CARD, 256, b""), (p.CARD, -1, b""), (p.CALL, 0, bytes(201))],
)
def test_bad_frames_cannot_be_built(ftype, seq, payload):
    with pytest.raises(p.ProtocolError):
        p.encode_frame(ftype, seq, payload)


def test_longest_frame_round_trips():
    payload = bytes(range(1, 201))
    (frame,) = p.Decoder().feed(p.encode_frame(p.ERROR, 255, payload))
    assert frame.payload == payload


def body_with_crc(body: bytes) -> bytes:
    crc = p.crc16(body)
    return body + bytes([crc >> 8, crc & 0xFF])


@pytest.mark.parametrize(
    "wire,reason",
    [
        (p.cobs_encode(b"\x02\x05\x01SA\x00\x00") + b"\x00", "bad CRC"),
        (b"\x05\x02\x05\x01\x00", "bad COBS"),  # block runs past the frame
        (p.cobs_encode(body_with_crc(b"\x07\x00")) + b"\x00", "unknown type"),
        (p.cobs_encode(b"\x02\x05") + b"\x00", "bad length"),
        (b"\x01" * 400 + b"\x00", "bad length"),
    ],
)
def test_bad_frames_are_dropped_and_counted(wire, reason):
    decoder = p.Decoder()
    good = p.encode_frame(p.CALL, 1, b"1S")
    assert decoder.feed(wire + good) == [p.Frame(p.CALL, 1, b"1S")]
    assert decoder.dropped == {reason: 1} and decoder.frames == 1


def test_frames_split_across_reads():
    wire = b"".join(p.encode_frame(p.CALL, i, b"2H") for i in range(5))
    decoder = p.Decoder()
    frames = [f for byte in wire for f in decoder.feed(bytes([byte]))]
    assert [f.seq for f in frames] == [0, 1, 2, 3, 4]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.integers(0, 255), st.binary(max_size=200))
def test_decoder_never_raises_and_resynchronises(noise, seq, payload):
    decoder = p.Decoder()
    frames = decoder.feed(noise)
    for frame in frames:  # noise may hold a valid frame by chance, never a bad one
        assert p.encode_frame(frame.type, frame.seq, frame.payload)
    good = p.encode_frame(p.CALL, seq, payload)
    assert decoder.feed(b"\x00" + good)[-1] == p.Frame(p.CALL, seq, payload)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 255), st.binary(max_size=200), st.integers(0, 200), st.integers(1, 255))
def test_a_corrupted_byte_never_yields_a_wrong_frame(seq, payload, where, xor):
    wire = bytearray(p.encode_frame(p.KEY, seq, payload))
    wire[where % (len(wire) - 1)] ^= xor
    for frame in p.Decoder().feed(bytes(wire)):
        assert frame == p.Frame(p.KEY, seq, payload)


def test_long_random_byte_run_with_valid_frames_mixed_in():
    rng = random.Random(1)
    decoder = p.Decoder()
    sent, got = [], []
    for i in range(3000):
        noise = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 60)))
        frame = p.Frame(p.CARD, i % 256, p.card_code_payload(rng.choice(["SA", "HT", "C2"])))
        sent.append(frame)
        got += decoder.feed(noise + b"\x00" + p.encode_frame(frame.type, frame.seq, frame.payload))
    assert [f for f in got if f in sent] == sent  # every valid frame, in order
    assert all(p.encode_frame(f.type, f.seq, f.payload) for f in got)
    assert decoder.dropped_total > 0


# -- delivery -------------------------------------------------------------------------
def decode_all(chunks):
    decoder = p.Decoder()
    return [f for chunk in chunks for f in decoder.feed(chunk)]


def test_outbox_sends_one_input_at_a_time_and_resends_until_acked():
    box = p.Outbox()
    box.put(p.CALL, b"1S")
    box.put(p.KEY, b"OK")
    (first,) = decode_all(box.poll(0))
    assert first.type == p.CALL and box.waiting == 2
    assert box.poll(150) == []
    assert decode_all(box.poll(200)) == [first]  # resent with the same seq
    assert not box.ack((first.seq + 1) % 256)  # an ACK for another seq changes nothing
    assert box.ack(first.seq)
    (second,) = decode_all(box.poll(210))
    assert second.type == p.KEY and second.seq == (first.seq + 1) % 256
    assert box.resends == 1


def test_outbox_heartbeat_when_idle_and_queue_limit():
    box = p.Outbox()
    (beat,) = decode_all(box.poll(0))
    assert beat.type == p.HEARTBEAT
    assert box.poll(999) == [] and decode_all(box.poll(1000))[0].type == p.HEARTBEAT
    assert all(box.put(p.CALL, b"P") for _ in range(p.QUEUE_SIZE))
    assert not box.put(p.CALL, b"X") and box.dropped == 1 and box.waiting == p.QUEUE_SIZE


def test_a_new_input_never_reuses_the_previous_inputs_seq_on_wrap():
    box = p.Outbox()
    box.put(p.CALL, b"1C")
    (first,) = decode_all(box.poll(0))
    box.ack(first.seq)
    for _ in range(255):  # the counter wraps back onto the input's seq
        box.frame(p.HEARTBEAT)
    box.put(p.CALL, b"1D")
    (second,) = decode_all(box.poll(10))
    assert second.seq != first.seq


def test_protocol_md_examples_are_byte_exact():
    import re
    from pathlib import Path

    text = (Path(p.__file__).parent / "PROTOCOL.md").read_text()
    hexes = r"`([0-9a-f]{2}(?: [0-9a-f]{2})*)`"
    examples = re.findall(rf"\| {hexes} \| {hexes} \|$", text, re.M)
    assert len(examples) == 14
    for body_cell, wire_cell in examples:
        body = bytes.fromhex(body_cell.strip(" `"))
        frame = p.decode_body(body)
        assert p.encode_frame(frame.type, frame.seq, frame.payload) == bytes.fromhex(
            wire_cell.strip(" `")
        )
