"""`make faults`: every part at full size, one summary line each, then the total time.

Exit status 1 when any part failed; its problems are printed under its line.
"""

from __future__ import annotations

import gc
import sys
import time
import traceback
from collections import Counter

from . import (
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

PARTS = [
    ("power cut", power_cut, {"kills": 512}),
    ("serial fuzz", serial_fuzz, {"size": 2_000_000}),
    ("unplug", unplug, {"unplugs": 50}),
    ("bounce storm", bounce_storm, {"presses": 100_000}),
    ("hostile devices", hostile_devices, {"rubbers": 4}),
    ("bad settings", bad_settings, {"cases": 200}),
    ("damaged journals", damaged_journal, {"cases": 200}),
    ("full disk", full_disk, {"rubbers": 3, "fulls": 16}),
    ("reconnect-ACK", reconnect_ack, {"reconnects": 300}),
    ("WAL on a small disk", wal_small_disk, {"rubbers": 3}),
    ("restart on a full disk", full_restart, {"rounds": 2}),
    ("long rubber in the history", long_history, {"deals": 10_000}),
]


def main() -> int:
    started, failed = time.monotonic(), []
    for name, part, sizes in PARTS:
        # Each part starts on a heap as clean as a fresh table's: the garbage an earlier
        # part left (its journals, tables and devices) would otherwise be collected inside
        # a later part's timed turn (the long rubber's screen loop held 0.77 s, 0.10 s alone).
        gc.collect()
        begun = time.monotonic()
        try:
            result = part.run(**sizes)
            line, problems = part.summary(result), result["problems"]
        except Exception:
            line, problems = f"{name}: crashed", [traceback.format_exc()]
        verdict = "FAILED" if problems else "ok"
        print(f"{line} [{verdict}, {time.monotonic() - begun:.0f} s]", flush=True)
        for problem, times in Counter(problems).items():
            again = f" ({times} times)" if times > 1 else ""
            print("    " + problem.replace("\n", "\n    ") + again, flush=True)
        if problems:
            failed.append(name)
    minutes, seconds = divmod(time.monotonic() - started, 60)
    print(
        f"total: {int(minutes)} min {seconds:.0f} s, "
        + (f"FAILED: {', '.join(failed)}" if failed else "all parts held")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
