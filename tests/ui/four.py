"""Four at the table for the screens' tests: the names, and games of the engine's
`chicago` and `rubber-bridge` forms from a record or played by the robots."""

from __future__ import annotations

from device.engine.record import play_record

NAMES = ("Anna", "Ben", "Carla", "Daan")  # North, East, South, West
DECK = [s + r for s in "SHDC" for r in "AKQJT98765432"]


def four(form: str, *deals: dict, first_dealer: str = "Anna", **options):
    """A game of `form` for Anna (N), Ben (E), Carla (S) and Daan (W) from record deals."""
    record = {"game": form, "players": list(NAMES), "first_dealer": first_dealer}
    if options:
        record["options"] = options
    return play_record({**record, "deals": list(deals)})
