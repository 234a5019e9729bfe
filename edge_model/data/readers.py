"""Readers for ../shared data: learner pairs (M2, FCE JSON, NUCLE) and clean sentences.

Everything comes out as natural text, one sentence per item, as a writer types it.
Malformed input raises :class:`DataError` naming the file and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from edgegram.engine.core import m2
from edgegram.engine.core.detok import detokenize
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import require


@dataclass(frozen=True)
class Pair:
    source: str
    target: str


# ---- learner data ------------------------------------------------------------------------


def read_m2(path: Path) -> Iterator[Pair]:
    """Source and annotator 0's correction of each sentence, detokenised."""
    return (Pair(sentence.source_text, sentence.target_text) for sentence in m2.read_m2(path))


def read_nucle(src_path: Path, trg_path: Path) -> Iterator[Pair]:
    src = require(Path(src_path)).read_text(encoding="utf-8").splitlines()
    trg = require(Path(trg_path)).read_text(encoding="utf-8").splitlines()
    if len(src) != len(trg):
        raise DataError(f"{src_path} has {len(src)} lines but {trg_path} has {len(trg)}; they must be line-aligned")
    for s, t in zip(src, trg):
        if s.strip() and t.strip():
            yield Pair(detokenize(s), detokenize(t))


def read_fce_json(path: Path) -> Iterator[Pair]:
    """Sentence pairs from FCE essays (JSON lines with character-offset edits)."""
    path = require(Path(path))
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                essay = json.loads(line)
                text, groups = essay["text"], essay["edits"]
                edits = [e for e in groups[0][1] if e[2] is not None] if groups else []
            except (json.JSONDecodeError, KeyError, IndexError, TypeError) as exc:
                raise DataError(f"{path}:{lineno}: not an FCE essay record ({exc})") from None
            yield from _fce_sentences(text, edits)


def _fce_sentences(text: str, edits: list) -> Iterator[Pair]:
    for start, end in sentence_spans(text):
        inside = [e for e in edits if start <= e[0] and e[1] <= end]
        crossing = [e for e in edits if e[0] < end and e[1] > start and e not in inside]
        if crossing:
            continue
        source = text[start:end]
        target = source
        for s, e, repl, *_ in sorted(inside, key=lambda e: e[0], reverse=True):
            target = target[: s - start] + repl + target[e - start :]
        source, target = " ".join(source.split()), " ".join(target.split())
        if source and target:
            yield Pair(source, target)


def learner_pairs(root: Path) -> Iterator[Pair]:
    """Every training learner pair (W&I A/B/C, FCE train, NUCLE); never the dev sets."""
    data = Path(root) / "data" / "learner"
    for level in "ABC":
        yield from read_m2(data / "wi_train" / f"{level}.train.gold.bea19.m2")
    yield from read_fce_json(data / "fce" / "fce-train.json")
    yield from read_nucle(data / "nucle" / "nucle.src", data / "nucle" / "nucle.trg")


# ---- sentence splitting and clean text --------------------------------------------------------

_ABBREVIATIONS = {
    "mr",
    "mrs",
    "ms",
    "dr",
    "st",
    "jr",
    "sr",
    "prof",
    "gen",
    "col",
    "lt",
    "sgt",
    "capt",
    "gov",
    "sen",
    "rep",
    "rev",
    "vs",
    "etc",
    "no",
    "vol",
    "fig",
    "inc",
    "ltd",
    "co",
    "corp",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "mt",
    "ft",
    "e.g",
    "i.e",
    "u.s",
    "u.k",
    "a.m",
    "p.m",
}
_BOUNDARY = re.compile(r"[.!?]+[\"')\]]*\s+")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; paragraphs (blank lines) always end one."""
    spans = []
    for para in re.finditer(r"[^\n]+(?:\n(?!\s*\n)[^\n]*)*", text):
        start = para.start()
        while start < para.end() and text[start].isspace():
            start += 1
        for m in _BOUNDARY.finditer(text, start, para.end()):
            word = text[start : m.start()].rsplit(None, 1)[-1].lower() if text[start : m.start()].strip() else ""
            nxt = text[m.end() : m.end() + 1]
            abbreviation = word.rstrip(".") in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())
            if abbreviation or (nxt and not (nxt.isupper() or nxt in "\"'(")):
                continue
            end = m.end()
            while end > start and text[end - 1].isspace():
                end -= 1
            if end > start:
                spans.append((start, end))
            start = m.end()
        end = para.end()
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            spans.append((start, end))
    return spans


def split_sentences(text: str) -> list[str]:
    return [" ".join(text[s:e].split()) for s, e in sentence_spans(text)]


# Signs of a sentence with a hole where markup was (an article before a function word or a
# stop, a preposition before a stop, empty brackets, a space before a stop). Sentences with
# the commonest word pairs ("of the", "in the", "to a") are fine: an earlier pattern rejected
# them too, so the clean text (the targets of every synthetic pair) never showed them correct.
_GAP = re.compile(
    r"\b(the|a|an) (of|the|a|an|in|to|for|on|with|and)\b|\b(of|in|to|for|on|with|the|a|an) [,.;:](?=\s|$)"
    r"|\(\s*[,;]?\s*\)|\s[,.;:]|,,|\[\[|\]\]|\{\{"
)


def is_clean_sentence(s: str) -> bool:
    words = s.split()
    if not 4 <= len(words) <= 50:
        return False
    if not (s[0].isupper() or s[0] in "\"'") or s[-1] not in ".!?\"'":
        return False
    if _GAP.search(s) or "  " in s or s.isupper():
        return False
    letters = sum(c.isalpha() for c in s)
    return letters >= 0.6 * len(s) and sum(c.isascii() for c in s) >= 0.97 * len(s)


def _wikinews_articles(root: Path) -> Iterator[list[str]]:
    for f in sorted((root / "wikinews").rglob("wiki_*")):
        with f.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                try:
                    text = json.loads(line)["text"]
                except (json.JSONDecodeError, KeyError):
                    raise DataError(f"{f}:{lineno}: not a WikiExtractor JSON line") from None
                yield split_sentences(text)


def _wikinews(root: Path) -> Iterator[str]:
    for article in _wikinews_articles(root):
        yield from article


def strip_gutenberg(text: str) -> str:
    start = re.search(r"\*\*\* ?START OF.*?\*\*\*", text)
    end = re.search(r"\*\*\* ?END OF", text)
    return text[start.end() if start else 0 : end.start() if end else len(text)]


def _gutenberg(root: Path) -> Iterator[str]:
    for f in sorted((root / "gutenberg").rglob("*.txt")):
        body = strip_gutenberg(f.read_text(encoding="utf-8", errors="replace"))
        for para in re.split(r"\n\s*\n", body):
            yield from split_sentences(" ".join(para.split()).replace("_", ""))


def _tagged_file(f: Path, sep: str) -> list[str]:
    sentences = []
    for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
        words = [tok.rsplit(sep, 1)[0] for tok in line.split() if sep in tok]
        if words:
            sentences.append(detokenize(" ".join(words)))
    return sentences


def _tagged(files: Iterable[Path], sep: str) -> Iterator[str]:
    for f in files:
        yield from _tagged_file(f, sep)


def _plain_file(f: Path) -> list[str]:
    paragraphs = re.split(r"\n\s*\n", f.read_text(encoding="utf-8", errors="replace"))
    return [s for para in paragraphs for s in split_sentences(" ".join(para.split()))]


def _plain(folder: Path) -> Iterator[str]:
    for f in sorted(folder.glob("*.txt")):
        yield from _plain_file(f)


def clean_sentences(root: Path) -> Iterator[str]:
    """Well-formed sentences from every clean-text source, each once."""
    text = Path(root) / "data" / "text"
    if not text.is_dir():
        raise DataError(f"{text}: clean-text folder not found")
    nltk = text / "nltk"
    sources = [
        _wikinews(text),
        _gutenberg(text),
        _tagged(sorted(p for p in (nltk / "brown").glob("c[a-r][0-9][0-9]")), "/"),
        _tagged(sorted((nltk / "masc_tagged").rglob("*.txt")), "_"),
        _plain(nltk / "inaugural"),
        _plain(nltk / "state_union"),
    ]
    seen: set[str] = set()
    for source in sources:
        for s in source:
            if s not in seen and is_clean_sentence(s):
                seen.add(s)
                yield s


def modern_documents(root: Path) -> Iterator[list[str]]:
    """The sentences of each modern document, in order (Wikinews articles, MASC texts,
    inaugural and State of the Union speeches): the source of copy pairs and long pairs.
    Missing folders are skipped."""
    text = Path(root) / "data" / "text"
    nltk = text / "nltk"
    if (text / "wikinews").is_dir():
        yield from _wikinews_articles(text)
    for f in sorted((nltk / "masc_tagged").rglob("*.txt")):
        yield _tagged_file(f, "_")
    for folder in (nltk / "inaugural", nltk / "state_union"):
        for f in sorted(folder.glob("*.txt")):
            yield _plain_file(f)


def is_restraint_sentence(s: str) -> bool:
    """A well-formed modern sentence to copy: like :func:`is_clean_sentence`, but numbers,
    prices, URLs and placeholders are welcome (fewer letters, up to 60 words)."""
    words = s.split()
    if not 3 <= len(words) <= 60:
        return False
    if not (s[0].isupper() or s[0].isdigit() or s[0] in "\"'@$") or s[-1] not in ".!?\"')":
        return False
    if _GAP.search(s) or "  " in s or s.isupper():
        return False
    letters = sum(c.isalpha() for c in s)
    return letters >= 0.4 * len(s) and sum(c.isascii() for c in s) >= 0.97 * len(s)
