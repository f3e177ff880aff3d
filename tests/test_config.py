import re

import pytest

from device.config import DEFAULTS, ConfigError, data_dir, load_config


def test_missing_file_gives_defaults(tmp_path):
    assert load_config(tmp_path / "none.toml") == DEFAULTS


def test_values_override_defaults(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[devices]\nscanner = "/dev/ttyACM0"\n[gpio]\nOK = 21\n')
    config = load_config(path)
    assert config["devices"] == {"scanner": "/dev/ttyACM0", "bidbox": "none"}
    assert config["gpio"] == {"OK": 21}
    assert DEFAULTS["gpio"] == {}  # the defaults themselves are untouched


@pytest.mark.parametrize(
    "text,message",
    [
        ("[devices]\nscanner = \n", "line 2"),
        ('[screen]\nwidth = "wide"\n', "line 2: width must be a whole number"),
        ("[devices]\n\ncolour = 1\n", "line 3: unknown setting colour in [devices]"),
        ("[sound]\nvolume = 3\n", "line 1: unknown section [sound]"),
        ("[gpio]\nOK = 99\n", "line 2: gpio pin OK must be a BCM number 0..27"),
    ],
)
def test_bad_files_name_the_line(tmp_path, text, message):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(path)


def test_data_dir_order(tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/honeymoon-table")
    assert str(data_dir()) == "/var/lib/honeymoon-table"
    assert data_dir(str(tmp_path)) == tmp_path
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "honeymoon-table"
