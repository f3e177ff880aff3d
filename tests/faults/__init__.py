"""The fault campaign (`make faults`): the table broken on purpose, many times.

One module per part, each with `run(...) -> dict` (its counts, plus "problems",
empty when all held) and `summary(result) -> str` (one line). `python -m
tests.faults` runs them all at full size; tests/test_faults_short.py runs each
one small.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
