"""Synthetic learner errors on clean sentences, seeded.

Each error type is a small function ``(words, rng, resources) -> words | None`` on the
sentence's space-separated words (punctuation stays attached, as typed); ``None`` means
"this type does not apply here" and another type is tried. :class:`SyntheticErrors`
leaves a share of sentences unchanged, so the model also learns to keep correct text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from edge_model.data.restraint import anchor_mask, protected_mask

Words = list[str]
ARTICLES = ["a", "an", "the"]
DETERMINERS = ["this", "that", "these", "those", "some", "any", "my", "his", "her", "their"]
PREPOSITIONS = ["in", "on", "at", "for", "to", "of", "with", "by", "from", "about", "into", "during", "over", "under"]
CONFUSABLES = [
    ("their", "there"),
    ("there", "they're"),
    ("its", "it's"),
    ("then", "than"),
    ("your", "you're"),
    ("to", "too"),
    ("affect", "effect"),
    ("lose", "loose"),
    ("whose", "who's"),
    ("much", "many"),
    ("less", "fewer"),
    ("accept", "except"),
    ("advice", "advise"),
    ("quiet", "quite"),
    ("were", "where"),
    ("lead", "led"),
    ("past", "passed"),
    ("weather", "whether"),
    ("principal", "principle"),
]
AGREEMENT = [
    ("is", "are"),
    ("was", "were"),
    ("has", "have"),
    ("does", "do"),
    ("doesn't", "don't"),
    ("isn't", "aren't"),
    ("wasn't", "weren't"),
]
IRREGULAR_VERBS = {
    "went": "go",
    "gone": "go",
    "saw": "see",
    "seen": "see",
    "took": "take",
    "taken": "take",
    "came": "come",
    "made": "make",
    "got": "get",
    "gave": "give",
    "given": "give",
    "knew": "know",
    "known": "know",
    "thought": "think",
    "told": "tell",
    "found": "find",
    "left": "leave",
    "felt": "feel",
    "brought": "bring",
    "began": "begin",
    "begun": "begin",
    "wrote": "write",
    "written": "write",
    "ran": "run",
    "ate": "eat",
    "eaten": "eat",
    "spoke": "speak",
    "spoken": "speak",
    "chose": "choose",
    "chosen": "choose",
    "bought": "buy",
}
IRREGULAR_NOUNS = {
    "children": "child",
    "people": "person",
    "men": "man",
    "women": "woman",
    "feet": "foot",
    "teeth": "tooth",
    "mice": "mouse",
}
KEYBOARD = {c: n for c, n in zip("qwertyuiopasdfghjklzxcvbnm", "wqrtyuiopsadfghjklkzxcvbnm")}
_EDGE = re.compile(r"^([\"'(\[]*)(.*?)([.,;:!?\"')\]]*)$")


def split_word(word: str) -> tuple[str, str, str]:
    """Leading punctuation, core, trailing punctuation."""
    m = _EDGE.match(word)
    return (m.group(1), m.group(2), m.group(3)) if m else ("", word, "")


def same_case(template: str, word: str) -> str:
    return word[:1].upper() + word[1:] if template[:1].isupper() else word


def _positions(words: Words, pred: Callable[[str], bool]) -> list[int]:
    return [i for i, w in enumerate(words) if pred(split_word(w)[1].lower())]


def _replace_core(words: Words, i: int, core: str) -> Words:
    pre, old, post = split_word(words[i])
    out = list(words)
    out[i] = pre + same_case(old, core) + post if core else ""
    if not core and (pre or post):
        out[i] = pre + post
    return [w for w in out if w]


@dataclass
class Resources:
    misspellings: dict[str, list[str]] = field(default_factory=dict)


def article_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """Drop, swap or wrongly insert a/an/the."""
    idx = _positions(words, lambda w: w in ARTICLES)
    if idx and rng.random() < 0.8:
        i = rng.choice(idx)
        old = split_word(words[i])[1].lower()
        return _replace_core(words, i, rng.choice([a for a in ARTICLES if a != old] + ["", ""]))
    nouns = [i for i, w in enumerate(words) if i > 0 and split_word(w)[1].isalpha() and split_word(w)[1].islower()]
    if not nouns:
        return None
    i = rng.choice(nouns)
    return words[:i] + [rng.choice(ARTICLES)] + words[i:]


def _swap_word(words: Words, rng: random.Random, members: Sequence[str], alternatives: list[str]) -> Words | None:
    """One word of ``members`` replaced by a different one of ``alternatives``; None if none is there."""
    idx = _positions(words, lambda w: w in members)
    if not idx:
        return None
    i = rng.choice(idx)
    old = split_word(words[i])[1].lower()
    return _replace_core(words, i, rng.choice([w for w in alternatives if w != old]))


def determiner_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    return _swap_word(words, rng, DETERMINERS, DETERMINERS + ARTICLES)


def preposition_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    return _swap_word(words, rng, PREPOSITIONS, PREPOSITIONS + [""])


def pluralise(noun: str) -> str:
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and len(noun) > 2 and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def singularise(noun: str) -> str:
    if noun in IRREGULAR_NOUNS:
        return IRREGULAR_NOUNS[noun]
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "xes", "sses")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def noun_number_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    cand = _positions(words, lambda w: w.isalpha() and len(w) > 3 and w not in PREPOSITIONS)
    if not cand:
        return None
    i = rng.choice(cand)
    core = split_word(words[i])[1]
    low = core.lower()
    if low in IRREGULAR_NOUNS:
        new = IRREGULAR_NOUNS[low] + "s" if rng.random() < 0.5 else IRREGULAR_NOUNS[low]
    elif low.endswith("s") and not low.endswith("ss"):
        new = singularise(low)
    else:
        new = pluralise(low)
    return _replace_core(words, i, new) if new != low else None


def agreement_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """is/are, was/were, has/have, and third-person -s on a verb after a pronoun."""
    swap = {a: b for a, b in AGREEMENT} | {b: a for a, b in AGREEMENT}
    idx = _positions(words, lambda w: w in swap)
    if idx:
        i = rng.choice(idx)
        return _replace_core(words, i, swap[split_word(words[i])[1].lower()])
    pron = [i for i, w in enumerate(words[:-1]) if split_word(w)[1].lower() in ("he", "she", "it", "they", "we", "i", "you")]
    if not pron:
        return None
    i = rng.choice(pron) + 1
    verb = split_word(words[i])[1]
    if not verb.isalpha() or not verb.islower():
        return None
    new = singularise(verb) if verb.endswith("s") else pluralise(verb)
    return _replace_core(words, i, new) if new != verb else None


def verb_form_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """Wrong tense or form: irregular past -> base, -ed / -ing swaps."""
    irregular = _positions(words, lambda w: w in IRREGULAR_VERBS)
    if irregular and rng.random() < 0.5:
        i = rng.choice(irregular)
        base = IRREGULAR_VERBS[split_word(words[i])[1].lower()]
        return _replace_core(words, i, rng.choice([base, base + "ed"]))
    idx = _positions(words, lambda w: len(w) > 4 and w.isalpha() and w.endswith(("ed", "ing")))
    if not idx:
        return None
    i = rng.choice(idx)
    w = split_word(words[i])[1].lower()
    stem = w[:-2] if w.endswith("ed") else w[:-3]
    return _replace_core(words, i, rng.choice([stem, stem + ("ing" if w.endswith("ed") else "ed"), stem + "s"]))


def misspelling_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """A real misspelling of a word from the Mitton lists."""
    idx = _positions(words, lambda w: w in res.misspellings)
    if not idx:
        return None
    i = rng.choice(idx)
    return _replace_core(words, i, rng.choice(res.misspellings[split_word(words[i])[1].lower()]))


def typo_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """Keyboard noise inside a word: swap, drop, double or neighbouring key."""
    idx = [i for i, w in enumerate(words) if len(split_word(w)[1]) > 3 and split_word(w)[1].isalpha()]
    if not idx:
        return None
    i = rng.choice(idx)
    core = split_word(words[i])[1]
    j = rng.randrange(len(core) - 1)
    op = rng.randrange(4)
    if op == 0:
        new = core[:j] + core[j + 1] + core[j] + core[j + 2 :]
    elif op == 1:
        new = core[:j] + core[j + 1 :]
    elif op == 2:
        new = core[:j] + core[j] + core[j:]
    else:
        new = core[:j] + KEYBOARD.get(core[j].lower(), core[j]) + core[j + 1 :]
    return _replace_core(words, i, new) if new != core else None


def confusable_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    table: dict[str, list[str]] = {}
    for a, b in CONFUSABLES:
        table.setdefault(a, []).append(b)
        table.setdefault(b, []).append(a)
    idx = _positions(words, lambda w: w in table)
    if not idx:
        return None
    i = rng.choice(idx)
    return _replace_core(words, i, rng.choice(table[split_word(words[i])[1].lower()]))


def punctuation_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """Drop a comma or the final stop, add a stray comma, or drop an apostrophe."""
    choice = rng.randrange(4)
    out = list(words)
    commas = [i for i, w in enumerate(words) if w.endswith(",")]
    if choice == 0 and commas:
        i = rng.choice(commas)
        out[i] = out[i][:-1]
        return out
    if choice == 1 and words[-1][-1:] in ".!?":
        out[-1] = out[-1][:-1] if rng.random() < 0.7 else out[-1][:-1] + ","
        return out if out[-1] else None
    apostrophes = [i for i, w in enumerate(words) if "'" in split_word(w)[1]]
    if choice == 2 and apostrophes:
        i = rng.choice(apostrophes)
        out[i] = out[i].replace("'", "", 1)
        return out
    plain = [i for i, w in enumerate(words[:-1]) if w[-1:].isalpha()]
    if not plain:
        return None
    i = rng.choice(plain)
    out[i] += ","
    return out


def capitalisation_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    out = list(words)
    caps = [i for i, w in enumerate(words) if split_word(w)[1][:1].isupper()]
    eyes = [i for i, w in enumerate(words) if split_word(w)[1] in ("I", "I'm", "I've", "I'll", "I'd")]
    if eyes and rng.random() < 0.3:
        i = rng.choice(eyes)
    elif caps:
        i = rng.choice(caps)
    else:
        return None
    pre, core, post = split_word(out[i])
    out[i] = pre + core[:1].lower() + core[1:] + post
    return out if out != words else None


def missing_word_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    if len(words) < 4:
        return None
    i = rng.randrange(1, len(words) - 1)
    if split_word(words[i])[2]:
        return None
    return words[:i] + words[i + 1 :]


def extra_word_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    i = rng.randrange(len(words))
    if rng.random() < 0.5:
        pre, core, post = split_word(words[i])
        return words[:i] + [pre + core] + [core.lower() + post] + words[i + 1 :] if core else None
    return words[:i] + [rng.choice(ARTICLES + PREPOSITIONS + ["very", "that", "is", "to"])] + words[i:]


def word_order_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    idx = [i for i in range(len(words) - 1) if not split_word(words[i])[2] and not split_word(words[i + 1])[0]]
    if not idx:
        return None
    i = rng.choice(idx)
    a_pre, a, _ = split_word(words[i])
    _, b, b_post = split_word(words[i + 1])
    if i == 0:
        a, b = a[:1].lower() + a[1:], b[:1].upper() + b[1:]
    return words[:i] + [a_pre + b, a + b_post] + words[i + 2 :]


# Small words a writer types twice without noticing ("the the", "to to").
DOUBLED = ["the", "a", "to", "of", "in", "is", "and", "that", "it", "be", "for", "on", "an", "can"]


def doubled_word_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """A small word written twice ("to to")."""
    idx = _positions(words, lambda w: w in DOUBLED)
    if not idx:
        return None
    i = rng.choice(idx)
    return words[: i + 1] + [split_word(words[i])[1].lower()] + words[i + 1 :]


def compound_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """A compound written the other way many projects' docs do not: a phrasal verb closed up
    ("to set up" -> "to setup"), a closed noun opened ("the setup" -> "the set up"), two words
    run together ("command line" -> "commandline")."""
    from edgegram.engine.analysis.trade_words import compounds

    table = compounds()
    to_join = {spaced: joined for joined, spaced in (*table.split.items(), *table.verb.items())}
    to_open = {joined: spaced for spaced, joined in table.noun.items()}
    lowered = [split_word(w)[1].lower() for w in words]
    spots: list[tuple[int, int, list[str]]] = []  # (start, end, the wrong words)
    for i in range(len(words) - 1):
        pair = f"{lowered[i]} {lowered[i + 1]}"
        if pair in to_join and not split_word(words[i])[2]:
            spots.append((i, i + 2, [to_join[pair]]))
    for i, word in enumerate(lowered):
        if word in to_open:
            spots.append((i, i + 1, to_open[word].split()))
    if not spots:
        return None
    start, end, wrong = rng.choice(spots)
    pre, _, _ = split_word(words[start])
    _, _, post = split_word(words[end - 1])
    wrong = [same_case(split_word(words[start])[1], wrong[0])] + wrong[1:]
    wrong[0], wrong[-1] = pre + wrong[0], wrong[-1] + post
    return words[:start] + wrong + words[end:]


def name_case_error(words: Words, rng: random.Random, res: Resources) -> Words | None:
    """A name of the trade in another case than its own ("GitHub" -> "Github", "github")."""
    from edgegram.engine.analysis.trade_words import own_case_names

    names = own_case_names()
    idx = [i for i, w in enumerate(words) if names.get(split_word(w)[1].lower()) == split_word(w)[1]]
    if not idx:
        return None
    i = rng.choice(idx)
    core = split_word(words[i])[1]
    wrong = core.lower() if rng.random() < 0.5 or len(core) < 2 else core[:1].upper() + core[1:].lower()
    return _replace_core(words, i, wrong) if wrong != core else None


ERROR_TYPES: dict[str, Callable[[Words, random.Random, Resources], Words | None]] = {
    "article": article_error,
    "determiner": determiner_error,
    "preposition": preposition_error,
    "noun_number": noun_number_error,
    "agreement": agreement_error,
    "verb_form": verb_form_error,
    "misspelling": misspelling_error,
    "typo": typo_error,
    "confusable": confusable_error,
    "punctuation": punctuation_error,
    "capitalisation": capitalisation_error,
    "missing_word": missing_word_error,
    "extra_word": extra_word_error,
    "word_order": word_order_error,
    "doubled_word": doubled_word_error,
    "compound": compound_error,
    "name_case": name_case_error,
}

DEFAULT_WEIGHTS = {
    "article": 3.0,
    "determiner": 1.0,
    "preposition": 2.5,
    "noun_number": 2.0,
    "agreement": 2.0,
    "verb_form": 2.0,
    "misspelling": 2.5,
    "typo": 1.5,
    "confusable": 1.0,
    "punctuation": 2.5,
    "capitalisation": 1.0,
    "missing_word": 1.0,
    "extra_word": 1.0,
    "word_order": 0.5,
}


# The mix of errors technical writers make, drawn from the real-error pairs' statistics (their
# counts by type, never their sentences): python -m edge_model.data.tech_error_mix.
TECH_MIX_FILE = Path(__file__).with_name("tech_error_mix.json")


def tech_weights() -> dict[str, float]:
    """The error types' weights for technical prose (:data:`TECH_MIX_FILE`)."""
    import json

    weights = json.loads(TECH_MIX_FILE.read_text(encoding="utf-8"))["weights"]
    unknown = set(weights) - set(ERROR_TYPES)
    if unknown:
        raise ValueError(f"{TECH_MIX_FILE.name}: unknown error types {sorted(unknown)}")
    return {name: float(weight) for name, weight in weights.items()}


@dataclass(frozen=True)
class NoiseConfig:
    keep_prob: float = 0.2  # share of sentences returned unchanged
    max_errors: int = 3
    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    protect_tokens: bool = False  # errors never touch numbers, URLs, acronyms... (restraint.protected_mask)
    beside_reach: int = 3  # corrupt_beside: how many words on one side of the token may change


def load_misspellings(root: Path) -> dict[str, list[str]]:
    """Correct word -> real misspellings, from ../shared/data/wordlists/misspellings_mitton."""
    from edgegram.engine.core.errors import DataError

    folder = Path(root) / "data" / "wordlists" / "misspellings_mitton"
    files = sorted(folder.glob("*.dat"))
    if not files:
        raise DataError(f"{folder}: no misspelling lists (*.dat) found")
    table: dict[str, list[str]] = {}
    for f in files:
        correct = None
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
            line = line.strip()
            if not line:
                continue
            if line.startswith("$"):
                correct = line[1:].replace("_", " ").lower()
            elif correct and " " not in correct:
                wrong = line.split()[0].replace("_", " ")
                if wrong.lower() != correct and wrong.isascii():
                    table.setdefault(correct, []).append(wrong)
    return table


class SyntheticErrors:
    def __init__(self, config: NoiseConfig | None = None, misspellings: dict[str, list[str]] | None = None) -> None:
        self.config = config or NoiseConfig()
        self.resources = Resources(misspellings or {})
        self.names = list(self.config.weights)
        self.weights = [self.config.weights[n] for n in self.names]

    def corrupt(self, sentence: str, rng: random.Random) -> str:
        """The sentence with 1..max_errors learner-like errors, or unchanged (keep_prob);
        with ``protect_tokens`` the errors fall only on words without a protected token."""
        if rng.random() < self.config.keep_prob:
            return sentence
        words = sentence.split(" ")
        if self.config.protect_tokens:
            pieces = _pieces(words, protected_mask(words))
        else:
            pieces = [(False, words)]
        self._corrupt_pieces(pieces, rng, rng.randint(1, self.config.max_errors))
        return " ".join(w for _, piece in pieces for w in piece if w) or sentence

    def corrupt_beside(self, sentence: str, rng: random.Random) -> str:
        """One or two errors among the few words right before or after a protected token or
        name (never on one): the model learns to fix the word and copy the token. A sentence
        without such a token, or whose neighbours take no error, comes back unchanged."""
        words = sentence.split(" ")
        anchors = anchor_mask(words)
        spots = [i for i, anchored in enumerate(anchors) if anchored]
        if not spots:
            return sentence
        at = rng.choice(spots)
        reach = self.config.beside_reach
        lo = at
        while lo > 0 and not anchors[lo - 1] and at - lo < reach:
            lo -= 1
        hi = at + 1
        while hi < len(words) and not anchors[hi] and hi - at - 1 < reach:
            hi += 1
        sides = [side for side in ((lo, at), (at + 1, hi)) if side[1] > side[0]]
        rng.shuffle(sides)
        for start, end in sides:
            pieces = [(True, words[:start]), (False, words[start:end]), (True, words[end:])]
            if self._corrupt_pieces(pieces, rng, rng.randint(1, 2)):
                return " ".join(w for _, piece in pieces for w in piece if w)
        return sentence

    def _corrupt_pieces(self, pieces: list[tuple[bool, Words]], rng: random.Random, wanted: int) -> int:
        """Make up to ``wanted`` errors in the unlocked pieces (in place); returns how many."""
        made = tries = 0
        while made < wanted and tries < 4 * wanted:
            open_pieces = [i for i, (locked, piece) in enumerate(pieces) if not locked and piece]
            if not open_pieces:
                break
            tries += 1
            i = open_pieces[0] if len(open_pieces) == 1 else rng.choices(open_pieces, [len(pieces[j][1]) for j in open_pieces])[0]
            name = rng.choices(self.names, self.weights)[0]
            changed = ERROR_TYPES[name](pieces[i][1], rng, self.resources)
            if changed and changed != pieces[i][1]:
                pieces[i], made = (False, changed), made + 1
        return made


def _pieces(words: Words, locked: list[bool]) -> list[tuple[bool, Words]]:
    """Runs of consecutive words that are all locked or all free."""
    pieces: list[tuple[bool, Words]] = []
    for word, lock in zip(words, locked):
        if pieces and pieces[-1][0] == lock:
            pieces[-1][1].append(word)
        else:
            pieces.append((lock, [word]))
    return pieces
