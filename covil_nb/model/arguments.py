"""What people pass to the public API, checked against its own type hints.

A notebook user may pass anything to anything: ``game.player(None)``,
``Scenario.gold("yellow", "3")``. Left alone, such a value travels into the
engine and stops far inside (compiled code refuses it with a bare
``TypeError`` naming no argument). The public entry points are wrapped with
:func:`checked` instead: each argument is checked against the type its
signature declares, before the function runs, and a wrong one raises
:class:`~.errors.CovilTypeError` naming the argument, what it got and what
it accepts. Only the types are checked here; what a value means (a color of
this game, a card of the set) the function checks itself, with its rule.

Not for the hot paths (``Game.apply``, ``legal_actions``): binding a call
costs microseconds, and those check their one argument themselves.
"""

from __future__ import annotations

import collections.abc as abc
import functools
import inspect
import os
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union

from .errors import CovilTypeError

F = TypeVar("F", bound=Callable[..., Any])
_LISTS = (list, tuple, abc.Sequence, abc.MutableSequence)
_ITERABLES = (abc.Iterable, abc.Collection)
_MAPPINGS = (dict, abc.Mapping)
_SHOWN_AT_MOST = 60  # the characters of a value an error quotes


def checked(rule: str) -> Callable[[F], F]:
    """Wrap a function (or every public method of a class, ``__init__``
    too) so that its arguments are checked against its type hints; a wrong
    one raises :class:`CovilTypeError` under ``rule``. An argument hinted
    ``Iterable`` is handed on as a list, so a generator is read once."""

    def wrap(target: F) -> F:
        if isinstance(target, type):
            for name, member in list(vars(target).items()):
                if inspect.isfunction(member) and (name == "__init__" or name[0] != "_"):
                    setattr(target, name, wrap(member))  # type: ignore[arg-type]
                elif isinstance(member, classmethod | staticmethod):
                    setattr(target, name, type(member)(wrap(member.__func__)))  # type: ignore[arg-type]
            return target
        return _checking(target, rule)  # type: ignore[return-value]

    return wrap


def _checking(func: Callable[..., Any], rule: str) -> Callable[..., Any]:
    signature = inspect.signature(func)
    hints: dict[str, Any] | None = None  # read at the first call: they name later classes
    name = func.__qualname__.replace(".__init__", "")

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal hints
        if hints is None:
            hints = typing.get_type_hints(func)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise CovilTypeError(f"{name}: {exc}", rule) from None
        for arg, value in bound.arguments.items():
            if arg in hints and arg not in ("self", "cls"):
                bound.arguments[arg] = fit(hints[arg], value, f"{name}: {arg}", rule)
        return func(*bound.args, **bound.kwargs)

    return call


def fit(hint: Any, value: Any, where: str, rule: str) -> Any:
    """``value`` if it is of type ``hint`` (an iterable as a list), else the
    error saying ``where`` wants what, and got what."""
    if _is_iterable_hint(hint) and _iterable(value) and not isinstance(value, list | tuple):
        value = list(value)  # read once, here: a generator is handed on as its items
    if fits(hint, value):
        return value
    raise CovilTypeError(f"{where} must be {describe(hint)}, not {_shown(value)}", rule)


def fits(hint: Any, value: Any) -> bool:
    """Whether ``value`` is of type ``hint``, as :func:`checked` reads hints."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return True
    if origin in (Union, types.UnionType):
        return any(fits(arg, value) for arg in args)
    if hint is None or hint is type(None):
        return value is None
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return (
            isinstance(value, tuple | list)
            and len(value) == len(args)
            and all(fits(a, v) for a, v in zip(args, value, strict=True))
        )
    if origin in _LISTS:
        return isinstance(value, list | tuple) and all(fits(args[0], v) for v in value)
    if origin in _ITERABLES:
        return isinstance(value, list | tuple) and all(fits(args[0], v) for v in value)
    if origin in _MAPPINGS:
        key, item = args
        return isinstance(value, abc.Mapping) and all(
            fits(key, k) and fits(item, v) for k, v in value.items()
        )
    if origin is os.PathLike or hint is os.PathLike:
        return isinstance(value, os.PathLike)
    if origin is abc.Callable or hint is abc.Callable:
        return callable(value)
    if isinstance(hint, type):
        if getattr(hint, "_is_protocol", False) and not getattr(hint, "_is_runtime_protocol", 0):
            return True  # a protocol isinstance cannot check: the function does
        return isinstance(value, hint)
    return True  # a hint this module does not read: the function checks it


def _iterable(value: Any) -> bool:
    """An iterable of items, not one text (a str is iterable, but not a list of names)."""
    return isinstance(value, abc.Iterable) and not isinstance(value, str | bytes | abc.Mapping)


def _is_iterable_hint(hint: Any) -> bool:
    """Whether ``hint`` (or one of its choices) takes any iterable."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(_is_iterable_hint(a) for a in typing.get_args(hint))
    return origin in _ITERABLES


def describe(hint: Any) -> str:
    """What a hint accepts, in words: "a whole number", "a list of text"."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(dict.fromkeys(describe(a) for a in args))  # each said once
    if hint is None or hint is type(None):
        return "None"
    if origin is typing.Literal:
        return " or ".join(repr(a) for a in args)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return f"a pair ({', '.join(describe(a) for a in args)})"
    if origin in _LISTS or origin in _ITERABLES:
        return f"a list of {_plural(args[0])}" if args else "a list"
    if origin in _MAPPINGS:
        return f"a mapping of {_plural(args[0])} to {_plural(args[1])}"
    if origin is os.PathLike or hint is os.PathLike:
        return "a path"
    return _WORDS.get(hint) or f"a {getattr(hint, '__name__', hint)}"


_WORDS: dict[Any, str] = {
    str: "text",
    bytes: "bytes",
    int: "a whole number",
    float: "a number",
    bool: "True or False",
    abc.Callable: "a function",
}


def _plural(hint: Any) -> str:
    """What a list of ``hint`` holds, in words: "texts", "pairs (text, text)"."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        return " or ".join(dict.fromkeys(_plural(a) for a in typing.get_args(hint)))
    said = describe(hint)
    if said == "text":
        return "texts"
    if said.startswith("a pair "):
        return "pairs " + said.removeprefix("a pair ")
    return said.removeprefix("a ").removeprefix("an ") + "s"


def _shown(value: Any) -> str:
    """A value for an error message, cut short, with its type."""
    text = repr(value)
    if len(text) > _SHOWN_AT_MOST:
        text = text[: _SHOWN_AT_MOST - 3] + "..."
    return f"{text} ({type(value).__name__})"
