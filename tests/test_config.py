import pytest

from device.config import (
    DEFAULTS,
    NAME_MAX,
    ConfigError,
    data_dir,
    load_config,
    name_refusal,
    typing_refusal,
    undrawable,
)


def load(tmp_path, text: str, **kwargs):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path, **kwargs)


def lines(problems) -> list[int | None]:
    return [problem.line for problem in problems]


def test_missing_file_gives_defaults(tmp_path):
    assert load_config(tmp_path / "none.toml") == (DEFAULTS, [])


def test_a_missing_file_named_on_the_command_line_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="there is no config file .*none.toml"):
        load_config(tmp_path / "none.toml", must_exist=True)


def test_the_pis_own_path_may_be_missing_even_when_named(monkeypatch):
    import device.config as config

    monkeypatch.setattr(config, "SYSTEM_CONFIG", config.Path("/nonexistent/config.toml"))
    assert load_config(config.SYSTEM_CONFIG, must_exist=True) == (DEFAULTS, [])


def test_values_override_defaults(tmp_path):
    config, problems = load(tmp_path, '[devices]\nscanner = "/dev/ttyACM0"\n[gpio]\nOK = 2\n')
    assert problems == []
    assert config["devices"] == {"scanner": "/dev/ttyACM0", "bidbox": "none"}
    assert config["gpio"] == {"OK": 2}
    assert DEFAULTS["gpio"] == {}  # the defaults themselves are untouched


def test_the_shipped_config_is_clean():
    from pathlib import Path

    shipped = Path(__file__).resolve().parents[1] / "systemd" / "config.toml"
    config, problems = load_config(shipped)
    assert problems == [] and config["devices"]["bidbox"] == "gpio"


GOOD = """\
[devices]
scanner = "/dev/ttyACM0"
bidbox = "gpio"
[gpio]
OK = 2
[screen]
language = "nl"
width = 1024
height = 600
rotation = 180
[game]
form = "plain"
players = ["Zoë", "Ben"]
"""


@pytest.mark.parametrize(
    "line,bad,message",
    [
        (2, 'scanner = ""', 'scanner must not be empty; using "none"'),
        (2, "scanner = 5", 'scanner must be text in quotes, not 5; using "none"'),
        (2, 'scanner = "a\\u0007b"', 'scanner has a control character; using "none"'),
        (3, "bidbox = true", 'bidbox must be text in quotes, not true; using "none"'),
        (5, "OK = 99", "gpio pin OK must be a BCM number 0 to 27, not 99; using 20"),
        (5, "OK = -1", "gpio pin OK must be a BCM number 0 to 27, not -1; using 20"),
        (5, 'OK = "20"', 'gpio pin OK must be a BCM number 0 to 27, not "20"; using 20'),
        (5, "OK = true", "gpio pin OK must be a BCM number 0 to 27, not true; using 20"),
        (5, "ok = 2", "unknown pin name ok in [gpio], ignored"),
        (5, "OK = 21", "gpio pin OK = 21 is already UNDO's; using 20"),
        (7, 'language = "fr"', 'unknown language "fr" (known: en, nl); using "en"'),
        (7, "language = 1", 'language must be text in quotes, not 1; using "en"'),
        (8, "width = 99999", "width must be from 240 to 3840, not 99999; using 800"),
        (8, "width = 0", "width must be from 240 to 3840, not 0; using 800"),
        (8, "width = 800.5", "width must be a whole number, not 800.5; using 800"),
        (9, 'height = "tall"', 'height must be a whole number, not "tall"; using 480'),
        (10, "rotation = 45", "rotation must be 0, 90, 180 or 270, not 45; using 0"),
        (10, "rotation = true", "rotation must be a whole number, not true; using 0"),
        (12, 'form = "poker"', 'unknown game "poker" (known: draw-and-discard, plain, draw-bridge'),
        (12, "form = []", "form must be text in quotes, not []; using "),
        (12, "colour = 3", "unknown setting colour in [game], ignored"),
    ],
)
def test_each_bad_value_gives_its_default_and_keeps_the_rest(tmp_path, line, bad, message):
    text = GOOD.splitlines()
    text[line - 1] = bad
    config, problems = load(tmp_path, "\n".join(text) + "\n")
    good, _ = load(tmp_path, GOOD)
    assert len(problems) == 1 and problems[0].line == line
    assert problems[0].what.startswith(message)
    changed = {
        (section, key)
        for section in DEFAULTS
        for key in set(config[section]) | set(good[section])
        if config[section].get(key) != good[section].get(key)
    }
    assert len(changed) <= 1  # only the bad value went back to its default
    for section, key in changed:
        assert config[section].get(key) == DEFAULTS[section].get(key)


def test_the_form_is_kept_by_its_canonical_name(tmp_path):
    config, problems = load(tmp_path, '[game]\nform = " Plain "\n')
    assert problems == [] and config["game"]["form"] == "plain"


@pytest.mark.parametrize(
    "players,kept,message",
    [
        ('["Zoë", "Ben\\u0007"]', ["Zoë", "Ben"], "name 2 of players has U+0007, which"),
        ('["Ben", 5]', ["Ben", "Anna"], "name 2 of players is not text in quotes (5); using Anna"),
        ('["  ", "Ben"]', ["Anna", "Ben"], "name 1 of players is empty; using Anna"),
        ('["Ben", "ben"]', ["Ben", "Anna"], "name 2 of players is also name 1; using Anna"),
        ('["中文", "Ben"]', ["Anna", "Ben"], "name 1 of players has U+4E2D, which"),
        ('["Anna", "♠Ben"]', ["Anna", "Ben"], "name 2 of players has U+2660"),
        (f'["{"x" * (NAME_MAX + 1)}", "Ben"]', ["Anna", "Ben"], "name 1 of players is longer"),
        ('["Anna"]', ["Anna", "Ben"], 'players must be a list of 2 names, not ["Anna"]'),
        ('["A", "B", "C"]', ["Anna", "Ben"], "players must be a list of 2 names"),
        ("[]", ["Anna", "Ben"], "players must be a list of 2 names, not []"),
        ('"Anna, Ben"', ["Anna", "Ben"], 'players must be a list of 2 names, not "Anna, Ben"'),
    ],
)
def test_bad_player_names_give_way_to_a_default_name_not_in_use(tmp_path, players, kept, message):
    config, problems = load(tmp_path, f"[screen]\nwidth = 1024\n[game]\nplayers = {players}\n")
    assert config["game"]["players"] == kept and config["screen"]["width"] == 1024
    assert lines(problems) == [4] and message in problems[0].what


def test_names_are_kept_composed_and_trimmed(tmp_path):
    config, problems = load(tmp_path, '[game]\nplayers = [" Zoe\\u0308 ", "Ben"]\n')
    assert problems == [] and config["game"]["players"] == ["Zoë", "Ben"]


def test_sections_that_are_unknown_or_not_tables(tmp_path):
    text = '[sound]\nvolume = 3\n[screen]\nwidth = 1024\n\n[[game]]\nform = "plain"\n'
    config, problems = load(tmp_path, text)
    assert lines(problems) == [1, 6]
    assert problems[0].what == "unknown section [sound], ignored"
    assert problems[1].what == "[game] must be a table; using its defaults"
    assert config["screen"]["width"] == 1024 and config["game"] == DEFAULTS["game"]


def test_dotted_keys_before_any_header_are_found(tmp_path):
    config, problems = load(tmp_path, "# mine\nscreen.width = 1\nscreen.height = 600\n")
    assert lines(problems) == [2] and config["screen"]["height"] == 600


def test_the_same_key_in_two_sections_is_named_at_its_own_line(tmp_path):
    text = '[devices]\nscanner = "/dev/x"\n[game]\nscanner = 1\n'
    config, problems = load(tmp_path, text)
    assert lines(problems) == [4] and config["devices"]["scanner"] == "/dev/x"


def test_every_bad_value_is_one_problem_in_the_files_order(tmp_path):
    text = (
        '[devices]\nscanner = ""\nbidbox = 5\ncolour = "red"\n'
        '[gpio]\nOK = 21\nUNDO = 20\n"1" = 99\nH = 4\nBOGUS = 3\nseat0 = 8\n'
        '[screen]\nlanguage = "fr"\nwidth = 99999\nheight = "tall"\nrotation = 45\n'
        '[game]\nplayers = ["Ben", "Be\\u0007n"]\nform = "poker"\n[sound]\nvolume = 3\n'
    )
    config, problems = load(tmp_path, text)
    assert lines(problems) == [2, 3, 4, 8, 9, 10, 11, 13, 14, 15, 16, 18, 19, 20]
    assert config["gpio"] == {"OK": 21, "UNDO": 20}  # a swap is fine
    assert config["game"]["players"] == ["Ben", "Anna"]
    assert {k: config[k] for k in ("devices", "screen")} == {
        k: DEFAULTS[k] for k in ("devices", "screen")
    }


@pytest.mark.parametrize(
    "pins,kept,dropped",
    [
        ("OK = 21\nUNDO = 20", {"OK": 21, "UNDO": 20}, []),  # swapped
        ("OK = 2\nUNDO = 2", {"OK": 2}, ["UNDO"]),  # the earlier line keeps it
        ("UNDO = 2\nOK = 2", {"UNDO": 2}, ["OK"]),
        ("OK = 4", {}, ["OK"]),  # "1" keeps its built-in pin 4
        ("OK = 21\nUNDO = 4", {}, ["OK", "UNDO"]),  # UNDO's drop makes OK's clash
        ("seat0 = 3\nseat1 = 7", {"seat0": 3, "seat1": 7}, []),
    ],
)
def test_a_pin_used_twice_goes_back_to_its_builtin_pin(tmp_path, pins, kept, dropped):
    from device.hal.bidbox_gpio import DEFAULT_PINS, validate_pins

    config, problems = load(tmp_path, f"[gpio]\n{pins}\n")
    assert config["gpio"] == kept
    assert sorted(p.what.split()[2] for p in problems) == sorted(dropped)
    validate_pins({**DEFAULT_PINS, **config["gpio"]})  # what the bidding box is given is sound


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("[devices]\nscanner = \n", 2, "not valid TOML (Invalid value)"),
        ('[screen]\nwidth = 1024\nlanguage = "nl', 3, "not valid TOML (Unterminated string)"),
        ("[screen]\nwidth = 1\nwidth = 2\n", 3, "not valid TOML (Cannot overwrite a value)"),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", None, "not valid TOML (nested too deep)"),
    ],
)
def test_a_file_that_is_not_toml_gives_the_defaults_for_everything(tmp_path, text, line, reason):
    config, problems = load(tmp_path, text)
    assert config == DEFAULTS and lines(problems) == [line]
    assert problems[0].what == f"{reason}; starting with the defaults for everything"


def test_an_unreadable_file_gives_the_defaults_and_says_why(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'[screen]\nwidth = 1024\nlanguage = "\xff"\n')
    config, problems = load_config(path)
    assert config == DEFAULTS and lines(problems) == [None]
    assert problems[0].what.startswith("cannot read it ('utf-8' codec can't decode")
    assert load_config(tmp_path)[1][0].what.startswith(
        "cannot read it (not a regular file: a folder)"
    )


def test_problems_name_the_file_and_line_in_the_log_and_the_line_on_the_screen(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[screen]\nrotation = 45\n")
    (problem,) = load_config(path)[1]
    assert problem.log(path) == f"{path} line 2: " + problem.what
    assert problem.screen == "config line 2: " + problem.what


def test_values_shown_in_a_message_are_short_and_drawable(tmp_path):
    _, problems = load(tmp_path, '[screen]\nlanguage = "x\\n\\u0007中' + "y" * 50 + '"\n')
    (problem,) = problems
    assert "\n" not in problem.what and "中" not in problem.what and "U+4E2D" in problem.what
    assert len(problem.what) < 120 and undrawable(problem.what) is None


@pytest.mark.parametrize(
    "name,refusal",
    [
        ("Anna", None),
        ("Zoë Ødegård", None),
        ("Ωmega Я", None),
        ("", "a name cannot be empty"),
        ("   ", "a name cannot be empty"),
        ("x" * (NAME_MAX + 1), f"a name has at most {NAME_MAX} letters"),
        ("Ben\x07", "the screen cannot draw U+0007 in a name"),
        ("Ben\u200b", "the screen cannot draw U+200B in a name"),
        ("中", "the screen cannot draw U+4E2D in a name"),
        ("😀", "the screen cannot draw U+1F600 in a name"),
    ],
)
def test_names_the_screen_cannot_draw_are_refused(name, refusal):
    assert name_refusal(name) == refusal


def test_names_being_typed_count_spaces_and_may_be_empty():
    assert typing_refusal("") is None and typing_refusal("Anna ") is None
    assert typing_refusal(" " * (NAME_MAX + 1)) == f"a name has at most {NAME_MAX} letters"
    assert typing_refusal("A\t") == "the screen cannot draw U+0009 in a name"


def test_screen_messages_have_dutch_templates(tmp_path):
    from device.ui.i18n import Catalog

    text = (
        '[devices]\nscanner = ""\nbidbox = 5\ncolour = "red"\n[gpio]\nOK = 21\n"1" = 99\n'
        'H = 4\nBOGUS = 3\n[screen]\nlanguage = "fr"\nwidth = 99999\nheight = "tall"\n'
        'rotation = 45\n[game]\nform = "poker"\nplayers = ["Ben", "Be\\u0007n", "x"]\n'
        "[sound]\nvolume = 3\n[[screen2]]\n"
    )
    problems = load(tmp_path, text)[1]
    for more in ('[game]\nplayers = ["A", 5]\n', '[game]\nplayers = ["A", "a"]\n'):
        problems += load(tmp_path, more)[1]
    for more in ('[game]\nplayers = ["", "B"]\n', f'[game]\nplayers = ["{"x" * 20}", "B"]\n'):
        problems += load(tmp_path, more)[1]
    problems += load(tmp_path, "[game]\nplayers = [\n")[1] + load(tmp_path, "game = 1\n")[1]
    nl = Catalog("nl")
    untranslated = [p.screen for p in problems if nl.error(p.screen) == p.screen]
    assert untranslated == [] and len(problems) >= 18
    for refusal in ("", "x" * 20, "\x07"):
        assert nl.error(name_refusal(refusal)) != name_refusal(refusal)


def test_data_dir_order(tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/honeymoon-table")
    assert str(data_dir()) == "/var/lib/honeymoon-table"
    assert data_dir(str(tmp_path)) == tmp_path
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "honeymoon-table"


def test_names_are_still_checked_after_pygame_quits():
    import pygame.freetype  # what pygame.quit() ends for the glyph check

    assert name_refusal("Zoë") is None
    pygame.freetype.quit()
    assert name_refusal("Zo\x07") == "the screen cannot draw U+0007 in a name"
    assert name_refusal("Zoë") is None


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--config", "{tmp}/none.toml"], "there is no config file {tmp}/none.toml"),
        (["--players", "Anna", "Be\x07n"], "--players: the screen cannot draw U+0007 in a name"),
        (["--players", "Anna", "中文"], "--players: the screen cannot draw U+4E2D in a name"),
        (["--players", "x" * 17, "Ben"], f"--players: a name has at most {NAME_MAX} letters"),
        (["--players", " ", "Ben"], "--players: a name cannot be empty"),
    ],
)
def test_run_refuses_a_bad_command_line_setting_in_one_line(tmp_path, capsys, argv, message):
    from device.cli import main

    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    status = main(["run", "--text", "--data-dir", str(tmp_path), *argv])
    err = capsys.readouterr().err
    assert status == 2 and err == message.replace("{tmp}", str(tmp_path)) + "\n"
