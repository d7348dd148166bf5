"""What the import contracts cannot see of the model's layout: the rules never
touch a game's private table or state, and the compiled modules' constants
are ``Final``. The imports themselves, layer by layer and without a circle,
are import-linter's contracts in ``pyproject.toml`` (``./dev test`` runs it).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from covil_nb.model.native import compiled_modules

MODEL = Path(__file__).resolve().parents[1] / "covil_nb" / "model"
MODULES = sorted(p.stem for p in MODEL.glob("*.py") if p.stem != "__init__")
# The game (and its read-only half, its Position) is built from the rules;
# these build games in turn (positions, recorded playthroughs): they may read
# a game's insides, the rules may not.
ABOVE_THE_RULES = {"game", "position", "scenario", "playthrough"}


@pytest.mark.parametrize("module", sorted(set(MODULES) - ABOVE_THE_RULES))
def test_no_rule_module_reaches_into_a_games_table_or_state(module: str) -> None:
    source = (MODEL / f"{module}.py").read_text(encoding="utf-8")
    assert "._state" not in source and "._table" not in source


def unmarked_constants(path: Path) -> list[str]:
    """The module-level constants (``NAME = ...``, ``_NAME = ...``) of a
    module that are not annotated ``Final``. mypyc keeps a ``Final`` in a C
    variable; it looks any other module name up in the module's dictionary
    wherever it is used, and the rules read theirs at every decision."""
    unmarked = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and "Final" in ast.unparse(node.annotation):
            continue
        if isinstance(node, ast.Assign) and ast.unparse(node.value).startswith("TypeVar("):
            continue  # a type variable is no constant, and cannot be Final
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            unmarked += [
                n.id
                for n in names
                if isinstance(n, ast.Name) and re.fullmatch(r"_?[A-Z][A-Z0-9_]*", n.id)
            ]
    return unmarked


@pytest.mark.parametrize("path", compiled_modules(), ids=lambda p: p.stem)
def test_the_compiled_modules_constants_are_final(path: Path) -> None:
    assert unmarked_constants(path) == []


def test_the_constant_reader_finds_unmarked_constants(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import Final\n"
        "DONE: Final = 1\nTYPED: Final[int] = 2\nT = TypeVar('T')\n"
        "PLAIN = 3\n_HIDDEN: int = 4\nA, B = 5, 6\n__all__ = []\nlower = 7\n"
    )
    assert unmarked_constants(probe) == ["PLAIN", "_HIDDEN", "A", "B"]


def checked_functions(path: Path) -> list[str]:
    """The functions and methods of a module that @checked decorates."""
    return [
        node.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(ast.unparse(d).startswith("checked(") for d in node.decorator_list)
    ]


@pytest.mark.parametrize("path", compiled_modules(), ids=lambda p: p.stem)
def test_no_compiled_function_relies_on_the_argument_checker(path: Path) -> None:
    # @checked reads type hints, which a compiled function does not keep: it
    # would let every argument through. A compiled surface checks by hand.
    assert checked_functions(path) == []


def test_the_checker_reader_finds_checked_functions(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "@checked('bots')\ndef one(x: int) -> None: ...\n"
        "class A:\n    @checked('players')\n    def two(self) -> None: ...\n"
        "    @property\n    def three(self) -> int: ...\n"
    )
    assert checked_functions(probe) == ["one", "two"]
