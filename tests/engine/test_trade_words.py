"""Words of the trade (issue 61): names in their own case, compounds by their part of speech,
names kept in lower case, the words of technical writing the model may not replace, and the
words a document's code uses. Each rule by its id: cases that fire and cases that must not."""

import pytest

from edgegram.engine.analysis.trade_words import keeps_lower_case, lowercase_names, own_case_names, terms
from edgegram.engine.core.edits import apply_edits
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.finders.rules import rule_edits
from edgegram.engine.judge.safety import protected_spans, unsafe_reason
from edgegram.engine.prose import drop_skipped, mask
from edgegram.engine.sentences.lexicon import shipped_lexicon


def test_a_documents_lower_case_names_open_sentences_and_never_have_a_capital():
    from edgegram.engine.analysis.trade_words import lower_case_names_of

    sentences = ["curl is a tool.", "curl can reuse them.", "hyper is fast.", "the end.", "the start.", "pip runs."]
    assert lower_case_names_of(sentences) == {"curl"}  # "hyper" and "pip" once; "the" a function word
    assert lower_case_names_of([*sentences, "Use Curl."]) == frozenset()  # written with a capital too
    assert lower_case_names_of(["curl-config is here.", "curl-config runs."]) == frozenset()  # an identifier's part


def test_trade_rules_have_ids_and_kinds():
    edits = rule_edits("We use Github to setup the commandline.", shipped_lexicon())
    assert {(e.original, e.rule, e.kind) for e in edits} >= {
        ("Github", "rules.own_case", EditKind.CAPITALISATION),
        ("setup", "rules.compounds", EditKind.SPELLING),
        ("commandline", "rules.compounds", EditKind.SPELLING),
    }


@pytest.mark.parametrize(
    "sentence, word, kept",
    [
        ('"git diff" had a weird worst case.', "git", True),  # a quoted literal the sentence goes on after
        ("\"git log --format='<x>'\" learned new tricks.", "git", True),
        ('"git commit", after making a commit, did not run it.', "git", True),  # past a comma
        ('"git send-pack" (hence "git push") failed.', "git", True),  # into a bracket
        ('"git-config" silently ignored options.', "git", True),  # part of an identifier
        ("setup.py builds it.", "setup", True),
        ("npm installs it.", "npm", True),  # a name the corpus keeps in lower case
        ('"the end is near," he said.', "the", False),  # a quoted sentence
        ('"the end is near", she said; "it is".', "the", False),  # ... whose clause goes on
        ("the cat sat.", "the", False),
        ("One is ok.", "ok", False),  # a sentence's full stop glues nothing
    ],
)
def test_keeps_lower_case(sentence, word, kept):
    start = sentence.index(word)
    assert keeps_lower_case(sentence, start, start + len(word)) is kept


def test_the_first_capital_is_not_demanded_of_a_name_kept_in_lower_case():
    assert "npm" in lowercase_names()
    assert apply_edits("npm installs it.", rule_edits("npm installs it.", shipped_lexicon())) == "npm installs it."
    assert apply_edits("the cat sat.", rule_edits("the cat sat.", shipped_lexicon())) == "The cat sat."
    sentence = '"git diff" had a weird case.'
    assert unsafe_reason(sentence, 1, 4, "Git", protected_spans(sentence)) == "capitalises a name kept in lower case"


@pytest.mark.parametrize(
    "sentence, original, replacement, reason",
    [
        ("Draw a histogram of it.", "histogram", "history", "replaces a word of the trade"),
        ("We decrement the counter.", "decrement", "decrease", "replaces a word of the trade"),
        ("It works with the smtp server.", "smtp", "something", "replaces a word of the trade"),  # a name, in any case
        ("All encodings are listed.", "encodings", "encoding", None),  # another form of the same word
        ("He went to the park.", "park", "parks", None),  # no word of the trade
    ],
)
def test_the_model_never_replaces_a_word_of_the_trade(sentence, original, replacement, reason):
    assert "histogram" in terms() and "park" not in terms()
    start = sentence.index(original)
    assert unsafe_reason(sentence, start, start + len(original), replacement, protected_spans(sentence)) == reason


def test_a_rules_fix_of_a_word_of_the_trade_is_no_guess():
    sentence = "We can implementing a histogram."
    start = sentence.index("implementing")
    assert unsafe_reason(sentence, start, start + 12, "implement", protected_spans(sentence)) == "replaces a word of the trade"
    assert unsafe_reason(sentence, start, start + 12, "implement", protected_spans(sentence), model=False) is None


def test_a_name_the_documents_code_uses_is_not_renamed():
    text = "Run gitk on two file.\n\n```\ngitk --all file\n```\n"
    masked = mask(text, "markdown")
    assert {"gitk", "file", "all"} <= masked.hidden_words

    def edit(word: str, replacement: str, kind: EditKind) -> Edit:
        start = text.index(word)
        return Edit(start, start + len(word), replacement, word, kind, "", 0.9)

    renamed = edit("gitk", "git", EditKind.SPELLING)
    recased = edit("gitk", "Gitk", EditKind.CAPITALISATION)
    common = edit("file", "files", EditKind.NOUN_NUMBER)  # an English word in code is checked as any other
    assert drop_skipped([renamed, recased, common], masked) == [common]


def test_a_command_the_documents_code_runs_keeps_its_lower_case_where_a_sentence_starts():
    text = (
        "Run `pip install edgegram` first, `if ready:` and `for i in range(3):`.\n\npip installs it.\n\nfile names matter.\n\n"
        "```sh\n$ curl -O https://example.org/x\nsetup.py build\nmain()\nif ready\n```\n\ncurl fetches it.\n"
    )
    masked = mask(text, "markdown")
    assert {"pip", "curl"} <= masked.hidden_commands
    # a path, a call, a program's statement inline or in a block (no prompt), a word of the prose
    assert not {"setup", "main", "if", "for", "file", "https"} & masked.hidden_commands

    def capital(word: str, after: str) -> Edit:
        start = text.index(word, text.index(after))
        return Edit(start, start + len(word), word.capitalize(), word, EditKind.CAPITALISATION, "", 0.9)

    pip, curl, file = capital("pip", "):`."), capital("curl", "```\n\n"), capital("file", "it.")
    recased = Edit(pip.start, pip.end, "PIP", "pip", EditKind.CAPITALISATION, "", 0.9)  # not its first capital
    assert drop_skipped([pip, curl, file, recased], masked) == [file, recased]
    # without the code, the sentence owes its capital
    assert mask("pip installs it.\n", "markdown").hidden_commands == frozenset()
    rst = "Intro.\n\n.. code-block:: console\n\n   $ tox -e py311\n   import os\n\ntox runs it.\n"
    assert mask(rst, "restructuredtext").hidden_commands == {"tox"}
    # a URL's "://" in its arguments is no statement's colon
    urls = "Run `wget -O https://example.org/x` and `git clone https://a.org/b`.\n"
    assert mask(urls, "markdown").hidden_commands == {"wget", "git"}


def test_the_lists_are_what_the_corpus_builder_writes():
    names = own_case_names()
    assert names["github"] == "GitHub" and names["javascript"] == "JavaScript"
    assert "windows" not in names and "rob" not in names  # common words in lower case


@pytest.mark.parametrize(
    "sentence, original, replacement, reason",
    [
        ("Adds appropriate headers to responses.", "Adds", "Add", "changes a description's mood"),
        ("Returns the value.", "Returns", "Return", "changes a description's mood"),
        ("Return the value.", "Return", "Returns", "changes a description's mood"),
        ("Files are here.", "Files", "File", None),  # a subject
        ("She go home.", "go", "goes", None),  # not the sentence's first word
    ],
)
def test_the_model_leaves_a_descriptions_mood_alone(sentence, original, replacement, reason):
    start = sentence.index(original)
    assert unsafe_reason(sentence, start, start + len(original), replacement, protected_spans(sentence)) == reason


@pytest.mark.parametrize(
    "sentence, original, replacement, reason",
    [
        ("The build artifacts will be available.", "build", "building", "turns a noun that describes a noun into an -ing form"),
        ("Name the build script build.py.", "build", "building", "turns a noun that describes a noun into an -ing form"),
        ("I enjoy swim every day.", "swim", "swimming", None),  # a learner's bare verb after a verb
        ("It is the build of the house.", "build", "building", None),  # no noun after it
    ],
)
def test_the_model_leaves_a_noun_that_describes_a_noun_alone(sentence, original, replacement, reason):
    start = sentence.index(original)
    assert unsafe_reason(sentence, start, start + len(original), replacement, protected_spans(sentence)) == reason


@pytest.mark.parametrize(
    "sentence, original, replacement, reason",
    [
        ("For a new project, ls should show three entries.", "ls", "l", "makes a word a lone letter"),
        ("Set xs to zero.", "xs", "x", "makes a word a lone letter"),
        ("He is an man.", "an", "a", None),  # "a" and "I" are words
        ("Then i went home.", "i", "I", None),
    ],
)
def test_the_model_never_makes_a_word_a_lone_letter(sentence, original, replacement, reason):
    start = sentence.index(original)
    assert unsafe_reason(sentence, start, start + len(original), replacement, protected_spans(sentence)) == reason
