"""A hex dump's first row and an executable's run path are found in the agent's words."""

from __future__ import annotations

from domain.search.tool_vocabulary import tool_vocabulary_facts


def test_a_dump_s_row_at_offset_zero_holds_the_magic_bytes() -> None:
    xxd = "00000000: 5154 494c 0300 0c00 0700 0000 4000 0000  QTIL........@...\n"
    assert "magic" in tool_vocabulary_facts(xxd).split()
    hexdump = "00000000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  |.ELF............|\n"
    assert "magic" in tool_vocabulary_facts(hexdump).split()
    assert "magic" in tool_vocabulary_facts("0000000 042577 043114 000402\n").split()


def test_a_later_row_or_a_null_object_id_is_no_file_s_start() -> None:
    assert "magic" not in tool_vocabulary_facts("00000010: 4002 0000 4004 0000  @...@...\n")
    null_id = "0000000000000000000000000000000000000000 9fceb02 marta commit (initial)\n"
    assert "magic" not in tool_vocabulary_facts(null_id)


def test_a_run_path_is_what_the_binary_has_baked_in() -> None:
    readelf = " 0x000000000000001d (RUNPATH)            Library runpath: [/opt/quote/lib]\n"
    assert {"baked", "hardcoded"} <= set(tool_vocabulary_facts(readelf).split())
    assert "embedded" in tool_vocabulary_facts("  RPATH                /usr/local/lib\n").split()
    assert "baked" not in tool_vocabulary_facts("export LD_LIBRARY_PATH=/opt/lib\n")
    assert "baked" not in tool_vocabulary_facts("PATH=/usr/bin:/bin\n")
