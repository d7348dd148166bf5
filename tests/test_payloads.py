"""The traits' payloads as Python declares them (``covil_nb.widget.payloads``)
and as the page does (``js/src/types.d.ts``) agree: each interface of the
page under a TypedDict's name, or inline where a field holds one, has the
same fields, a field Python may leave out is optional on the page, and the
page's type takes every value Python's allows. A field on one side only
fails here, unless it is listed below as one the page does not read.
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from covil_nb.widget import payloads

TYPES = Path(__file__).resolve().parents[1] / "js" / "src" / "types.d.ts"
# The page's own state, which Python never sends.
PAGE_ONLY = {"Model", "Asked", "Wait", "Shared", "Position", "Page", "View", "Mount"}
# What Python sends that the page does not read (types.d.ts leaves it out),
# by where the page declares the object.
PYTHON_ONLY = {
    "Seat": {"bot"},
    "Board": {"title"},
    "Strength": {"text"},
    "Combat": {"stage", "responder", "free"},
    "Decision": {"kind"},
    "Decision.seat": {"color", "kind", "bot"},
    "Decision.scores[]": {"player", "total"},
    "Moment": {"index"},
    "Controls": {"steps"},
    "Past": {"info"},
    "Traits.error": {"n"},
}


# -- the page's types, read from types.d.ts -----------------------------------------


@dataclass(frozen=True)
class TS:
    """A TypeScript type: ``kind`` "prim" (``name``: string, number, boolean,
    null, object), "lit" (``name``: the string), "ref" (``name``: an
    interface), "array", "record", "tuple", "union" (``of``) or "object"
    (``fields``: name -> (optional, type))."""

    kind: str
    name: str = ""
    of: tuple[TS, ...] = ()
    fields: dict[str, tuple[bool, TS]] = field(default_factory=dict, hash=False)


def _uncommented(text: str) -> str:
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside brackets of any kind."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += char in "{[(<"
        depth -= char in "}])>"
        if char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def parse_type(text: str) -> TS:
    text = text.strip()
    members = _split(text, "|")
    if len(members) > 1:
        return TS("union", of=tuple(parse_type(m) for m in members))
    if text.endswith("[]"):
        return TS("array", of=(parse_type(text[:-2]),))
    if text.startswith("(") and text.endswith(")"):
        return parse_type(text[1:-1])
    if text.startswith("{"):
        return TS("object", fields=parse_fields(text[1:-1]))
    if text.startswith("["):
        return TS("tuple", of=tuple(parse_type(t) for t in _split(text[1:-1], ",")))
    if text.startswith("Record<string,"):
        return TS("record", of=(parse_type(text[len("Record<string,") : -1]),))
    if text.startswith('"'):
        return TS("lit", text.strip('"'))
    if text in ("string", "number", "boolean", "null", "object"):
        return TS("prim", text)
    assert re.fullmatch(r"[A-Z]\w*", text), f"a type this reader does not know: {text}"
    return TS("ref", text)


def parse_fields(body: str) -> dict[str, tuple[bool, TS]]:
    fields = {}
    for declared in _split(body.replace("\n", " "), ";"):
        found = re.fullmatch(r"(\w+)(\??):\s*(.+)", declared, flags=re.S)
        assert found, f"a field this reader does not know: {declared}"
        name, optional, type_ = found.groups()
        fields[name] = (bool(optional), parse_type(type_))
    return fields


def interfaces(text: str) -> dict[str, TS]:
    """Every ``export interface`` of a declaration file, by name."""
    text, found = _uncommented(text), {}
    for head in re.finditer(r"export interface (\w+) \{", text):
        start = depth = head.end()
        depth = 1
        end = start
        while depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        if head.group(1) not in PAGE_ONLY:
            found[head.group(1)] = TS("object", fields=parse_fields(text[start : end - 1]))
    return found


# -- the check ----------------------------------------------------------------------


def typed_dicts() -> dict[str, Any]:
    """Every payload Python declares by name: the TypedDicts, and Decision's union."""
    found: dict[str, Any] = {"Decision": payloads.Decision}
    for name, value in vars(payloads).items():
        if typing.is_typeddict(value):
            found[name] = value
    return found


def members(py: Any) -> tuple[Any, ...]:
    """The types a union is made of (one type: itself)."""
    if get_origin(py) in (Union, types.UnionType):
        return tuple(m for arg in get_args(py) for m in members(arg))
    if get_origin(py) is Literal:
        return tuple(Literal[arg] for arg in get_args(py))  # type: ignore[valid-type]
    return (py,)


def py_fields(py: Any) -> dict[str, tuple[bool, Any]]:
    """A TypedDict's fields (or those of a union of TypedDicts, required only
    where every one has them): name -> (required, type)."""
    shapes = [m for m in members(py) if m is not type(None)]
    assert all(typing.is_typeddict(s) for s in shapes), py
    declared = [get_type_hints(s, include_extras=True) for s in shapes]
    merged: dict[str, tuple[bool, Any]] = {}
    for shape, hints in zip(shapes, declared, strict=True):
        for name, hint in hints.items():
            required = shape.__total__ and get_origin(hint) is not NotRequired
            hint = get_args(hint)[0] if get_origin(hint) is NotRequired else hint
            if name in merged:
                was, other = merged[name]
                merged[name] = (was and required, Union[other, hint])  # noqa: UP007
            else:
                merged[name] = (required, hint)
    for name, (_required, hint) in merged.items():
        if not all(name in hints for hints in declared):
            merged[name] = (False, hint)
    return merged


class Checker:
    def __init__(self, pages: dict[str, TS], declared: dict[str, Any]) -> None:
        self.pages, self.declared = pages, declared
        self.problems: list[str] = []
        self.seen: set[str] = set()  # the Python TypedDicts compared
        self.unread_used: set[tuple[str, str]] = set()
        self.compared: set[tuple[str, Any]] = set()  # the interfaces by name, once each

    def interface(self, where: str, page: TS, py: Any, optional_as_sent: bool = True) -> None:
        """``page``'s fields against the TypedDict(s) ``py``."""
        self.seen |= {m.__name__ for m in members(py) if typing.is_typeddict(m)}
        python = py_fields(py)
        unread = PYTHON_ONLY.get(where, set())
        self.unread_used |= {(where, name) for name in unread}
        for name in sorted(page.fields.keys() - python.keys()):
            self.problems.append(f"{where}.{name}: the page reads it, Python never sends it")
        for name in sorted(python.keys() - page.fields.keys() - unread):
            self.problems.append(f"{where}.{name}: Python sends it, types.d.ts does not say")
        for name in sorted(unread & page.fields.keys()):
            self.problems.append(f"{where}.{name}: listed as unread, but the page declares it")
        for name in sorted(page.fields.keys() & python.keys()):
            optional, ts = page.fields[name]
            required, hint = python[name]
            if optional_as_sent and not required and not optional:
                self.problems.append(f"{where}.{name}: Python may leave it out, the page needs it")
            self.accepts(f"{where}.{name}", ts, hint, optional)

    def accepts(self, where: str, ts: TS, py: Any, optional: bool = False) -> None:
        """The page's ``ts`` takes every value of Python's ``py`` (an optional
        field takes null too: the page reads a missing and a null one alike).
        The TypedDicts of a union are one object, whatever fields it has."""
        options = _members(ts)
        shapes = [m for m in members(py) if typing.is_typeddict(m)]
        if shapes:
            objects = [t for t in options if t.kind in ("object", "ref")]
            if objects:
                self.object(where, objects[0], Union[tuple(shapes)])  # noqa: UP007
            else:
                self.problems.append(f"{where}: the page's type does not take {shapes}")
        for member in members(py):
            if member in shapes or (member is type(None) and optional):
                continue
            if not any(self._takes(where, t, member) for t in options):
                self.problems.append(f"{where}: the page's type does not take {member}")

    def object(self, where: str, ts: TS, py: Any) -> None:
        """An object of the page, inline or an interface by name, against ``py``."""
        if ts.kind == "object":
            self.interface(where, ts, py)
        elif (ts.name, py) not in self.compared:
            self.compared.add((ts.name, py))
            self.interface(ts.name, self.pages[ts.name], py)

    def _takes(self, where: str, ts: TS, py: Any) -> bool:
        """Whether ``ts`` takes ``py``, a type that is no TypedDict nor a union."""
        origin, args = get_origin(py), get_args(py)
        if py is Any:
            return True
        if ts.kind == "prim":
            simple = {str: "string", int: "number", float: "number", bool: "boolean"}
            if py is type(None):
                return ts.name == "null"
            if origin is Literal:
                return ts.name == simple[type(args[0])]
            if ts.name == "object":
                return origin is dict
            return simple.get(py) == ts.name
        if ts.kind == "lit":
            return origin is Literal and args == (ts.name,)
        if ts.kind in ("array", "tuple") and origin is list:
            # A tuple of the page is a list in Python: each item of either type.
            self.accepts(
                f"{where}[]", ts.of[0] if ts.kind == "array" else TS("union", of=ts.of), args[0]
            )
            return True
        if ts.kind == "record" and origin is dict:
            self.accepts(f"{where}{{}}", ts.of[0], args[1])
            return True
        return False


def _members(ts: TS) -> tuple[TS, ...]:
    return ts.of if ts.kind == "union" else (ts,)


def test_every_payload_is_declared_alike_in_python_and_on_the_page() -> None:
    pages = interfaces(TYPES.read_text(encoding="utf-8"))
    declared = typed_dicts()
    checker = Checker(pages, declared)
    assert sorted(pages.keys() - declared.keys()) == []  # an interface Python does not declare
    for name, page in sorted(pages.items()):
        # Every trait is unset before the board opens: Python's Traits are
        # all optional, the page's say which it may read before.
        checker.compared.add((name, declared[name]))
        checker.interface(name, page, declared[name], optional_as_sent=name != "Traits")
    assert checker.problems == []
    assert sorted(declared.keys() - checker.seen - {"Decision"}) == []  # a payload sent nowhere
    listed = {(where, name) for where, names in PYTHON_ONLY.items() for name in names}
    assert listed <= checker.unread_used  # a listed field that no longer is


def test_the_check_finds_a_field_on_one_side_only_and_a_type_apart() -> None:
    class Probe(typing.TypedDict):
        kept: str
        added: int
        maybe: NotRequired[str]
        gone: str | None

    page = parse_type("{ kept: number; maybe: string; gone?: string; read: boolean }")
    checker = Checker({}, {})
    checker.interface("Probe", page, Probe)
    assert checker.problems == [
        "Probe.read: the page reads it, Python never sends it",
        "Probe.added: Python sends it, types.d.ts does not say",
        "Probe.kept: the page's type does not take <class 'str'>",
        "Probe.maybe: Python may leave it out, the page needs it",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("string[]", TS("array", of=(TS("prim", "string"),))),
        ('"a" | null', TS("union", of=(TS("lit", "a"), TS("prim", "null")))),
        (
            "[string, number][]",
            TS("array", of=(TS("tuple", of=(TS("prim", "string"), TS("prim", "number"))),)),
        ),
        ("Record<string, Seat>", TS("record", of=(TS("ref", "Seat"),))),
    ],
)
def test_the_reader_reads_the_types_the_page_writes(text: str, expected: TS) -> None:
    assert parse_type(text) == expected
