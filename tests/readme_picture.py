"""The README's picture, ``docs/board.png``, and the digest in its metadata.

The browser test that takes the picture (``tests/browser/test_readme_picture.py``)
writes the digest of the drawing it pictured into a tEXt chunk of the PNG, with
the standard library alone; ``tests/test_readme.py`` reads it back to tell,
without a browser, whether the picture is of today's drawing.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

PICTURE = Path(__file__).parents[1] / "docs" / "board.png"
KEYWORD = "covil-board-digest"  # the tEXt chunk that holds the digest
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(png: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each chunk of ``png`` as (type, data), in order."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    at = len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        yield png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        at += 12 + length  # length, type, data, CRC


def pictured(png: bytes) -> str | None:
    """The digest ``png`` carries, if any."""
    for kind, data in chunks(png):
        keyword, _, text = data.partition(b"\0")
        if kind == b"tEXt" and keyword == KEYWORD.encode():
            return text.decode("latin-1")
    return None


def stamped(png: bytes, digest: str) -> bytes:
    """``png`` with ``digest`` in a tEXt chunk, just before the image's end."""
    data = KEYWORD.encode() + b"\0" + digest.encode("latin-1")
    chunk = struct.pack(">I", len(data)) + b"tEXt" + data
    chunk += struct.pack(">I", zlib.crc32(b"tEXt" + data))
    end = png.rindex(b"IEND") - 4  # the IEND chunk begins with its length
    return png[:end] + chunk + png[end:]
