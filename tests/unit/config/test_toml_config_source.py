"""Three files merge key by key, explicit values always win, and bad files are clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.toml_config import TomlConfigSource
from domain.errors import ConfigError
from domain.settings import Settings


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    root = tmp_path / "project"
    (root / ".capy").mkdir(parents=True)
    global_file = tmp_path / "config" / "capy" / "config.toml"
    global_file.parent.mkdir(parents=True)
    return root, global_file, root / ".capy" / "config.toml", root / ".capy.toml"


def test_no_files_gives_the_defaults(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, _ = files
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings == Settings()
    assert loaded.files_read == ()
    assert loaded.files_searched == files[1:]
    assert loaded.warnings == ()


def test_later_files_win_key_by_key(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, project_dir_file, project_file = files
    global_file.write_text("[store]\ntitle_weight = 3.0\nmax_source_bytes = 100\n")
    project_dir_file.write_text(
        "[store]\ntitle_weight = 4.0\n[store.cleanup]\nsession_ttl_days = 9\n"
    )
    project_file.write_text("[store.cleanup]\nsession_ttl_days = 5\n")
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings.store.title_weight == 4.0
    assert loaded.settings.store.max_source_bytes == 100
    assert loaded.settings.store.cleanup.session_ttl_days == 5
    assert loaded.files_read == (global_file, project_dir_file, project_file)


def test_an_explicit_empty_or_small_value_still_wins(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, project_file = files
    global_file.write_text('[store]\npath = "/data/kb.db"\n[executor]\ntimeout = 90\n')
    project_file.write_text('[store]\npath = ""\n[executor]\ntimeout = 1\n')
    settings = TomlConfigSource(global_file).load(root).settings
    assert settings.store.path == ""
    assert settings.executor.timeout == 1.0


def test_dotted_keys_and_inline_tables_are_the_same_keys(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, project_file = files
    project_file.write_text("store.cleanup.ephemeral_ttl_hours = 2\nexecutor = { timeout = 5 }\n")
    settings = TomlConfigSource(global_file).load(root).settings
    assert settings.store.cleanup.ephemeral_ttl_hours == 2
    assert settings.executor.timeout == 5.0


def test_an_unknown_key_names_file_key_and_the_accepted_keys(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, project_file = files
    project_file.write_text("[store]\ntitle_wieght = 3\n")
    with pytest.raises(ConfigError) as caught:
        TomlConfigSource(global_file).load(root)
    text = str(caught.value)
    assert str(project_file) in text
    assert "store.title_wieght" in text
    assert "did you mean 'store.title_weight'" in caught.value.hint
    assert "store.max_source_bytes" in caught.value.hint


def test_an_unknown_section_is_an_error(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, _ = files
    global_file.write_text("[sever]\nport = 1\n")
    with pytest.raises(ConfigError, match="unknown key 'sever'"):
        TomlConfigSource(global_file).load(root)


def test_a_section_written_as_a_value_is_an_error(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, _ = files
    global_file.write_text("store = 3\n")
    with pytest.raises(ConfigError, match="must be a table"):
        TomlConfigSource(global_file).load(root)


@pytest.mark.parametrize(
    ("body", "key", "accepted"),
    [
        ("[store]\ntitle_weight = 0\n", "store.title_weight", "greater than 0"),
        (
            "[store.cleanup]\nephemeral_ttl_hours = 0\n",
            "store.cleanup.ephemeral_ttl_hours",
            "1 or more",
        ),
        ('[executor]\ntimeout = "30s"\n', "executor.timeout", "number of seconds"),
        ("[store]\nmax_source_bytes = -1\n", "store.max_source_bytes", "1 or more"),
    ],
)
def test_a_bad_value_names_file_key_and_accepted_values(
    files: tuple[Path, Path, Path, Path], body: str, key: str, accepted: str
) -> None:
    root, global_file, project_dir_file, _ = files
    project_dir_file.write_text(body)
    with pytest.raises(ConfigError) as caught:
        TomlConfigSource(global_file).load(root)
    assert str(project_dir_file) in caught.value.message
    assert key in caught.value.message
    assert accepted in caught.value.hint


def test_malformed_toml_names_file_and_line(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, project_file = files
    project_file.write_text('[store]\npath = "a"\ntitle_weight = = 2\n')
    with pytest.raises(ConfigError) as caught:
        TomlConfigSource(global_file).load(root)
    assert str(project_file) in caught.value.message
    assert "line 3" in caught.value.message


def test_a_malformed_global_file_is_never_replaced_by_defaults(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, _ = files
    global_file.write_bytes(b"\xff\xfe[store]\n")
    with pytest.raises(ConfigError, match="UTF-8"):
        TomlConfigSource(global_file).load(root)


def test_an_unreadable_config_path_is_an_error(files: tuple[Path, Path, Path, Path]) -> None:
    root, global_file, _, project_file = files
    project_file.mkdir()
    with pytest.raises(ConfigError, match="cannot read"):
        TomlConfigSource(global_file).load(root)


def test_global_only_keys_in_a_project_file_are_ignored_with_a_warning(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, project_dir_file, project_file = files
    global_file.write_text('[executor]\nenv_passthrough = ["GOPATH"]\n')
    project_dir_file.write_text('[fetch]\nallow_private_hosts = ["169.254.169.254"]\n')
    project_file.write_text('[executor]\nenv_passthrough = ["AWS_SECRET_ACCESS_KEY"]\n')
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings.executor.env_passthrough == ("GOPATH",)
    assert loaded.settings.fetch.allow_private_hosts == ()
    assert len(loaded.warnings) == 2
    assert str(project_dir_file) in loaded.warnings[0]
    assert "fetch.allow_private_hosts" in loaded.warnings[0]
    assert "executor.env_passthrough" in loaded.warnings[1]


def test_global_only_keys_are_honoured_in_the_global_file(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, _ = files
    global_file.write_text('[fetch]\nallow_private_hosts = ["localhost:8000"]\n')
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings.fetch.allow_private_hosts == ("localhost:8000",)
    assert loaded.warnings == ()


def test_keys_without_effect_are_accepted_with_a_warning(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, _ = files
    global_file.write_text('[server]\nlog_level = "debug"\n[store.cleanup]\nauto_prune = true\n')
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings == Settings()
    assert [w.split(": ", 1)[1].split()[0] for w in loaded.warnings] == [
        "server.log_level",
        "store.cleanup.auto_prune",
    ]


@pytest.mark.parametrize(
    "value",
    [
        "/home/someone/.local/share/capy/0123/knowledge.db",
        "~/kb.db",
        "../other/kb.db",
        "a/../../kb.db",
    ],
)
def test_a_project_file_cannot_point_the_database_outside_the_project(
    files: tuple[Path, Path, Path, Path], value: str
) -> None:
    root, global_file, project_dir_file, _ = files
    project_dir_file.write_text(f'[store]\npath = "{value}"\n')
    with pytest.raises(ConfigError, match="leaves the project") as caught:
        TomlConfigSource(global_file).load(root)
    assert str(project_dir_file) in caught.value.message
    assert str(global_file) in caught.value.hint


@pytest.mark.parametrize("value", ["kb.db", ".capy/knowledge.db", "a/../kb.db", "./data/kb.db"])
def test_a_project_file_may_place_the_database_inside_the_project(
    files: tuple[Path, Path, Path, Path], value: str
) -> None:
    root, global_file, _, project_file = files
    project_file.write_text(f'[store]\npath = "{value}"\n')
    assert TomlConfigSource(global_file).load(root).settings.store.path == value


def test_the_global_file_may_place_the_database_anywhere(
    files: tuple[Path, Path, Path, Path],
) -> None:
    root, global_file, _, _ = files
    global_file.write_text('[store]\npath = "~/kb/knowledge.db"\n')
    assert TomlConfigSource(global_file).load(root).settings.store.path == "~/kb/knowledge.db"
