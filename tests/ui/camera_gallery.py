"""The camera's screens for the gallery (tests/ui/gallery.py): Settings when the scanner
is a camera (its decks paired with the camera, the Camera button), pairing a deck with
the camera (the first card, halfway with "Pair again", a card to lay again, complete, the
aBRIDGEd deck), and the camera page (a card read, not sure, no card, before the first
picture, and with the camera lost)."""

from __future__ import annotations

from device.engine.message import msg
from device.ui.camera_preview import CameraShown, Seen
from device.ui.decks_shown import DecksShown
from device.ui.screens.base import StartState, UiState
from tests.ui.camera_fake import FRAME, camera_frame

AGAIN = msg("Lay the card again")  # the camera's ERROR lay-again, as the app says it
SCANNER = {"scanner": "connected", "bidbox": "connected"}


def camera_shown(card="SA", score=0.97, why="read", angle=20.0) -> CameraShown:
    picture, corners = camera_frame(card if why != "empty" else None, angle)
    outline = None if corners is None else tuple(tuple(c) for c in corners)
    return CameraShown(picture, Seen(FRAME, card if why == "read" else None, score, why, outline))


def camera_screens(view) -> list[tuple[str, object, UiState]]:
    """`view`: a rubber in progress, for Settings opened during it."""

    def camera_ui(decks=None, **fields) -> UiState:
        shown = DecksShown(camera=True, **(decks or {}))
        return UiState(scanner=True, decks=shown, devices=dict(SCANNER), **fields)

    def pairing(card, done, deck="standard", **fields) -> UiState:
        decks = {"progress": (card, done, 52), "kind": deck, "by_camera": True}
        return camera_ui(decks, **fields)

    learnt = {"standard": (23, 52), "abridged": (0, 52)}
    lost = dict(SCANNER, scanner="lost")
    return [
        ("settings-camera", view, camera_ui({"camera_paired": learnt}, overlay="settings")),
        ("settings-camera-start", None, camera_ui(overlay="settings", start=StartState())),
        ("camera-pairing-first", None, pairing("SA", 0)),
        ("camera-pairing", None, pairing("HQ", 15)),
        ("camera-pairing-lay-again", view, pairing("D10", 30, banner=AGAIN, banner_error=True)),
        ("camera-pairing-complete", None, pairing(None, 52)),
        ("camera-pairing-abridged", None, pairing("Y9", 18, "abridged")),
        ("camera-page", view, camera_ui({"camera_shown": camera_shown()}, overlay="camera")),
        (
            "camera-page-not-sure",
            None,
            camera_ui(
                {"camera_shown": camera_shown("HK", 0.41, "not sure", -35)}, overlay="camera"
            ),
        ),
        (
            "camera-page-no-card",
            None,
            camera_ui({"camera_shown": camera_shown(None, 0, "empty")}, overlay="camera"),
        ),
        ("camera-page-waiting", None, camera_ui({"camera_shown": CameraShown()}, overlay="camera")),
        (
            "camera-page-lost",
            None,
            UiState(scanner=True, decks=DecksShown(camera=True), devices=lost, overlay="camera"),
        ),
    ]
