"""A stored rubber's title, as the history, its sheet and its review say it. Apart from
history.py so that a form's own sheet (aBRIDGEd's sheet_screen.py), which the history opens,
says it without importing the history back."""

from __future__ import annotations


def stored_title(stored, t, key: str = "history.sheet_title") -> str:
    """ "Rubber 3", or its form's word for it: "Chicago 3", "Game 3" (aBRIDGEd)."""
    word = stored.rubber_word
    return t.t(key if word == "rubber" else f"{key}_{word}", n=stored.rubber)
