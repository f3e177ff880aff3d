"""The terminal table speaks the screen's words in every phase of every form, in the
table's language: the prompt of each phase and the line of each input come from the
locale catalogues (English and Dutch), never an event's repr."""

from __future__ import annotations

import io
import queue
import re

import pytest

from device.console import Console, describe, status
from device.console_words import Words
from device.engine.game import Game
from device.forms import FORMS
from device.loop import TableLoop
from device.sheet_text import render_sheet
from device.table import Table
from tests.test_console_fuzz import REPR, robot_events

EN, NL = Words("en"), Words("nl")
# English words of the console's own lines that a Dutch line never has.
ENGLISH = re.compile(r"\b(?:deal|to play|to call|by|dummy|tricks|claims|turn|draws)\b")


def walk(form: str):
    """Each input of a robot rubber through every phase, with the game after it."""
    setup, events = robot_events(form)
    game = Game(setup)
    for event in events:
        applied = game.apply(event) or event
        yield game, applied


@pytest.mark.parametrize("form", [f.name for f in FORMS])
def test_every_phase_and_input_is_said_in_both_languages_without_a_repr(form):
    phases = set()
    for game, event in walk(form):
        english, dutch = status(game, EN), status(game, NL)
        for line in (english, dutch, describe(game, event, EN), describe(game, event, NL)):
            assert not REPR.search(line), line
        assert not ENGLISH.search(dutch), dutch
        if game.phase not in phases:
            phases.add(game.phase)
            assert english != dutch, english  # the phase's prompt is translated
    assert phases >= set(Game(robot_events(form)[0]).form.phases({})) - {"turn-up"}
    dutch_sheet = render_sheet(game, NL)
    assert not ENGLISH.search(dutch_sheet) and not REPR.search(dutch_sheet), dutch_sheet


def test_every_console_text_is_in_both_catalogues():
    english, dutch = set(EN.texts["console"]), set(NL.texts["console"])
    assert english == dutch and len(english) > 100
    for key in english:  # the same fields in both
        fields = set(re.findall(r"\{(\w+)\}", EN.texts["console"][key]))
        assert fields == set(re.findall(r"\{(\w+)\}", NL.texts["console"][key])), key
    assert not any(k.startswith("console.") for k in EN.texts["ui"])  # none on a screen


def test_the_terminal_table_speaks_dutch_with_lang_nl():
    game = Game(robot_events("double-dummy")[0])
    out = io.StringIO()
    con = Console(TableLoop(Table(game), queue.Queue()), out=out, lang="nl")
    for line in ("1s", "p", "HA", "H2", "ok", "zz", "sheet", "menu", None):
        con.lines.put(line)
    for _ in range(30):
        if not con.running:
            break
        con.tick(0)
    text = out.getvalue()
    assert "Anna speelt HA" in text and "H2 open in de blinde van Anna" in text
    assert "de blinde ligt open" in text and "! 'zz' is geen kaart, bod of toets" in text
    assert "menu: typ in de terminal sheet, help of quit" in text
    assert not REPR.search(text)
