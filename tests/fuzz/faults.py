"""An interrupt injected at any line: ``KeyboardInterrupt`` raised by a
trace function at the n-th line the work runs, counting the lines of every
Python frame (the Game layer, the widget, the standard library, and the
rules themselves when they run as Python; compiled code has no lines to
stop at), or only those of some files (``in_files``, parts of their paths:
the surfaces whose every line a test interrupts in turn)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

Tracer = Callable[[FrameType, str, Any], Any]


class Injected(KeyboardInterrupt):
    """The interrupt a test injects, told apart from a real Ctrl-C."""


INJECTED = [0]  # interrupts raised this session: the suite's summary reports them


def _traced(in_files: Sequence[str], on_line: Callable[[FrameType], None]) -> Tracer:
    """A trace function calling ``on_line`` at each line of the files (of any file if none)."""

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            on_line(frame)
        return local

    def on_call(frame: FrameType, event: str, arg: Any) -> Any:
        file = frame.f_code.co_filename
        return local if not in_files or any(part in file for part in in_files) else None

    return on_call


def lines_run(work: Callable[[], object], in_files: Sequence[str] = ()) -> int:
    """How many lines ``work`` runs (in those files)."""
    count = 0

    def counted(frame: FrameType) -> None:
        nonlocal count
        count += 1

    sys.settrace(_traced(in_files, counted))
    try:
        work()
    finally:
        sys.settrace(None)
    return count


def interrupt_at(line: int, work: Callable[[], object], in_files: Sequence[str] = ()) -> str | None:
    """Run ``work``, interrupted at its ``line``-th line (in those files):
    where it was interrupted ("file:line"), or None when it ended first.
    Any error other than the interrupt goes on."""
    seen = 0
    where: str | None = None

    def maybe_stop(frame: FrameType) -> None:
        nonlocal seen, where
        seen += 1
        if seen == line:
            where = f"{frame.f_code.co_filename}:{frame.f_lineno}"
            INJECTED[0] += 1
            raise Injected(where)

    sys.settrace(_traced(in_files, maybe_stop))
    try:
        work()
    except Injected:
        assert where is not None
        return where
    finally:
        sys.settrace(None)
    return None
