"""The language of the moment and its catalog: the lowest layer of the
languages (:mod:`.language` is the rest), below the errors, whose messages
cite their rule with :func:`cite`.

The language of the moment is the session's (English by default, or what
the locale asks for), unless code runs inside ``speaking`` (a board says
everything in its own language): a context variable, so that two boards in
two languages, or a thread, do not mix.
"""

from __future__ import annotations

import gettext
import os
from contextvars import ContextVar
from functools import cache
from typing import Final

from .native import SOURCE

#: The languages there is a catalog for, by code, each in its own words.
LANGUAGES: Final = {"en": "English", "pt": "Português"}
SOURCE_LANGUAGE: Final = "en"  # the code's own: it needs no catalog
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
    """``message`` itself, marked for the catalog: a name the code passes
    and compares as it is, said with :func:`cite` (see :mod:`.sections`)."""
    return message


def cite(rule: str) -> str:
    """A rule's title (``"2.3 Attack"``) as the language of the moment cites it."""
    return translations(language()).gettext(rule) if rule else rule  # "" is the header


def from_locale(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """The language the locale asks for, as gettext reads it: the first of
    LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set, whose languages
    (``pt_BR.UTF-8``; LANGUAGE may list several, ``de:pt``) are taken in
    order, the first with a catalog (English has one: the code's); else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            for wanted in environ[name].split(":"):
                if wanted[:2].lower() in LANGUAGES:
                    return wanted[:2].lower()
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


_session = from_locale()
