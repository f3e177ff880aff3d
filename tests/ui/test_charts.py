"""The history in pictures: from the history's Charts, each couple's running balance
(the area in the leader's colour), who is ahead since when, the rubbers won, and the
contracts by level; a group at a time, one form or all; by touch, in both languages."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from device.store.journal import FILENAME, Journal  # noqa: E402
from device.store.trends import trends  # noqa: E402
from device.ui import theme  # noqa: E402
from device.ui.actions import ChartsForm, ChartsGroup, ChartsKind, Overlay  # noqa: E402
from device.ui.i18n import LANGUAGES, Catalog  # noqa: E402
from device.ui.layout import MIN_TARGET  # noqa: E402
from device.ui.screens import charts  # noqa: E402
from tests.ui import touch  # noqa: E402
from tests.ui.charts_gallery import (  # noqa: E402
    charts_screens,
    couple_history,
    four_history,
    three_history,
)
from tests.ui.gallery import draw  # noqa: E402
from tests.ui.test_history import history_app, play_into, texts_of  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_module")


def tap(app, action):
    touch.tap(app, action, MIN_TARGET)


def test_groups_couples_first_most_played_first_then_partnerships():
    every = four_history() + three_history() + couple_history()
    found = charts.groups(every, None)
    assert [g["players"] for g in found] == [
        ["Anna", "Ben"],
        ["Anna", "Ben", "Zoë"],
        ["Anna", "Carla"],
        ["Ben", "Daan"],
    ]
    assert [g["players"] for g in charts.groups(every, "three-player")] == [["Anna", "Ben", "Zoë"]]


def test_the_form_button_goes_round_all_then_each_form_played():
    history = couple_history()
    assert charts.forms_played(history) == ["plain", "draw-and-discard"]
    assert charts.next_form(history, None) == "plain"
    assert charts.next_form(history, "plain") == "draw-and-discard"
    assert charts.next_form(history, "draw-and-discard") is None
    assert charts.next_form(history, "chicago") is None  # no longer played: all again


def test_a_couple_is_one_line_three_players_three_a_partnership_one():
    every = couple_history() + three_history() + four_history()
    couple, three, pair, _ = charts.groups(every, None)
    (label, values), *rest = charts.series(couple)
    assert label == "Anna" and rest == [] and values[0] == 0
    assert values[1:] == [row["balance"]["Anna"] for row in couple["balance"]]
    assert [name for name, _ in charts.series(three)] == ["Anna", "Ben", "Zoë"]
    assert charts.series(pair)[0][1][1:] == [row["balance"] for row in pair["balance"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_leads_and_since_when_in_words(lang):
    t = Catalog(lang)
    history = couple_history()
    (couple,) = charts.groups(history, None)
    lead = couple["ahead"]
    assert charts.lead(couple, t) == t.t("charts.ahead", name=lead["name"], by=lead["by"])
    date = next(e["date"] for e in history if e["rubber"] == lead["since"])
    assert charts.since(couple, history, t) == t.t("charts.since", date=date)
    behind = next(g for g in charts.groups(four_history(), None) if g["ahead"]["by"] < 0)
    assert charts.lead(behind, t).startswith(" & ".join(behind["players"]))
    assert charts.lead(behind, t) != charts.lead(couple, t)


def pixel(surface, layout, x, y):
    return tuple(surface.get_at(layout.point(x, y)))[:3]


def test_the_area_is_the_leaders_colour_above_and_the_others_below():
    """Rubber 1: Ben ahead (below the middle, his colour); the last: Anna (above, hers)."""
    from device.ui.layout import Layout

    (name, view, ui), *_ = charts_screens()
    assert name == "charts-balance"
    layout = Layout((800, 480))
    surface, _ = draw(view, ui, "en", (800, 480), layout)
    (couple,) = charts.groups(ui.history.rubbers, None)
    values = charts.series(couple)[0][1]
    x, y, w, h = charts.CHART
    inner = (x + 12, y + 44, w - 24, h - 88)
    high, low = max(values), min(values)
    zero = inner[1] + high / (high - low) * inner[3]
    step = inner[2] / (len(values) - 1)
    first = (inner[0] + step * 0.5, zero + 4)  # between 0 and rubber 1 (-420): under
    last = (inner[0] + inner[2] - step * 0.2, zero - 4)  # before the last point: over
    assert values[1] < 0 < values[-1]
    assert pixel(surface, layout, *first) == theme.CHART_FILL[1]
    assert pixel(surface, layout, *last) == theme.CHART_FILL[0]


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    play_into(journal, 1, "plain", ("Anna", "Ben"))
    play_into(journal, 2, "draw-and-discard", ("Anna", "Ben"))
    play_into(journal, 4, "plain", ("Carla", "Dirk"))
    yield journal
    journal.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_by_touch_from_the_history_to_each_chart_and_back(journal, lang):
    app = history_app(journal, lang)
    tap(app, Overlay("history-charts"))
    assert app.ui.overlay == "history-charts"
    figures = charts.groups(app.ui.history.rubbers, None)
    assert [g["players"] for g in figures] == [["Anna", "Ben"], ["Carla", "Dirk"]]
    t = Catalog(lang)
    assert t.t("charts.all_forms") in texts(app)
    tap(app, ChartsGroup(1))  # the next couple
    assert app.ui.history.charts.group == 1
    assert charts.lead(figures[1], t) in texts(app)
    tap(app, ChartsForm())  # all forms -> plain: the first group of it
    assert (app.ui.history.charts.form, app.ui.history.charts.group) == ("plain", 0)
    assert t.t("form.plain") in texts(app)
    tap(app, ChartsForm())
    assert app.ui.history.charts.form == "draw-and-discard"
    assert [g["players"] for g in charts.groups(app.ui.history.rubbers, "draw-and-discard")] == [
        ["Anna", "Ben"]
    ]
    tap(app, ChartsKind("contracts"))
    assert app.ui.history.charts.kind == "contracts" and t.t("charts.made_failed") in texts(app)
    tap(app, ChartsKind("balance"))
    tap(app, Overlay("history"))
    assert app.ui.overlay == "history"


def texts(app) -> str:
    """Every text the current screen draws, joined."""
    return texts_of(app)[0]


def test_the_charts_button_is_off_with_no_history(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    try:
        app = history_app(journal)
        (target,) = [t for t in app.targets if t.action == Overlay("history-charts")]
        assert not target.enabled
    finally:
        journal.close()


def test_the_screens_figures_are_the_commands():
    """What the charts draw is `honeymoon history --json`'s, every form together."""
    every = couple_history() + four_history()
    figures = trends(every, by_form=False)
    assert charts.groups(every, None) == figures["couples"] + figures["partnerships"]
