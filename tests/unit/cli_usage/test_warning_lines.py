"""Warnings logged under ``capy.*`` print as ``capy: …`` lines on the current stderr."""

from __future__ import annotations

import logging

import pytest

from entrypoints.cli.failures import show_warnings_as_capy_lines as _show_warnings_as_capy_lines


def test_a_warning_goes_to_the_current_stderr_as_a_capy_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _show_warnings_as_capy_lines()
    _show_warnings_as_capy_lines()  # installed once only
    logging.getLogger("capy.store").warning("the knowledge database x was moved aside")
    assert capsys.readouterr().err == "capy: the knowledge database x was moved aside\n"
