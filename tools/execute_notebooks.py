"""Run tutorials top to bottom in a fresh kernel and store their outputs.

The tests run the tutorials under strict nbval, which compares each cell's
stored outputs with a new run; after a change that alters what a tutorial
shows, store the new outputs with::

    .venv/bin/python tools/execute_notebooks.py tutorials/*.ipynb

Volatile metadata (execution times, widget state) is dropped so that the
stored notebook depends only on what its cells print and show. So is a live
board's widget view, which names its model by a random id: the stored board
keeps its picture and its text, which is what a reader without a kernel sees
and what nbval compares.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TIMEOUT = 600  # seconds a cell may run
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # {"model_id": <random>, ...}


def execute(path: Path) -> float:
    """Execute one notebook in place; return the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(
        notebook,
        timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    seconds = time.perf_counter() - start
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = coalesce(cell.outputs)
            for output in cell.outputs:
                output.get("data", {}).pop(WIDGET_VIEW, None)
    nbformat.write(notebook, path)
    return seconds


def coalesce(outputs: list) -> list:
    """Join consecutive stream outputs of one stream: how print() output is cut
    into messages depends on timing, and the stored notebook must not."""
    joined: list = []
    for output in outputs:
        previous = joined[-1] if joined else None
        if (
            output.output_type == "stream"
            and previous is not None
            and previous.output_type == "stream"
            and previous.name == output.name
        ):
            previous.text += output.text
        else:
            joined.append(output)
    return joined


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    for path in args.notebooks:
        print(f"{path}: {execute(path):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
