"""`honeymoon score --scoring chicago --deal N`: the vulnerability the schedule fixes
(deal 1 none, deal 4 both), --vulnerable only where it is not fixed (deals 2 and 3)."""

import io
import json

import pytest

from device.cli import main


def score(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def above(out: str) -> int:
    return json.loads(out)["declarer"]["above"]


@pytest.mark.parametrize(
    "argv, bonus",
    [
        (["--deal", "1"], 300),  # nobody vulnerable
        ([], 300),  # deal 1 is the default
        (["--deal", "2"], 300),
        (["--deal", "2", "--vulnerable"], 500),  # the declarer on the vulnerable side
        (["--deal", "3", "--vulnerable"], 500),
        (["--deal", "4"], 500),  # both vulnerable, without --vulnerable
        (["--deal", "4", "--vulnerable"], 500),  # saying so again agrees
    ],
)
def test_the_schedule_gives_the_vulnerability(capsys, argv, bonus):
    status, out, err = score(capsys, "4H", "10", "--scoring", "chicago", *argv)
    assert status == 0 and err == "" and above(out) == bonus


@pytest.mark.parametrize("argv", [["--vulnerable"], ["--vulnerable", "--deal", "1"]])
def test_vulnerable_on_deal_1_is_refused_in_one_line(capsys, argv):
    status, out, err = score(capsys, "4H", "10", "--scoring", "chicago", *argv)
    assert status == 2 and out == ""
    assert err == "honeymoon score: --vulnerable: nobody is vulnerable on Chicago deal 1\n"


@pytest.mark.parametrize("deal", ["0", "5", "-1"])
def test_a_deal_outside_1_to_4_is_refused(capsys, deal):
    status, out, err = score(capsys, "4H", "10", "--scoring", "chicago", "--deal", deal)
    assert status == 2 and out == "" and err.count("\n") == 1 and "1 to 4" in err


def test_rubber_scoring_has_no_schedule(capsys):
    status, out, _ = score(capsys, "4H", "10", "--vulnerable")
    assert status == 0 and above(out) == 0  # no game bonus in rubber scoring, and no refusal


def test_a_contradiction_on_standard_input_is_one_error_line(capsys, monkeypatch):
    lines = "4H 10 --scoring chicago --vulnerable\n4H 10 --scoring chicago --deal 4\n"
    status, out, err = score(capsys, "-", stdin=lines, monkeypatch=monkeypatch)
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {"error": "line 1: --vulnerable: nobody is vulnerable on Chicago deal 1"}
    assert above(json.dumps(second)) == 500 and status == 2


def test_the_help_says_how_chicago_vulnerability_works(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "deal 1 (none: --vulnerable is refused)" in text
    assert "deal 4 (both: vulnerable without --vulnerable)" in text
