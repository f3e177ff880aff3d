"""The app's side of the double-dummy review: what to ask the worker for, and what
the screens get (ui.review for the deal result, ui.reviews for a stored rubber).

Nothing here waits: the worker (device.analysis.worker) runs in its own process,
`poll` reads what it said, and the screens show how far it has come.
"""

from __future__ import annotations

from device.analysis.facts import NotReviewed, deal_facts
from device.analysis.worker import Reviewer, ReviewState

from .review_text import ReviewShown

HISTORY_OVERLAYS = ("history-sheet", "history-review")
# Why a deal has no review that the result screen leaves unsaid: no contract played,
# or a form the review is not for (aBRIDGEd's deck, three players alone).
SILENT = ("thrown_in", "deck", "hands")
RESULTS = ("deal-end", "finished")  # the phases that show the last deal's result
CHUNK = 100  # deals of a stored rubber made ready for review by one step of `opening`


class Reviews:
    def __init__(self, reviewer: Reviewer | None = None):
        self._reviewer = reviewer
        self._result = None  # the facts of the deal last on the result screen
        self._rubber: list = []  # (deal number, facts or why not) of the stored rubber
        self._deal_word = "deal"  # the stored rubber's form's word for a deal

    @property
    def reviewer(self) -> Reviewer:
        if self._reviewer is None:
            self._reviewer = Reviewer()
        return self._reviewer

    def poll(self) -> bool:
        """True when a review came further: the screen draws again."""
        return self._reviewer is not None and self._reviewer.poll()

    def close(self) -> None:
        if self._reviewer is not None:
            self._reviewer.close()

    def show(self, ui, view, game) -> None:
        """Set ui.review for the deal on the result screen and ui.reviews for the rubber
        opened from the history."""
        ui.review = None
        if view is not None and view.phase in RESULTS and game is not None:
            ui.review = self._for_result(game)
        if ui.overlay in HISTORY_OVERLAYS:
            word = self._deal_word
            ui.reviews = tuple(self._shown(number, facts, word) for number, facts in self._rubber)

    def open_rubber(self, game) -> None:
        """A stored rubber was opened: its played deals are queued for review."""
        for _ in self.opening(game):
            pass

    def opening(self, game, chunk: int = CHUNK):
        """`open_rubber` `chunk` deals at a time, a yield after each (the screen loop runs
        between: a rubber of 10,000 deals is seconds of work on a Pi). A deal already
        queued or reviewed (the rubber opened again) is not queued again."""
        self._rubber = []
        self._deal_word = game.form.deal_word if game is not None else "deal"
        played = [d for d in game.deals if d.outcome is not None] if game is not None else []
        for start in range(0, len(played), chunk):
            part = []
            for deal in played[start : start + chunk]:
                try:
                    part.append((deal.number, deal_facts(game, deal)))
                except NotReviewed as why:
                    part.append((deal.number, str(why)))
            self._rubber.extend(part)
            self.reviewer.want_all(f for _, f in part if not isinstance(f, str))
            yield

    def _for_result(self, game) -> ReviewShown | None:
        try:
            facts = deal_facts(game, game.deal)
        except NotReviewed as why:  # said only where a review could have been
            return None if str(why) in SILENT else self._shown(game.deal.number, str(why))
        if facts != self._result:
            if self._result is not None:
                self.reviewer.forget(self._result)  # left (or undone) before it was done
            self._result = facts
        self.reviewer.want(facts)
        return self._shown(facts.number, facts)

    def _shown(self, number: int, facts, word: str = "deal") -> ReviewShown:
        if isinstance(facts, str):
            failed = ReviewState("failed", reason=facts)
            return ReviewShown(number, failed, (), ("", ""), word)
        state = self.reviewer.state(facts)
        return ReviewShown(number, state, facts.names, facts.side_names, word)
