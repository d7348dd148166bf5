"""The languages the game speaks, and the catalog every sentence comes from.

Every word a player reads is written in the code in English and goes through
the catalog (gettext, ``covil_nb/locale``): ``tr("{color} gains {amount}
gold.", color=..., amount=2)`` is a :class:`Text`, which says itself in the
language of the moment each time it is shown, so that a board switched to
Portuguese redraws its log, made in English, in Portuguese. ``ntr`` is the
same for a sentence with a number in it, whose form depends on the number
(``"{count} relic"``, ``"{count} relics"``; languages count differently).

The language of the moment is the session's (:func:`set_language`, by
default English, or Portuguese where the locale says so), unless code runs
inside :func:`speaking` (a board says everything in its own language).
The notation (``start H``) is the same in every language: it is also the
save format. Only what people read changes.

``tools/catalogs.py`` extracts the messages into ``covil_nb/locale`` and
compiles each language's catalog; ``docs/language.md`` says how to translate.
The language of the moment and the catalog's lookup are :mod:`.catalog`,
below the errors (a refusal cites its rule); this module is above them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Final

from . import catalog
from .catalog import N_, cite, language
from .errors import CovilError, CovilTypeError, said
from .locales import DECIMAL_MARKS, LANGUAGES, SOURCE_LANGUAGE, from_locale

__all__ = [
    "LANGUAGES",
    "N_",
    "SOURCE_LANGUAGE",
    "Clause",
    "Joined",
    "Listed",
    "Text",
    "cite",
    "from_locale",
    "known",
    "language",
    "named",
    "ntr",
    "said_in",
    "set_language",
    "speaking",
    "tr",
]

RULE: Final = "language"  # the refusals' rule: no rulebook section chooses a language


class Text:
    """A sentence of the catalog with its values, said in the language of
    the moment by ``str()``. The values are put in by name, after the
    sentence is translated (translators may reorder them); a value that is
    itself a :class:`Text` is said in the same language. A text without
    values is not formatted: a name may hold braces. Two texts are equal
    when they are the same sentence with the same values, whatever the
    language."""

    __slots__ = ("message", "number", "plural", "values")

    def __init__(
        self,
        message: str,
        plural: str = "",
        number: int = 0,
        values: dict[str, object] | None = None,
    ) -> None:
        self.message = message
        self.plural = plural
        self.number = number  # chooses the plural form; said as {count}
        self.values = values or {}

    def __str__(self) -> str:
        return self.said_in(language())

    def __format__(self, spec: str) -> str:
        """As its words are: ``f"{prompt:<20}"`` pads the sentence."""
        return format(str(self), spec)

    def said_in(self, code: str) -> str:
        translations = catalog.translations(code)
        if self.plural:
            template = translations.ngettext(self.message, self.plural, self.number)
        else:
            template = translations.gettext(self.message)
        if not self.values and not self.plural:
            return template
        values = {k: v.said_in(code) if isinstance(v, Text) else v for k, v in self.values.items()}
        return template.format_map({"count": self.number, **values})

    def _key(self) -> tuple:
        return self.message, self.plural, self.number, tuple(sorted(self.values.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Text({str(self)!r})"


class Joined(Text):
    """Items joined by a mark that every language writes alike (``", "``, ``"; "``)."""

    def __init__(self, separator: str, items: Iterable[str | Text]) -> None:
        super().__init__("")
        self.separator = separator
        self.items = tuple(items)

    def said_in(self, code: str) -> str:
        return self.separator.join(said_in(i, code) for i in self.items)

    def _key(self) -> tuple:
        return type(self).__name__, self.separator, self.items


class Listed(Joined):
    """Items as a sentence lists them: "A", "A and B", "A, B and C"; or, with
    ``last`` the message that ends the list ``OR``, "A, B or C"."""

    def __init__(self, items: Iterable[str | Text], last: str = "") -> None:
        super().__init__(", ", items)
        self.last = last or AND

    def said_in(self, code: str) -> str:
        items = [said_in(i, code) for i in self.items]
        if len(items) < 2:
            return "".join(items)
        *first, last = items
        return tr(self.last, items=self.separator.join(first), last=last).said_in(code)

    def _key(self) -> tuple:
        return type(self).__name__, self.last, self.items


# How a list ends: "A, B and C", "A, B or C".
AND: Final = N_("{items} and {last}")
OR: Final = N_("{items} or {last}")


class Clause(Text):
    """A sentence said without its full stop, to go on with a note: a card's
    text in "Exhaust Hedge Witch: gain 1 gold; the treasury is full"."""

    def __init__(self, sentence: Text) -> None:
        super().__init__("")
        self.sentence = sentence

    def said_in(self, code: str) -> str:
        return self.sentence.said_in(code).removesuffix(".")

    def _key(self) -> tuple:
        return type(self).__name__, self.sentence


class Number(Text):
    """A number with decimals, written with the decimal mark of the language
    it is said in: "2.6" in English, "2,6" in Portuguese. ``spec`` is the
    format's (``"+.1f"``)."""

    def __init__(self, value: float, spec: str) -> None:
        super().__init__("")
        self.value = value
        self.spec = spec

    def said_in(self, code: str) -> str:
        written = format(self.value, self.spec)
        if not written.strip("+-0.%"):  # -0.0, rounded to nothing: no sign
            written = format(0.0, self.spec)
        return written.replace(".", DECIMAL_MARKS.get(code, "."))

    def _key(self) -> tuple:
        return type(self).__name__, self.value, self.spec


def said_in(item: str | Text, code: str) -> str:
    return item.said_in(code) if isinstance(item, Text) else str(item)


def tr(message: str, /, **values: object) -> Text:
    """``message`` from the catalog, with ``values`` put in its ``{names}``."""
    return Text(message, values=values)


def ntr(singular: str, plural: str, count: int, /, **values: object) -> Text:
    """The form of the message for ``count`` (``{count}`` is put in too)."""
    return Text(singular, plural, count, values)


def named(name: str) -> Text:
    """A name the catalog has, said in the language of the moment: a card's
    (the card files' names are extracted into it), or a rule's title as a
    value of a sentence (see :func:`cite`)."""
    return Text(name)


def set_language(code: object) -> None:
    """Speak ``code`` (``"en"`` or ``"pt"``) from now on in this session.
    Everything shown after it is in that language, earlier logs included."""
    catalog.use(known(code))


@contextmanager
def speaking(code: object) -> Iterator[None]:
    """Say everything in ``code`` inside the ``with`` block (only there)."""
    token = catalog.SPEAKING.set(known(code))
    try:
        yield
    finally:
        catalog.SPEAKING.reset(token)


def known(code: object) -> str:
    """``code`` if there is a catalog for it, else the error listing those
    there are. (Checked here, not by a signature: the compiled engine would
    stop a wrong type with a bare TypeError.)"""
    if not isinstance(code, str):
        raise CovilTypeError(
            tr("a language is named by its code, text such as 'pt', not {code}", code=said(code)),
            RULE,
        )
    if code not in LANGUAGES:
        choices = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
        raise CovilError(
            tr(
                "there is no language {code}: choose among {choices}",
                code=said(code),
                choices=choices,
            ),
            RULE,
        )
    return code
