"""Text that JSON can carry but the product cannot store or send: lone UTF-16 surrogates and NUL.

`json.loads('"\\ud800"')` succeeds in Python, but the string cannot be encoded as UTF-8 (so it cannot be
rendered again) and PostgreSQL refuses it and NUL in text and JSON columns. Bodies are checked once on the
way in and refused with a clear message instead.
"""

import re

_INVALID = re.compile("[\ud800-\udfff\x00]")


def invalid_text_path(value, path: str = "$") -> str | None:
    """The JSON path of the first string (key or value) holding invalid text, or None if all is well."""
    if isinstance(value, str):
        return path if _INVALID.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and _INVALID.search(key):
                return f"{path} (a key)"
            found = invalid_text_path(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = invalid_text_path(item, f"{path}[{index}]")
            if found:
                return found
    return None


def invalid_text_message(path: str) -> str:
    return (f"Invalid text at {path}: lone UTF-16 surrogates (such as \\ud800) and NUL characters "
            "are not allowed. Send valid Unicode text.")
