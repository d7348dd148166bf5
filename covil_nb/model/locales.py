"""The languages there is a catalog for, and the one the locale asks for.

A module of its own, importing nothing of the package: ``./dev lab`` runs
it as a script (``python covil_nb/model/locales.py`` prints the code) to
open the tutorials in the learner's language before anything is installed.
"""

from __future__ import annotations

import os
from typing import Final

#: The languages there is a catalog for, by code, each in its own words.
LANGUAGES: Final = {"en": "English", "pt": "Português"}
SOURCE_LANGUAGE: Final = "en"  # the code's own: it needs no catalog
#: How each language writes the decimal mark (``language.Number``).
DECIMAL_MARKS: Final = {"en": ".", "pt": ","}


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


if __name__ == "__main__":
    print(from_locale())
