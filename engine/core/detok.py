"""Turn space-tokenised text (M2, NUCLE, CoNLL, JFLEG, Brown) into text as a writer types it
(used by `edgegram bench`, evaluation and the training data pipeline).

The same rules run on both sides of every pair, so a correction never differs from its
source by detokenisation alone.
"""

from __future__ import annotations

import re

_BRACKETS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
_CLITIC = re.compile(r" (n't|N'T|'s|'S|'re|'RE|'ve|'VE|'ll|'LL|'d|'D|'m|'M)(?=\s|$)")
_NO_SPACE_BEFORE = re.compile(r" ([,.;:!?%)\]}]|\.\.\.)")
_NO_SPACE_AFTER = re.compile(r"([(\[{$]) ")
_HYPHEN = re.compile(r"(\w) - (\w)")


def _quotes(tokens: list[str]) -> list[str]:
    """Attach straight double quotes to the words they enclose (open, close, open ...)."""
    out: list[str] = []
    opening = True
    glue_next = False
    for tok in tokens:
        if tok == '"':
            if opening:
                out.append('"')
                glue_next = True
            else:
                if out:
                    out[-1] += '"'
                else:
                    out.append('"')
            opening = not opening
            continue
        if glue_next and out:
            out[-1] += tok
            glue_next = False
        else:
            out.append(tok)
    return out


def detokenize(text: str) -> str:
    tokens = [_BRACKETS.get(t, t) for t in text.split()]
    tokens = ['"' if t in ("``", "''") else t for t in tokens]
    s = " ".join(_quotes(tokens))
    s = _CLITIC.sub(r"\1", s)
    s = _NO_SPACE_BEFORE.sub(r"\1", s)
    s = _NO_SPACE_AFTER.sub(r"\1", s)
    s = _HYPHEN.sub(r"\1-\2", s)
    return s.strip()
