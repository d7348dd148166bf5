"""The fuzz suite's figures, printed after its tests (the long profile's
counts are reported with them: see docs/bad-input.md)."""

from __future__ import annotations

from typing import Any

from .faults import INJECTED
from .profile import PROFILE


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if INJECTED[0]:
        terminalreporter.write_line(
            f"fuzz ({PROFILE} profile): {INJECTED[0]:,} interrupts injected"
        )
