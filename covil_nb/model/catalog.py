"""The language of the moment and its catalog: the lowest layer of the languages.

:mod:`.language` is the rest; this module sits below the errors, whose
messages cite their rule with :func:`cite`.

The language of the moment is the session's (English by default, or what
the locale asks for), unless code runs inside ``speaking`` (a board says
everything in its own language): a context variable, so that two boards in
two languages, or a thread, do not mix.
"""

from __future__ import annotations

import gettext
from contextvars import ContextVar
from functools import cache
from typing import Final

from .locales import SOURCE_LANGUAGE, from_locale
from .native import SOURCE

DOMAIN: Final = "covil_nb"
LOCALE: Final = SOURCE.parent / "locale"

SPEAKING: Final[ContextVar[str | None]] = ContextVar("covil_nb_speaking", default=None)
_session: str = SOURCE_LANGUAGE


def language() -> str:
    """The language of the moment: the one ``speaking`` set, else the session's."""
    return SPEAKING.get() or _session


def use(code: str) -> None:
    """Make ``code`` (a language there is a catalog for) the session's."""
    global _session
    _session = code


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (the code's own words for English)."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, languages=[code])


def N_(message: str) -> str:
    """``message`` itself, marked for the catalog: a name the code keeps and
    compares in English (a rule's title, a strength's part, a fixed word of
    the board), said later with :func:`cite` or ``named``."""
    return message


def cite(rule: str) -> str:
    """A rule's title (``"2.3 Attack"``) as the language of the moment cites it."""
    return translations(language()).gettext(rule) if rule else rule  # "" is the header


_session = from_locale()
