"""Phrase rules as data (edgegram.engine.finders.rules.phrases): what a pattern's words match, its
conditions, how a fix is shaped, and the errors a malformed rule file gives."""

from importlib import resources

import pytest

from edgegram.engine.finders.rules import RULES
from edgegram.engine.finders.rules.phrases import PHRASEBOOK, _anchor_index, parse_pattern, read_rule_file
from edgegram.engine.finders.rules.record import unmarked
from edgegram.engine.sentences.lexicon import shipped_lexicon

SETS = {"OWNERS": frozenset({"my", "her"})}


def fixes(pattern: str, sentence: str, neighbours: bool = False) -> list[tuple[str, str]]:
    return [(sentence[s:e], r) for s, e, r in parse_pattern(pattern, SETS).find(sentence, neighbours)]


@pytest.mark.parametrize(
    "pattern, sentence, expected",
    [
        ("free [reign] -> rein", "Free reign here, free REIGN there.", [("reign", "rein")]),  # case aside...
        ("in|of [same] -> the same", "in same scope, the town of Same", [("same", "the same")]),  # ...but not a name's
        ("due [of] -> to", 'he said "Due of the works"', [("of", "to")]),  # a quotation's first word
        ("free [reign] -> rein", "the free reigning king", []),  # whole words only
        ("<depend> [of] -> on", "It depended of luck, depending of skill.", [("of", "on"), ("of", "on")]),  # a lemma
        ("sneak ?a [peak] -> peek", "a sneak peak, a sneak a peak", [("peak", "peek"), ("peak", "peek")]),  # optional
        ("[wet|wets] @OWNERS appetite -> whet|whets", "It wets her appetite.", [("wets", "whets")]),  # a set, positional
        ("deep~[seeded] -> seated", "deep-seeded and deep seeded", [("seeded", "seated"), ("seeded", "seated")]),
        ("[shoe]-in -> shoo", "a shoe-in, a shoe in", [("shoe", "shoo")]),  # hyphen only
        ("[on] accident $ -> by", "I did it on accident. On accident claims", [("on", "by")]),  # the clause ends
        ("^ [your] welcome $|to -> you're", "Your welcome to stay. Say your welcome.", [("Your", "You're")]),
        ("is [bit] {ADJ} -> a bit", "It is bit tedious, is bit rot.", [("bit", "a bit")]),  # a word class
        ('of [following] ":" -> the following', "any of following: and of following it", [("following", "the following")]),
        ("due [of] -> to | not after: the his", "due of rain, the due of those", [("of", "to")]),
        ("interested [on] -> in | not before: *ing", "interested on music, interested on glancing", [("on", "in")]),
        ("could [of] -> have | not after: *'s", "John's could of, we could of", [("of", "have")]),
        ("despite [of] -> | not after: in", "Despite of the rain, in despite of it", [(" of", "")]),  # with its space
    ],
)
def test_what_a_pattern_matches(pattern, sentence, expected):
    assert fixes(pattern, sentence) == expected


def test_a_fix_may_take_the_expressions_neighbours_within_three_words():
    assert fixes("make [due] with -> do", "We make due with less.", neighbours=True) == [("make due with", "make do with")]
    assert fixes("for all [intensive] purposes -> intents and", "for all intensive purposes", neighbours=True) == [
        ("intensive purposes", "intents and purposes")
    ]


@pytest.mark.parametrize(
    "pattern, error",
    [
        ("free reign -> rein", r"no \[marked\] words"),
        ("free [reign] rein", "no '->'"),
        ("[a|b] c -> x|y|z", "replacements need one marked word"),
        ("[a] {VERBISH} -> b", "unknown word class"),
        ("[a] @NOPE -> b", "no word set"),
        ("[a] b -> c | only if: d", "unknown condition"),
    ],
)
def test_a_malformed_pattern_is_an_error_that_says_why(pattern, error):
    with pytest.raises(ValueError, match=error):
        parse_pattern(pattern, SETS)


def test_a_malformed_rule_file_names_its_line():
    with pytest.raises(ValueError, match=r"x\.rules:3: unknown key 'colour'"):
        read_rule_file("id: rules.x\n# a comment\ncolour: red\n", "x.rules")
    with pytest.raises(ValueError, match=r"x\.rules:1: an indented line"):
        read_rule_file("  stray\n", "x.rules")


def test_every_rule_file_is_a_rule_of_the_registry():
    files = {
        f.name.removesuffix(".rules") for f in resources.files("edgegram.engine.finders.rules").joinpath(PHRASEBOOK).iterdir()
    }
    files.discard("__pycache__")
    assert files and {f"rules.{name}" for name in files} <= {rule.id for rule in RULES}


def test_a_rule_tries_only_the_patterns_whose_words_the_sentence_has_and_finds_what_all_would():
    # Each rule file's own examples, and all of them run together, through the rule (which looks
    # its patterns up by their anchor words) and through every pattern in turn.
    lexicon = shipped_lexicon()
    tried = 0
    for f in resources.files("edgegram.engine.finders.rules").joinpath(PHRASEBOOK).iterdir():
        if not f.name.endswith(".rules"):
            continue
        parsed = read_rule_file(f.read_text(encoding="utf-8"), f.name)
        rule = next(r for r in RULES if r.id == parsed.fields["id"])
        neighbours = parsed.fields.get("span") == "neighbours"
        examples = [unmarked(example)[0] for example in [*parsed.fires, *parsed.leaves]]
        for sentence in [*examples, " ".join(examples)]:
            every = [hit for pattern in parsed.patterns for hit in pattern.find(sentence, neighbours)]
            found = list(rule.find(sentence, lexicon))
            assert set(every) <= set(found), (f.name, sentence)
            tried += bool(every)
    assert tried > 20


def test_a_pattern_is_tried_only_where_its_words_stand():
    """The index a rule tries its patterns by keys each on the anchor without a function word
    ("lot", not "a"), and a match opens only at a word its first slot takes."""
    a_lot = parse_pattern("a lot [off] -> of", SETS)
    free = parse_pattern("free [reign] -> rein", SETS)
    by_word = parse_pattern("sneak ?a [peak] -> peek", SETS)
    by_anchor, unanchored = _anchor_index([a_lot, free, by_word])
    assert by_anchor == {"lot": frozenset({0}), "free": frozenset({1}), "sneak": frozenset({2})} and unanchored == ()
    assert a_lot.first_words == frozenset({"a"})
    assert parse_pattern("?sneak [peak] -> peek", SETS).first_words is None  # an optional first word
    assert parse_pattern("<depend> [of] -> on", SETS).first_words is None  # a lemma's forms
    assert fixes("a lot [off] -> of", "A lot off work. We did a lot off it.") == [("off", "of"), ("off", "of")]
