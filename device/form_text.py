"""A form's own words where it says a thing its own way: the terminal table's status
line and event lines, what an undo took back, the sheet as text, what the cards
proved afterwards, the words typed in its own phases, its help. Each hook answers
None (or nothing) where the form says it as every form does; a form's package that
says more keeps a `FormText` of its own as TEXT in its text.py, found by being there
(device.forms.form_part), so the console, the table and the sheet text never ask
which form they play.
"""

from __future__ import annotations

from device.engine.events import Event
from device.engine.message import Message
from device.forms import form_part


class FormText:
    hints: tuple[str, ...] = ()  # the keys `hint` may say, for the catalogue's tests

    def status(self, game, t) -> str | None:
        """The status line in a phase of the form's own."""
        return None

    def event_line(self, game, event: Event, t) -> str | None:
        """The line for an accepted input the form says its own way."""
        return None

    def undone(self, game, event: Event) -> Message | None:
        """What an undo took back, where the form says it its own way."""
        return None

    def hint(self, game) -> Message | None:
        """What the table waits for now, in a phase of the form's own."""
        return None

    def help(self, game, t) -> str | None:
        """The terminal table's help, where the form has its own."""
        return None

    def spoken(self, game, line: str) -> str | int | None:
        """A typed word or number of the form's own phases (None: not one)."""
        return None

    def deal_line(self, game, deal, t) -> str | None:
        """One deal on the sheet in words, where the form's deals are not contracts."""
        return None

    def deal_notes(self, game, deal, t) -> list[str]:
        """Lines under a deal's result: what the cards proved once all were seen."""
        return []

    def sheet(self, game, t) -> str | None:
        """The whole sheet as text, where the form keeps a sheet of its own."""
        return None


EVERY_FORM = FormText()


def form_text(form) -> FormText:
    """The form's own words (its package's text.py TEXT), or every form's."""
    part = form_part(form, "text")
    return EVERY_FORM if part is None else part.TEXT
