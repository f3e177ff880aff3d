"""Simulated devices on a pty, through the real serial driver, to input events."""

import queue
import time

import pytest

from device.hal.events import CALL, CARD, CONNECTED, KEY, LOST, Input
from device.hal.serial_device import SerialDevice
from device.sim.devices import Faults, SimDevice
from device.sim.links import PtyLink, TcpLink

CARDS = ["SA", "HK", "D2", "CT", "S9", "H3"]


WAIT_S = 20.0  # the most any wait below takes: a thread on a busy machine is slow


def next_input(inputs, timeout=WAIT_S) -> Input:
    return inputs.get(timeout=timeout)


def until(done, timeout=WAIT_S) -> bool:
    """Wait for `done()` rather than sleep a guess: true as soon as it holds."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def table(inputs, driver, count, timeout=WAIT_S):
    """Act as the table: take `count` CARD/CALL/KEY inputs, acknowledging each."""
    got, events = [], []
    end = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < end:
        try:
            item = inputs.get(timeout=0.2)
        except queue.Empty:
            continue
        if item.kind in (CARD, CALL, KEY):
            got.append(item)
            driver.acknowledge(item)
        else:
            events.append(item.kind)
    return got, events


@pytest.fixture
def pty_pair(tmp_path):
    inputs = queue.Queue()
    sim = SimDevice("scanner", "SIM-SCAN", PtyLink(tmp_path / "scanner"), seed=1).start()
    driver = SerialDevice(str(tmp_path / "scanner"), inputs, "scanner", retry=0.1).start()
    yield sim, driver, inputs
    driver.stop()
    sim.stop()


def test_hello_then_cards_once_each_in_order(pty_pair):
    sim, driver, inputs = pty_pair
    first = next_input(inputs)
    assert first.kind == CONNECTED and first.value == "scanner"
    assert first.session == ("scanner/SIM-SCAN", sim.boot)
    for code in CARDS:
        sim.card(code)
    got, _ = table(inputs, driver, len(CARDS))
    assert [i.value for i in got] == CARDS
    assert all(i.session == first.session for i in got)
    assert sim.wait_delivered(WAIT_S) and sim.acked == len(CARDS)


def test_unacknowledged_input_is_resent_but_delivered_once(pty_pair):
    sim, driver, inputs = pty_pair
    assert next_input(inputs).kind == CONNECTED
    sim.card("SA")
    card = next_input(inputs)
    # the table is slow: the device resends meanwhile, and the driver drops each resend
    assert until(lambda: sim.outbox.resends >= 2 and driver.stats["duplicates"] >= 2)
    assert inputs.empty()
    driver.acknowledge(card)
    assert sim.wait_delivered(WAIT_S)


def test_faults_lose_nothing_and_duplicate_nothing(tmp_path):
    inputs = queue.Queue()
    faults = Faults(garbage=0.2, bad_crc=0.2, duplicate=0.3)
    sim = SimDevice("bidbox", "SIM-BOX", PtyLink(tmp_path / "box"), faults, seed=7).start()
    driver = SerialDevice(str(tmp_path / "box"), inputs, "bidbox", retry=0.1).start()
    try:
        calls = ["1C", "1D", "1H", "1S", "1NT", "2C", "P", "X", "XX"] * 3  # within the queue of 32
        for call in calls:
            sim.call(call)
        got, _ = table(inputs, driver, len(calls))
        assert [i.value for i in got] == calls
        time.sleep(0.3)
        assert inputs.empty() or all(i.kind not in (CALL, CARD, KEY) for i in list(inputs.queue))
        assert driver.stats["dropped"] > 0 and driver.stats["duplicates"] > 0
    finally:
        driver.stop()
        sim.stop()


def test_unplug_and_replug_loses_no_card(pty_pair):
    sim, driver, inputs = pty_pair
    assert next_input(inputs).kind == CONNECTED
    sim.card("SA")
    got, _ = table(inputs, driver, 1)
    sim.card("HK")  # made while the cable is about to go
    sim.unplug(0.5)
    sim.card("D2")
    got2, events = table(inputs, driver, 2)
    assert [i.value for i in got + got2] == ["SA", "HK", "D2"]
    assert LOST in events or driver.stats["reconnects"] >= 1
    assert driver.connected


def test_silence_means_lost_and_a_new_boot_is_a_new_session(tmp_path):
    inputs = queue.Queue()
    link = PtyLink(tmp_path / "scanner")
    sim = SimDevice("scanner", "SIM-SCAN", link, seed=3).start()
    driver = SerialDevice(str(tmp_path / "scanner"), inputs, "scanner", retry=0.1, lost_after=0.5)
    driver.start()
    try:
        assert next_input(inputs).kind == CONNECTED
        sim.stop()  # the device dies: no more heartbeats, the pty goes away
        assert next_input(inputs).kind == LOST and not driver.connected
        reborn = SimDevice("scanner", "SIM-SCAN", PtyLink(tmp_path / "scanner"), seed=4).start()
        hello = next_input(inputs)
        assert hello.kind == CONNECTED and hello.session == ("scanner/SIM-SCAN", reborn.boot)
        reborn.stop()
    finally:
        driver.stop()


def test_applied_seqs_from_the_journal_are_not_applied_again(tmp_path):
    inputs = queue.Queue()
    sim = SimDevice("scanner", "SIM", PtyLink(tmp_path / "s"), seed=5)
    sim.card("SA")
    sim.start()
    while sim.outbox.pending_seq is None:  # sent, not yet acknowledged: as after a host crash
        time.sleep(0.01)
    applied = {("scanner/SIM", sim.boot): sim.outbox.pending_seq}
    driver = SerialDevice(str(tmp_path / "s"), inputs, "scanner", applied=applied).start()
    try:
        assert next_input(inputs).kind == CONNECTED
        assert sim.wait_delivered(WAIT_S)  # acknowledged without being handed over again
        assert inputs.empty()
    finally:
        driver.stop()
        sim.stop()


def test_socket_url_works_the_same():
    inputs = queue.Queue()
    sim = SimDevice("scanner", "TCP", TcpLink("127.0.0.1", 0), seed=2).start()
    driver = SerialDevice(sim.link.url, inputs, "scanner", retry=0.1).start()
    try:
        assert next_input(inputs).kind == CONNECTED
        sim.card("C2")
        got, _ = table(inputs, driver, 1)
        assert got[0].value == "C2"
    finally:
        driver.stop()
        sim.stop()


def test_bidding_box_buttons_make_calls(pty_pair):
    sim, driver, inputs = pty_pair
    assert next_input(inputs).kind == CONNECTED
    for button in ["1", "S", "3", "4", "NT", "XX", "OK", "MENU"]:
        sim.press(button)
    got, _ = table(inputs, driver, 5)
    assert [(i.kind, i.value) for i in got] == [
        (CALL, "1S"),
        (CALL, "4NT"),
        (CALL, "XX"),
        (KEY, "OK"),
        (KEY, "MENU"),
    ]
    with pytest.raises(ValueError, match="no button 'Q'"):
        sim.press("Q")


def test_leds_and_beep_reach_the_device(pty_pair):
    sim, driver, inputs = pty_pair
    assert next_input(inputs).kind == CONNECTED
    driver.set_leds(0b10 | 0x80)
    driver.beep(2)
    assert until(lambda: sim.leds == 0x82 and sim.beeps)
    assert sim.leds == 0x82 and sim.beeps == [2]


def test_an_older_acknowledgement_does_not_roll_back_the_dedupe(pty_pair):
    sim, driver, inputs = pty_pair
    assert next_input(inputs).kind == CONNECTED
    sim.card("SA")
    first = next_input(inputs)
    driver.acknowledge(first)
    sim.card("HK")
    second = next_input(inputs)
    driver.acknowledge(first)  # late, again: must not make HK new once more
    resent = driver.stats["duplicates"]
    assert until(lambda: driver.stats["duplicates"] >= resent + 2)  # HK resent meanwhile
    assert inputs.empty()
    driver.acknowledge(second)
    assert sim.wait_delivered(WAIT_S) and second.value == "HK"
