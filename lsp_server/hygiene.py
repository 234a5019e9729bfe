"""Input hygiene: text that is not prose (binary content) is not checked, and what the
server shows never carries control characters."""

from __future__ import annotations

import re

BINARY_CONTROL_SHARE = 0.3  # more control characters than this (of the first 64 KiB): binary
_SAMPLE = 65536
# C0 and C1 controls and DEL, except the whitespace that prose holds.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def binary_reason(text: str) -> str | None:
    """Why ``text`` looks like binary content rather than prose, or None when it does not."""
    if "\x00" in text:
        return "it contains NUL characters"
    sample = text[:_SAMPLE]
    controls = len(_CONTROL.findall(sample))
    if sample and controls / len(sample) > BINARY_CONTROL_SHARE:
        return f"{controls} of its first {len(sample)} characters are control characters"
    return None


def printable(message: str) -> str:
    """``message`` with every control character (line breaks and tabs included) written as
    an escape such as ``\\x07``, so that a client shows it on one line as it is."""
    return _ANY_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", message)
