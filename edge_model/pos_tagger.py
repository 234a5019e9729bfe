"""Train the engine's part-of-speech tagger (:mod:`edgegram.engine.analysis.pos_tagger`).

    python -m edge_model.pos_tagger [--shared PATH] [--epochs 6] [--out engine/words/tagger.npz]

Reads the tagged corpora in ``../shared/data/text/nltk``: MASC (``word_TAG``, Penn Treebank tags;
commercial use allowed) and Brown (``word/tag``, Brown's tags mapped onto Penn Treebank's by
:func:`brown_tag`; sentences with tags that join two words, "it's"/``pps+bez``, left out), both
mapped onto the engine's coarser :data:`~edgegram.engine.analysis.pos_tagger.TAGS`. A tenth of each
corpus (every tenth file) is held out; the rest trains an averaged perceptron over the engine's
hashed features (:func:`edgegram.engine.analysis.pos_tagger.feature_ids`). Prints accuracy on the
held-out tenth of each corpus, and writes int8 weights with their scale.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from edgegram.engine.analysis.pos_tagger import BUCKETS, TAG_INDEX, TAGGER_FILE, TAGS, Tagger, feature_ids
from edgegram.engine.core.shared_data import shared_root

Sentence = list[tuple[str, str]]  # (word, tag of TAGS)

# Penn Treebank's tags onto the engine's.
PTB = {
    "NN": "NN", "NNS": "NNS", "NNP": "NNP", "NNPS": "NNP", "VB": "VB", "VBP": "VB", "VBZ": "VBZ", "VBD": "VBD",
    "VBN": "VBN", "VBG": "VBG", "MD": "MD", "JJ": "JJ", "JJR": "JJ", "JJS": "JJ", "RB": "RB", "RBR": "RB", "RBS": "RB",
    "DT": "DT", "PDT": "DT", "IN": "IN", "TO": "TO", "CC": "CC", "PRP": "PRP", "PRP$": "PRP$", "WDT": "WDT", "WP": "WP",
    "WP$": "WP", "WRB": "WRB", "CD": "CD", "POS": "POS", "RP": "RP", "EX": "EX", "UH": "UH", "FW": "FW", "SYM": "SYM",
    "LS": "SYM", "$": "SYM", "#": "SYM",
}  # fmt: skip
# Brown's tags (suffixes -tl, -hl, -nc and the fw- prefix taken off) onto the engine's.
BROWN = {
    "nn": "NN", "nns": "NNS", "np": "NNP", "nps": "NNP", "nr": "NN", "nrs": "NNS", "pn": "NN",
    "vb": "VB", "vbd": "VBD", "vbn": "VBN", "vbg": "VBG", "vbz": "VBZ",
    "be": "VB", "bem": "VB", "ber": "VB", "bez": "VBZ", "bed": "VBD", "bedz": "VBD", "beg": "VBG", "ben": "VBN",
    "hv": "VB", "hvz": "VBZ", "hvd": "VBD", "hvg": "VBG", "hvn": "VBN", "do": "VB", "doz": "VBZ", "dod": "VBD",
    "md": "MD", "jj": "JJ", "jjr": "JJ", "jjs": "JJ", "jjt": "JJ", "od": "JJ", "ap": "JJ",
    "rb": "RB", "rbr": "RB", "rbt": "RB", "ql": "RB", "qlp": "RB", "rn": "RB", "*": "RB",
    "at": "DT", "dt": "DT", "dti": "DT", "dts": "DT", "dtx": "DT", "abn": "DT", "abx": "DT",
    "in": "IN", "cs": "IN", "to": "TO", "cc": "CC", "rp": "RP", "ex": "EX", "uh": "UH", "cd": "CD",
    "pps": "PRP", "ppss": "PRP", "ppo": "PRP", "ppl": "PRP", "ppls": "PRP", "pp$$": "PRP", "pp$": "PRP$",
    "wdt": "WDT", "wps": "WP", "wpo": "WP", "wp$": "WP", "wrb": "WRB",
}  # fmt: skip
_BROWN_PUNCTUATION = frozenset(".,:;()`'\"-*[]{}")


def ptb_tag(tag: str) -> str | None:
    """A Penn Treebank tag as the engine's (punctuation as "."), None for an unknown one."""
    if tag in PTB:
        return PTB[tag]
    return "." if tag and not tag[0].isalpha() else None


def brown_tag(word: str, tag: str) -> list[tuple[str, str]] | None:
    """A Brown token as the engine's tokens and tags: a possessive ("Atlanta's"/np$) split as
    Penn Treebank splits it; None for a tag that joins words or is unknown."""
    tag = tag.lower()
    if "+" in tag:
        return None
    tag = re.sub(r"-(?:tl|hl|nc)", "", tag)
    foreign = tag.startswith("fw-")
    if foreign:
        tag = tag[3:]
    if tag and all(c in _BROWN_PUNCTUATION for c in tag):
        return [(word, ".")]
    if tag.endswith("$") and tag not in BROWN:
        base = BROWN.get(tag[:-1])
        if base is None or not word.lower().endswith(("'s", "'")):
            return None
        cut = -2 if word.lower().endswith("'s") else -1
        return [(word[:cut], "FW" if foreign else base), (word[cut:], "POS")]
    mapped = BROWN.get(tag)
    if mapped is None or (tag == "*" and word.lower() not in ("not", "n't")):
        return None
    return [(word, "FW" if foreign else mapped)]


def masc_sentences(path: Path) -> Iterator[Sentence]:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        sentence: Sentence = []
        for token in line.split():
            word, _, tag = token.rpartition("_")
            mapped = ptb_tag(tag)
            if not word or mapped is None:
                sentence = []
                break
            sentence.append((word, mapped))
        if sentence:
            yield sentence


def brown_sentences(path: Path) -> Iterator[Sentence]:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        sentence: Sentence = []
        for token in line.split():
            word, _, tag = token.rpartition("/")
            mapped = brown_tag(word, tag)
            if mapped is None:
                sentence = []
                break
            sentence += mapped
        if sentence:
            yield sentence


def corpora(root: Path) -> dict[str, tuple[list[Sentence], list[Sentence]]]:
    """(training, held-out) sentences of each corpus: every tenth file held out."""
    nltk = root / "data" / "text" / "nltk"
    found = {}
    for name, files, reader in (
        ("masc", sorted((nltk / "masc_tagged").glob("*/*.txt")), masc_sentences),
        ("brown", sorted(p for p in (nltk / "brown").glob("c[a-r][0-9][0-9]")), brown_sentences),
    ):
        if not files:
            raise SystemExit(f"error: no {name} files under {nltk}")
        train = [s for i, p in enumerate(files) if i % 10 != 9 for s in reader(p)]
        held = [s for i, p in enumerate(files) if i % 10 == 9 for s in reader(p)]
        found[name] = (train, held)
    return found


def train(sentences: list[Sentence], epochs: int, seed: int = 1) -> np.ndarray:
    """Averaged perceptron weights [BUCKETS, tags] (float) over the sentences' features."""
    weights = np.zeros((BUCKETS + 1, len(TAGS)), dtype=np.float64)  # the last row: padding
    totals = np.zeros_like(weights)
    stamps = np.zeros_like(weights)
    instances = [(feature_ids([w for w, _ in s]), np.array([TAG_INDEX[t] for _, t in s])) for s in sentences]
    rng = np.random.default_rng(seed)
    step = 0
    started = time.time()
    for epoch in range(epochs):
        wrong = total = 0
        for index in rng.permutation(len(instances)):
            ids, gold = instances[index]
            guesses = weights[ids].sum(axis=1).argmax(axis=1)
            for row, guess, truth in zip(ids, guesses, gold):
                step += 1
                total += 1
                if guess == truth:
                    continue
                wrong += 1
                row = row[row >= 0]
                for tag, delta in ((truth, 1.0), (guess, -1.0)):
                    totals[row, tag] += (step - stamps[row, tag]) * weights[row, tag]
                    stamps[row, tag] = step
                    weights[row, tag] += delta
        print(
            f"pos_tagger: epoch {epoch + 1}: {1 - wrong / total:.4f} right while training ({time.time() - started:.0f}s)",
            file=sys.stderr,
            flush=True,
        )
    totals += (step - stamps) * weights
    averaged = totals / step
    averaged[-1] = 0.0
    return averaged


def quantised(weights: np.ndarray) -> tuple[np.ndarray, float]:
    """int8 weights and the scale that turns them back into the float ones (padding row dropped)."""
    scale = float(np.abs(weights).max() / 127) or 1.0
    return np.clip(np.round(weights[:-1] / scale), -127, 127).astype(np.int8), scale


def accuracy(tagger: Tagger, sentences: list[Sentence]) -> float:
    right = total = 0
    for sentence in sentences:
        tags = tagger.tag_words([w for w, _ in sentence])
        right += sum(a == t for a, (_, t) in zip(tags, sentence))
        total += len(sentence)
    return right / max(total, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=None)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--out", type=Path, default=TAGGER_FILE)
    a = parser.parse_args(argv)
    data = corpora(shared_root(a.shared))
    training = [s for train_part, _ in data.values() for s in train_part]
    print(f"pos_tagger: {len(training)} training sentences, {sum(map(len, training))} tokens", file=sys.stderr)
    weights, scale = quantised(train(training, a.epochs))
    np.savez_compressed(a.out, weights=weights, scale=np.float32(scale))
    tagger = Tagger.load(a.out)
    for name, (_, held) in data.items():
        started = time.time()
        score = accuracy(tagger, held)
        tokens = sum(map(len, held))
        print(f"{name}: {score:.4f} of {tokens} held-out tokens right, {tokens / (time.time() - started):.0f} tokens/s")
    print(f"{a.out}: {a.out.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
