"""Build the engine's lists of how technical writers write names and compounds, from the
technical-prose corpus (:mod:`edge_model.data.tech_prose`) of many projects' documentation.

    python -m edge_model.data.tech_terms --corpus runs/techprose [--out engine/words]

Counts every word of the corpus's sentences by its written form, inside a sentence and at its
start, and every pair of words; then writes

- ``names.txt.gz``: names written in their own case (``github<TAB>GitHub``, ``javascript<TAB>
  JavaScript``, ``linux<TAB>Linux``): the form that, inside sentences, is at least
  :data:`NAME_SHARE` of the word's uses in at least :data:`MIN_REPOS` repositories; never a
  common word in lower case (a noun, verb, adjective or adverb to the word classes: "Windows",
  "Stripe", "Rob" are not names where "windows", "stripes" and "rob" are words; an acronym may
  be one: "url", which own_case leaves alone in lower case), nor a word
  English at large writes in lower case, unless an acronym (the training corpus's clean
  sentences, ``--english``: "meth labs", "the iPod nano" against "GitHub Labs", "Nano" the editor;
  :func:`english_lower`);
- ``lowercase_names.txt.gz``: names written in lower case even at the start of a paragraph's
  sentence ("npm", "pytest", "etcd"): at least :data:`LOWER_START_SHARE` of those uses, and no
  common word (lemminflect has no reading of it, it is no function word);
- ``compounds.txt.gz``, one compound a line, ``kind<TAB>joined<TAB>spaced``:
  ``split`` a closed compound writers spell open (``commandline`` -> "command line") where
  the open form is at least :data:`SPLIT_RATIO` times as common (or used :data:`MIN_SPLIT_USES`
  times where the closed one never is: "unit testing", "branch name"), the closed one is no
  English word and both parts are content words (not "sizeof", "typeof": identifiers); ``verb`` a noun
  written where its phrasal verb belongs (``setup`` after "to", a modal or a pronoun subject ->
  "set up"), where the corpus writes the verb so at least :data:`VERB_SHARE` of the time in that
  context, and ``noun`` the reverse (``the set up`` -> "setup"), at least :data:`NOUN_SHARE`;
  ``hyphen`` a compound modifier the corpus hyphenates before a noun (``read-only`` / "read
  only"), at least :data:`HYPHEN_SHARE` of the time (:func:`hyphened`).

- ``terms.txt.gz``: the words of technical writing ("histogram", "decrement", "parse", "config",
  "cgroup"): lower-case words the corpus uses at least :data:`TERM_RATIO` times as often as
  English at large (wordfreq 3.1's English frequency), at least :data:`MIN_TERM_USES` times in
  :data:`MIN_REPOS` repositories; the model may not replace one by another word
  (:mod:`edgegram.engine.judge.safety`).

- ``nouns.txt.gz``: the nouns of technical writing that lemminflect lists as verbs only ("commit",
  "template"): a verb's bare form that follows an article at least :data:`MIN_NOUN_USES` times,
  and so does its -s form (a plural: "the commits"), so the rules that read a word's classes know
  them for nouns.

Nothing here is typed by hand: every entry is what the corpus does. The corpus never holds the
evaluation's sources (:mod:`edge_model.data.held_out`).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from edge_model.data.corpus import built_file
from edge_model.data.lexicon import write_word_list
from edge_model.data.tech_prose import add_corpus_argument, corpus_missing, read_sentences
from edgegram.engine.analysis.closed_class import CLOSED_CLASS, PARTICLES, PREPOSITIONS
from edgegram.engine.analysis.word_classes import NOUN, VERB, readings, third_person
from edgegram.engine.finders.rules.compound_modifiers import is_modified_noun
from edgegram.engine.finders.rules.compounds import NOUN_CONTEXT, VERB_CONTEXT
from edgegram.engine.sentences.lexicon import WORD_LIST, Lexicon

# A name's share of its uses inside sentences, whatever its capitals: at 0.95 for names with only a
# capital first letter, "ubuntu", "prometheus", "django" were no names, and the writers of the
# real-error dev pairs capitalised them.
NAME_SHARE = 0.9
# Uses in lower case inside the clean English sentences that make a word English's, not a name,
# where they are at least 1 - NAME_SHARE of its uses there ("labs": 23 of 39, "nano": 15 of 27;
# "german": none of 1,421).
MIN_ENGLISH_LOWER = 2
MIN_NAME_USES = 30
MIN_REPOS = 4
LOWER_START_SHARE = 0.3
MIN_STARTS = 5
SPLIT_RATIO = 10
MIN_SPLIT_USES = 20
VERB_SHARE = 0.75  # "to setup" is written a fifth of the time by careful writers; "to set up" thrice as often
NOUN_SHARE = 0.9
MIN_PHRASAL_USES = 10
TERM_RATIO = 10
MIN_TERM_USES = 20
MIN_NOUN_USES = 10
HYPHEN_SHARE = 0.9
MIN_HYPHEN_USES = 20

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’][a-z]+)?|\S")
_OPENERS = frozenset("-*+•\"'“‘([>#")
_PLACEHOLDER = re.compile(r"Xx+s?")  # masked code (edgegram.engine.sentences.model_text)
# Two lower-case words joined by a hyphen, not glued to more of an identifier, and the word after them.
_HYPHENED = re.compile(r"(?<![\w./@:_\\-])([a-z]+)-([a-z]+) ([a-z]+)\b(?![-/_@\\]|[.:]\w)")


@dataclass
class Counts:
    """What the corpus does with each word and pair."""

    inner: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))  # lower -> forms inside sentences
    inner_repos: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    starts: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))  # lower -> forms opening sentences
    words: Counter[str] = field(default_factory=Counter)  # lower-case word uses
    word_repos: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)  # lower-case adjacent pairs
    after: Counter[tuple[str, str]] = field(default_factory=Counter)  # (word before, word) for the contexts
    after_pair: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # (word before, a, b)
    hyphened: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # ("third", "party", "tools") of "third-party tools"
    hyphened_repos: dict[tuple[str, str], set[str]] = field(default_factory=lambda: defaultdict(set))


def words_of(sentence: str) -> list[str]:
    """The sentence's word tokens (a word glued to a hyphen, dot, slash or underscore is left out:
    "rust-analyzer", "setup.py" are names of things, not words), in order; None marks a gap."""
    tokens = _TOKEN.findall(sentence)
    out: list[str] = []
    for index, token in enumerate(tokens):
        glued = any(
            t in ("-", ".", "/", "_", "@", ":") for t in tokens[max(0, index - 1) : index] + tokens[index + 1 : index + 2]
        )
        if token[0].isalpha() and token.isalnum() and not glued and not any(c.isdigit() for c in token):
            out.append(token)
        else:
            out.append("")
    return out


def count(sentences: Iterable[tuple[str, str, str]]) -> Counts:
    counts = Counts()
    for repo, kind, sentence in sentences:
        tokens = words_of(sentence)
        first = next((i for i, t in enumerate(tokens) if t), None)
        raw = _TOKEN.findall(sentence)
        if kind == "paragraph" and first is not None and all(t in _OPENERS for t in raw[:first]):
            counts.starts[tokens[first].lower()][tokens[first]] += 1
        previous = ""
        for index, token in enumerate(tokens):
            if not token:
                previous = ""
                continue
            lower = token.lower()
            if index != first and not _PLACEHOLDER.fullmatch(token):
                counts.inner[lower][token] += 1
                counts.inner_repos[lower].add(repo)
            if token.islower():
                counts.words[lower] += 1
                counts.word_repos[lower].add(repo)
                if previous:
                    counts.pairs[(previous, lower)] += 1
                    before = tokens[index - 2].lower() if index >= 2 and tokens[index - 2] else ""
                    if before:
                        counts.after_pair[(before, previous, lower)] += 1
                    counts.after[(previous, lower)] += 1
                previous = lower
            else:
                previous = ""
        for m in _HYPHENED.finditer(sentence):
            counts.hyphened[(m.group(1), m.group(2), m.group(3))] += 1
            counts.hyphened_repos[(m.group(1), m.group(2))].add(repo)
    return counts


def english_lower(lines: Iterable[str], words: Iterable[str]) -> set[str]:
    """Which of the lower-case ``words`` English at large writes in lower case: at least
    :data:`MIN_ENGLISH_LOWER` times, and at least 1 - :data:`NAME_SHARE` of their uses inside the
    sentences of ``lines`` (one sentence a line; a sentence's first word is not counted)."""
    wanted = set(words)
    forms: dict[str, Counter[str]] = defaultdict(Counter)
    for line in lines:
        tokens = words_of(line)
        first = next((i for i, t in enumerate(tokens) if t), None)
        for index, token in enumerate(tokens):
            if token and index != first and token.lower() in wanted:
                forms[token.lower()][token] += 1
    return {
        word
        for word, seen in forms.items()
        if seen[word] >= MIN_ENGLISH_LOWER and seen[word] >= (1 - NAME_SHARE) * sum(seen.values())
    }


def names(counts: Counts, english: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """Names in their own case, by the corpus's counts; ``english``: the clean English sentences,
    whose lower-case words are no names (:func:`english_lower`)."""
    found = []
    for lower, forms in counts.inner.items():
        total = sum(forms.values())
        form, uses = forms.most_common(1)[0]
        if total < MIN_NAME_USES or len(counts.inner_repos[lower]) < MIN_REPOS or form == lower or len(lower) < 3:
            continue
        if readings(lower) and not form.isupper():
            continue  # a common word in lower case (an acronym's, "url", "ram", is own_case's to leave alone)
        if uses >= NAME_SHARE * total:
            found.append((lower, form))
    if english is not None:  # acronyms aside: own_case leaves them in lower case ("url", "html")
        common = english_lower(english, (lower for lower, form in found if not form.isupper()))
        found = [row for row in found if row[0] not in common]
    return sorted(found)


def lowercase_names(counts: Counts) -> list[str]:
    found = []
    for lower, forms in counts.starts.items():
        total = sum(forms.values())
        if total >= MIN_STARTS and forms[lower] >= LOWER_START_SHARE * total and len(lower) >= 2:
            if not readings(lower) and lower not in CLOSED_CLASS:
                found.append(lower)
    return sorted(found)


def _content_word(word: str) -> bool:
    return word not in CLOSED_CLASS and bool(readings(word))


def compounds(counts: Counts, known: Lexicon) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for joined, uses in counts.words.items():
        if len(joined) < 5:
            continue
        for cut in range(2, len(joined) - 1):
            a, b = joined[:cut], joined[cut:]
            spaced_uses = counts.pairs.get((a, b), 0)
            if not spaced_uses:
                continue
            spaced = f"{a} {b}"
            split = _content_word(a) and _content_word(b) and not known.is_english(joined)
            if split and spaced_uses >= MIN_SPLIT_USES and spaced_uses >= SPLIT_RATIO * uses:
                found.append(("split", joined, spaced))
            if b in PARTICLES and a in readings(a).get(VERB, ()) and known.is_english(joined):
                verb_spaced = sum(counts.after_pair.get((c, a, b), 0) for c in VERB_CONTEXT)
                verb_joined = sum(counts.after.get((c, joined), 0) for c in VERB_CONTEXT)
                if verb_spaced >= MIN_PHRASAL_USES and verb_spaced >= VERB_SHARE * (verb_spaced + verb_joined):
                    found.append(("verb", joined, spaced))
                noun_spaced = sum(counts.after_pair.get((c, a, b), 0) for c in NOUN_CONTEXT)
                noun_joined = sum(counts.after.get((c, joined), 0) for c in NOUN_CONTEXT)
                if noun_joined >= MIN_PHRASAL_USES and noun_joined >= NOUN_SHARE * (noun_spaced + noun_joined):
                    found.append(("noun", joined, spaced))
    found += _never_closed(counts, known)
    found += hyphened(counts)
    return sorted(set(found))


def hyphened(counts: Counts) -> list[tuple[str, str, str]]:
    """``hyphen`` rows for the pairs the corpus hyphenates before a noun (a word lemminflect knows
    as one, no function word): at least :data:`HYPHEN_SHARE` of those uses, :data:`MIN_HYPHEN_USES`
    times in :data:`MIN_REPOS` repositories ("read-only access", "top-level directory", "non-blocking
    call"; not "command line options", which writers hyphenate a third of the time, nor "the long
    term", where no noun follows, nor a pair with a preposition: "built-in", "drop-in")."""
    joined: Counter[tuple[str, str]] = Counter()
    for (a, b, after), uses in counts.hyphened.items():
        if is_modified_noun(after):
            joined[(a, b)] += uses
    spaced: Counter[tuple[str, str]] = Counter()
    for (a, b, after), uses in counts.after_pair.items():
        if (a, b) in joined and is_modified_noun(after):
            spaced[(a, b)] += uses
    found = []
    for (a, b), uses in joined.items():
        if a in PREPOSITIONS or b in PREPOSITIONS:
            continue  # "a drop in prices", "put in place laws": a noun or a verb and its preposition
        if (
            uses >= MIN_HYPHEN_USES
            and len(counts.hyphened_repos[(a, b)]) >= MIN_REPOS
            and uses >= HYPHEN_SHARE * (uses + spaced[(a, b)])
        ):
            found.append(("hyphen", f"{a}-{b}", f"{a} {b}"))
    return found


def _never_closed(counts: Counts, known: Lexicon) -> list[tuple[str, str, str]]:
    """``split`` rows for the pairs of content words the corpus writes open at least
    :data:`MIN_SPLIT_USES` times and never closed ("unit testing", "load balancing", "branch
    name"): their closed form, no English word, is two words run together, a compound or a space
    lost ("unittesting", "environmentvariable")."""
    found = []
    for (a, b), spaced_uses in counts.pairs.items():
        joined = a + b
        if spaced_uses < MIN_SPLIT_USES or len(joined) < 5 or counts.words.get(joined, 0):
            continue
        if _content_word(a) and _content_word(b) and not known.is_english(joined):
            found.append(("split", joined, f"{a} {b}"))
    return found


def terms(counts: Counts) -> list[str]:
    from wordfreq import word_frequency  # the train extra

    total = sum(counts.words.values())
    found = []
    for word, uses in counts.words.items():
        if uses < MIN_TERM_USES or len(counts.word_repos[word]) < MIN_REPOS or len(word) < 3:
            continue
        if uses / total >= TERM_RATIO * word_frequency(word, "en"):
            found.append(word)
    return sorted(found)


def nouns(counts: Counts) -> list[str]:
    """Words lemminflect has no noun reading of that the corpus uses as nouns."""
    after_determiner: Counter[str] = Counter()  # after an article ("this adds support": a pronoun)
    for (before, word), uses in counts.after.items():
        if before in ("a", "an", "the"):
            after_determiner[word] += uses
    found = []
    for word, uses in after_determiner.items():
        forms = readings(word)
        if uses < MIN_NOUN_USES or NOUN in forms or word not in forms.get(VERB, ()):
            continue
        plural = third_person(word)
        if plural is not None and after_determiner.get(plural, 0) >= MIN_NOUN_USES:
            found.append(word)
    return sorted(found)


def write_table(rows: Iterable[tuple[str, ...]], path: Path) -> None:
    write_word_list(["\t".join(row) for row in rows], path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_corpus_argument(parser)
    parser.add_argument(
        "--english",
        type=Path,
        default=Path("runs/corpus"),
        help="the training corpus (python -m edge_model.data.corpus): its clean.txt tells which words English writes lower-case",
    )
    parser.add_argument("--out", type=Path, default=WORD_LIST.parent)
    a = parser.parse_args(argv)
    clean = built_file(a.english, "clean.txt")
    if corpus_missing(a.corpus) or clean is None:
        return 2
    counts = count(read_sentences(a.corpus))
    known = Lexicon.load()
    with open(clean, encoding="utf-8") as english:
        found_names = names(counts, english)
    lower = lowercase_names(counts)
    named = {lower for lower, _ in found_names}
    found_compounds = [row for row in compounds(counts, known) if row[1] not in named]  # "serviceaccount": ServiceAccount
    found_terms = terms(counts)
    found_nouns = nouns(counts)
    write_table(found_names, a.out / "names.txt.gz")
    write_word_list(lower, a.out / "lowercase_names.txt.gz")
    write_table(found_compounds, a.out / "compounds.txt.gz")
    write_word_list(found_terms, a.out / "terms.txt.gz")
    write_word_list(found_nouns, a.out / "nouns.txt.gz")
    print(
        f"{len(found_names)} names, {len(lower)} lower-case names, {len(found_compounds)} compounds, "
        f"{len(found_terms)} terms, {len(found_nouns)} nouns -> {a.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
