"""Dataclasses to JSON and back, driven by their type hints.

Save files come from strangers, so decoding trusts nothing: a text longer
than :data:`MAX_SAVE` or nested deeper than :data:`MAX_DEPTH` is refused
before it is parsed (a JSON parser recurses, and a huge save would take
long to refuse later), every value is checked against the field's declared
type, and no list is longer than :data:`MAX_ITEMS`. A mismatch raises
:class:`CovilError` naming the path of the bad value. No pickle, and
nothing in a save is evaluated.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import tempfile
import types
import typing
from collections.abc import Collection
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any, Final, Union

from .errors import CovilError, CovilTypeError, said
from .language import tr
from .native import SOURCE
from .vocabulary import Word

RULE: Final = "save file"
# A finished four-player game with its own card set saves to about 40 KB:
# a save 25 times that is no save of this program.
MAX_SAVE: Final = 2**20
# A save nests 7 deep (a card set's effects); its parser would recurse on any depth.
MAX_DEPTH: Final = 16
# A game's longest lists are its history (hundreds of actions) and the card set;
# a state's are its card piles (a set has about 120 cards).
MAX_ITEMS: Final = 10_000
MAX_STATE_ITEMS: Final = 512
# A string, or an unterminated one to the end: always a match, so that no
# quote is tried again from the next one (which takes quadratic time).
_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_AS_PARENTHESES: Final = str.maketrans("[]{}", "()()")


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """The JSON data of a save file, checked as :func:`read_json` checks a
    text; no more than :data:`MAX_SAVE` bytes and one are read (a huge
    file, a device or a pipe is not read to its end)."""
    try:
        if not Path(path).is_file():  # a folder, or a pipe that would wait for a writer
            raise OSError("it is not a file")
        with Path(path).open("rb") as file:
            text = file.read(MAX_SAVE + 1)
    except (OSError, ValueError) as exc:  # a missing file, a name no file system takes
        raise CovilError(
            tr("cannot read the save file {path}: {exc}", path=said(str(path)), exc=exc), RULE
        ) from None
    if len(text) > MAX_SAVE:
        raise CovilError(
            tr(
                "the save file {path} is longer than {at_most}",
                path=said(str(path)),
                at_most=_AT_MOST,
            ),
            RULE,
        )
    return read_json(text)


def read_json(text: object) -> Any:
    """The JSON data of a save's text, refused with a :class:`CovilError`
    if it is longer than :data:`MAX_SAVE`, nested deeper than
    :data:`MAX_DEPTH`, or not JSON. It takes any value (people pass
    anything), and refuses what is not text with a CovilTypeError."""
    if not isinstance(text, str | bytes | bytearray):
        raise CovilTypeError(f"a save's text is str or bytes, not {type(text).__name__}", RULE)
    if len(text) > MAX_SAVE:
        raise CovilError(
            tr(
                "the save is {count} characters long: {at_most}",
                count=f"{len(text):,}",
                at_most=_AT_MOST,
            ),
            RULE,
        )
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
        except UnicodeDecodeError as exc:
            raise CovilError(tr("the save is not UTF-8 text: {exc}", exc=exc), RULE) from None
    text = text.removeprefix("\ufeff")
    _check_depth(text)
    try:
        return json.loads(text)
    except ValueError as exc:
        raise CovilError(tr("the save is not valid JSON: {exc}", exc=exc), RULE) from None
    except RecursionError:  # never, after _check_depth: the parser's own limit, kept
        raise CovilError(_TOO_DEEP, RULE) from None


_AT_MOST: Final = f"a save's {MAX_SAVE:,} characters at most"
_TOO_DEEP: Final = f"the save nests deeper than {MAX_DEPTH} levels"


def _check_depth(text: str) -> None:
    """Refuse a text whose brackets may nest deeper than MAX_DEPTH, in a
    few passes of the C string methods: strings dropped, the brackets alone
    kept as parentheses, and the innermost pairs removed once a pass. What
    no pass removes is brackets never closed (or never opened): each one
    left open deepens all it holds, so they count too."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_AS_PARENTHESES)
    passes = 0
    while "()" in brackets and passes <= MAX_DEPTH:
        brackets = brackets.replace("()", "")
        passes += 1
    if passes + brackets.count("(") > MAX_DEPTH:
        raise CovilError(_TOO_DEEP, RULE)


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The field types of a dataclass of this package, as its source writes
    them: a class compiled by mypyc keeps only erased ones (``list`` for
    ``list[Player]``), and a compiled engine runs only with the source it
    was built from (:mod:`native`)."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if dataclasses.is_dataclass(klass):
            written = type(klass.__name__, (), {"__module__": klass.__module__})
            written.__annotations__ = _written(klass.__module__, klass.__name__)
            hints |= typing.get_type_hints(written)
    return hints


@cache
def _written(module: str, name: str) -> dict[str, str]:
    """The annotations of class ``name`` in ``module``'s source file (a
    module of this package: the codec only ever decodes the state's classes)."""
    package, _, file = module.rpartition(".")
    assert package == __package__, f"{module} is not a module of {__package__}"
    tree = ast.parse((SOURCE / f"{file}.py").read_text())
    (node,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    return {
        line.target.id: ast.unparse(line.annotation)
        for line in node.body
        if isinstance(line, ast.AnnAssign) and isinstance(line.target, ast.Name)
    }


def encode(value: Any) -> Any:
    """A JSON-ready copy of a dataclass tree (tuples become lists)."""
    if dataclasses.is_dataclass(value):
        data = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        kind = getattr(type(value), "kind", None)
        return {"kind": kind, **data} if isinstance(kind, str) else data
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(
    tp: Any,
    data: Any,
    path: str = "$",
    kinds: dict[str, type] | None = None,
    most: int = MAX_ITEMS,
) -> Any:
    """Rebuild a value of type ``tp`` from JSON data; ``kinds`` resolves
    tagged subclasses (the decision frames) by their ``kind`` field, and
    no list may hold more than ``most`` items."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _decode_union(tp, data, path, kinds, most)
    if origin in (list, tuple):
        items = _expect(data, list, path)
        if len(items) > most:
            raise CovilError(
                tr(
                    "{path}: {count} items, more than {most}",
                    path=path,
                    count=f"{len(items):,}",
                    most=f"{most:,}",
                ),
                RULE,
            )
        (arg, *_) = typing.get_args(tp) or (Any,)
        out = [decode(arg, v, f"{path}[{i}]", kinds, most) for i, v in enumerate(items)]
        return out if origin is list else tuple(out)
    if origin is dict:
        mapping = _expect(data, dict, path)
        _, arg = typing.get_args(tp)
        return {
            _expect(k, str, path): decode(arg, v, f"{path}.{k}", kinds, most)
            for k, v in mapping.items()
        }
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or _tagged(tp)):
        return _decode_dataclass(tp, data, path, kinds, most)
    return _decode_scalar(tp, data, path)


def _tagged(tp: type) -> bool:
    """Whether ``tp`` is a family of dataclasses told apart by a ``kind``
    (the decision frames: their base is not a dataclass itself)."""
    return isinstance(getattr(tp, "kind", None), str)


def refuse_unknown(mapping: dict[Any, Any], known: Collection[str], path: str) -> None:
    """Refuse a JSON object with a field its reader does not know (a typo
    would otherwise be dropped without a word)."""
    unknown = sorted(str(k) for k in mapping if k not in known)
    if unknown:
        raise CovilError(
            tr("{path}: unknown field {unknown}", path=path, unknown=said(unknown[0])), RULE
        )


def _decode_union(tp: Any, data: Any, path: str, kinds: dict[str, type] | None, most: int) -> Any:
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if data is None:
        if type(None) in typing.get_args(tp):
            return None
        raise CovilError(tr("{path}: a value is missing", path=path), RULE)
    errors = []
    for arg in args:
        try:
            return decode(arg, data, path, kinds, most)
        except CovilError as exc:
            errors.append(exc.message)
    raise CovilError(
        errors[0] if len(errors) == 1 else f"{path}: {said(data)} fits no allowed type", RULE
    )


def _decode_dataclass(
    tp: type, data: Any, path: str, kinds: dict[str, type] | None, most: int
) -> Any:
    mapping = dict(_expect(data, dict, path))
    if _tagged(tp):
        tag = mapping.pop("kind", None)
        if kinds is None or not isinstance(tag, str) or tag not in kinds:
            raise CovilError(tr("{path}: unknown kind {tag}", path=path, tag=said(tag)), RULE)
        tp = kinds[tag]
    hints = _hints(tp)
    fields = {f.name: f for f in dataclasses.fields(tp) if f.init}
    refuse_unknown(mapping, fields.keys(), path)
    args = {}
    for name, f in fields.items():
        if name in mapping:
            args[name] = decode(hints[name], mapping[name], f"{path}.{name}", kinds, most)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CovilError(
                tr("{path}: field {name} is missing", path=path, name=said(name)), RULE
            )
    return tp(**args)


def _decode_scalar(tp: Any, data: Any, path: str) -> Any:
    if isinstance(tp, type) and issubclass(tp, Word):
        if not isinstance(data, str) or data not in tp._value2member_map_:
            raise CovilError(
                tr(
                    "{path}: {data} is not one of {tp}",
                    path=path,
                    data=said(data),
                    tp=", ".join(tp),
                ),
                RULE,
            )
        return tp(data)
    if tp is bool:
        return _expect(data, bool, path)
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CovilError(
                tr("{path}: expected a whole number, got {data}", path=path, data=said(data)), RULE
            )
        return data
    if tp in (str, float):
        return _expect(data, tp, path)
    if tp is type(None):
        if data is not None:
            raise CovilError(
                tr("{path}: expected null, got {data}", path=path, data=said(data)), RULE
            )
        return None
    raise TypeError(f"codec cannot decode {tp!r}")


def _expect(data: Any, tp: type, path: str) -> Any:
    if not isinstance(data, tp):
        names = {list: "a list", dict: "an object", str: "text", bool: "true or false"}
        raise CovilError(
            tr(
                "{path}: expected {name}, got {data}",
                path=path,
                name=names.get(tp, tp.__name__),
                data=said(data),
            ),
            RULE,
        )
    return data


def write_whole(target: Path, text: str) -> None:
    """Write ``text`` to a new file beside ``target``, then rename it over
    it (in one step on the file system), so that an interrupt or a full disk
    never leaves half a file; what was written is removed if that fails."""
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".saving", dir=target.parent)
    written = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(written, target)
    finally:
        with suppress(OSError):
            written.unlink(missing_ok=True)
