"""Sending a board its messages as the page does, for the boards' tests."""

from __future__ import annotations

from typing import Any

from covil_nb import GameWidget


def send(board: GameWidget, kind: str, **fields: Any) -> None:
    """``kind`` with ``fields``, made on the position shown; the last refusal cleared."""
    board.error = {}
    board.receive({"kind": kind, "version": board.version, **fields})


def refused(board: GameWidget, kind: str, **fields: Any) -> str:
    """Send a message that must be refused: every trait but ``error`` is as it
    was, and so is a study board's study, file and all. Return the refusal."""
    study = getattr(board, "study", None)
    before = board.get_state(), study.to_json() if study is not None else None
    send(board, kind, **fields)
    assert board.error.get("text"), f"{kind} {fields} was taken"
    after = board.get_state()
    assert {k: v for k, v in after.items() if k != "error"} == {
        k: v for k, v in before[0].items() if k != "error"
    }
    assert (study.to_json() if study is not None else None) == before[1]
    return str(board.error["text"])
