"""`honeymoon status` and `honeymoon export`: the table as JSON, read from the journal."""

from __future__ import annotations

from device.engine.game import Game
from device.engine.record import to_record

from .journal import Journal, JournalError


def load_game(journal: Journal, rubber: int | None = None) -> tuple[int, Game]:
    """A rubber (by default the latest) rebuilt from its events."""
    if rubber is None:
        rubbers = journal.rubbers()
        if not rubbers:
            raise JournalError(f"there is no rubber in {journal.path}")
        rubber = rubbers[-1][0]
    stored = journal.rubber(rubber)
    game = Game(stored.setup)
    game.replay(stored.events)
    return rubber, game


def status(game: Game) -> dict:
    """The current table, as `honeymoon status --json` prints it: exactly the keys of
    the issue's contract; `tricks` holds the completed tricks of the deal."""
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
        "calls": [str(c) for _, c in deal.auction.calls] if deal.auction else [],
        "contract": str(deal.contract) if deal.contract else None,
        "declarer": game.name(deal.declarer),
        "tricks": tricks,
        "totals": dict(
            zip((game.side_name(0), game.side_name(1)), game.sheet.totals(), strict=True)
        ),
    }


def export_json(game: Game) -> dict:
    """The game record that `honeymoon replay` reads."""
    return to_record(game)
