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

Not for the hot paths (``Game.apply``, ``legal_actions``, ``Game.copy``,
``margin``): a check costs microseconds, and those check their arguments
themselves.
"""

from __future__ import annotations

import collections.abc as abc
import functools
import inspect
import os
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, Union

from .catalog import N_
from .errors import CovilTypeError, said
from .language import Joined, Text, tr

F = TypeVar("F", bound=Callable[..., Any])
_LISTS = (list, tuple, abc.Sequence, abc.MutableSequence)
_ITERABLES = (abc.Iterable, abc.Collection)
_MAPPINGS = (dict, abc.Mapping)


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
    spec: _Spec | None = None  # read at the first call: the hints name later classes

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True  # IPython and pytest leave this frame out of tracebacks
        nonlocal spec
        if spec is None:
            spec = _Spec(func)
        if not spec.fits(args, kwargs):
            args, kwargs = spec.fitted(args, kwargs, rule)
        return func(*args, **kwargs)

    return call


class _Spec:
    """A function's parameters and the check of each, read once: the
    common call, every argument of its type, is checked without binding
    it (binding takes several times as long)."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.func = func
        self.signature = inspect.signature(func)
        self.hints = typing.get_type_hints(func)
        params = list(self.signature.parameters.values())
        kinds = {p.kind for p in params}
        self.positional = [p.name for p in params if p.kind in _POSITIONAL]
        self.required = frozenset(p.name for p in params if p.default is p.empty) - {
            p.name for p in params if p.kind in _VARIADIC
        }
        self.keywords = frozenset(p.name for p in params if p.kind in _BY_KEYWORD)
        # How many positional parameters a call must give when all those
        # required come first (then giving that many is enough).
        leading = [p.name for p in params if p.kind in _POSITIONAL and p.default is p.empty]
        first = self.positional[: len(leading)] == leading and {*leading} == self.required
        self.leading = len(leading) if first else len(self.positional) + 1
        self.open = bool(kinds & _VARIADIC)  # takes *args or **kwargs: bind says what fits
        self.checks = {
            name: _checker(hint) for name, hint in self.hints.items() if name in self.keywords
        }

    def fits(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        """Whether the call is whole and each argument of its type."""
        if self.open or len(args) > len(self.positional):
            return False
        checks = self.checks
        for name, value in zip(self.positional, args, strict=False):
            check = checks.get(name)
            if check is not None and not check(value):
                return False
        if kwargs and not kwargs.keys().isdisjoint(self.positional[: len(args)]):
            return False  # given twice: bind says so
        for name, value in kwargs.items():
            check = checks.get(name)
            if name not in self.keywords or (check is not None and not check(value)):
                return False
        if len(args) >= self.leading:  # the required ones given in order: the common call
            return True
        return self.required <= {*self.positional[: len(args)], *kwargs}

    def fitted(
        self, args: tuple[Any, ...], kwargs: dict[str, Any], rule: str
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """The arguments bound and fitted (an iterable read into a list),
        or the CovilTypeError naming the one that does not fit."""
        where = self._name(args)
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise CovilTypeError(f"{where}: {exc}", rule) from None
        for arg, value in bound.arguments.items():
            if arg in self.checks:
                bound.arguments[arg] = fit(self.hints[arg], value, f"{where}: {arg}", rule)
        return bound.args, bound.kwargs

    def _name(self, args: tuple[Any, ...]) -> str:
        """The function as the caller knows it: a method by the class it was called on."""
        first = self.positional[:1]
        if args and first == ["self"]:
            owner = type(args[0]).__name__
            return owner if self.func.__name__ == "__init__" else f"{owner}.{self.func.__name__}"
        if args and first == ["cls"]:
            return f"{args[0].__name__}.{self.func.__name__}"
        return self.func.__qualname__


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_BY_KEYWORD = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
_VARIADIC = {inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD}


def _checker(hint: Any) -> Callable[[Any], bool]:
    """A quick check of ``hint`` for the common hints (a class, an optional
    one); :func:`fits` for the rest."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return _anything
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _checker(args[0] if args[1] is type(None) else args[1])
        return lambda value: value is None or inner(value)
    plain_class = origin is None and isinstance(hint, type) and hint not in (int, float, bool)
    if plain_class and not getattr(hint, "_is_protocol", False):
        return lambda value: isinstance(value, hint)
    return functools.partial(fits, hint)


def _anything(value: Any) -> bool:
    return True


def fit(hint: Any, value: Any, where: str, rule: str) -> Any:
    """``value`` if it is of type ``hint`` (an iterable as a list), else the
    error saying ``where`` wants what, and got what."""
    if _is_iterable_hint(hint) and _iterable(value) and not isinstance(value, list | tuple):
        value = list(value)  # read once, here: a generator is handed on as its items
    if fits(hint, value):
        return value
    kind = describe(hint)
    raise CovilTypeError(
        tr("{where} must be {kind}, not {value}", where=where, kind=kind, value=_shown(value)), rule
    )


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
        if getattr(hint, "_is_protocol", False):
            if not getattr(hint, "_is_runtime_protocol", False):
                return True  # a protocol isinstance cannot check: the function does
            return not isinstance(value, type) and isinstance(value, hint)  # a bot, not its class
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


def describe(hint: Any, plural: bool = False) -> Text | str:
    """What a hint accepts, in words: "a whole number", "a list of texts"; with
    ``plural``, what a list of them holds ("whole numbers", "pairs (text, text)")."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return _either(list(dict.fromkeys(describe(a, plural) for a in args)))  # each said once
    if origin is typing.Literal:
        return _either([repr(a) for a in args])
    if origin is tuple and args and args[-1] is not Ellipsis:
        return tr(_PAIR[plural], items=Joined(", ", [describe(a) for a in args]))
    if origin in _LISTS or origin in _ITERABLES:
        if not args:
            return tr(_LIST[plural])
        return tr(_LIST_OF[plural], items=describe(args[0], plural=True))
    if origin in _MAPPINGS:
        keys, values = (describe(a, plural=True) for a in args)
        return tr(_MAPPING[plural], keys=keys, values=values)
    return _kind(hint, plural)


# Each kind of value that holds others, said of one and of several.
_PAIR = (N_("a pair ({items})"), N_("pairs ({items})"))
_LIST = (N_("a list"), N_("lists"))
_LIST_OF = (N_("a list of {items}"), N_("lists of {items}"))
_MAPPING = (N_("a mapping of {keys} to {values}"), N_("mappings of {keys} to {values}"))


def _kind(hint: Any, plural: bool) -> Text:
    """One kind of value, in words: "a whole number" (or "whole numbers"), "a Game"."""
    if hint is None or hint is type(None):
        return tr("None")
    if _is(hint, os.PathLike):
        return tr("paths") if plural else tr("a path")
    if hint is Any or hint is object:
        return tr("anything")
    if _is(hint, abc.Callable):
        return tr("functions") if plural else tr("a function")
    if hint in _WORDS:
        one, many = _WORDS[hint]
        return tr(many if plural else one)
    name = str(getattr(hint, "__name__", hint))
    if plural:
        return tr("{name} objects", name=name)
    return tr("an {name}", name=name) if name[:1] in "AEIOU" else tr("a {name}", name=name)


def _is(hint: Any, kind: Any) -> bool:
    """Whether ``hint`` is ``kind``, bare or subscripted (``Callable[..., int]``)."""
    return hint is kind or typing.get_origin(hint) is kind


def _either(choices: Sequence[Text | str]) -> Text | str:
    """Choices said one after another: "text or None", "'en' or 'pt' or None"."""
    said: Text | str = choices[0]
    for choice in choices[1:]:
        said = tr("{either} or {other}", either=said, other=choice)
    return said


_WORDS: dict[Any, tuple[str, str]] = {
    str: (N_("text"), N_("texts")),
    bytes: (N_("bytes"), N_("bytes")),
    int: (N_("a whole number"), N_("whole numbers")),
    float: (N_("a number"), N_("numbers")),
    bool: (N_("True or False"), N_("True or False values")),
}


def _shown(value: Any) -> str:
    """A value for an error message, cut short, with its type."""
    return f"{said(value)} ({type(value).__name__})"
