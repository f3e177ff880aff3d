"""Messages are data: a key of the "errors" catalogues and its fields, rendered in
English and Dutch from the catalogues; no regular expression reads English back.

Every message id is walked in both languages, and every message the code can
make is checked against the catalogues (by reading the code: each msg("...")).
"""

import ast
import copy
import json
import pickle
import string
from importlib.resources import files
from pathlib import Path

import pytest

from device import hints
from device.engine.errors import PlayError
from device.engine.message import Message, msg
from device.forms import FORMS, package_name
from device.ui.i18n import LANGUAGES, Catalog, catalogue

DEVICE = Path(__file__).resolve().parent.parent / "device"

# msg() calls whose key is not a literal: each names hints' constants (HINTS, below).
DYNAMIC = {
    ("hints.py", "DECLARING[phase]"),
    ("hints.py", "SHOWN.get(phase, KEYS)"),
    ("hints.py", "NEXT_HAND if game.form.declares_itself else DEAL_END"),
    ("hints.py", "NEW_GAME if game.form.declares_itself else FINISHED"),
    ("hints.py", "said"),  # a value of SUIT_HINTS
    ("loop.py", "TAP_START"),
    ("table.py", "PAIR_NEXT"),
    ("table.py", "CANCEL_PAIRING"),
    ("seating.py", "hints.TAP_START"),
    ("seating.py", "hints.DRAW_CARD"),
    ("seating.py", "hints.DRAW_ANOTHER"),
    ("seating.py", "hints.KEYS"),
    ("seating.py", "hints.PAIR"),
}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sources() -> list[tuple[str, dict]]:
    """(where, its catalogue per language): the table's own, and each form's."""
    found = [("device/ui", {lang: _read(files("device.ui"), lang) for lang in LANGUAGES})]
    for form in FORMS:
        own = {lang: _read(files(package_name(form)), lang) for lang in LANGUAGES}
        if any(own.values()):
            found.append((form.name, own))
    return found


def _read(folder, lang: str) -> dict:
    path = folder.joinpath(f"locale/{lang}.json")
    return json.loads(path.read_text("utf-8")) if path.is_file() else {}


def every_message_id() -> list[tuple[str, str]]:
    return [
        (where, key) for where, langs in sources() for key in langs.get("en", {}).get("errors", {})
    ]


def made_in_the_code() -> tuple[dict[str, list], list[tuple[str, str]]]:
    """Every msg(...) of the code: {key: [(file, line, fields or None)]}, and the calls
    whose key is not a literal (file, key expression). A module's own string constant
    (msg(PLAY, ...) with PLAY = "play {name}'s card") counts as its literal."""
    made: dict[str, list] = {}
    dynamic = []
    for path in sorted(DEVICE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg"):
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant):
                key = first.value
            elif isinstance(first, ast.Name) and first.id in constants:
                key = constants[first.id]
            else:
                dynamic.append((path.name, ast.unparse(first)))
                continue
            given = {k.arg for k in node.keywords}
            if None in given:  # msg(key, **fields): not known here
                given = None
            made.setdefault(key, []).append((path.relative_to(DEVICE.parent), node.lineno, given))
    return made, dynamic


MADE, DYNAMIC_FOUND = made_in_the_code()


# -- every message id, in both languages ---------------------------------------------------


@pytest.mark.parametrize("where,key", every_message_id())
def test_every_message_id_renders_in_both_languages(where, key):
    langs = dict(sources())[where]
    sample = {name: f"<{name}>" for name in fields(key)}
    message = msg(key, **sample)
    assert message.key == key and message.params == sample
    for lang in LANGUAGES:
        text = langs[lang]["errors"][key]
        assert text.strip(), (lang, key)
        assert fields(text) == fields(key), (lang, key)  # the same fields, none more
        said = Catalog(lang).error(message)
        assert said and "{" not in said, (lang, key, said)
        assert all(value in said for value in sample.values()), (lang, key, said)
    # English: the catalogue's words (the key's own, but for a few said more fully)
    assert Catalog("en").error(message) == langs["en"]["errors"][key].format(**sample)


def test_both_languages_have_the_same_message_ids_in_every_catalogue():
    for where, langs in sources():
        assert set(langs["en"].get("errors", {})) == set(langs["nl"].get("errors", {})), where


# -- every message the code makes -----------------------------------------------------------


def test_every_message_the_code_makes_has_its_id_in_the_catalogue():
    known = catalogue("en")["errors"]
    missing = {key: where for key, where in MADE.items() if key not in known}
    assert missing == {}


def test_every_message_is_made_with_exactly_its_fields():
    wrong = [
        (key, str(path), line, sorted(given))
        for key, made in MADE.items()
        for path, line, given in made
        if given is not None and given != fields(key)
    ]
    assert wrong == []


def test_every_message_id_of_the_catalogue_is_made_somewhere():
    """A key no code makes is dead: the hints' vocabulary counts (HINTS, made from
    constants), and so do the refusals a hint is chosen for (made elsewhere too)."""
    made = set(MADE) | set(hints.HINTS)
    unused = [key for key in catalogue("en")["errors"] if key not in made]
    assert unused == []
    assert set(hints._SPECIFIC) <= set(MADE)  # a hint for a refusal the code makes


def test_only_the_hints_constants_are_message_ids_that_are_not_literals():
    assert set(DYNAMIC_FOUND) == DYNAMIC
    assert set(hints.HINTS) <= set(catalogue("en")["errors"])


def test_no_regular_expression_reads_a_message_back():
    for module in ("ui/i18n.py", "hints.py"):
        tree = ast.parse((DEVICE / module).read_text("utf-8"))
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        assert "re" not in imported, module


def test_other_text_is_shown_as_it_is():
    """A device's or the OS's own words are no message: shown as they came, even
    when they read like one."""
    assert Catalog("nl").error("SK was already played") == "SK was already played"
    assert Catalog("nl").error(msg("{card} was already played", card="SK")) == "SK is al gespeeld"


# -- a message is text, and data --------------------------------------------------------------


def test_a_message_is_its_english_text():
    said = msg("{card} is not in {name}'s hand", card="SK", name="Ben")
    assert said == "SK is not in Ben's hand" and isinstance(said, str)
    assert f"! {said}" == "! SK is not in Ben's hand"
    assert json.dumps(said) == json.dumps("SK is not in Ben's hand")
    assert hash(said) == hash("SK is not in Ben's hand")


def test_a_message_keeps_its_key_through_an_error_a_copy_and_a_pickle():
    said = msg("{call} is not higher than {last}", call="1H", last="2C")
    again = str(PlayError(said))
    assert isinstance(again, Message) and again.key == said.key
    for copied in (copy.copy(said), copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert isinstance(copied, Message)
        assert (copied, copied.key, copied.params) == (said, said.key, said.params)
    assert Catalog("nl").error(again) == "1H is niet hoger dan 2C"


def test_a_field_is_its_text_and_a_message_in_a_field_is_rendered_too():
    from device.engine.cards import Card

    inner = msg("{other} played {cards}", other="Ben", cards="SA, SK")
    said = msg(
        "{name} cannot have held the four aces: {reason}", name=Card.parse("SA"), reason=inner
    )
    assert said.params["name"] == "SA" and said.params["reason"] is inner
    assert said == "SA cannot have held the four aces: Ben played SA, SK"
    assert Catalog("nl").error(said) == "SA kan niet de vier azen gehad hebben: Ben speelde SA, SK"
