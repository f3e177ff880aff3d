"""Four at the table end to end, as a user would: `honeymoon sim-devices --record`
plays a whole Chicago (a thrown-in deal among its four counting deals) and a whole
rubber of rubber bridge over ptys into the real `honeymoon run --headless --new
FORM --players N E S W --first-dealer NAME`; then `honeymoon status --json`,
`export --format json` | `replay` and `export --format pbn` are checked against
the record's own replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.engine.record import play_record, sheet_report
from tests.at_the_table import honeymoon, play_at_the_table
from tests.fourplay import chicago_record, rubber_record, shown_record


def check_stored(tmp_path: Path, data: Path, record: dict) -> None:
    expected = play_record(record)
    report = sheet_report(expected)
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["game"] == record["game"] and status["phase"] == "finished"
    assert status["deal"] == len(record["deals"]) and status["totals"] == report["totals"]
    assert status["turn"] is None and status["hand"] is None
    exported = honeymoon("export", "--data-dir", str(data), "--format", "json").stdout
    assert json.loads(exported)["deals"] == json.loads(json.dumps(record["deals"]))
    replayed = json.loads(honeymoon("replay", "-", stdin=exported).stdout)
    (tmp_path / "record.json").write_text(json.dumps(record))
    assert replayed == json.loads(honeymoon("replay", str(tmp_path / "record.json")).stdout)
    assert replayed == json.loads(json.dumps(report))
    assert replayed["finished"] and all("vulnerable" in d for d in replayed["deals"])
    text = honeymoon("export", "--data-dir", str(data), "--format", "pbn").stdout
    check_pbn(text, expected)


def check_pbn(text: str, game) -> None:
    pbn = pytest.importorskip("endplay.parsers.pbn", reason="endplay not installed")
    boards = pbn.loads(text)
    deals = [d for d in game.deals if d.outcome is not None]
    assert [b.board_num for b in boards] == [d.number for d in deals]
    vul = {(): "none", (0,): "ns", (1,): "ew", (0, 1): "both"}
    assert [b.vul.name for b in boards] == [vul[game.vulnerable(d)] for d in deals]
    scoring = "Chicago" if game.form.name == "chicago" else "Rubber"
    assert all(b.info["Scoring"] == scoring for b in boards)
    for board, deal in zip(boards, deals, strict=True):
        assert [board.info[s] for s in ("North", "East", "South", "West")] == list(game.players)
        assert len(board.auction) == len(deal.auction.calls)
        if deal.contract is not None:  # every card was played: the full deal
            assert all(len(h.replace(".", "")) == 13 for h in board.deal.to_pbn()[2:].split())
            assert len(board.play) == 52
            assert board.contract.result == deal.tricks - deal.contract.tricks_needed


def test_a_whole_chicago_headless_through_the_simulated_devices(tmp_path):
    record = shown_record(chicago_record(1, thrown_in_before=(2,)))
    record["deals"][3].pop("shown")  # one dummy skipped with OK
    game = play_record(record)
    assert sum(d.outcome is not None and not d.thrown_in for d in game.deals) == 4
    assert sum(d.thrown_in for d in game.deals) == 1 and game.phase == "finished"
    data = play_at_the_table(tmp_path, record)
    check_stored(tmp_path, data, record)


def test_a_whole_rubber_of_rubber_bridge_headless(tmp_path):
    record = rubber_record()
    game = play_record(record)
    assert any(d.thrown_in for d in game.deals) and game.phase == "finished"
    data = play_at_the_table(tmp_path, record)
    check_stored(tmp_path, data, record)


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
