"""View models: what the screen may show, built from the game and nothing else.

The screens draw only from these values, never from the game, so a card that
the rules keep hidden (stock, discards, the other hand, a face-down dummy)
cannot reach the screen: the only cards a view holds are cards already
played and hands the form exposes. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from device.engine.deal import Deal
from device.engine.game import Game
from device.engine.legal import legal_inputs
from device.engine.play import TRICKS
from device.ui.form_parts import own_view


@dataclass(frozen=True)
class SeatView:
    name: str
    side: int
    vulnerable: bool
    dealer: bool
    turn: bool
    compass: str = ""  # "N", "E", "S" or "W" at a table of four; "" at a table of two


COMPASS = ("N", "E", "S", "W")  # the seats of a table of four: hand 0 first, clockwise


@dataclass(frozen=True)
class AuctionView:
    first: int  # seat that spoke first: column order starts there
    calls: tuple[tuple[int, str], ...]  # (seat, call) in order
    legal: frozenset[str]  # calls the seat to speak may make (the others are greyed)


@dataclass(frozen=True)
class PlaceView:
    """Where a face-up card of a dummy laid out in piles lies (semi-exposed dummies)."""

    card: str | None  # the face-up card there (None: not scanned)
    under: bool  # a face-down card lies under it: a pile (drawn as a card back)
    up: bool  # a face-up card lies there (False: played; a pile's card waits under)


@dataclass(frozen=True)
class PlayView:
    contract: str
    declarer: str
    trick: tuple[tuple[int, str], ...]  # (hand, card) of the trick in progress, leader first
    last_trick: tuple[tuple[int, str], ...]  # the previous trick, (hand, card)
    last_winner: int | None
    won: tuple[int, int]  # tricks won by side 0 and side 1
    trick_number: int
    claim: tuple[str, int] | None  # (claimer, tricks) waiting for an answer
    revokes: tuple[str, ...]  # "Ben revoked in trick 4 (hearts)"
    exposed: tuple[tuple[int, tuple[str, ...]], ...] = ()  # hands face up, if the form has any
    played: frozenset[str] = frozenset()  # every card played in this deal (the picker greys them)
    to_play: int | None = None  # the hand whose card is due
    hands: tuple[str, ...] = ()  # each hand's name (a player's, one hand per player here)
    controllers: tuple[int, ...] = ()  # the seat that plays each hand (a dummy's: the declarer)
    # Hands laid out face up (a dummy): each card and whether it was played, by suit order.
    # Only cards the table was shown, or saw played: never a card still hidden in a hand.
    shown: tuple[tuple[int, tuple[tuple[str, bool], ...]], ...] = ()
    dummy: int | None = None  # the hand the declarer plays for (its partner's), if any
    dummies: tuple[int, ...] = ()  # every hand laid out in the dummy phase, in order
    # Dummies laid out in piles (semi-exposed): each one's places, piles first, in the
    # order laid out (while the dummy phase scans them too), and in the turn-up phase the
    # hand whose card is turned up and its pile (1-based: the number the screen says).
    piles: tuple[tuple[int, tuple[PlaceView, ...]], ...] = ()
    pile_count: int = 0  # the piles of each (its first places), numbered from 1
    turn_up: int | None = None
    turn_up_pile: int | None = None
    claimers: tuple[int, ...] = ()  # the seats that may claim (three players: the declarer)


@dataclass(frozen=True)
class ResultView:
    contract: str  # "pass" when thrown in
    declarer: str | None
    tricks: int | None
    over: int | None  # tricks over (+) or under (-) the contract
    lines: tuple[tuple[int, str, int, str], ...]  # (side, below|above, points, kind)
    honours: tuple[int, int]
    honours_from: str | None  # "cards", "players" or None
    ask_honours: bool  # after a claim: the players may give honours
    won: int | None = None  # the declarer's tricks before any revoke transfer
    transfers: tuple[tuple[str, int, int], ...] = ()  # (offender, trick 1..13, tricks moved)


@dataclass(frozen=True)
class DealRow:
    """One deal of a Chicago's score chart, as it was dealt: thrown-in deals included."""

    number: int  # in the order dealt
    dealer: str
    vulnerable: tuple[int, ...]  # the sides vulnerable on it
    contract: str | None  # "4HX"; "pass" thrown in; None while not yet bid
    declarer: int | None  # the declaring side
    over: int | None  # tricks over (+) or under (-) the contract, once played
    points: tuple[int, int]  # written for each side on this deal
    running: tuple[int, int]  # each side's total after it


@dataclass(frozen=True)
class SheetView:
    sides: tuple[str, str]
    above: tuple[tuple[int, int, str], ...]  # (side, points, kind), first written first
    games: tuple[tuple[tuple[int, int], ...], ...]  # below the line per game: (side, points)
    closing: tuple[tuple[int, int, str], ...]  # unfinished-rubber bonuses
    totals: tuple[int, int]
    games_won: tuple[int, int]
    finished: bool
    winner: str | None
    deal_chart: int = 0  # shown as a chart of this many deals (0: a rubber's sheet)
    form: str = ""  # the form's name: its own words for the sheet (Catalog.own)
    deals: tuple[DealRow, ...] = ()  # Chicago: the chart of its deals
    counted: int = 0  # Chicago: deals that count so far (of four)
    pairs: bool = False  # each side is a partnership: "Anna & Carla win", not "wins"


@dataclass(frozen=True)
class TableView:
    """Everything one screen of the table may show."""

    phase: str  # draw, auction, play, deal-end, finished
    form: str
    title: str
    deal: int
    dealer: str
    turn: str | None
    seats: tuple[SeatView, ...]
    side_names: tuple[str, str]
    draw_turn: int = 0  # the drawer's own turn number, 1..13
    draw_turns: int = 13
    auction: AuctionView | None = None
    play: PlayView | None = None
    result: ResultView | None = None
    sheet: SheetView | None = None
    can_undo: bool = False
    deck: str = "standard"
    vulnerability: bool = True  # whether the form has it (the header says it)
    deal_word: str = "deal"  # "deal" or "hand" (aBRIDGEd)
    players: int = 2  # how many sit at the table
    tricks: int = TRICKS  # tricks in a deal
    dummy_shown: int = 0  # in the dummy phase: the dummy's cards shown so far ...
    laid_out: int = TRICKS  # ... of those it lays face up (all, or seven in piles)
    # A dummy laid face up before the auction (Single, Exposed Dummy): its cards shown
    # so far, until the play starts and they are a hand's (`play.shown`).
    face_up: tuple[str, ...] = ()
    dead: frozenset[str] = frozenset()  # in the play: cards an earlier phase put out of it
    # The cards a tap on the picker gives now, in any phase (the others are greyed): the
    # engine's legal inputs (`legal_inputs`), from what the table has seen.
    pickable: frozenset[str] = frozenset()
    # The form's own view, from its package (device/ui/form_parts.py): Draw Bridge's
    # draw tricks and Draw / Pick-Up's stock turned up while in them, aBRIDGEd's
    # declaring and sheet.
    own: Any = None
    extra: dict = field(default_factory=dict)

    def cards(self) -> set[str]:
        """Every card this view holds, for the privacy check."""
        held: set[str] = set()
        if self.play is not None:
            held |= {card for _, card in self.play.trick + self.play.last_trick}
            held |= {p.card for _, places in self.play.piles for p in places if p.card}
            held |= {card for _, hand in self.play.exposed for card in hand}
            held |= self.play.played
            held |= {card for _, cards in self.play.shown for card, _ in cards}
        held |= set(self.face_up)
        held |= self.dead
        if self.own is not None:
            held |= self.own.cards()
        return held


def compass(game: Game, seat: int) -> str:
    """The compass seat of a player at a table of four (players[0..3] sit clockwise
    from North); "" at a table of two, where the two sit at the screen's ends."""
    return game.form.seat_names()[seat] if len(game.players) == 4 else ""


def shown_cards(deal: Deal) -> dict:
    """hand -> cards shown face up and not yet played (a dummy laid out)."""
    return dict(getattr(deal, "shown", None) or {})


def build_view(game: Game) -> TableView:
    deal = game.deal
    turn = game.turn
    if game.phase == "dummy" and deal.dummy is not None and deal.dummy < len(game.players):
        turn = deal.dummy  # a player's own dummy: they lay it out, as the prompt says
    # Vulnerability as the deal was dealt (the sheet before it): the deal result and the
    # rubber's end show what the deal was played at, not what the next deal will be.
    seats = tuple(
        SeatView(
            name,
            game.form.side(seat),
            deal.sheet_before.vulnerable(game.form.side(seat), game.form.side(deal.dealer)),
            seat == deal.dealer,
            seat == turn and not game.sheet.finished,
            compass(game, seat),
        )
        for seat, name in enumerate(game.players)
    )

    return TableView(
        phase=game.phase,
        form=game.form.name,
        title=game.form.title,
        deal=said_number(game, deal),
        dealer=game.players[deal.dealer],
        turn=game.name(turn),
        seats=seats,
        side_names=_side_names(game),
        draw_turn=deal.draw_turns // len(game.players) + 1,
        draw_turns=game.form.draw_turns,
        auction=_auction(deal),
        play=_play(game, deal),
        result=_result(game, deal),
        sheet=sheet_view(game),
        can_undo=game.can_undo,
        vulnerability=game.form.vulnerability,
        deal_word=game.form.deal_word,
        deck=game.form.deck.name,
        players=len(game.players),
        tricks=_tricks(game),
        dummy_shown=_dummy_shown(game, deal),
        laid_out=game.form.laid_out(),
        face_up=tuple(str(c) for c in getattr(deal, "face_up", ())) if deal.play is None else (),
        dead=dead_cards(game),
        own=own_view(game),
        extra=_talon(game, deal),
        pickable=_pickable(game),
    )


def _talon(game: Game, deal: Deal) -> dict:
    """Three-player Honeymoon's talon phase: the contract, who takes the talon (the
    declarer) and who then leads, under "talon"; else nothing."""
    if game.phase != "talon":
        return {}
    hand = game.form.declarer_hand(deal.declarer)
    leader = game.form.controller(game.form.opening_leader(hand), hand)
    talon = {"contract": str(deal.contract), "declarer": game.players[deal.declarer]}
    return {"talon": talon | {"leader": game.players[leader]}}


def _side_names(game: Game) -> tuple[str, ...]:
    """Each side's name: two partnerships or couples, or three players each alone."""
    return tuple(game.side_name(side) for side in range(game.form.side_count))


def _tricks(game: Game) -> int:
    """Tricks in a deal: the form's number where it says one (13 in bridge)."""
    tricks = getattr(game.form, "tricks", TRICKS)
    return tricks if isinstance(tricks, int) else TRICKS


def _dummy_shown(game: Game, deal: Deal) -> int:
    """How many of the dummy's cards the table has been shown (played ones included)."""
    play = deal.play
    if play is None:
        return 0
    dummy = _dummy(game, deal)
    if dummy is None:
        return 0
    return len(shown_cards(deal).get(dummy, ())) + len(_played_by(play, dummy))


def _dummy(game: Game, deal: Deal) -> int | None:
    """The hand played by another player than its owner (the dummy), if there is one."""
    if deal.play is None or deal.declarer is None:
        return None
    if hasattr(deal, "dummy"):  # the engine says which hand is the dummy
        return deal.dummy
    declarer_hand = game.form.declarer_hand(deal.declarer)
    return next(
        (h for h in range(deal.play.hands) if game.form.controller(h, declarer_hand) != h),
        None,
    )


def _played_by(play, hand: int) -> list:
    """The cards `hand` played so far this deal, in play order."""
    cards = []
    for trick in play.tricks:
        cards.append(trick.cards[(hand - trick.leader) % play.hands])
    index = (hand - play.leader) % play.hands
    if index < len(play.current):
        cards.append(play.current[index])
    return cards


def _auction(deal: Deal) -> AuctionView | None:
    auction = deal.auction
    if auction is None:
        return None
    legal = frozenset(str(c) for c in auction.legal_calls())
    return AuctionView(auction.first, tuple((s, str(c)) for s, c in auction.calls), legal)


def _play(game: Game, deal: Deal) -> PlayView | None:
    play = deal.play
    if play is None:
        return None
    leader = play.leader
    trick = tuple(((leader + i) % play.hands, str(c)) for i, c in enumerate(play.current))
    last = play.tricks[-1] if play.tricks else None
    last_trick = (
        tuple(((last.leader + i) % play.hands, str(c)) for i, c in enumerate(last.cards))
        if last
        else ()
    )
    revokes = tuple(f"{play.names[r.hand]}:{r.trick + 1}:{r.suit.letter}" for r in play.revokes)
    claim = deal.claim
    return PlayView(
        contract=game.form.contract_text(deal),
        declarer=game.players[deal.declarer],
        trick=trick,
        last_trick=last_trick,
        last_winner=last.winner if last else None,
        won=tuple(play.tricks_won()),
        trick_number=min(play.trick_number, play.total),
        claim=(game.players[claim.seat], claim.tricks) if claim else None,
        revokes=revokes,
        exposed=tuple(
            (hand, tuple(str(c) for c in sorted(cards, key=lambda c: c.sort_key)))
            for hand, cards in sorted(play.known.items())
            if hand in game.form.exposed_hands(deal)
        ),
        played=frozenset(str(c) for c in play.played),
        to_play=play.to_play,
        hands=tuple(play.names),
        controllers=tuple(
            game.form.controller(h, game.form.declarer_hand(deal.declarer))
            for h in range(play.hands)
        ),
        shown=_shown(game, deal),
        dummy=_dummy(game, deal),
        dummies=tuple(getattr(deal, "dummies", ()) or ()),
        piles=_piles(game, deal),
        pile_count=game.form.piles(),
        **_turn_up(deal),
        claimers=game.claimers,
    )


def _piles(game: Game, deal: Deal) -> tuple:
    """Each dummy laid out in piles, its places: the engine's once laid out, and while
    the dummy phase scans them, as far as scanned (the first cards cover the piles)."""
    piles, play = game.form.piles(), deal.play
    if not piles:
        return ()
    return tuple(
        (hand, tuple(_place(p) for p in play.laid_places(hand, piles, game.form.laid_out())))
        for hand in getattr(deal, "dummies", ()) or ()
    )


def _place(place) -> PlaceView:
    return PlaceView(None if place.card is None else str(place.card), place.under, place.up)


def _turn_up(deal: Deal) -> dict:
    """In the turn-up phase: the hand whose card is turned up, and its pile (1-based)."""
    if deal.phase != "turn-up":
        return {}
    hand = deal.play.turn_up[0]
    pile = deal.play.pile_to_turn(hand)
    return {"turn_up": hand, "turn_up_pile": None if pile is None else pile + 1}


def _pickable(game: Game) -> frozenset[str]:
    """The cards a tap on the picker gives now that the game accepts: those whose
    input in this phase (a card played, laid out, turned up, scanned from the stock)
    is one of the engine's legal inputs. The engine knows only what the table saw,
    so nothing hidden decides."""
    form, phase = game.form, game.phase
    legal = set(legal_inputs(game))
    return frozenset(
        str(card) for card in form.deck.cards if form.input_for(phase, "card", card) in legal
    )


def _shown(game: Game, deal: Deal) -> tuple:
    """Each hand laid out face up: its shown cards and those it played since, in suit
    order, each marked played or not. A hand nothing was shown of is left out."""
    shown = shown_cards(deal)
    hands = []
    for hand in sorted(shown):
        if not shown[hand] and hand != _dummy(game, deal):
            continue
        cards = [(c, False) for c in shown[hand]]
        cards += [(c, True) for c in _played_by(deal.play, hand)]
        if not cards:
            continue
        cards.sort(key=lambda pair: pair[0].sort_key)
        hands.append((hand, tuple((str(c), played) for c, played in cards)))
    return tuple(hands)


def _result(game: Game, deal: Deal) -> ResultView | None:
    if deal.outcome is None:
        return None
    contract = deal.contract
    lines = tuple(
        (line.side, line.where, line.points, line.kind)
        for line in game.sheet.lines
        if line.deal == deal.number
    )
    can_give = (
        contract is not None and deal.honours_from is None and game.options.get("honours", True)
    )
    return ResultView(
        contract="pass" if contract is None else str(contract),
        declarer=None if contract is None else game.players[deal.declarer],
        tricks=None if contract is None else deal.tricks,
        over=None if contract is None else deal.tricks - contract.level - game.form.book,
        lines=lines,
        honours=deal.honours,
        honours_from=deal.honours_from,
        ask_honours=can_give and deal.claimed is not None,
        won=deal.won,
        transfers=tuple(
            (deal.play.names[r.hand], r.trick + 1, moved) for r, moved in deal.transfers
        ),
    )


def sheet_view(game: Game) -> SheetView:
    sheet = game.sheet
    game_count = len(sheet.game_lines) + (0 if sheet.finished else 1)
    games = tuple(
        tuple((ln.side, ln.points) for ln in sheet.lines if ln.where == "below" and ln.game == g)
        for g in range(game_count)
    )
    winner = sheet.winner
    return SheetView(
        sides=_side_names(game),
        above=tuple((ln.side, ln.points, ln.kind) for ln in sheet.lines if ln.where == "above"),
        games=games,
        closing=tuple((ln.side, ln.points, ln.kind) for ln in sheet.closing_lines()),
        totals=sheet.totals(),
        games_won=tuple(sheet.games),
        finished=sheet.finished,
        winner=None if winner is None else game.side_name(winner),
        deal_chart=sheet.deal_chart,
        form=game.form.name,
        deals=_deal_rows(game) if sheet.deal_chart else (),
        counted=getattr(sheet, "counted", 0),
        pairs=len(game.players) > len(_side_names(game)),
    )


def said_number(game: Game, deal: Deal) -> int:
    """The deal's number as the table says it: a deal thrown in and dealt again by the
    same dealer (Chicago's redeal) keeps its number, so the redeal is that deal again."""
    redealt = sum(
        1
        for earlier in game.deals
        if earlier.number < deal.number
        and earlier.thrown_in
        and game.form.next_dealer(earlier.dealer, True) == earlier.dealer
    )
    return deal.number - redealt


def _deal_rows(game: Game) -> tuple[DealRow, ...]:
    """The Chicago chart: each deal's dealer, vulnerability, contract, result and points."""
    rows, running = [], [0, 0]
    for deal in game.deals:
        vulnerable = game.vulnerable(deal)  # a thrown-in deal: as the one dealt again
        points = [0, 0]
        if deal.outcome is not None:
            for line in game.sheet.lines:
                if line.deal == deal.number:
                    points[line.side] += line.points
        running = [running[0] + points[0], running[1] + points[1]]
        contract = deal.contract
        if deal.outcome is not None and contract is None:
            text = "pass"
        else:
            text = None if contract is None else str(contract)
        played = deal.outcome is not None and contract is not None
        rows.append(
            DealRow(
                number=said_number(game, deal),  # a redeal has the number of the one thrown in
                dealer=game.players[deal.dealer],
                vulnerable=vulnerable,
                contract=text,
                declarer=None if contract is None else game.form.side(deal.declarer),
                over=deal.tricks - contract.tricks_needed if played else None,
                points=tuple(points),
                running=tuple(running),
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class StoredRubberView:
    """A finished rubber opened from the history: its sheet rebuilt by replaying its
    stored inputs (device.store.history.replay_rubber), and how far that went."""

    rubber: int
    date: str
    stopped: bool  # left for a new rubber before its end
    winner: str | None  # as its stored result says (None: a tie, or not readable)
    sheet: SheetView | None  # None: nothing of it can be read
    kept: int  # inputs replayed ...
    stored: int  # ... of those stored
    problem: str | None  # None, "damaged" or a storage kind
    own: Any = None  # the form's own view, from its package (aBRIDGEd's four hands)
    rubber_word: str = "rubber"  # its form's word for it: "rubber", "chicago", "game"
    form: str | None = None  # the form's name (None: nothing of it can be read)


def stored_rubber_view(entry: dict, replayed) -> StoredRubberView:
    """`entry` is the history's row (its stored result), `replayed` a Replayed."""
    game = replayed.game
    return StoredRubberView(
        rubber=replayed.rubber,
        date=str(entry.get("date", "")),
        stopped=bool(entry.get("stopped")),
        winner=entry.get("winner") if isinstance(entry.get("winner"), str) else None,
        sheet=None if game is None else sheet_view(game),
        kept=replayed.kept,
        stored=replayed.stored,
        problem=replayed.problem,
        own=None if game is None else own_view(game),
        form=None if game is None else game.form.name,
        rubber_word="rubber" if game is None else game.form.rubber_word,
    )


def dead_cards(game) -> frozenset[str]:
    """In the play: the cards an earlier phase put out of it (played in a draw trick),
    seen by everyone; the picker greys them."""
    deal = game.deal
    if deal.play is None:
        return frozenset()
    return frozenset(str(c) for c in game.form.deck.cards if game.form.dead_card(deal, c))
