"""The documented example must stay true: it is replayed and compared."""

import json
import re
from pathlib import Path

from device.engine.record import play_record, sheet_report

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_game_record_example_replays_to_the_documented_sheet():
    text = (DOCS / "game-record.md").read_text()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    assert len(blocks) == 4  # a two-player rubber and a Chicago, each with its sheet
    for record, output in zip(blocks[::2], blocks[1::2], strict=True):
        assert sheet_report(play_record(record)) == output
