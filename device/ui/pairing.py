"""Pairing a deck, from Settings: by its tags (the scanner reads each card's tag once,
as asked) or by the camera (it learns each card's picture), and the camera page.

The controller holds what is being paired (PairingState); the screens read what it
puts in ui.decks (decks_shown.DecksShown). It sees the app only as a Host.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from device.decks import DECKS
from device.engine.errors import RuleError
from device.engine.message import msg
from device.hal.events import CARD, CONNECTED, ERROR, Input
from device.hal.interface import Camera
from device.hal.text import safe_text
from device.hal.two_decks import namesake, other_deck_card, split, with_paired
from device.table import Outcome
from firmware_bridge.protocol import SAVE_FAILED

from . import actions as a
from .camera_pairing import CAMERA_DECKS, CameraPairing, read_sidecar, sidecar_path
from .host import Host
from .screens.base import BANNER_CHARS, Said

LATE_ANSWER_S = 2.0  # a camera's answer resent after its pairing stopped: ten resends
# The camera's standing ERRORs (firmware_bridge/protocol.py): the notice for each.
CAMERA_NOTICES = {
    "profile-damaged": "notice.camera_damaged",
    "no-profile": "notice.camera_no_profile",
    "no-camera": "notice.camera_none",
}


@dataclass
class PairingState:
    """A deck being paired, by tags or by the camera, and what the camera has learnt."""

    # A deck paired from Settings (a hal.deck.Pairing), with or without a rubber; where
    # it is saved after each card; the overlay pairing was started from.
    tags: object | None = None
    path: Path | None = None
    back: str | None = None
    # A deck learnt by the camera (a camera_pairing.CameraPairing), and what the camera
    # has learnt of each deck (from its sidecars and answers).
    camera: CameraPairing | None = None
    learnt: dict[str, set] = field(default_factory=dict)
    # The cards learnt anew since "Pair again" (under new light), until the deck is
    # complete: Cancel and Pair go on from them. The sidecar cannot say which cards
    # were learnt again (it lists every card learnt), so this lasts for this run.
    again: dict[str, set] = field(default_factory=dict)
    # The card the camera was asked to learn when its pairing stopped, and when: its
    # answer may already be on its way (resent until acknowledged), and is a card
    # learnt, never a card played.
    late: tuple[str, str, float] | None = None
    feed: object | None = None  # the camera page's preview (a camera_preview.CameraFeed)


class PairingController:
    """Settings' Pair buttons, the pairing page, and the camera's inputs while it learns."""

    def __init__(self, host: Host):
        self.host = host
        self.state = PairingState()

    @property
    def ui(self):
        return self.host.ui

    def handlers(self) -> dict[type[a.Action], Callable]:
        return {
            a.PairDeck: lambda act: self.pair_deck(act.deck),
            a.PairNew: self._pair_new_tapped,
            a.CameraPair: lambda act: self.camera_pair(act.deck),
            a.CameraPairAgain: self._camera_pair_again_tapped,
            a.CancelPairing: self._cancel_pairing,
        }

    def status(self) -> None:
        """(next card, done, total) for the pairing screen; the next card is None once
        the deck is complete (the screen says so until it is closed)."""
        table = self.host.table
        pairing = self.state.tags or (table.pairing if table is not None else None)
        if self.state.camera is not None:
            pairing = self.state.camera
            self.ui.decks.kind = pairing.deck.name
        elif pairing is not None:
            self.ui.decks.kind = pairing.profile.deck.name
        self.ui.decks.by_camera = self.state.camera is not None
        if pairing is not None:
            done, total = pairing.progress
            card = pairing.next_card
            self.ui.decks.progress = (None if card is None else str(card), done, total)
        else:
            self.ui.decks.progress = None
        self._camera_status()
        own, abridged = split(self.deck_in_use())
        self.ui.decks.paired = None if own is None else own.progress
        self.ui.decks.beside_paired = None if abridged is None else abridged.progress

    def deck_in_use(self):
        """The profile the table reads now (its deck, with the aBRIDGEd deck beside)."""
        table = self.host.table
        return table.profile if table is not None and table.profile else self.host.profile

    def _use_deck(self, paired) -> None:
        """`paired` takes the place of the deck of its kind; the other deck stays."""
        self.host.profile = with_paired(self.deck_in_use(), paired)
        if self.host.table is not None:
            self.host.table.profile = self.host.profile

    def pair_deck(self, name: str | None = None) -> None:
        """Pair the table's deck (Settings: the default one, or "abridged": the coloured
        deck read beside it), with or without a rubber: the saved profile goes on where
        it stopped, is saved after every card, and is read from now on."""
        from device.hal.deck import DEFAULT_DECK, Pairing

        name = name or DEFAULT_DECK
        path = self.host.decks / f"{name}.json" if self.host.decks is not None else None
        profile = self._deck_to_pair(name, path)
        self.stop()  # a deck being learnt by the camera stops being asked for
        self._use_deck(profile)
        self.state.tags, self.state.path = Pairing(profile), path
        self.state.back, self.ui.overlay = self.ui.overlay, None  # Settings, after it
        self.status()

    def stop(self) -> None:
        """No deck is paired any more, by tags or by the camera; what was paired stays
        (the camera is told to stop learning)."""
        self.state.tags = None
        if self.host.table is not None:
            self.host.table.pairing = None
        if self.state.camera is not None:
            asked = self.state.camera.next_card
            if asked is not None:
                kind = self.state.camera.deck.name
                self.state.late = (kind, str(asked), time.monotonic())
            self.state.camera = None
            self._camera_call("learn", None)
        self.status()

    def camera(self):
        """The scanner when it is a camera (device.hal.interface.Camera), else None."""
        scanner = self.host.loop.devices.get("scanner") if self.host.loop is not None else None
        return scanner if isinstance(scanner, Camera) else None

    def _camera_call(self, method: str, value) -> None:
        """Ask the camera to learn a card (or stop), or to show what it sees (or stop);
        a camera that is not there now hears it again when it is back (CONNECTED)."""
        camera = self.camera()
        if camera is not None:
            with contextlib.suppress(OSError):  # unplugged just now: its LOST notice says so
                getattr(camera, method)(value)

    def camera_decks(self) -> None:
        """What the camera has learnt of each deck, from its sidecars; a damaged one is
        said until tapped, as a damaged deck profile is."""
        if self.camera() is None:
            return
        for kind in CAMERA_DECKS:
            self.state.learnt[kind] = self._camera_sidecar(kind, say=True)

    def _camera_sidecar(self, kind: str, say: bool = False) -> set:
        """The cards of deck `kind` the camera's sidecar says are learnt (what is valid
        of it); with `say`, what was wrong with it goes on the screen."""
        folder = self._camera_folder()
        if folder is None:
            return set()
        learnt, problem = read_sidecar(sidecar_path(folder, kind), DECKS[kind])
        if problem is not None and say:
            what = "unreadable" if problem == "unreadable" else "bad_cards"
            self.ui.notices.notify(f"camera.{kind}", Said(f"notice.camera_{what}.{kind}"))
        return learnt

    def _camera_folder(self) -> Path | None:
        """Where the camera keeps its profiles and sidecars: its own folder (a simulated
        camera's, with --simulate), else the data folder's decks/."""
        camera = self.camera()
        own = camera.decks if camera is not None else None
        return Path(own) if own is not None else self.host.decks

    def _camera_status(self) -> None:
        self.ui.decks.camera = self.camera() is not None
        learnt = {**self.state.learnt, **self.state.again}.items()  # where Pair goes on
        self.ui.decks.camera_paired = {k: (len(c), len(DECKS[k].cards)) for k, c in learnt}

    def camera_pair(self, kind: str) -> None:
        """Settings' "Pair with the camera": the camera learns deck `kind` card by card,
        from where it stopped (its sidecar and what it answered since)."""
        if self.camera() is None or kind not in CAMERA_DECKS:
            return
        self.stop()
        learnt = self._camera_sidecar(kind) | self.state.learnt.get(kind, set())
        self.state.learnt[kind] = learnt
        again = self.state.again.get(kind)
        self.state.camera = CameraPairing(kind, learnt)
        if again is not None:  # going on with "Pair again": the cards learnt anew count
            self.state.camera.learnt, self.state.camera.fresh = again, True
        self.state.back, self.ui.overlay = self.ui.overlay, None  # Settings, after it
        self._drop_notice("camera", "notice.camera_no_profile")  # done as it asks
        self._ask_camera()
        self.status()

    def _drop_notice(self, key: str, said: str) -> None:
        """Take away the notice on `key` if it says `said`: what it asked is being done."""
        self.ui.notices.withdraw(key, Said(said))

    def _camera_pair_again(self) -> None:
        """ "Pair again" (under new light): from the first card, each learnt anew."""
        pairing = self.state.camera
        pairing.again()
        self.state.again[pairing.deck.name] = pairing.learnt
        self._ask_camera()
        self.status()

    def _ask_camera(self) -> None:
        """The card the camera learns next (None: stop, the deck is complete)."""
        card = self.state.camera.next_card
        self._camera_call("learn", None if card is None else str(card))

    def from_camera(self, item: Input) -> Outcome | None:
        """A camera's input the screen takes: a card learnt, a card to lay again, a
        damaged profile; and a camera back again is asked again what it was asked."""
        if item.kind == ERROR and item.value == "lay-again":
            if self.state.feed is not None:  # the camera page shows it: "Not sure", no beep
                return Outcome(True, "")
            return Outcome(False, msg("Lay the card again"))
        if item.kind == ERROR and str(item.value).startswith(SAVE_FAILED):  # the OS's why
            why = item.value[len(SAVE_FAILED) :]
            return Outcome(False, msg("cannot save the camera profile: {why}", why=why))
        if item.kind == ERROR and item.value in CAMERA_NOTICES:
            return self._camera_notice(item.value)
        if item.kind == CARD and self.state.camera is not None:
            return self._camera_learnt_card(item)
        if item.kind == CARD and self._late_answer(item.value):
            return Outcome(True, f"learnt {item.value} as pairing stopped")
        if item.kind == CONNECTED:  # a camera process started again has forgotten
            if self.state.camera is not None:
                self._ask_camera()
            if self.state.feed is not None:
                self._camera_call("preview", True)
        return None

    def _camera_learnt_card(self, item: Input) -> Outcome:
        """The camera learnt a card (the one asked, or one asked before): counted, and
        the next card asked for."""
        pairing = self.state.camera
        asked = pairing.next_card
        try:
            card = pairing.answered(item.value)
        except RuleError:
            code = safe_text(item.value, 8)
            return Outcome(
                False, msg("the camera answered {code}: no card of this deck", code=code)
            )
        self._camera_knows(pairing, card)
        if pairing.next_card != asked:
            self._ask_camera()
        done, total = pairing.progress
        if pairing.next_card is None:
            self.state.again.pop(pairing.deck.name, None)  # learnt anew, every card
            return Outcome(True, f"learnt {card}: the deck is complete ({done} of {total})")
        return Outcome(True, f"learnt {card} ({done} of {total})")

    def _late_answer(self, code: str) -> bool:
        """A CARD of the card the camera was learning when its pairing stopped, soon
        after: the camera's answer, on its way before it heard the stop (counted)."""
        late, self.state.late = self.state.late, None
        if late is None or late[1] != code or time.monotonic() - late[2] > LATE_ANSWER_S:
            return False
        kind, _, _ = late
        card = DECKS[kind].parse(code)
        self.state.learnt[kind] = self.state.learnt.get(kind, set()) | {card}
        self._camera_status()
        return True

    def _camera_knows(self, pairing: CameraPairing, card) -> None:
        """What the camera knows of the deck once it learnt `card`: its sidecar, written
        just before its answer, when that lists the card (a damaged profile is learnt
        afresh: the sidecar then lists the new cards only, and pairing follows it);
        else what it answered."""
        kind = pairing.deck.name
        saved = self._camera_sidecar(kind)
        known = saved if card in saved else self.state.learnt.get(kind, set()) | {card}
        self.state.learnt[kind] = known
        if not pairing.fresh:
            pairing.learnt = set(known)

    def _camera_notice(self, reason: str) -> Outcome:
        """The camera cannot read (no camera, no profile, a damaged one): said until
        tapped, as a damaged deck profile is, and again after the camera's next HELLO
        (it says so again then). No profile is no news while a deck is being learnt."""
        if not (reason == "no-profile" and self.state.camera is not None):
            self.ui.notices.notify("camera", Said(CAMERA_NOTICES[reason]))
        return Outcome(True, f"camera: {reason}")

    def camera_preview(self) -> None:
        """While the camera page is open the camera shows what it sees; the page's
        picture is read again when the camera has written a new one."""
        from .camera_preview import CameraFeed

        camera = self.camera()
        wanted = camera is not None and self.ui.overlay == "camera"
        if wanted and self.state.feed is None:
            self.state.feed = CameraFeed(camera.preview_dir)
            self.ui.decks.camera_shown = self.state.feed.shown
            self._camera_call("preview", True)
        elif not wanted and self.state.feed is not None:
            self.state.feed, self.ui.decks.camera_shown = None, None
            self._camera_call("preview", False)
        if self.state.feed is not None and self.state.feed.poll():
            self.ui.decks.camera_shown = self.state.feed.shown
            self.host.dirty = True

    def _pair_new(self) -> None:
        """Another deck: pairing starts from its first card; the saved profile is
        replaced when that card is saved (the deck in use stays until then)."""
        from device.hal.deck import DeckProfile, Pairing

        self.state.tags = Pairing(DeckProfile(self.state.tags.profile.name))
        self.status()

    def _deck_to_pair(self, name: str, path: Path | None):
        """The saved profile (what of it is valid), else the one in use if it has this
        name, else a new one."""
        from device.hal.deck import DeckProfile

        if path is not None and path.exists():
            saved, _ = DeckProfile.salvage(path)  # what it lacks was said at the start
            if saved is not None:
                return saved
        return namesake(self.deck_in_use(), name) or DeckProfile(name)

    def paired_card(self, item: Input) -> Outcome:
        """A card scanned while pairing: its tag is the card asked for."""
        from device.hal.deck import PairingError

        if item.uid is None:
            return Outcome(False, msg("this scanner reads card codes: its deck needs no pairing"))
        known = other_deck_card(self.deck_in_use(), self.state.tags.profile, item.uid)
        if known is not None:  # a card of the other deck: one tag is one card
            return Outcome(False, msg("this tag is already paired with {card}", card=known))
        try:
            card = self.state.tags.offer(item.uid)
        except PairingError as error:
            return Outcome(False, str(error))
        self._use_deck(self.state.tags.profile)  # (a new deck from its first card)
        if self.state.path is not None:
            try:
                self.state.tags.profile.save(self.state.path)
            except OSError as error:  # kept in memory: the cards still play this run
                why = safe_text(str(error), BANNER_CHARS)
                self.ui.notices.notify("deck", Said("notice.deck_unsaved", (("why", why),)))
        done, total = self.state.tags.progress
        if self.state.tags.next_card is None:
            return Outcome(True, f"paired {card}: the deck is complete ({done} of {total})")
        return Outcome(True, f"paired {card} ({done} of {total})")

    def _pair_new_tapped(self, _: a.PairNew) -> None:
        if self.state.tags is not None:
            self._pair_new()

    def _camera_pair_again_tapped(self, _: a.CameraPairAgain) -> None:
        if self.state.camera is not None:
            self._camera_pair_again()

    def _cancel_pairing(self, _: a.CancelPairing) -> None:
        """What was paired is saved and stays paired; the banner of the pairing (a tag
        refused, the camera's words) goes with its screen."""
        if self.state.tags is not None or self.state.camera is not None:
            self.ui.overlay, self.state.back = self.state.back, None
            self.ui.banner, self.ui.banner_error = None, False
        self.stop()
