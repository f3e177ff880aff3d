"""Finished rubbers as history: each rubber's result, and per couple (a pair
of names, in any order) the rubbers won, points, games, slams bid and made,
contracts made and failed. At a table of four the same per partnership (two
partners, in any order) and per player."""

from __future__ import annotations

from dataclasses import dataclass

from device.engine.game import Game

from .results import is_history_result, rubber_result  # noqa: F401 (imported from here too)


def _number(value) -> int:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


def couple_stats(results: list[dict]) -> list[dict]:
    """Per couple, per player: rubbers won, points, games, slams bid and made,
    contracts made and failed. Couples in the order first played; results that
    are not a played rubber's are left out."""
    couples: dict[tuple[str, ...], dict] = {}
    for result in filter(is_history_result, results):
        if len(result["players"]) not in (2, 3):  # a table of four: partnership_stats
            continue  # (three players, each alone, are counted as the couples are)
        key = tuple(sorted(result["players"]))
        couple = couples.setdefault(key, {"players": list(key), "rubbers": 0, "by_player": {}})
        couple["rubbers"] += 1
        for name in key:
            stats = couple["by_player"].setdefault(name, _empty())
            stats["won"] += result.get("winner") == name
            stats["points"] += _number(result.get("totals", {}).get(name))
            stats["games"] += _number(result.get("games", {}).get(name))
        for deal in result.get("deals", []):
            stats = couple["by_player"][deal["declarer"]]
            made, slam = bool(deal.get("made")), bool(deal.get("slam"))
            stats["made" if made else "failed"] += 1
            stats["slams_bid"] += slam
            stats["slams_made"] += slam and made
    return list(couples.values())


def result_sides(result: dict) -> list[list[str]]:
    """The partners of each side of a four-player result: as stored, else (an older
    result) players 1 and 3 against 2 and 4."""
    sides = result.get("sides")
    if (
        isinstance(sides, list)
        and len(sides) == 2
        and all(isinstance(side, list) and all(isinstance(n, str) for n in side) for side in sides)
    ):
        return sides
    players = result["players"]
    return [players[0::2], players[1::2]]


def partnership_stats(results: list[dict]) -> tuple[list[dict], list[dict]]:
    """At a table of four: per partnership (two partners, in any order) the games they
    played together, won, their points, contracts made and failed and slams; and per
    player the games played and won and the points of their side. Each in the order
    first played; results of two players are left out."""
    pairs: dict[tuple[str, ...], dict] = {}
    players: dict[str, dict] = {}
    for result in filter(is_history_result, results):
        if len(result["players"]) != 4:
            continue
        for side in result_sides(result):
            name = " & ".join(side)
            key = tuple(sorted(side))
            pair = pairs.setdefault(key, {"players": list(key), "played": 0, **_empty()})
            won = result.get("winner") == name
            points = _number(result.get("totals", {}).get(name))
            pair["played"] += 1
            pair["won"] += won
            pair["points"] += points
            pair["games"] += _number(result.get("games", {}).get(name))
            for deal in result.get("deals", []):
                if deal["declarer"] in side:
                    made, slam = bool(deal.get("made")), bool(deal.get("slam"))
                    pair["made" if made else "failed"] += 1
                    pair["slams_bid"] += slam
                    pair["slams_made"] += slam and made
            for player in side:
                stats = players.setdefault(player, {"name": player, "played": 0, **_empty()})
                stats["played"] += 1
                stats["won"] += won
                stats["points"] += points
    return list(pairs.values()), list(players.values())


def _empty() -> dict:
    keys = ("won", "points", "games", "slams_bid", "slams_made", "made", "failed")
    return dict.fromkeys(keys, 0)


# -- the history screen: each finished rubber by its id, and its sheet replayed ------------


def stored_results(journal) -> list[dict]:
    """Every finished rubber of `journal`, oldest first, as the history lists them
    (Journal.stored_results: a damaged one marked in its place; never raises)."""
    return journal.stored_results()


@dataclass(frozen=True)
class Replayed:
    """A stored rubber rebuilt by replaying its inputs: the game (None when nothing
    of it can be read), how many of its stored inputs replayed, and why not all
    did: None, "damaged", or a StorageError kind ("io", "busy", ...)."""

    rubber: int
    game: Game | None
    kept: int
    stored: int
    problem: str | None = None


def replay_rubber(journal, rubber: int) -> Replayed:
    """The rubber's score sheet as the journal's inputs make it (not its stored
    result). A damaged rubber is replayed up to its first input that cannot be
    read or no longer replays. Never raises: what went wrong is in `problem`."""
    replay = RubberReplay(journal, rubber)
    while not replay.step():
        pass
    return replay.result


PAGE = 250  # inputs read and replayed by one step of a RubberReplay


class RubberReplay:
    """`replay_rubber` a page of inputs at a time, so that the screen loop runs between
    pages (a rubber of 10,000 deals holds some 30,000 inputs: seconds on a Pi, and the
    watchdog would take the table for hung). `step()` replays the next page; once it
    returns True, `result` is the Replayed. `kept` and `stored` say how far it is."""

    def __init__(self, journal, rubber: int, page: int = PAGE):
        self.rubber = rubber
        self.kept = self.stored = 0
        self.result: Replayed | None = None
        self._pages = self._replay(journal, page)

    def step(self) -> bool:
        """One page replayed; True when the rubber is done (then `result` is set)."""
        if self.result is None:
            try:
                next(self._pages)
            except StopIteration as done:
                self.result = done.value
        return self.result is not None

    def _replay(self, journal, page: int):
        from device.engine.errors import RuleError

        from .journal import JournalError

        try:
            game = yield from self._pages_of(journal, page)
            return Replayed(self.rubber, game, self.kept, self.stored)
        except (JournalError, RuleError, ValueError, TypeError, KeyError) as error:
            if getattr(error, "kind", None) is not None:  # a StorageError: the disk, not it
                return Replayed(self.rubber, None, 0, 0, error.kind)
        try:
            return _salvaged(journal, self.rubber)
        except JournalError as error:
            return Replayed(self.rubber, None, 0, 0, getattr(error, "kind", "damaged"))

    def _pages_of(self, journal, page: int):
        """The rubber's game after all its inputs, read `page` at a time (in id order,
        as Journal.rubber reads them); a yield after each page."""
        setup, self.stored = journal.setup_of(self.rubber)
        game = Game(setup)
        for events in journal.event_pages(self.rubber, setup, page):
            for event in events:
                game.apply(event)
            self.kept += len(events)
            yield
        return game


def _salvaged(journal, rubber: int) -> Replayed:
    """What the salvage reader can still replay of a damaged rubber."""
    from .journal.salvage import read_journal, replayable

    reading = read_journal(journal.db, check=False)
    row = reading.rubbers.get(rubber)
    rows = reading.events.get(rubber, [])
    if row is None or row.setup is None:
        return Replayed(rubber, None, 0, len(rows), "damaged")
    game, kept = replayable(row.setup, rows)
    return Replayed(
        rubber, game, len(kept), len(rows), None if len(kept) == len(rows) else "damaged"
    )
