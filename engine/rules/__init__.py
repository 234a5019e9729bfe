"""Mechanical slips found by rules, independent of the model and of the text around them.

Each module finds one kind of slip in a sentence (the model's view of it, code masked) and yields
``(start, end, replacement)``; :func:`rule_edits` runs them all and describes each fix as an
:class:`~edgegram.engine.types.Edit` (kind and message from
:func:`edgegram.engine.kinds.classify`). The rules only fire where the fix is certain: "an method"
(:mod:`.articles`), a sentence's lower-case first word and "i" (:mod:`.capitals`), "the the"
(:mod:`.doubled`), "could of" (:mod:`.modal_of`), "less people" (:mod:`.fewer`), "many money"
(:mod:`.much`), "can using" (:mod:`.modal_verb`), "it are" / "they is" (:mod:`.agreement`), "Me and
him went" (:mod:`.pronoun_case`), "It accept" / "the compiler know" (:mod:`.subject_verb`), "its a"
/ "too the" / "you're code" / "who's book" / "taller then" (:mod:`.confusables`), "is knew" / "I
seen" (:mod:`.participle`), "have visited ... last year" (:mod:`.perfect_past`), "Yesterday I go"
(:mod:`.past_time`), "more taller" (:mod:`.double_comparative`), "I am agree" (:mod:`.be_verb`), "I
was so exciting" (:mod:`.feeling`), "works hardly" (:mod:`.hardly`), "instead from" / "relies of" /
"since five years" (:mod:`.prepositions`), "despite of" / "explain me" / "looking forward to hear"
(:mod:`.fixed_phrases`), "tell me what do you think" (:mod:`.embedded_question`), "need change" /
"is even able run" / "require implementors to specifying" (:mod:`.missing_to`), "in same"
(:mod:`.missing_article`), "two file" / "another traits" / "these property only"
(:mod:`.noun_number`), "young.but it" / "house,and" (:mod:`.spacing`), "Github" / "javascript"
(:mod:`.own_case`), "commandline" / "to setup" / "the set up" (:mod:`.compounds`), "These rules
makes" / "the parser accept" (:mod:`.verb_number`), "are write to" (:mod:`.be_participle`); these two
read the sentence's parts of speech (:mod:`edgegram.engine.pos_tagger`). Rules that need to know what
a word can be (noun, bare verb, past tense) ask :mod:`edgegram.engine.word_classes`; :mod:`.tokens`
holds the sentence's words and the closed word classes. Spelling, which needs the model to rank its
candidates, is :mod:`edgegram.engine.spelling`. What a rule may not touch (code, markup, headings,
list fragments) is masked or dropped by the same steps as the model's edits."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from edgegram.engine.edits import without_overlaps
from edgegram.engine.kinds import classify, classify_as
from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules import (
    agreement,
    articles,
    be_participle,
    be_verb,
    capitals,
    compounds,
    confusables,
    double_comparative,
    doubled,
    eggcorns,
    embedded_question,
    feeling,
    fewer,
    fixed_phrases,
    hardly,
    missing_article,
    missing_to,
    modal_of,
    modal_verb,
    much,
    noun_number,
    own_case,
    participle,
    past_time,
    perfect_past,
    prepositions,
    pronoun_case,
    spacing,
    subject_verb,
    verb_number,
)
from edgegram.engine.types import Edit, EditKind

Finding = tuple[int, int, str]  # replace sentence[start:end] by the string
Rule = Callable[[str, Lexicon], Iterable[Finding]]

# Each rule, with the kind of its edits where the words alone would not tell it ("return" ->
# "returns" is agreement, though it looks like a noun's number); None: classify() decides.
RULES: tuple[tuple[Rule, EditKind | None], ...] = (
    (articles.find, None),
    (capitals.find, None),
    (doubled.find, None),
    (modal_of.find, None),
    (fewer.find, None),
    (much.find, None),
    (modal_verb.find, EditKind.VERB_FORM),
    (embedded_question.find, EditKind.WORD_ORDER),
    (agreement.find, EditKind.AGREEMENT),
    (pronoun_case.find, None),
    (subject_verb.find, EditKind.AGREEMENT),
    (confusables.find, None),
    (participle.find, EditKind.VERB_FORM),
    (be_verb.find, EditKind.VERB_FORM),
    (feeling.find, EditKind.VERB_FORM),
    (hardly.find, None),
    (perfect_past.find, EditKind.VERB_FORM),
    (past_time.find, EditKind.VERB_FORM),
    (double_comparative.find, None),
    (prepositions.find, EditKind.PREPOSITION),
    (fixed_phrases.find, None),
    (eggcorns.find, None),
    (missing_to.find, None),
    (missing_article.find, None),
    (noun_number.find, EditKind.NOUN_NUMBER),
    (spacing.find, EditKind.PUNCTUATION),
    (verb_number.find, EditKind.AGREEMENT),
    (be_participle.find, EditKind.VERB_FORM),
    (own_case.find, EditKind.CAPITALISATION),
    (compounds.find, EditKind.SPELLING),
)
# The confidence a rule's fix is reported with: rules fire only where the fix is certain, so
# every threshold a writer may pick below it shows them.
RULE_CONFIDENCE = 0.9


def rule_id(rule: Rule) -> str:
    """A rule's id: "rules." and the name of its module ("rules.subject_verb")."""
    return "rules." + rule.__module__.rsplit(".", 1)[-1]


def rule_edits(sentence: str, lexicon: Lexicon) -> list[Edit]:
    """Every rule's fixes for ``sentence``, sorted, overlapping ones dropped (the first kept)."""
    found: dict[tuple[int, int, str, EditKind | None], str] = {}
    for rule, kind in RULES:
        for start, end, replacement in rule(sentence, lexicon):
            found.setdefault((start, end, replacement, kind), rule_id(rule))
    edits = []
    for (start, end, replacement, kind), name in sorted(found.items(), key=lambda f: f[0][:3]):
        original, before, after = sentence[start:end], sentence[:start], sentence[end:]
        kind, message = (
            classify(original, replacement, before, after)
            if kind is None
            else classify_as(kind, original, replacement, before, after)
        )
        edits.append(
            Edit(start, end, replacement, original, kind, message, RULE_CONFIDENCE, RULE_CONFIDENCE, mechanical=True, rule=name)
        )
    return without_overlaps(edits)


__all__ = ["RULES", "RULE_CONFIDENCE", "rule_edits", "rule_id"]
