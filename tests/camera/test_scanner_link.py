"""The camera process's line (device/camera/scanner.py's Link) byte for byte, over a pipe:
HELLO at its start and on IDENTIFY with the standing problems after it, one CARD at a
time resent with its seq until its ACK, a heartbeat when idle, LEARN and PREVIEW handed
to the camera, and the end of its input is the end of the line."""

from __future__ import annotations

import contextlib
import os
import threading
import time

import pytest

from device.camera.scanner import Link
from firmware_bridge import protocol as p


class Host:
    """The table's end of the two pipes."""

    def __init__(self):
        self.to_camera_r, self.to_camera_w = os.pipe()
        self.from_camera_r, self.from_camera_w = os.pipe()
        os.set_blocking(self.from_camera_r, False)
        self.decoder = p.Decoder()
        self.frames: list[p.Frame] = []

    def send(self, ftype: int, payload: bytes = b"", seq: int = 0) -> None:
        os.write(self.to_camera_w, p.encode_frame(ftype, seq, payload))

    def wait(self, ftype: int, count: int = 1, timeout: float = 60.0) -> list[p.Frame]:
        end = time.monotonic() + timeout
        while True:
            found = [f for f in self.frames if f.type == ftype]
            if len(found) >= count or time.monotonic() > end:
                return found
            try:
                self.frames += self.decoder.feed(os.read(self.from_camera_r, 4096))
            except BlockingIOError:
                time.sleep(0.01)

    def close(self) -> None:
        for fd in (self.to_camera_r, self.to_camera_w, self.from_camera_r, self.from_camera_w):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture
def host():
    """The table's ends of the two pipes. At the end each test's link has read its end of
    input and stopped before the pipes close: a link still reading a closed fd number
    would read the next test's pipe, which the system gives that number again."""
    ends = Host()
    yield ends
    if ends.to_camera_w >= 0:
        os.close(ends.to_camera_w)  # end of input: every link reading this pipe stops
        ends.to_camera_w = -1
    for thread in threading.enumerate():
        if thread.name == "camera-link":
            thread.join(60)
    ends.close()


def test_hello_then_one_card_at_a_time_resent_until_its_ack(host):
    link = Link("camera-test", host.to_camera_r, host.from_camera_w, boot=7).start()
    (hello,) = host.wait(p.HELLO)
    assert p.parse_hello(hello.payload) == {
        "kind": "scanner",
        "fw": "camera-1",
        "id": "camera-test",
        "boot": "7",
    }
    assert link.card("SA") and link.card("HK")
    sent = host.wait(p.CARD, 2)  # the first one, and its resend 200 ms later
    assert len(sent) >= 2 and {f.seq for f in sent} == {sent[0].seq}
    assert {p.parse_card(f.payload) for f in sent} == {("code", "SA")}
    host.send(p.ACK, bytes([sent[0].seq]))
    later = host.wait(p.CARD, len(sent) + 1)
    assert p.parse_card(later[-1].payload) == ("code", "HK") and later[-1].seq != sent[0].seq
    host.send(p.ACK, bytes([later[-1].seq]))
    deadline = time.monotonic() + 60  # the link's thread takes the ACK (a busy machine)
    while link.waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    assert link.waiting == 0
    assert host.wait(p.HEARTBEAT)  # idle: a sign of life every second
    host.send(p.LEDS, b"\x01")
    host.send(p.BEEP, b"\x02")  # a camera has neither: ignored
    link.closed.set()


def test_identify_gives_hello_and_the_standing_problems_again(host):
    link = Link("camera-test", host.to_camera_r, host.from_camera_w).start()
    host.wait(p.HELLO)
    link.standing["camera"] = p.NO_CAMERA
    host.send(p.IDENTIFY)
    assert len(host.wait(p.HELLO, 2)) == 2
    assert [f.text for f in host.wait(p.ERROR)] == [p.NO_CAMERA]
    link.closed.set()


def test_learn_and_preview_go_to_the_camera_and_the_end_of_input_ends_the_line(host):
    link = Link("camera-test", host.to_camera_r, host.from_camera_w).start()
    host.send(p.LEARN, b"SA")
    host.send(p.PREVIEW, b"\x01")
    first, second = link.commands.get(timeout=60), link.commands.get(timeout=60)
    assert (first.type, first.payload, second.type, second.payload) == (
        p.LEARN,
        b"SA",
        p.PREVIEW,
        b"\x01",
    )
    os.close(host.to_camera_w)  # the table is gone
    host.to_camera_w = -1
    assert link.closed.wait(60)
