"""``python -m covil_nb`` (or ``covil-nb``): the package's commands.

python -m covil_nb tutorials [DIR]    copy the tutorials into DIR and open them
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import course

COMMANDS = {"tutorials": course.main}
USAGE = "usage: python -m covil_nb tutorials [DIR] [--no-open] [JupyterLab options]"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 0 if args[:1] in (["-h"], ["--help"]) else 2
    return COMMANDS[args[0]](args[1:])


if __name__ == "__main__":
    sys.exit(main())
