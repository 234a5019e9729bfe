"""Stand-ins for the model shared by the checker tests: a character-level model and a table
decoder with exact, known corrections and probabilities (no ONNX, no torch)."""

from edgegram.engine.checker import Checker
from edgegram.engine.core.types import CheckerConfig
from edgegram.engine.finders.decoding import Decoded

LOW = 0.25  # probability the stand-in gives to the characters of words listed as unsure


class CharModel:
    """Tokens are code points + 4 (0..3 are special); ``</s>`` = 2 ends every source."""

    max_source_tokens = 40

    def __init__(self):
        self.encoded: list[list[int]] = []

    def tokenize(self, text):
        return [ord(c) + 4 for c in text] + [2]

    def detokenize(self, ids):
        return "".join(chr(i - 4) for i in ids if i > 3)

    def encode(self, batch):
        self.encoded.append([len(ids) for ids in batch])
        return [list(ids) for ids in batch]


class TableDecoder:
    """Corrects sentences from a table; characters of ``unsure`` words get probability LOW."""

    def __init__(self, table, unsure=()):
        self.table, self.unsure, self.calls = table, unsure, []

    def __call__(self, model, state, src_ids, max_len):
        source = model.detokenize(state)
        self.calls.append(source)
        output = self.table.get(source, source)
        probs = [0.9] * len(output)
        for word in self.unsure:
            at = output.find(word)
            if at >= 0:
                probs[at : at + len(word)] = [LOW] * len(word)
        return Decoded.with_probs(model.tokenize(output), probs + [0.8], passes=2)


def make_checker(table, unsure=(), **config):
    """A Checker on a table decoder, without rules and speller; every edit is kept unless a
    test sets min_confidence."""
    decoder = TableDecoder(table, unsure)
    config = {"min_confidence": 0.0, "rules": False, **config}  # the model's edits alone
    return Checker.from_model(CharModel(), CheckerConfig(**config), decode=decoder), decoder


def fixed_by(find, sentence: str) -> str:
    """``sentence`` with every finding of a rule's ``find(sentence, lexicon)`` applied."""
    from edgegram.engine.sentences.lexicon import shipped_lexicon

    for start, end, replacement in sorted(find(sentence, shipped_lexicon()), reverse=True):
        sentence = sentence[:start] + replacement + sentence[end:]
    return sentence
