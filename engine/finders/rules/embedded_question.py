"""A question asked inside a sentence, written in a question's order: "tell me what do you
think" -> "what you think", "I don't know what does it mean" -> "what it means", "ask her what
did she want" -> "what she wanted", "Do you know what time is it?" -> "what time it is".

Only after a verb that takes such a clause ("ask", "tell me", "know", "wonder", "understand",
"remember"...), with an optional person asked, a question word, "do", "does" or "did", a
subject pronoun and a verb's bare form: the clause keeps a statement's order, "do" goes and
the verb takes its tense ("does" its -s form, "did" its past). In 600,000 clean and restraint
training sentences one ("asked how does it feel to be a celebrity", a slip), in the learner
pairs nine, eight corrected so. A form of "be" before its pronoun subject at the clause's end
moves after it ("tell me where are you?" -> "where you are"): none in either."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import is_bare_verb, past_tense, third_person
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

_EMBEDDED_RE = re.compile(
    r"(?<![\w'’-])(?:ask|asks|asked|asking|wonder|wonders|wondered|wondering|know|knows|knew|tell\s+me|told\s+me|"
    r"understand|understood|explain|remember|remembered|forget|forgot)\s+(?:(?:me|him|her|us|them|you)\s+)?"
    r"(?:where|what|when|why|how|which|who)\s+((do|does|did)\s+(I|you|he|she|it|we|they)\s+([a-z]+))(?![\w'’-])",
    re.IGNORECASE,
)

_EMBEDDED_BE_RE = re.compile(
    r"(?<![\w'’-])(?:ask|asks|asked|wonder|wonders|wondered|know|knows|knew|tell\s+me|told\s+me|understand|remember)\s+"
    r"(?:(?:me|him|her|us|them|you)\s+)?(?:where|what|when|why|how|who|what\s+time)\s+"
    r"((is|are|was|were|am)\s+(I|you|he|she|it|we|they))(?=\s*(?:[.?!,;]|$))",
    re.IGNORECASE,
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _EMBEDDED_RE.finditer(sentence):
        do, subject, verb = m.group(2).lower(), m.group(3), m.group(4)
        if not is_bare_verb(verb) or verb in ("not", "n't"):
            continue
        tensed = {"do": verb, "does": third_person(verb), "did": past_tense(verb)}[do]
        if tensed and lexicon.is_english(tensed):
            yield m.start(1), m.end(1), f"{subject} {tensed}"  # "what do you think" -> "what you think"
    for m in _EMBEDDED_BE_RE.finditer(sentence):
        yield m.start(1), m.end(1), f"{m.group(3)} {m.group(2)}"  # "what time is it?" -> "what time it is?"


RULE = Rule(
    id="rules.embedded_question",
    kind=EditKind.WORD_ORDER,
    find=find,
    message="In a question inside a sentence the subject comes first: '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "Tell me what [do you think→you think].",
        "Do you know what time [is it→it is]? Tell me where [are you→you are].",
        "I don't know what [does it mean→it means], so I asked her what [did she want→she wanted].",
    ),
    leaves=(
        "She asked what did not work.",
        "Do you know what it is? Where are you? I know where it is going.",
        "What I did he liked. Do you guys want food? Did you know?",
        "Phase one of the project is late, an extensive set information came, and why do these mistakes occur?",
    ),
)


__all__ = ["find", "RULE"]
