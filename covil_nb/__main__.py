"""``python -m covil_nb`` (or ``covil-nb``): the package's commands.

python -m covil_nb tutorials [DIR]    copy the tutorials into DIR and open them
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from . import course

#: Each command: what runs it, and what it does, in a line.
COMMANDS: dict[str, tuple[Callable[[Sequence[str]], int], str]] = {
    "tutorials": (
        course.main,
        "copy the tutorials into a folder of yours (covil-tutorials/ unless you name one)"
        " and open them in JupyterLab; --no-open copies only; `tutorials --help` says more",
    ),
}


def usage() -> str:
    lines = ["usage: python -m covil_nb COMMAND [ARGUMENTS]", "", "commands:"]
    lines += [f"  {name}: {what}" for name, (_, what) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["-h"], ["--help"]):
        print(usage())
        return 0
    if not args or args[0] not in COMMANDS:
        unknown = f"python -m covil_nb: no command {args[0]!r}\n" if args else ""
        print(unknown + usage(), file=sys.stderr)
        return 2
    run, _ = COMMANDS[args[0]]
    return run(args[1:])


if __name__ == "__main__":
    sys.exit(main())
