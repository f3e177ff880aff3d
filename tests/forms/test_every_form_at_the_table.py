"""Every registered form end to end, as a user would: `honeymoon sim-devices --record`
plays a whole rubber (or Chicago, or game) of the form over ptys into the real
`honeymoon run --headless --new FORM --players ... --first-dealer NAME`, its options
remembered from the start screen in prefs.json; then `status --json`, `export
--format json` | `replay` and `export --format pbn` (or its refusal, for a form PBN
has no seats for) are checked against the record's own replay.

One test over `device.forms.FORMS`: a form registered is a form played here. Its
rubber is the robots' (a seed whose rubber is short, or whose rubber takes the
form's own paths: a thrown-in deal, a dummy laid out in part), or a record its own
tests build where the robots' would not show a path (RECORDS)."""

from __future__ import annotations

import json
import subprocess

import pytest

from device.engine.errors import RuleError
from device.engine.record import play_record, sheet_report, to_record
from device.forms import FORMS
from device.robots import play_rubber
from device.store.pbn import export_pbn
from tests.at_the_table import CLI, REPO, honeymoon, play_at_the_table, robot_record
from tests.forms.three_player.test_three_end_to_end import rubber as three_player_rubber
from tests.fourplay import chicago_record, rubber_record, shown_record

# The robots' seed for a form (default 1): a short rubber, or one that takes its paths.
SEEDS = {
    "draw-and-discard": 14,  # 2 deals
    "plain": 9,  # 6 deals, one thrown in
    "draw-bridge": 18,  # 6 deals with either option
    "draw-pick-up": 36,  # 2 deals
    "double-dummy": 9,  # one thrown in; dummies laid out in full, in part and skipped
    "single-dummy": 3,  # the face-up dummy and the face-down one chosen
    "semi-exposed-dummies": 5,  # cards turned up: scanned, and skipped with OK
    "exposed-dummy": 22,  # 5 deals, tricks of three
    "abridged": 3,  # 4 hands
}


def _chicago() -> dict:
    record = shown_record(chicago_record(1, thrown_in_before=(2,)))
    record["deals"][3].pop("shown")  # one dummy skipped with OK
    return record


# Records a form's own tests build: paths the robots' rubbers do not take.
RECORDS = {
    "three-player": three_player_rubber,  # a thrown-in deal, the talon taken with OK
    "chicago": _chicago,  # a thrown-in deal among the four, dummies scanned and skipped
    "rubber-bridge": rubber_record,  # a thrown-in deal, a dummy laid out in part
}
# Options as a couple would choose them on the start screen (the default for the rest).
OPTIONS = [("draw-bridge", {"top_card_shown": True})]


def record_for(name: str, options: dict | None = None) -> dict:
    """The form's own record (RECORDS), else the robots' rubber with its seed: dealt
    from the seed, or, with `options`, Anna dealing first (tests.at_the_table)."""
    seed = SEEDS.get(name, 1)
    if options:
        return robot_record(name, options, seed)
    if name in RECORDS:
        return RECORDS[name]()
    return json.loads(json.dumps(to_record(play_rubber(seed, name))))


CASES = [pytest.param(form.name, None, id=form.name) for form in FORMS] + [
    pytest.param(name, options, id=f"{name}-{'-'.join(options)}") for name, options in OPTIONS
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_whole_rubber_of_every_form_at_the_table(tmp_path, name, options):
    record = record_for(name, options)
    expected = play_record(record)
    assert expected.phase == "finished" and expected.form.name == name
    data = tmp_path / "data"
    data.mkdir()
    if record.get("options"):  # as remembered from the start screen
        (data / "prefs.json").write_text(json.dumps({"options": record["options"]}))
    play_at_the_table(tmp_path, record)
    report = json.loads(json.dumps(sheet_report(expected)))
    status = json.loads(honeymoon("status", "--data-dir", str(data), "--json").stdout)
    assert status["game"] == name and status["phase"] == "finished"
    assert status["deal"] == len(record["deals"]) and status["totals"] == report["totals"]
    exported = honeymoon("export", "--data-dir", str(data), "--format", "json").stdout
    stored = json.loads(exported)
    assert stored["deals"] == json.loads(json.dumps(record["deals"]))  # as scanned
    if record.get("options"):
        assert stored["options"] == record["options"]
    replayed = json.loads(honeymoon("replay", "-", stdin=exported).stdout)
    assert replayed == report and replayed["finished"]
    check_pbn(data, expected)


def check_pbn(data, game) -> None:
    """The PBN export of the stored rubber: each deal played as a board, its seats named
    as the form seats its players, its contract's result; or, for a form PBN has no
    seats for, the export refused with the engine's reason and nothing printed."""
    try:
        export_pbn(game)
    except RuleError as why:
        done = subprocess.run(
            [*CLI, "export", "--data-dir", str(data), "--format", "pbn"],
            capture_output=True, text=True, cwd=REPO, timeout=120,
        )  # fmt: skip
        assert done.returncode == 2 and done.stdout == "" and str(why) in done.stderr
        return
    text = honeymoon("export", "--data-dir", str(data), "--format", "pbn").stdout
    played = [d for d in game.deals if d.outcome is not None]
    assert text.startswith("% PBN 2.1\n") and text.count("[Event ") == len(played)
    pbn = pytest.importorskip("endplay.parsers.pbn", reason="endplay not installed")
    boards = pbn.loads(text)
    assert [b.board_num for b in boards] == [d.number for d in played]
    vul = {(): "none", (0,): "ns", (1,): "ew", (0, 1): "both"}
    assert [b.vul.name for b in boards] == [vul[game.vulnerable(d)] for d in played]
    scoring = "Chicago" if game.form.scoring == "chicago" else "Rubber"
    assert all(b.info["Scoring"] == scoring for b in boards)
    seats = game.form.seat_names()
    names = dict(zip(seats, game.form.hand_names(game.players), strict=True))
    for board, deal in zip(boards, played, strict=True):
        if len(game.players) == 4:  # two players' calls have no four seats to go in PBN
            assert len(board.auction) == len(deal.auction.calls)
        compass = ("North", "East", "South", "West")
        assert [board.info[s] for s in compass] == [names.get(s[0], "-") for s in compass]
        if deal.contract is not None:  # every card was played: each hand in play whole
            hands = board.deal.to_pbn()[2:].split()
            assert [len(h.replace(".", "")) for h in hands] == [
                13 if seat in seats else 0 for seat in "NESW"
            ]
            assert board.contract.result == deal.tricks - deal.contract.tricks_needed


def test_the_records_take_each_forms_own_paths():
    """What the seeds and records above were chosen for is in them."""
    deals = {name: record_for(name)["deals"] for name in (*SEEDS, *RECORDS)}
    assert {d.get("dummy") for d in deals["single-dummy"]} >= {"face-up", "face-down"}
    turned = [card for d in deals["semi-exposed-dummies"] for card in d.get("turned_up", [])]
    assert None in turned and any(turned)  # scanned, and skipped with OK
    laid_out = [len(sum(d.get("shown", {}).values(), [])) for d in deals["double-dummy"]]
    assert 26 in laid_out and any(0 < n < 26 for n in laid_out)
    assert any("cards" not in d for d in deals["double-dummy"])  # a deal thrown in
    assert all(len(d["draw_cards"]) == 26 for d in deals["draw-bridge"])
    assert all(len(d["pickups"]) == 26 for d in deals["draw-pick-up"])
    for name in ("chicago", "rubber-bridge", "three-player", "plain"):
        assert any(d.thrown_in for d in play_record(record_for(name)).deals), name
    assert len(deals["draw-and-discard"]) > 1 and len(deals["draw-pick-up"]) > 1
