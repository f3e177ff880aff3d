"""The benchmarks still run (tiny sizes, no timing asserted: `make bench` judges speed)."""

from tests.bench import ui


def test_scan_to_screen_and_idle_cpu_run():
    latencies = ui.scan_to_screen(cards=10)
    assert len(latencies) == 10 and all(value > 0 for value in latencies)
    assert set(ui.idle_cpu(seconds=0.2)) == {"auction", "play", "sheet"}


def test_chicago_replay_rate_runs():
    from tests.bench.__main__ import bench_chicago

    ((name, value, target, _),) = bench_chicago(deals=8, rounds=1)
    assert name.startswith("Chicago replay rate (8 deals, ") and value.endswith(" events/s")
    assert target == "> 100,000 events/s"


def test_double_dummy_benchmarks_run():
    from tests.bench import analysis

    (median, p99, nodes) = analysis.bench_deals(deals=3)
    assert median[1].endswith(" ms") and p99[2] == "< 1,000 ms" and "(median, most)" in nodes[0]
    ((name, value, target, ok),) = analysis.bench_exact(endings=20)
    assert (value, target, ok) == ("20 equal", "20 equal", True)


def test_camera_benchmark_runs():
    import pytest

    pytest.importorskip("cv2")
    from tests.bench import camera

    figures = camera.measure(shots=1, design_count=1, card_count=8)  # the bench reads 52
    tally = figures["tally"]
    assert tally["right"] + tally["wrong"] + tally["unsure"] == 8 or figures["unpaired"]
    assert tally["nothing"] in (0, 8) and figures["ms"] >= 0


def test_camera_process_benchmark_runs():
    import pytest

    pytest.importorskip("cv2")
    from tests.bench import camera_process

    seconds = camera_process.latency(laid=3)
    assert len(seconds) == 3 and all(s > 0 for s in seconds)
