"""`honeymoon status`, `export` and `history`: the table and its history as JSON,
read from the journal (into memory: its files are never written)."""

from __future__ import annotations

from pathlib import Path

from device.engine.game import Game
from device.engine.record import to_record

from .journal import Journal, JournalDamaged, JournalError, JournalNewer


def stored_game(path: Path, rubber: int | None = None) -> tuple[Game, str | None]:
    """For `honeymoon status` and `export`: a rubber from the journal at `path`, as far
    as it can be read, and a note when that is not all of it. Never changes a
    journal's file, not its WAL, not its -shm, damaged, newer or healthy: it is read into
    memory (Journal.read_only). JournalError (one line) when nothing can be shown."""
    if not path.exists():
        raise JournalError(f"there is no journal at {path}")
    if path.is_file() and path.stat().st_size == 0:
        raise JournalDamaged(f"the journal at {path} is empty (0 bytes): nothing in it can be read")
    journal = _read_only(path)
    try:
        _, game, note = read_rubber(journal, rubber)
    finally:
        journal.close()
    return game, note


def _read_only(path: Path) -> Journal:
    """The journal at `path` read into memory; JournalError in one line when it cannot be."""
    try:
        return Journal.read_only(path)
    except JournalNewer as error:
        raise JournalError(f"{path}: {error}; update the program to read it") from None
    except JournalError as error:
        raise JournalError(f"the journal cannot be read: {error}") from None


def stored_history(path: Path) -> tuple[list[dict], int]:
    """For `honeymoon history`: every finished rubber's result in the journal at
    `path`, oldest first, each with its id, and how many could not be read (left
    out). No journal yet is no history; JournalError (one line) when the journal
    cannot be read at all."""
    if not path.exists():
        return [], 0
    journal = _read_only(path)
    try:
        journal.rubbers()  # a file that is no journal says so, not an empty history
        entries = journal.stored_results()
    except JournalError as error:
        raise JournalError(f"the journal cannot be read: {error}") from None
    finally:
        journal.close()
    damaged = sum(1 for entry in entries if entry.get("damaged"))
    return [entry for entry in entries if not entry.get("damaged")], damaged


def load_game(journal: Journal, rubber: int | None = None) -> tuple[int, Game]:
    """A rubber (by default the latest) rebuilt from its events."""
    found, game, _ = read_rubber(journal, rubber)
    return found, game


def read_rubber(journal: Journal, rubber: int | None = None) -> tuple[int, Game, str | None]:
    """A rubber (by default the latest) rebuilt from what can be read of it, and a note
    when that is not all of it (a damaged journal): the game up to its last readable input.

    JournalError when there is no such rubber, or nothing of it can be read.
    """
    from .journal.salvage import read_journal, replayable

    reading = read_journal(journal.db)
    if rubber is None:
        if not reading.rubbers:
            raise JournalError(_nothing(journal, reading))
        rubber = max(reading.rubbers)
    row = reading.rubbers.get(rubber)
    if row is None:
        raise JournalError(f"there is no rubber {rubber} in the journal")
    if row.setup is None:
        raise JournalDamaged(f"rubber {rubber} cannot be read: the journal is damaged")
    rows = reading.events.get(rubber, [])
    game, events = replayable(row.setup, rows)
    note = None
    if len(events) < len(rows):
        note = f"rubber {rubber} up to input {len(events)} of {len(rows)}"
    elif reading.damaged:
        note = f"rubber {rubber} ({reading.problems[0]})"
    if note:
        note = " ".join(f"the journal is damaged: {note}, as far as it can be read".split())
    return rubber, game, note


def _nothing(journal: Journal, reading) -> str:
    if reading.damaged:
        return f"the journal at {journal.path} is damaged: no rubber in it can be read"
    return f"there is no rubber in {journal.path}"


def status(game: Game) -> dict:
    """The current table, as `honeymoon status --json` prints it: exactly the keys of
    the issues' contracts; `tricks` holds the completed tricks of the deal.

    `turn` is the player to act (the declarer when the dummy's card is due) and
    `hand` the compass seat of the hand to act (N, E, S, W; in two-player forms
    the first player is N and the second S, as in the PBN export); both are null
    when nobody is to act (the deal's result, a finished rubber)."""
    deal = game.deal
    play = deal.play
    tricks = [
        {"cards": [str(c) for c in trick.cards], "winner": play.names[trick.winner]}
        for trick in (play.tricks if play else [])
    ]
    return {
        "game": game.form.name,
        "phase": game.phase,
        "deal": deal.number,
        "dealer": game.players[deal.dealer],
        "turn": game.name(game.turn),
        "hand": game.hand_seat,
        "calls": [str(c) for _, c in deal.auction.calls] if deal.auction else [],
        "contract": _contract(game),
        "declarer": game.name(deal.declarer),
        "tricks": tricks,
        "totals": dict(
            zip(
                (game.side_name(side) for side in range(game.form.side_count)),
                game.sheet.totals(),
                strict=True,
            )
        ),
    }


def _contract(game: Game) -> str | None:
    """The contract ("4S"; aBRIDGEd's declaration and trump, "Ten R"), or None."""
    deal = game.deal
    text = game.form.contract_text(deal)
    return None if deal.contract is None and text == "pass" else text


def export_json(game: Game) -> dict:
    """The game record that `honeymoon replay` reads."""
    return to_record(game)
