"""The camera profile file: saved whole, read back equal, a damaged one refused in one line."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest

from device.camera import profile as store
from device.camera.profile import ProfileError


@pytest.fixture(scope="module")
def saved(tmp_path_factory, paired_designs):
    """A profile of a few cards and the empty spot: every array a whole deck's has, at a
    tenth of its size (a whole deck's is read back in test_camera_cli and the rubbers)."""
    from device.camera.reader import learn

    paired = paired_designs[0]
    cards = ["SA", "HK", "D7", "C2", "ST", "H9"]
    frames = {
        card: paired.table.pairing_shot(paired.faces[card], i) for i, card in enumerate(cards)
    }
    profile = learn(frames, "standard", paired.table.empty(1))
    path = tmp_path_factory.mktemp("profile") / "deck.npz"
    store.save(profile, path)
    return path, profile


def test_a_saved_profile_reads_back_equal(saved):
    path, profile = saved
    again = store.load(path)
    assert again.deck == profile.deck and again.cards == profile.cards
    assert np.array_equal(again.learnt, profile.learnt)
    assert again.shape.area == pytest.approx(profile.shape.area)
    assert again.shape.aspect == pytest.approx(profile.shape.aspect)
    assert np.array_equal(again.empty, profile.empty)
    assert np.array_equal(again.inks, profile.inks)


def _refused(path) -> str:
    with pytest.raises(ProfileError) as caught:
        store.load(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_truncated_profile_is_refused_at_every_length(saved, tmp_path):
    path, _ = saved
    data = path.read_bytes()
    for length in [0, 1, 10, 100, len(data) // 3, len(data) // 2, len(data) - 30, len(data) - 1]:
        cut = tmp_path / f"cut{length}.npz"
        cut.write_bytes(data[:length])
        assert "damaged" in _refused(cut)


def test_flipped_bytes_are_refused_or_read_never_a_traceback(saved, tmp_path):
    path, _ = saved
    data = path.read_bytes()
    rng = random.Random(4)
    refused = 0
    for i in range(40):
        spoilt = bytearray(data)
        for _ in range(3):
            spoilt[rng.randrange(len(spoilt))] ^= 1 << rng.randrange(8)
        bad = tmp_path / f"flip{i}.npz"
        bad.write_bytes(bytes(spoilt))
        try:
            store.load(bad)
        except ProfileError as error:
            assert "\n" not in str(error)
            refused += 1
    assert refused >= 30  # the zip's checksums catch a flip in the data


def _rewritten(saved, tmp_path, **changes):
    path, _ = saved
    with np.load(path) as archive:
        arrays = {key: archive[key] for key in archive.files}
    arrays.update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del arrays[key]
    out = tmp_path / "changed.npz"
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    out.write_bytes(buffer.getvalue())
    return out


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"format": np.array("something else")}, "not a camera profile"),
        ({"deck": np.array("tarot")}, "unknown deck"),
        ({"cards": None}, "no cards"),
        ({"shape": np.array([0.2, np.nan], np.float32)}, "no card size"),
        ({"empty": np.zeros((3, 3), np.uint8)}, "empty spot"),
    ],
)
def test_a_profile_whose_arrays_are_wrong_is_refused(saved, tmp_path, change, said):
    assert said in _refused(_rewritten(saved, tmp_path, **change))


def test_cards_and_features_must_agree(saved, tmp_path):
    _, profile = saved
    cards = np.array(list(profile.cards[:-1]) + ["SA"])
    assert "SA learnt twice" in _refused(_rewritten(saved, tmp_path, cards=cards))
    cards = np.array(list(profile.cards[:-1]) + ["R14"])
    assert "not a card of the standard deck" in _refused(_rewritten(saved, tmp_path, cards=cards))
    short = profile.learnt[:-1]
    assert "learnt features" in _refused(_rewritten(saved, tmp_path, learnt=short))
    nan = profile.learnt.copy()
    nan[0, 0, 0] = np.nan
    assert "not numbers" in _refused(_rewritten(saved, tmp_path, learnt=nan))


def test_a_newer_profile_asks_to_pair_again(saved, tmp_path):
    assert "pair the deck again" in _refused(
        _rewritten(saved, tmp_path, version=np.array(store.VERSION + 1))
    )


def test_a_missing_file_a_folder_and_a_bare_array_are_refused(tmp_path):
    assert "no such file" in _refused(tmp_path / "none.npz")
    assert "folder" in _refused(tmp_path)
    bare = tmp_path / "bare.npy"
    np.save(bare, np.zeros(3))
    assert "not a camera profile" in _refused(bare)


def test_a_profile_paired_card_by_card_saves_after_each_card(tmp_path, paired_designs):
    from device.camera.reader import learn_card, learn_empty

    paired = paired_designs[0]
    path = tmp_path / "deck.npz"
    profile = learn_empty(None, paired.table.empty(1), "standard")
    store.save(profile, path)
    assert store.load(path).cards == () and store.load(path).shape is None
    for i, card in enumerate(["SA", "HK"]):
        profile = learn_card(
            profile, "standard", card, paired.table.pairing_shot(paired.faces[card], i)
        )
        store.save(profile, path)
        again = store.load(path)
        assert again.cards == profile.cards
        assert np.array_equal(again.card_shapes(), profile.card_shapes())
        assert again.shape.area == pytest.approx(profile.shape.area)


def test_an_older_profile_asks_to_pair_again(saved, tmp_path):
    """Versions 1 and 2 had no corner indices: the deck is paired again, never misread."""
    for version in (1, 2):
        old = _rewritten(saved, tmp_path, version=np.array(version), indices=None, shapes=None)
        assert "pair the deck again" in _refused(old)


def test_a_version_4_profile_asks_to_pair_again(saved, tmp_path):
    """Version 4 held the corner index smaller and coarser: refused, never read with it."""
    _, profile = saved
    coarse = np.zeros((len(profile.cards), 4, 49, 22, 3), np.float32)
    old = _rewritten(saved, tmp_path, version=np.array(4), indices=coarse)
    message = _refused(old)
    assert "version 4" in message and "pair the deck again" in message


def test_a_version_5_profile_asks_to_pair_again(saved, tmp_path):
    """Version 5 had no faces' ink: its close cards stayed "not sure"; paired again."""
    old = _rewritten(saved, tmp_path, version=np.array(5), inks=None)
    message = _refused(old)
    assert "version 5" in message and "pair the deck again" in message


def test_faces_ink_that_does_not_fit_the_cards_is_refused(saved, tmp_path):
    _, profile = saved
    assert "faces' ink" in _refused(_rewritten(saved, tmp_path, inks=profile.inks[:-1]))
    wide = np.zeros(profile.inks.shape[:2] + (profile.inks.shape[2] + 1,), np.uint8)
    assert "faces' ink" in _refused(_rewritten(saved, tmp_path, inks=wide))
    floats = profile.inks.astype(np.float32)
    assert "faces' ink" in _refused(_rewritten(saved, tmp_path, inks=floats))
    assert "no inks" in _refused(_rewritten(saved, tmp_path, inks=None))


def test_card_sizes_that_do_not_fit_the_cards_are_refused(saved, tmp_path):
    _, profile = saved
    short = profile.card_shapes()[:-1]
    assert "card sizes" in _refused(_rewritten(saved, tmp_path, shapes=short))
    assert "no shapes" in _refused(_rewritten(saved, tmp_path, shapes=None))


def test_corner_indices_that_do_not_fit_the_cards_are_refused(saved, tmp_path):
    _, profile = saved
    assert "corner indices" in _refused(_rewritten(saved, tmp_path, indices=profile.indices[:-1]))
    nan = profile.indices.copy()
    nan[0, 0, 0, 0, 0] = np.nan
    assert "corner indices" in _refused(_rewritten(saved, tmp_path, indices=nan))
    assert "no indices" in _refused(_rewritten(saved, tmp_path, indices=None))
