"""The page's own words in the board's language.

The board's page (``js/src``) writes its words in English: its buttons,
tooltips, keyboard help, banners. An anywidget page cannot reach Jupyter's
translator, so the kernel sends it the translations from the package's
catalogs, the same as the engine's sentences: ``tools/catalogs.py``
extracts the page's messages into them and lists them in
``covil_nb/locale/page.json``; the board sends the translations of those
(its ``words`` trait), and ``js/src/words.js`` says each message in them.
"""

from __future__ import annotations

import json
from functools import cache

from covil_nb.model.catalog import LOCALE, translations
from covil_nb.model.locales import SOURCE_LANGUAGE

PAGE_MESSAGES = LOCALE / "page.json"


@cache
def page_words(code: str) -> dict[str, str]:
    """The translations into ``code`` of the messages the page says (none for
    English, the page's own; a message not yet translated is left out, and
    the page says it as written)."""
    if code == SOURCE_LANGUAGE:
        return {}
    catalog = translations(code)
    said = {m: catalog.gettext(m) for m in json.loads(PAGE_MESSAGES.read_text(encoding="utf-8"))}
    return {m: t for m, t in said.items() if t != m}
