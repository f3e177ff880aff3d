"""Four at the table: a Chicago stopped while the dummy is laid out, through
`honeymoon sim-devices --record` into the real `honeymoon run --headless`, and what
`honeymoon status --json` says of it.
The whole rubber through the devices: tests/forms/test_every_form_at_the_table.py."""

from __future__ import annotations

import json

from device.engine.record import play_record
from tests.at_the_table import honeymoon, play_at_the_table
from tests.fourplay import chicago_record


def test_status_while_the_dummy_is_laid_out(tmp_path):
    """A Chicago stopped after the opening lead, the dummy not yet laid out: status says
    the dummy phase, the declarer to act and the dummy's seat as the hand."""
    whole = chicago_record(1, thrown_in_before=())
    first = whole["deals"][0]  # Anna (N) declares, so Carla (S) is the dummy
    record = {**whole, "deals": [{"calls": first["calls"], "cards": first["cards"][:1]}]}
    assert play_record(record).phase == "dummy"
    data = play_at_the_table(tmp_path, record)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["phase"] == "dummy" and status["declarer"] == "Anna"
    assert status["turn"] == "Anna" and status["hand"] == "S"
    assert status["dealer"] == whole["first_dealer"]
