"""A plural of a noun that is never counted: "update the documentations" -> "documentation",
"provide additional informations" -> "information", "install both softwares" -> "software".

The nouns are :data:`~edgegram.engine.analysis.closed_class.NEVER_COUNTED` ("information",
"advice", "software", "documentation"), whose plurals English does not write (after "many" the fix
is "much" and the singular: :mod:`.much`), but not "feedbacks" or "researches", which science
writes ("visual feedbacks"). Not a verb's -s form spelt the same, nor a word in capitals or one
glued to code ("Softwares", a name)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import VERB, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.much import never_counted_singular
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import glued, in_case_of, words
from edgegram.engine.sentences.lexicon import Lexicon

# Never-counted nouns whose plurals science writes ("climate feedbacks", "visual feedbacks", "recent
# researches"): the web corpus's annotators left them.
_COUNTED_IN_SCIENCE = frozenset("feedback research".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, word in enumerate(ws):
        if not word.text.islower() or glued(sentence, word) or (i > 0 and ws[i - 1].lower == "many"):
            continue  # "many informations" is rules.much's
        singular = never_counted_singular(word.lower)
        if singular is None or singular in _COUNTED_IN_SCIENCE or VERB in readings(word.lower):
            continue
        if lexicon.is_english(singular):
            yield word.start, word.end, in_case_of(word.text, singular)


RULE = Rule(
    id="rules.uncounted_plural",
    kind=EditKind.NOUN_NUMBER,
    find=find,
    message="'{replacement}' is not counted and has no plural.",
    description=__doc__ or "",
    fires=(
        "Prepare pull requests to update the [documentations→documentation] involving it.",
        "Please provide additional [informations→information] about it.",
        "You need both [softwares→software] installed.",
    ),
    leaves=(
        "She researches the topic, and the visual feedbacks were enlarged.",
        "The news is good, and the equipment works.",
        "Softwares Inc. makes it, and the news is good.",
    ),
)


__all__ = ["find", "RULE"]
