"""How much text a PDF holds, told from its content streams before anything is extracted.

pypdf extracts about 2,000 words a second from a dense page (each glyph is its own operation), so a
100,000-word PDF took the parser's whole 20 s wall-clock budget before its length was checked. Counting
the glyph strings the pages show (decompressing each content stream and scanning it) takes milliseconds
a page, and refuses such a document at once. The count is an estimate: two-byte (CID) glyphs are assumed
for hex strings, text inside form XObjects is not seen; the exact check on the extracted text follows.
"""

import re

# A literal string (balanced parentheses one level deep, escapes) or a hex string (not a << dictionary >>).
_LITERAL = re.compile(rb"\(((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*)\)", re.S)
_HEX = re.compile(rb"(?<!<)<([0-9A-Fa-f\s]*)>(?!>)")


def shown_chars(content: bytes) -> int:
    """About how many characters a page's content stream draws."""
    literal = sum(map(len, _LITERAL.findall(content)))
    hexed = sum(map(len, _HEX.findall(content))) // 4  # whitespace inside hex strings is rare: not removed
    return literal + hexed


def page_shown_chars(page) -> int:
    contents = page.get_contents()
    return shown_chars(contents.get_data()) if contents is not None else 0
