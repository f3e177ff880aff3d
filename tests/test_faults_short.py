"""The fault campaign in small (`make faults` runs it at full size, see
tests/faults): the same properties, each part at a size that keeps this file
to a few seconds."""

import pytest

from device.store.journal import WAL_LIMIT
from tests.faults import (
    bad_settings,
    bounce_storm,
    damaged_journal,
    full_disk,
    full_restart,
    hostile_devices,
    long_history,
    power_cut,
    reconnect_ack,
    serial_fuzz,
    unplug,
    wal_small_disk,
)


def test_power_cuts_lose_nothing_and_double_nothing():
    # drill=2: two cuts right after the rubber's last input (make faults does five).
    result = power_cut.run(kills=5, seed=3, drill=2, max_deals=3)
    assert result["problems"] == []
    assert result["kills"] == 5 and result["rubbers"] == 1
    assert result.get("lost", 0) == 0 and result.get("doubled", 0) == 0
    assert result["sheets equal"] == 1


def test_serial_fuzz_gives_every_valid_input_and_nothing_else():
    result = serial_fuzz.run(size=50_000, seed=2)
    assert result["problems"] == []
    assert result["bytes"] >= 50_000 and result["phantoms"] == 0
    assert result["delivered"] == result["valid inputs"] > 100
    assert sum(result["dropped"].values()) > 100


def test_unplugged_scanner_is_back_within_2_s_with_no_card_lost():
    result = unplug.run(unplugs=3, seed=2, longest_s=0.5)
    assert result["problems"] == []
    assert result["unplugs"] == 3 and result["max_s"] < unplug.BACK_WITHIN_S
    assert result["cards"] > 0 and result["lost"] == result["doubled"] == 0


def test_bounce_storm_gives_one_input_per_press():
    result = bounce_storm.run(presses=500, seed=2)
    assert result["problems"] == []
    assert result["presses"] >= 500 and result["inputs"] == result["expected"] > 200


def test_bad_settings_never_stop_the_table_and_keep_every_good_value():
    # seed 19: two bad command lines, a file that is not TOML, two deck profiles,
    # --pair-deck over one, four rubbers started from the config's players.
    result = bad_settings.run(cases=8, seed=19)
    assert result["problems"] == []
    assert result["cases"] == 8 and result["refused in one line"] == 2
    assert result["up"] == result["config files"] == 6 and result["not TOML"] == 1
    assert result["bad values ignored"] > 10 and result["good values"] > 5
    assert result["seen in the journal"] == 4 and result["seen on a device"] >= 1


def test_hostile_devices_never_stop_the_table_nor_lose_or_double_an_input():
    # 60 valid inputs with about 90 hostile cases between them: each kind of case 7-16 times.
    result = hostile_devices.run(rubbers=1, seed=2, hostile_per_step=1.5, max_steps=60)
    assert result["problems"] == []
    assert result["up"] == 1 and result["valid inputs"] == 60 and result["cases"] > 80
    assert result["valid lost"] == result["lost"] == result["doubled"] == 0
    counts = result["counts"]
    assert counts["wrong port said"] == counts["wrong_port"] > 0
    cases = ["bad_boot", "bad_id", "bad_hello_text", "missing_field", "bad_payload"]
    cases += ["bad_error_text", "reboot_same_boot", "reboot_repeat", "reboot_unheard"]
    cases += ["unplug_same_boot", "same_id", "resend across a HELLO"]
    assert all(counts[case] >= 5 for case in cases), counts


def test_damaged_journals_never_stop_the_table_and_keep_what_can_be_read():
    # One case of each kind of damage, on one robot-written journal.
    result = damaged_journal.run(cases=len(damaged_journal.KINDS), seed=2, bases=1)
    assert result["problems"] == []
    assert result["cases"] == result["up"] == len(damaged_journal.KINDS)
    assert result["moved aside"] + result.get("harmless", 0) == len(damaged_journal.KINDS) - 1
    assert result["lost"] == 0 and result["inputs kept"] == result["inputs readable"] > 0
    assert result["commands"] == 3 * len(damaged_journal.KINDS)


def test_a_full_disk_refuses_without_an_ack_and_loses_nothing_once_freed():
    # The portable disk always; the real tmpfs too where mounting is allowed. Each full
    # period outlasts the device's 200 ms resend (make faults holds them up to 1.2 s).
    result = full_disk.run(rubbers=1, fulls=3, seed=2, full_for=(0.25, 0.5))
    assert result["problems"] == []
    assert result["fulls that refused"] == result["fulls"] >= 3
    assert result["refused unstored"] >= result["fulls"] and result["inputs"] > 100
    assert result["lost"] == result["doubled"] == 0
    assert result["table up"] == result["disks"] >= 1


def test_devices_that_reconnect_while_the_table_stores_slowly_get_every_ack():
    # seed 2: 40 inputs and a stray call the table refuses; the table's answer falls
    # with no line (the link down, or back before the device's HELLO) several times.
    result = reconnect_ack.run(seed=2, max_steps=40, rubbers=1)
    assert result["problems"] == []
    assert result["stored once"] == result["inputs"] == 40
    assert result["lost"] == result["doubled"] == result["resending forever"] == 0
    assert result["strays"] == result["refusals"] == 1
    assert result["acknowledged"] == result["pressed"] == 41
    assert result["answers while down"] + result["answers before HELLO"] > 0
    assert result["resend loops ended"] >= result["acknowledged across a reconnect"] > 3


def test_the_wal_never_fills_a_small_disk():
    result = wal_small_disk.run(rubbers=1, seed=3)
    if result["skipped"]:
        pytest.skip(result["skipped"])
    assert result["problems"] == [] and result["rubbers"] == 1
    assert result["refused unstored"] == result["lost"] == 0 and result["inputs"] > 100
    assert 0 < result["wal peak"] <= WAL_LIMIT


def test_a_restart_on_an_unwritable_disk_resumes_the_rubber_and_stores_once_it_can():
    result = full_restart.run(seed=4, cases=(("full", "stop"), ("readonly", "kill")))
    if result["skipped"]:
        pytest.skip(result["skipped"])
    assert result["problems"] == [] and result["restarts"] == result["resumed"] == 2
    assert result["lost"] == result["doubled"] == 0 and result["inputs"] > 100


def test_a_long_rubber_in_the_history_queues_no_review_twice():
    result = long_history.run(deals=1500, opens=2, judge_time=False)
    assert result["problems"] == [] and result["queued"] == 15 and result["turns"] >= 2
