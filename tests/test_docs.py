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


def test_game_record_names_each_form_with_its_aliases_as_the_code_has_them():
    from device.forms import FORMS

    row = next(
        line
        for line in (DOCS / "game-record.md").read_text().splitlines()
        if line.startswith("| `game` |")
    )
    row = row.split("the game form:", 1)[1]
    for form in FORMS:
        after = row.split(f"`{form.name}`", 1)[1]
        said = re.match(r" \(alias(?:es)? ([^;)]*)", after)
        named = re.findall(r"`([^`]+)`", said.group(1)) if said else []
        assert named == list(form.aliases), form.name
