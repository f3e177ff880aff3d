"""What a controller (seating, pairing, settings, history) sees of the app that holds
it: the app is passed in as this, so no controller imports the app."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class Host(Protocol):
    ui: object  # screens.base.UiState: what the screens draw besides the game
    t: object  # i18n.Catalog: the screen's language
    loop: object | None  # device.loop.TableLoop (None in a few screen tests)
    new_table: object  # builds a Table for a Setup (its `journal`: where rubbers go)
    decks: Path | None  # where a paired deck is saved
    profile: object | None  # the paired deck, for cards drawn before a rubber
    prefs: object | None  # store.prefs.Prefs: what is remembered for the next start
    reviews: object  # reviews.Reviews: the double-dummy review, off the loop
    dirty: bool  # a frame is to be drawn
    settings: object  # settings.SettingsController: what is remembered for the next start

    @property
    def table(self): ...  # device.table.Table, or None before any rubber

    def turn_display(self) -> None: ...

    def storage_status(self) -> None: ...
