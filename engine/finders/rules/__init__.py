"""Mechanical slips found by rules, independent of the model and of the text around them.

Each module finds one kind of slip in a sentence (the model's view of it, code masked) and yields
``(start, end, replacement)``; each has a record (:class:`.record.Rule`: id, kind, message,
description, examples that are its tests), and :data:`RULES` lists them in the order their fixes
win a clash. :func:`rule_edits` runs them all and describes each fix as an
:class:`~edgegram.engine.core.types.Edit` with its rule's kind and message. The rules only fire
where the fix is certain: "an method" (:mod:`.articles`), a sentence's lower-case first word and
"i" (:mod:`.capitals`), "the the" (:mod:`.doubled`), "an a specific" (:mod:`.two_determiners`),
"could of" (:mod:`.modal_of`), "less people" (:mod:`.fewer`), "many money" (:mod:`.much`), "can
using" (:mod:`.modal_verb`), "it are" / "they is" (:mod:`.agreement`), "Me and him went"
(:mod:`.pronoun_case`), "It accept" / "the compiler know" (:mod:`.subject_verb`), "its a" / "too
the" / "you're code" / "who's book" / "taller then" (:mod:`.confusables`), "there is not limit" /
"will the initialize" (:mod:`.function_word_slips`), "is knew" / "I seen" (:mod:`.participle`),
"have visited ... last year" (:mod:`.perfect_past`), "Yesterday I go" (:mod:`.past_time`), "more
taller" (:mod:`.double_comparative`), "I am agree" (:mod:`.be_verb`), "I was so exciting"
(:mod:`.feeling`), "works hardly" (:mod:`.hardly`), "instead from" / "relies of" /
"since five years" (:mod:`.prepositions`), "despite of" / "explain me" / "looking forward to hear"
(:mod:`.fixed_phrases`), "tell me what do you think" (:mod:`.embedded_question`), "need change" /
"is even able run" / "require implementors to specifying" (:mod:`.missing_to`), "This
equivalent to" (:mod:`.missing_be`), "if exists" (:mod:`.missing_subject`), "in same"
(:mod:`.missing_article`), "with `--force` option" (:mod:`.code_article`), "two file" / "another traits" / "these property only"
(:mod:`.noun_number`), "the documentations" (:mod:`.uncounted_plural`), "young.but it" /
"house,and" (:mod:`.spacing`), "eg" / "ie."
(:mod:`.latin_abbreviations`), "Github" / "javascript"
(:mod:`.own_case`), "commandline" / "to setup" / "the set up" (:mod:`.compounds`), "read only access"
(:mod:`.compound_modifiers`), "These rules
makes" / "the parser accept" (:mod:`.verb_number`), "reads the file and process it"
(:mod:`.coordinated_verb`), "What it does is disabling" (:mod:`.pseudo_cleft`), "if it is does not"
(:mod:`.extra_auxiliary`), "are write to"
(:mod:`.be_participle`), "be explicit declared" (:mod:`.adverb_form`); these
read the sentence's parts of speech (:mod:`edgegram.engine.analysis.pos_tagger`). Rules that need to know what
a word can be (noun, bare verb, past tense) ask :mod:`edgegram.engine.analysis.word_classes`; :mod:`.tokens`
holds the sentence's words and the closed word classes. Spelling, which needs the model to rank its
candidates, is :mod:`edgegram.engine.finders.spelling`. What a rule may not touch (code, markup, headings,
list fragments) is masked or dropped by the same steps as the model's edits."""

from __future__ import annotations

from collections.abc import Sequence

from edgegram.engine.core.edits import without_overlaps
from edgegram.engine.core.types import Edit
from edgegram.engine.finders.rules import (
    acronym_plural,
    adverb_form,
    agreement,
    articles,
    be_participle,
    be_verb,
    capitals,
    code_article,
    compound_modifiers,
    compounds,
    confusables,
    coordinated_verb,
    double_comparative,
    doubled,
    embedded_question,
    extra_auxiliary,
    feeling,
    fewer,
    fixed_phrases,
    function_word_slips,
    hardly,
    latin_abbreviations,
    missing_be,
    missing_subject,
    missing_to,
    modal_verb,
    much,
    noun_number,
    own_case,
    participle,
    past_time,
    perfect_past,
    prepositions,
    pronoun_case,
    pseudo_cleft,
    sentence_break,
    spacing,
    subject_verb,
    two_determiners,
    uncounted_plural,
    verb_number,
)
from edgegram.engine.finders.rules.phrases import phrase_rule
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

# Every rule, in the order that settles clashes: where two fixes overlap, the one that starts
# first is kept (then the shorter); where two rules make fixes at the same place, the rule
# listed first wins (its id names the fix).
RULES: tuple[Rule, ...] = (
    articles.RULE,
    capitals.RULE,
    doubled.RULE,
    two_determiners.RULE,
    phrase_rule("modal_of"),
    fewer.RULE,
    much.RULE,
    modal_verb.RULE,
    embedded_question.RULE,
    agreement.RULE,
    pronoun_case.RULE,
    subject_verb.RULE,
    confusables.RULE,
    function_word_slips.RULE,
    phrase_rule("missing_article"),  # "is bit tedious": the phrase's article, not "bitten"
    code_article.RULE,
    participle.RULE,
    pseudo_cleft.RULE,
    be_verb.RULE,
    feeling.RULE,
    hardly.RULE,
    perfect_past.RULE,
    past_time.RULE,
    double_comparative.RULE,
    prepositions.RULE,
    fixed_phrases.RULE,
    phrase_rule("eggcorns"),
    phrase_rule("missing_preposition"),
    missing_to.RULE,
    missing_be.RULE,
    missing_subject.RULE,
    noun_number.RULE,
    uncounted_plural.RULE,
    spacing.RULE,
    sentence_break.RULE,
    acronym_plural.RULE,
    latin_abbreviations.RULE,
    verb_number.RULE,
    coordinated_verb.RULE,
    extra_auxiliary.RULE,
    be_participle.RULE,
    adverb_form.RULE,
    own_case.RULE,
    compounds.RULE,
    compound_modifiers.RULE,
)
# The confidence a rule's fix is reported with: rules fire only where the fix is certain, so
# every threshold a writer may pick below it shows them.
RULE_CONFIDENCE = 0.9


def rule_edits(sentence: str, lexicon: Lexicon, rules: Sequence[Rule] = RULES) -> list[Edit]:
    """The fixes of ``rules`` for ``sentence``, by position, overlapping ones dropped as
    :data:`RULES` says."""
    found: dict[tuple[int, int, str], Rule] = {}
    for rule in rules:
        for start, end, replacement in rule.find(sentence, lexicon):
            found.setdefault((start, end, replacement), rule)
    edits = [
        rule_edit(rule, start, end, replacement, sentence[start:end], rule.message_for(sentence, start, end, replacement))
        for (start, end, replacement), rule in found.items()
    ]
    return without_overlaps(edits)


def rule_edit(rule: Rule, start: int, end: int, replacement: str, original: str, message: str) -> Edit:
    """One fix of ``rule`` as an edit: the rule's kind and id, ``message``, :data:`RULE_CONFIDENCE`."""
    return Edit(
        start, end, replacement, original, rule.kind, message, RULE_CONFIDENCE, RULE_CONFIDENCE, mechanical=True, rule=rule.id
    )


def rule_by_id() -> dict[str, Rule]:
    """Every rule by its id."""
    return {rule.id: rule for rule in RULES}


__all__ = ["RULES", "RULE_CONFIDENCE", "Rule", "rule_by_id", "rule_edit", "rule_edits"]
