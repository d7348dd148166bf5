"""Dataclasses to JSON and back, driven by their type hints.

Save files come from strangers, so decoding trusts nothing: every value is
checked against the field's declared type, and a mismatch raises
:class:`CovilError` naming the path of the bad value. No pickle, and
nothing in a save is evaluated.
"""

from __future__ import annotations

import ast
import dataclasses
import types
import typing
from functools import cache
from typing import Any, Final, Union

from .errors import CovilError
from .native import SOURCE
from .vocabulary import Word

RULE: Final = "save file"


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


def decode(tp: Any, data: Any, path: str = "$", kinds: dict[str, type] | None = None) -> Any:
    """Rebuild a value of type ``tp`` from JSON data; ``kinds`` resolves
    tagged subclasses (the decision frames) by their ``kind`` field."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _decode_union(tp, data, path, kinds)
    if origin in (list, tuple):
        items = _expect(data, list, path)
        (arg, *_) = typing.get_args(tp) or (Any,)
        out = [decode(arg, v, f"{path}[{i}]", kinds) for i, v in enumerate(items)]
        return out if origin is list else tuple(out)
    if origin is dict:
        mapping = _expect(data, dict, path)
        _, arg = typing.get_args(tp)
        return {
            _expect(k, str, path): decode(arg, v, f"{path}.{k}", kinds) for k, v in mapping.items()
        }
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or _tagged(tp)):
        return _decode_dataclass(tp, data, path, kinds)
    return _decode_scalar(tp, data, path)


def _tagged(tp: type) -> bool:
    """Whether ``tp`` is a family of dataclasses told apart by a ``kind``
    (the decision frames: their base is not a dataclass itself)."""
    return isinstance(getattr(tp, "kind", None), str)


def _decode_union(tp: Any, data: Any, path: str, kinds: dict[str, type] | None) -> Any:
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if data is None:
        if type(None) in typing.get_args(tp):
            return None
        raise CovilError(f"{path}: a value is missing", RULE)
    errors = []
    for arg in args:
        try:
            return decode(arg, data, path, kinds)
        except CovilError as exc:
            errors.append(exc.message)
    raise CovilError(
        errors[0] if len(errors) == 1 else f"{path}: {data!r} fits no allowed type", RULE
    )


def _decode_dataclass(tp: type, data: Any, path: str, kinds: dict[str, type] | None) -> Any:
    mapping = dict(_expect(data, dict, path))
    if _tagged(tp):
        tag = mapping.pop("kind", None)
        if kinds is None or tag not in kinds:
            raise CovilError(f"{path}: unknown kind {tag!r}", RULE)
        tp = kinds[tag]
    hints = _hints(tp)
    fields = {f.name: f for f in dataclasses.fields(tp) if f.init}
    unknown = sorted(set(mapping) - set(fields))
    if unknown:
        raise CovilError(f"{path}: unknown field {unknown[0]!r}", RULE)
    args = {}
    for name, f in fields.items():
        if name in mapping:
            args[name] = decode(hints[name], mapping[name], f"{path}.{name}", kinds)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CovilError(f"{path}: field {name!r} is missing", RULE)
    return tp(**args)


def _decode_scalar(tp: Any, data: Any, path: str) -> Any:
    if isinstance(tp, type) and issubclass(tp, Word):
        if not isinstance(data, str) or data not in tp._value2member_map_:
            raise CovilError(f"{path}: {data!r} is not one of {', '.join(tp)}", RULE)
        return tp(data)
    if tp is bool:
        return _expect(data, bool, path)
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CovilError(f"{path}: expected a whole number, got {data!r}", RULE)
        return data
    if tp in (str, float):
        return _expect(data, tp, path)
    if tp is type(None):
        if data is not None:
            raise CovilError(f"{path}: expected null, got {data!r}", RULE)
        return None
    raise TypeError(f"codec cannot decode {tp!r}")


def _expect(data: Any, tp: type, path: str) -> Any:
    if not isinstance(data, tp):
        names = {list: "a list", dict: "an object", str: "text", bool: "true or false"}
        raise CovilError(f"{path}: expected {names.get(tp, tp.__name__)}, got {data!r}", RULE)
    return data
