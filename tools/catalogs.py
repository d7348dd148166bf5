"""Extract, update and compile the message catalogs (``covil_nb/locale``) with Babel.

    .venv/bin/python tools/catalogs.py           # after a change to the messages in the code
    .venv/bin/python tools/catalogs.py --check   # fails if a catalog is out of date

1. Every ``tr(...)`` and ``ntr(...)`` message of the package, and every
   ``view.t(...)`` and ``N_(...)`` of the board's page (``js/src``), is
   extracted into the template, ``covil_nb/locale/covil_nb.pot``; the
   page's messages are also listed in ``covil_nb/locale/page.json``, the
   words the board sends its page (``covil_nb/widget/words.py``).
2. Each language's catalog (``covil_nb/locale/<code>/LC_MESSAGES/covil_nb.po``)
   is updated from it: a new message comes in untranslated, a changed one
   fuzzy (its old translation kept as a suggestion), and a message gone from
   the code is dropped. Then a translator fills them in
   (``docs/language.md``).
3. Each ``.po`` is compiled into the ``.mo`` the package reads. The ``.mo``
   files are kept in git, as the ``.po``: a clone and the wheel need no
   build step (``tests/test_language.py`` checks that they match).

Fuzzy and untranslated messages are left out of the ``.mo`` (gettext then
says the English), and the tests fail on them.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from covil_nb.model.catalog import DOMAIN, LOCALE  # where the package reads its catalogs

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "covil_nb"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
CARDS = PACKAGE / "model" / "data" / "cards"
MAPS = PACKAGE / "model" / "data" / "maps"
# The message functions of covil_nb.model.language: tr(message), ntr(singular,
# plural, n), and N_(name), the mark of a rule's title (covil_nb/model/sections.py).
KEYWORDS = {"tr": None, "ntr": (1, 2), "N_": None}
# The page's: view.t(message, values), and N_(message), the mark of a fixed
# part's words (js/src/words.js).
PAGE = ROOT / "js" / "src"
PAGE_KEYWORDS = {"t": None, "N_": None}
PAGE_MESSAGES = LOCALE / "page.json"
# The locale of each catalog, for its plural rule: Portuguese as the Brazilian
# edition speaks it ("0 moeda, 1 moeda, 2 moedas": plural from 2 on).
LOCALES = {"pt": "pt_BR"}
# The header every catalog file carries.
ABOUT = {
    "project": "covil_nb",
    "version": "0.1",
    "copyright_holder": "the covil_nb developers",
    "msgid_bugs_address": "the project's issues",
    "header_comment": (
        "# The messages of covil_nb (Covil: The Dark Overlords in Jupyter).\n"
        "# Made by tools/catalogs.py; translators follow docs/language.md.\n#"
    ),
    "fuzzy": False,
}


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a catalog (English, the code's own, has none)."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> Catalog:
    """The template: every message of the package, where it is said, and
    the comments above it that begin with ``Translators:``."""
    template = Catalog(domain=DOMAIN, creation_date=_dated(TEMPLATE), **ABOUT)
    found = extract_from_dir(PACKAGE, keywords=KEYWORDS, comment_tags=("Translators:",))
    for filename, lineno, message, comments, context in found:
        where = (f"covil_nb/{filename}", lineno)
        template.add(message, None, [where], auto_comments=comments, context=context)
    for message, where, comments in page_messages():
        template.add(message, None, [where], auto_comments=comments)
    for path, field, item in data():
        where = (str(path.relative_to(ROOT)), 0)
        # Card names are the glossary's (docs/language.md): chosen once.
        about = f"{path.parent.name} {field}: {item.get('id') or item['name']}"
        template.add(item[field], None, [where], auto_comments=[about])
    return template


def page_messages() -> Iterator[tuple[str, tuple[str, int], list[str]]]:
    """Every message of the board's page, where it is said, and its comments."""
    found = extract_from_dir(
        PAGE,
        method_map=[("**.js", "javascript")],
        keywords=PAGE_KEYWORDS,
        comment_tags=("Translators:",),
    )
    for filename, lineno, message, comments, _context in found:
        yield message, (f"js/src/{filename}", lineno), comments


def data() -> Iterator[tuple[Path, str, dict[str, Any]]]:
    """Every card's name and text (the table's ``called`` says them) and
    every map's title, from the data files."""
    for path in sorted(CARDS.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            for field in ("name", "text"):
                yield path, field, card
    for path in sorted(MAPS.glob("*.json")):
        yield path, "title", json.loads(path.read_text(encoding="utf-8"))


def updated(code: str, template: Catalog) -> Catalog:
    """The catalog of ``code`` brought up to the template."""
    with po_path(code).open("rb") as f:
        catalog = read_po(f, locale=LOCALES.get(code, code), domain=DOMAIN)
    catalog.update(template, update_creation_date=False)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    # Files only, without line numbers: a message moving down a file changes nothing.
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True, ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def wanted() -> dict[Path, bytes]:
    """Every catalog file as it should be now, by path."""
    template = extract()
    page = sorted({message for message, _, _ in page_messages()})
    files = {
        TEMPLATE: po_bytes(template),
        PAGE_MESSAGES: (json.dumps(page, indent=1, ensure_ascii=False) + "\n").encode(),
    }
    for code in languages():
        catalog = updated(code, template)
        files[po_path(code)] = po_bytes(catalog)
        files[po_path(code).with_suffix(".mo")] = mo_bytes(catalog)
    return files


def changes() -> dict[Path, bytes]:
    """The catalog files that differ from what the code and the ``.po`` files
    make, as they should be."""
    return {p: data for p, data in wanted().items() if not p.exists() or p.read_bytes() != data}


def stale() -> list[Path]:
    """The catalog files out of date."""
    return list(changes())


def _dated(path: Path) -> datetime | None:
    """The creation date a file already has (so that nothing changes when
    no message did); a new file gets today's."""
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f).creation_date


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a catalog is out of date")
    parser.add_argument("--new", metavar="CODE", help="start the catalog of a language")
    args = parser.parse_args(argv)
    if args.new:
        po_path(args.new).parent.mkdir(parents=True, exist_ok=True)
        locale = LOCALES.get(args.new, args.new)
        new = Catalog(locale=locale, domain=DOMAIN, language_team=args.new, **ABOUT)
        po_path(args.new).write_bytes(po_bytes(new))
    if args.check:
        out_of_date = stale()
        for path in out_of_date:
            print(f"out of date: {path.relative_to(ROOT)} (run tools/catalogs.py)")
        return 1 if out_of_date else 0
    for path, data in changes().items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
