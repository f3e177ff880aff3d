"""Properties of any sheet, over random deals: no line is ever negative (or
zero), totals are the sum of the lines, and each deal's score is its lines."""

from hypothesis import given, settings
from hypothesis import strategies as st

from device.engine.calls import Contract, Strain
from device.engine.scoring import DealOutcome, RubberSheet
from device.forms.chicago.sheet import ChicagoSheet

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2))
played = st.builds(
    DealOutcome,
    contracts,
    st.integers(0, 1),
    st.integers(0, 13),
    st.sampled_from([(0, 0), (100, 0), (0, 100), (150, 0), (0, 150)]),
    st.integers(0, 1),
)
thrown_in = st.builds(DealOutcome, st.none(), st.none(), dealer=st.integers(0, 1))
outcomes = st.lists(st.one_of(played, played, played, thrown_in), max_size=12)
sheets = st.one_of(
    st.builds(RubberSheet, st.booleans(), st.booleans()),
    st.builds(ChicagoSheet, st.booleans(), st.booleans()),
)


def fill(sheet, history):
    for outcome in history:
        if sheet.finished:
            break
        sheet = sheet.add(outcome)
    return sheet


@settings(max_examples=300, deadline=None)
@given(sheets, outcomes)
def test_lines_are_positive_and_totals_add_up(sheet, history):
    sheet = fill(sheet, history)
    every = sheet.lines + sheet.closing_lines()
    assert all(line.points > 0 for line in every)
    assert all(line.where in ("below", "above") and line.side in (0, 1) for line in every)
    assert all(1 <= line.deal <= sheet.deals for line in every)
    assert sheet.totals() == tuple(
        sum(line.points for line in every if line.side == s) for s in (0, 1)
    )
    # Each deal's score is what its lines say; all deals together are the sheet's lines.
    per_deal = [sheet.deal_score(d) for d in range(1, sheet.deals + 1)]
    written = tuple(
        sum(below + above for below, above in (s[side] for s in per_deal)) for side in (0, 1)
    )
    assert written == tuple(sum(ln.points for ln in sheet.lines if ln.side == s) for s in (0, 1))
    assert all(points >= 0 for points in sheet.below)
    assert sum(sheet.games) == len(sheet.game_lines)
    if sheet.finished:
        assert sheet.closing_lines() == ()
    else:
        assert sheet.winner is None
