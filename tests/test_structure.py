"""The model's layout: its modules import each other without a cycle, the
rules never reach up into the game, and the model imports no widget or bot;
the compiled modules' constants are ``Final``.

Imports are read from the source (every import, in a function body too),
except those only a type checker runs (``if TYPE_CHECKING:``).
"""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from covil_nb.model.native import compiled_modules

MODEL = Path(__file__).resolve().parents[1] / "covil_nb" / "model"
MODULES = sorted(p.stem for p in MODEL.glob("*.py") if p.stem != "__init__")
# The game is built from the rules; these build games in turn (positions,
# recorded playthroughs). No module of the rules may import any of them.
ABOVE_THE_RULES = {"game", "scenario", "playthrough"}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node, leaving out the bodies of ``if TYPE_CHECKING:`` blocks."""
    found = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            found += [n for n in node.orelse for n in [n, *_runtime_nodes(n)]]
            continue
        found += [node, *_runtime_nodes(node)]
    return found


def _dotted(node: ast.AST) -> list[str]:
    """The absolute dotted names an import statement of a model module names:
    ``from . import flow`` is ``covil_nb.model.flow``, ``from ..bots import
    x`` is ``covil_nb.bots.x``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    package = ["covil_nb", "model"]  # where the model modules sit
    base = ".".join(package[: len(package) + 1 - node.level]) if node.level else ""
    prefix = ".".join(part for part in (base, node.module) if part)
    return [f"{prefix}.{alias.name}" for alias in node.names]


def imports(module: str, folder: Path = MODEL) -> set[str]:
    """The model modules ``module`` imports (``from . import x``, ``from .x
    import y``, ``covil_nb.model.x``), and any other package under
    ``covil_nb`` (``covil_nb.widget``), however it is spelled."""
    tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for name in (n for node in _runtime_nodes(tree) for n in _dotted(node)):
        parts = name.split(".")
        if parts[:2] == ["covil_nb", "model"] and len(parts) > 2:
            found.add(parts[2])
        elif parts[0] == "covil_nb" and len(parts) > 1:
            found.add(".".join(parts[:2]))
    return found


def test_the_model_has_no_import_cycle() -> None:
    graph = {m: imports(m) & set(MODULES) for m in MODULES}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as cycle:
        pytest.fail(f"import cycle in the model: {' -> '.join(cycle.args[1])}")
    assert set(order) == set(MODULES)


@pytest.mark.parametrize("module", sorted(set(MODULES) - ABOVE_THE_RULES))
def test_no_rule_module_reaches_up_into_the_game(module: str) -> None:
    source = (MODEL / f"{module}.py").read_text(encoding="utf-8")
    assert not imports(module) & ABOVE_THE_RULES
    assert "._state" not in source and "._table" not in source


@pytest.mark.parametrize("module", MODULES)
def test_the_model_imports_no_widget_and_no_bot(module: str) -> None:
    outside = {m for m in imports(module) if m.startswith("covil_nb.")}
    assert not {m for m in outside if not m.startswith("covil_nb.model")}, outside


def test_the_import_reader_sees_imports_in_functions_and_skips_type_checking(
    tmp_path: Path,
) -> None:
    (tmp_path / "probe.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import flow\n"
        "from .cards import CardSet\n"
        "if TYPE_CHECKING:\n    from .game import Game\n"
        "def late():\n    from .combat import Combat\n"
        "from .. import widget\n"
        "from ..bots.greedy import GreedyBot\n"
        "from covil_nb import lessons\n"
        "import covil_nb.model.night\n"
    )
    assert imports("probe", tmp_path) == {
        "flow",
        "cards",
        "combat",
        "night",
        "covil_nb.widget",
        "covil_nb.bots",
        "covil_nb.lessons",
    }


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
