"""The README's examples run, and print what the README shows.

Every ```pycon block is a doctest (the lines after a ``>>>`` are what it must
print) and every ```python block runs; they share one namespace, in the
README's order, as a reader typing them into one notebook would. A value is
shown the way a notebook shows it (IPython's pretty printer, which uses the
``_repr_pretty_`` of the game's values), not as a plain ``repr``. A block whose
fence says ``python cluster`` starts a Dask cluster: ``tests/test_cluster.py``
runs the same lines against a local cluster, so it is not run twice.
"""

from __future__ import annotations

import doctest
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from IPython.lib.pretty import pretty

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
RUN_ELSEWHERE = "cluster"


def blocks() -> list[tuple[str, str, int]]:
    """(language, code, line number of the code) for each block to run."""
    text = README.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        language, info, code = match.groups()
        if language in ("python", "pycon") and RUN_ELSEWHERE not in info.split():
            found.append((language, code, text.count("\n", 0, match.start(3)) + 1))
    return found


@contextmanager
def shown_as_in_a_notebook() -> Iterator[None]:
    def show(value: object) -> None:
        if value is not None:
            print(pretty(value))

    # doctest runs its examples with sys.__displayhook__, not sys.displayhook.
    saved, sys.__displayhook__ = sys.__displayhook__, show
    try:
        yield
    finally:
        sys.__displayhook__ = saved


def test_the_readme_examples_run_and_print_what_they_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the files the examples write land in a folder of their own
    namespace: dict[str, object] = {"__name__": "readme"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    ran = 0
    with shown_as_in_a_notebook():
        for language, code, line in blocks():
            if language == "python":
                exec(compile(code, f"{README}:{line}", "exec"), namespace)
            else:
                test = parser.get_doctest(code, namespace, f"README line {line}", str(README), line)
                runner.run(test, clear_globs=False)
                namespace.update(test.globs)  # a DocTest runs in a copy of its globals
            ran += 1
    results = runner.summarize(verbose=False)
    assert results.failed == 0, "a README example printed something else (see above)"
    assert ran >= 5 and results.attempted >= 10  # the README still shows its examples
